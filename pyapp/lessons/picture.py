"""What a lesson page draws for a position: seats, cards, the trick, a few lines of facts.

:func:`picture` turns an engine state into plain data for the view (never a game state):
the learner's hand, the other seats (their cards face down, or face up when the step reveals
them), the trick on the table, the public facts (trump, bids, pot...) as localised lines and,
when the learner is to act, the controls to act with. :func:`action_label` names an action in
words (``"3d busso"`` -> ``"Tre di denari: Busso"``). Everything comes from the engines'
``view``/``result``; nothing is computed that the engine already knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.cards import Card, Deck
from pyapp.core import COMPASS, PLAY, TERMINAL, GameState, card_name
from pyapp.games import game_class, spec
from pyapp.i18n import t
from pyapp.lessons import course_of, engine
from pyapp.lessons.course import Scene


def deck_of(game: str) -> Deck:
    """The deck a game is played with (``"it"`` or ``"fr"``)."""
    return game_class(game).deck


def card_words(code: str, game: str, lang: str) -> str:
    """A card's name in words (``"Tre di denari"``)."""
    return card_name(Card.parse(code, deck_of(game)), lang)


def seat_name(label: str, lang: str) -> str:
    """A seat's name (``"Nord"``, ``"Giocatore 3"``)."""
    if label in COMPASS:
        return t(f"seat.{label}", lang)
    return t("seat.player", lang, n=label)


def team_name(team: str, lang: str) -> str:
    """``"NS"`` / ``"EW"`` as the learner reads it (the learner sits in N-S)."""
    return t(f"lessons.team.{team}", lang)


def action_label(game: str, action: str, lang: str) -> str:
    """An action in words, as a button or a feedback message names it (the game's course says)."""
    if not action.split():
        return action
    return course_of(game).action_label(action, lang)


def option_label(game: str, value: str, lang: str) -> str:
    """The label of a choice's option value: the game's (a bid, a declaration), else a team, a
    seat, a catalog word, or the value itself (a number)."""
    own = course_of(game).option_label(value, lang)
    if own is not None:
        return own
    if value in ("NS", "EW"):
        return team_name(value, lang)
    if value in COMPASS:
        return seat_name(value, lang)
    key = f"lessons.option.{value}"
    text = t(key, lang)
    return value if text == key else text


def sort_hand(game: str, codes: list[str], view: Mapping[str, Any]) -> list[str]:
    """The learner's hand in table order (the game's course sorts it)."""
    return course_of(game).sort_hand(codes, view)


def hand_in(view: Mapping[str, Any], game: str) -> list[str]:
    """The cards a seat's view lists (where its spec's ``cards_key`` says)."""
    return list(view.get(spec(game).cards_key) or [])


def _where(offset: int, players: int) -> str:
    if players == 4:
        return ("bottom", "left", "top", "right")[offset]
    return "bottom" if offset == 0 else "top"


def picture(
    state: GameState,
    seat: str,
    reveal: tuple[str, ...] | list[str] = (),
    lang: str = "it",
    *,
    full_menu: bool = False,
) -> dict[str, Any]:
    """The drawing of ``state`` as seen by the learner in ``seat`` (plain JSON data).

    ``reveal`` seats are drawn face up. ``full_menu``: the controls offer every call of the
    phase, legal or not, so that the engine can explain why one is refused (lessons); otherwise
    only legal ones (playing on).
    """
    game = state.game
    you = state.seat_of(seat)
    view = state.view(you)
    n = state.num_players
    labels = [state.seat_label(p) for p in range(n)]
    turn = state.current_player()
    out: dict[str, Any] = {
        "game": game,
        "deck": deck_of(game),
        "you": seat,
        "players": n,
        "to_act": labels[turn] if turn >= 0 else None,
        "your_turn": turn == you,
        "over": turn == TERMINAL,
        "hands_done": engine.hands_finished(state),
    }
    reveal_views = {label: state.view(state.seat_of(label)) for label in reveal if label != seat}
    seats = []
    for p in range(n):
        label = labels[p]
        offset = (p - you) % n
        entry: dict[str, Any] = {
            "label": label,
            "name": seat_name(label, lang),
            "where": _where(offset, n),
            "you": p == you,
            "turn": p == turn,
            "badges": [],
            "notes": [],
            "cards": None,
            "count": 0,
        }
        if label in reveal_views:
            entry["cards"] = sort_hand(game, hand_in(reveal_views[label], game), view)
        seats.append(entry)
    by_label = {s["label"]: s for s in seats}
    own = sort_hand(game, hand_in(view, game), view)
    out["hand"] = own
    tricks(state, out, lang)
    course_of(game).describe(Scene(state, view, lang), by_label, out)
    for entry in seats:
        if entry["you"]:
            entry["cards"] = own
            entry["count"] = len(own)
        if entry["turn"]:
            entry["badges"].append(t("lessons.badge.turn", lang))
    out["seats"] = seats
    out["controls"] = controls(state, seat, lang, full_menu=full_menu) if turn == you else None
    # cards are played from the hand now (whoever's turn it is): playing on, the hand is drawn as
    # buttons all along, so that it stays the same elements from one move to the next
    out["card_play"] = course_of(game).offers_cards and view.get("phase") == PLAY
    return out


def _trick_data(
    pairs: list[tuple[str, str]], winner: str | None, done: bool, game: str, lang: str
) -> dict[str, Any]:
    return {
        "cards": [
            {"seat": seat, "name": seat_name(seat, lang), "card": card, "label": card_words(card, game, lang)}
            for seat, card in pairs
        ],
        "winner": winner,
        "done": done,
    }


def tricks(state: GameState, out: dict[str, Any], lang: str) -> None:
    """The trick on the table (and who holds it) and the last trick taken, as the engine says."""
    game = state.game
    shape = engine.tricks_of(state)
    pairs = [(c["seat"], c["card"]) for c in shape["current"]] if shape else []
    out["trick"] = (
        _trick_data(pairs, shape["winning"] if shape else None, False, game, lang) if pairs else None
    )
    last = engine.last_trick(state)
    out["last_trick"] = _trick_data(last[0], last[1], True, game, lang) if last else None


# -- controls --------------------------------------------------------------------------------------


def controls(state: GameState, seat: str, lang: str, *, full_menu: bool = False) -> dict[str, Any]:
    """How the learner may act now: playable cards, buttons, amounts, a draw, what to say with a card.

    An amount's ``range`` says whether the page may show its smallest and largest values: not in
    a question (``full_menu``), where "the most you can" is the answer to find.

    Cards of the hand are always offered (a refused one gets the engine's reason); ``full_menu``
    also offers every call of the phase, legal or not, so that the engine may explain a refusal.
    """
    game = state.game
    course = course_of(game)
    legal = state.legal_actions()
    you = state.seat_of(seat)
    view = state.view(you)
    hand = hand_in(view, game)
    out: dict[str, Any] = {
        "cards": [],
        "playable": [],
        "buttons": [],
        "amounts": [],
        "draw": False,
        "declare": {},
    }
    plays = {a.split()[0] for a in legal if a.split()[0] in hand}
    if course.offers_cards and (plays or full_menu) and view.get("phase") == PLAY:
        out["cards"] = list(hand)
        out["playable"] = [c for c in hand if c in plays]  # dimmed when playing on, never in a question
    words: list[str] = []
    for action in legal:
        head, *rest = action.split()
        if head in hand:
            continue
        if head == "draw":
            out["draw"] = True
            continue
        if rest and rest[0].isdigit():
            continue
        if action not in words:
            words.append(action)
    amounts: dict[str, list[int]] = {}
    for action in legal:
        head, *rest = action.split()
        if rest and rest[0].isdigit() and head not in hand:
            amounts.setdefault(head, []).append(int(rest[0]))
    scene = Scene(state, view, lang, legal, hand, full_menu)
    words = course.menu(scene, words, amounts)
    out["buttons"] = [{"action": a, "label": action_label(game, a, lang)} for a in words]
    out["amounts"] = [
        {
            "verb": verb_name,
            "min": min(values),
            "max": max(values),
            "label": t(f"lessons.act.{verb_name}", lang),
            "range": not full_menu,
        }
        for verb_name, values in amounts.items()
    ]
    out["declare"] = course.declare_menu(scene)
    return out
