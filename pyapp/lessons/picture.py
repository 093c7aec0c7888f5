"""What a lesson page draws for a position: seats, cards, the trick, a few lines of facts.

:func:`picture` turns an engine state into plain data for the view (never a game state):
the learner's hand, the other seats (their cards face down, or face up when the step reveals
them), the trick on the table, the public facts (trump, bids, pot...) as localised lines and,
when the learner is to act, the controls to act with. :func:`action_label` names an action in
words (``"3d busso"`` -> ``"Tre di denari: Busso"``). Everything comes from the engines'
``view``/``result``; nothing is computed that the engine already knows.
"""

from __future__ import annotations

from typing import Any

from pyapp.cards import Card, Deck
from pyapp.core import COMPASS, TERMINAL, GameState, card_name
from pyapp.i18n import t
from pyapp.lessons import engine

DECKS: dict[str, Deck] = {"tressette": "it", "boston": "fr", "poker": "fr"}

TRESSETTE_STRENGTH = "4567FCRA23"
FRENCH_ORDER = "23456789TJQKA"
BOSTON_BIDS = ("passo", "chiedo", "accetto", "solo")
TRESSETTE_SIMPLE_CALLS = (
    "busso",
    "ribusso",
    "liscio_busso",
    "voglio_25",
    "migliore",
    "voglio_3",
    "voglio_2",
    "piombo_pezzo",
    "volo",
    "voglio_asso",
)
"""Declaration tokens without a value, in the order the menu offers them."""


def deck_of(game: str) -> Deck:
    """The deck a game is played with (``"it"`` or ``"fr"``)."""
    return DECKS[game]


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


def declaration_words(token: str, lang: str) -> str:
    """A Tressette declaration token as players say it."""
    from pyapp.tressette.declarations import declaration_text

    return declaration_text(token, lang)


def action_label(game: str, action: str, lang: str) -> str:
    """An action in words, as a button or a feedback message names it."""
    words = action.split()
    if not words:
        return action
    head, rest = words[0], words[1:]
    if game == "tressette" and len(head) == 2 and head[1] in "dcsb":
        text = card_words(head, game, lang)
        if rest:
            text += ": " + ", ".join(declaration_words(tok, lang) for tok in rest)
        return text
    if game == "boston":
        if head in BOSTON_BIDS:
            return t(f"boston.bid.{head}", lang)
        return card_words(head, game, lang)
    if game == "poker":
        if head == "draw":
            return t("lessons.act.draw", lang, cards=", ".join(card_words(c, game, lang) for c in rest))
        if rest and rest[0].isdigit():
            return t(f"lessons.act.{head}_n", lang, n=rest[0])
        return t(f"lessons.act.{head}", lang)
    return action


def option_label(game: str, value: str, lang: str) -> str:
    """The label of a choice's option value: a bid, a declaration, a team, a seat, a number."""
    if game == "boston" and value in BOSTON_BIDS:
        return t(f"boston.bid.{value}", lang)
    if game == "tressette" and (value in TRESSETTE_SIMPLE_CALLS or "=" in value):
        return declaration_words(value, lang)
    if value in ("NS", "EW"):
        return team_name(value, lang)
    if value in COMPASS:
        return seat_name(value, lang)
    key = f"lessons.option.{value}"
    text = t(key, lang)
    return value if text == key else text


def sort_hand(game: str, codes: list[str], view: dict[str, Any]) -> list[str]:
    """The learner's hand in table order: by suit, strongest first (Boston: trumps first)."""
    if game == "tressette":
        suits = "dcsb"
        return sorted(codes, key=lambda c: (suits.index(c[1]), -TRESSETTE_STRENGTH.index(c[0])))
    if game == "boston":
        trump = view.get("trump_suit") or ""
        boston = view.get("boston")
        order = [trump] + [s for s in "shdc" if s != trump]

        def key(c: str) -> tuple[int, int]:
            if c == boston:
                return (0, -100)
            return (order.index(c[1]), -FRENCH_ORDER.index(c[0]))

        return sorted(codes, key=key)
    return sorted(codes, key=lambda c: (-FRENCH_ORDER.index(c[0]), "hdcs".index(c[1])))


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
            entry["cards"] = sort_hand(game, list(_hand_in(reveal_views[label], game)), view)
        seats.append(entry)
    by_label = {s["label"]: s for s in seats}
    own = sort_hand(game, list(_hand_in(view, game)), view)
    out["hand"] = own
    if game == "tressette":
        _tressette(state, view, by_label, out, lang)
    elif game == "boston":
        _boston(state, view, by_label, out, lang)
    else:
        _poker(state, view, by_label, out, lang)
    for entry in seats:
        if entry["you"]:
            entry["cards"] = own
            entry["count"] = len(own)
        if entry["turn"]:
            entry["badges"].append(t("lessons.badge.turn", lang))
    out["seats"] = seats
    out["controls"] = controls(state, seat, lang, full_menu=full_menu) if turn == you else None
    return out


def _hand_in(view: dict[str, Any], game: str) -> list[str]:
    key = "cards" if game == "poker" else "hand"
    return list(view.get(key) or [])


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


def _tricks(state: GameState, view: dict[str, Any], out: dict[str, Any], lang: str) -> None:
    game = state.game
    pairs = engine.trick_cards(view, game)
    out["trick"] = _trick_data(pairs, engine.holder(view, game, pairs), False, game, lang) if pairs else None
    last = engine.last_trick(view, game)
    out["last_trick"] = _trick_data(last[0], last[1], True, game, lang) if last else None


def _tressette(
    state: GameState, view: dict[str, Any], seats: dict[str, dict[str, Any]], out: dict[str, Any], lang: str
) -> None:
    _tricks(state, view, out, lang)
    counts = view.get("hand_counts") or {}
    for label, entry in seats.items():
        entry["count"] = counts.get(label, 0)
        if label == view.get("dealer"):
            entry["badges"].append(t("lessons.badge.dealer", lang))
        if label == view.get("first_leader"):
            entry["badges"].append(t("lessons.badge.mano", lang))
    info = []
    if view.get("trick_number"):
        info.append(t("lessons.info.trick_number", lang, n=view["trick_number"]))
    for decl in view.get("declarations") or []:
        if decl.get("trick") == view.get("trick_number"):
            calls = ", ".join(declaration_words(tok, lang) for tok in decl["calls"])
            info.append(t("lessons.info.declared", lang, seat=seat_name(decl["seat"], lang), calls=calls))
    won = view.get("tricks_won") or {}
    if won.get("NS") or won.get("EW"):
        info.append(t("lessons.info.tricks_teams", lang, ns=won.get("NS", 0), ew=won.get("EW", 0)))
    totals = view.get("totals") or {}
    if view.get("hands"):
        info.append(
            t(
                "lessons.info.totals",
                lang,
                ns=totals.get("NS", 0),
                ew=totals.get("EW", 0),
                target=view.get("target", 31),
            )
        )
    out["info"] = info
    summary = []
    if view.get("phase") in ("hand_over", "match_over") and view.get("hands"):
        last = view["hands"][-1]
        if "penalty" not in last:
            summary.append(
                t(
                    "lessons.summary.tressette",
                    lang,
                    ns=last["points"]["NS"],
                    ew=last["points"]["EW"],
                    last=team_name(last["last_trick"], lang),
                )
            )
    out["summary"] = summary


def _boston(
    state: GameState, view: dict[str, Any], seats: dict[str, dict[str, Any]], out: dict[str, Any], lang: str
) -> None:
    _tricks(state, view, out, lang)
    counts = view.get("counts") or {}
    won = view.get("tricks_won") or {}
    bids: dict[str, list[str]] = {}
    for seat, bid in view.get("bids") or []:
        bids.setdefault(seat, []).append(t(f"boston.bid.{bid}", lang))
    contract = view.get("contract")
    for label, entry in seats.items():
        entry["count"] = counts.get(label, 0)
        if label == view.get("dealer"):
            entry["badges"].append(t("lessons.badge.dealer", lang))
        if label in bids:
            entry["notes"].append(" · ".join(bids[label]))
        if contract and view.get("phase") == "play":
            entry["notes"].append(t("lessons.info.tricks_seat", lang, n=won.get(label, 0)))
    info = []
    if view.get("trump_card"):
        suit = t(f"card.fr.suit.{view['trump_suit']}", lang)
        info.append(
            t("lessons.info.trump", lang, suit=suit, card=card_words(view["trump_card"], "boston", lang))
        )
        info.append(t("lessons.info.boston", lang, card=card_words(view["boston"], "boston", lang)))
    if contract:
        players = [seat_name(p, lang) for p in contract["players"]]
        info.append(
            t(
                f"lessons.info.contract.{contract['type']}",
                lang,
                who=" + ".join(players),
                needed=contract["needed"],
                tricks=contract["tricks"],
            )
        )
    out["info"] = info
    if view.get("trump_card_in_hand") and view.get("dealer"):
        out["turned"] = {"seat": view["dealer"], "card": view["trump_card"]}
    summary = []
    played = [h for h in view.get("hands_played") or [] if h.get("counted")]
    if view.get("phase") in ("hand_over", "game_over") and played:
        last = played[-1]
        c = last["contract"]
        key = "lessons.summary.boston_made" if last["made"] else "lessons.summary.boston_failed"
        summary.append(t(key, lang, tricks=c["tricks"], needed=c["needed"]))
        summary.append(", ".join(f"{seat_name(s, lang)} {last['points'][s]:+d}" for s in COMPASS))
    out["summary"] = summary


def _poker(
    state: GameState, view: dict[str, Any], seats: dict[str, dict[str, Any]], out: dict[str, Any], lang: str
) -> None:
    out["trick"] = out["last_trick"] = None
    for info in view.get("seats") or []:
        entry = seats[info["seat"]]
        entry["count"] = info["cards"]
        entry["chips"] = info["resto"]
        if info["seat"] == view.get("dealer"):
            entry["badges"].append(t("lessons.badge.dealer", lang))
        if info["seat"] == view.get("opener"):
            entry["badges"].append(t("lessons.badge.opener", lang))
        entry["notes"].append(t("lessons.info.resto", lang, n=info["resto"]))
        if info["bet"]:
            entry["notes"].append(t("lessons.info.bet", lang, n=info["bet"]))
        if info["folded"]:
            entry["notes"].append(t("lessons.info.folded", lang))
        elif info["all_in"]:
            entry["notes"].append(t("lessons.info.all_in", lang))
        elif info["last"]:
            entry["notes"].append(action_label("poker", str(info["last"]).replace("draw ", "drew "), lang))
        if info.get("shown"):
            entry["cards"] = sort_hand("poker", list(info["shown"]), view)
            entry["notes"].append(str(info["combination"][lang]))
    info_lines = [t("lessons.info.pot", lang, n=view.get("pot", 0))]
    pots = view.get("pots") or []
    players = view.get("seats") or []
    all_in = any(p.get("all_in") and p.get("in_hand") and not p.get("folded") for p in players)
    if len(pots) > 1 and all_in:  # side pots exist only when someone is all'altezza (P3), as at the table
        for k, pot in enumerate(pots):
            who = ", ".join(seat_name(s, lang) for s in pot["eligible"])
            key = "lessons.info.main_pot" if k == 0 else "lessons.info.side_pot"
            info_lines.append(t(key, lang, n=pot["amount"], who=who))
    if view.get("phase") == "opening":
        info_lines.append(t(f"lessons.info.requirement.{view['requirement']}", lang))
    if view.get("to_call"):
        info_lines.append(t("lessons.info.to_call", lang, n=view["to_call"]))
    if view.get("combination"):
        info_lines.append(t("lessons.info.you_hold", lang, hand=view["combination"][lang]))
    out["info"] = info_lines
    summary = []
    last = view.get("last_hand")
    if last and out["hands_done"]:
        summary.append(_poker_summary(last, lang))
    out["summary"] = summary


def _poker_summary(last: dict[str, Any], lang: str) -> str:
    outcome = last["outcome"]
    if outcome in ("passed", "parola"):
        return t(f"lessons.summary.poker_{outcome}", lang, n=last["pot"])
    award = last["pots"][0]
    combo = award.get("combination")
    hand = combo[lang] if combo else t("lessons.summary.poker_uncalled_hand", lang)
    return t(
        "lessons.summary.poker_won", lang, who=seat_name(award["winner"], lang), n=last["pot"], hand=hand
    )


# -- controls --------------------------------------------------------------------------------------


def controls(state: GameState, seat: str, lang: str, *, full_menu: bool = False) -> dict[str, Any]:
    """How the learner may act now: playable cards, buttons, amounts, a draw, declarations.

    Cards of the hand are always offered (a refused one gets the engine's reason); ``full_menu``
    also offers every call of the phase, legal or not, so that the engine may explain a refusal.
    """
    game = state.game
    legal = state.legal_actions()
    you = state.seat_of(seat)
    view = state.view(you)
    hand = _hand_in(view, game)
    out: dict[str, Any] = {"cards": [], "buttons": [], "amounts": [], "draw": False, "declare": {}}
    plays = {a.split()[0] for a in legal if a.split()[0] in hand}
    if game in ("tressette", "boston") and (plays or full_menu) and view.get("phase") == "play":
        out["cards"] = list(hand)
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
    if full_menu and game == "boston" and view.get("phase") == "bidding":
        words = list(BOSTON_BIDS)
    if full_menu and game == "poker" and view.get("phase") == "opening" and "open" not in words:
        words.append("open")
    if game == "poker" and any(a.startswith("draw ") for a in legal) and "serve" not in words:
        words.insert(0, "serve")
    out["buttons"] = [{"action": a, "label": action_label(game, a, lang)} for a in words if a != "open"]
    amounts: dict[str, list[int]] = {}
    for action in legal:
        head, *rest = action.split()
        if rest and rest[0].isdigit() and head not in hand:
            amounts.setdefault(head, []).append(int(rest[0]))
    if game == "poker" and full_menu and view.get("phase") == "opening" and "open" not in amounts:
        low, high = int(view.get("min") or 0), int(view.get("max") or 0)
        if high >= low > 0:
            amounts["open"] = [low, high]
    out["amounts"] = [
        {
            "verb": verb_name,
            "min": min(values),
            "max": max(values),
            "label": t(f"lessons.act.{verb_name}", lang),
        }
        for verb_name, values in amounts.items()
    ]
    if game == "tressette" and view.get("phase") == "play" and not view.get("trick"):
        out["declare"] = _declare_menu(state, hand, legal, full_menu, lang)
    return out


def _asks(suit: str, hand: list[str], played: int) -> list[str]:
    """The cards a D7b "voglio" could name on a lead of ``suit``: the three strongest of the suit not
    played yet (``played``: the engine's bit set), less those in ``hand``; true or not, the engine
    judges."""
    from pyapp.tressette import CODES, INDEX, STRENGTH

    unplayed = [c for c in CODES if c[1] == suit and not played >> INDEX[c] & 1]
    top = sorted(unplayed, key=lambda c: -STRENGTH[INDEX[c]])[:3]
    return [c for c in top if c not in hand]


def _declare_menu(
    state: GameState, hand: list[str], legal: list[str], full_menu: bool, lang: str
) -> dict[str, list[dict[str, str]]]:
    """Per card of a lead: the declaration tokens offered (all plausible ones, or the true ones)."""
    from pyapp.tressette.declarations import truthful_declarations
    from pyapp.tressette.rules import TressetteState

    menu: dict[str, list[dict[str, str]]] = {}
    context = state.lead_context() if isinstance(state, TressetteState) else None
    first_trick = bool(context and context[2])
    for card in hand:
        if full_menu:
            n = sum(1 for c in hand if c[1] == card[1])
            tokens = list(TRESSETTE_SIMPLE_CALLS)
            if n >= 2:
                tokens += [f"{name}={n}" for name in ("liscio", "re", "tre", "due", "asso")]
            if n >= 3 and context is not None:
                tokens += [f"voglio={code}" for code in _asks(card[1], hand, context[1])]
            if first_trick:
                tokens += [f"piombi={m}" for m in (1, 2, 3)]
        else:
            tokens = []
            for action in legal:
                head, *rest = action.split()
                if head == card and rest:
                    for tok in rest:
                        if tok not in tokens:
                            tokens.append(tok)
            if not tokens and isinstance(state, TressetteState):
                tokens = truthful_declarations(state, card)
        if tokens:
            menu[card] = [{"token": tok, "label": declaration_words(tok, lang)} for tok in tokens]
    return menu
