"""Drills: endless exercises drawn from random engine positions, the engine being the answer key.

Each :class:`Drill` makes one round at a time: an :class:`~pyapp.lessons.model.Ask` whose
position is a real record reached by random play (or, for comparing poker hands, two hands
drawn from the table's deck). The right answer is never stored: the page asks the engine
(:mod:`pyapp.lessons.questions`) like for any lesson question.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pyapp.core import CHANCE, TERMINAL, GameState
from pyapp.games import new_game
from pyapp.i18n import LANGS, t
from pyapp.lessons import engine
from pyapp.lessons.model import Ask, Multi, Number, PickCard, PickHand, Position, T, Text
from pyapp.lessons.picture import BOSTON_BIDS, TRESSETTE_SIMPLE_CALLS, card_words

MAX_TRIES = 200
"""Random games tried before a generator gives up (never reached in practice)."""


def _text(key: str, **params: Callable[[str], object] | object) -> dict[str, str]:
    """A catalog message in every language, parameters rendered per language."""
    return {
        lang: t(key, lang, **{k: (v(lang) if callable(v) else v) for k, v in params.items()})
        for lang in LANGS
    }


@dataclass(frozen=True)
class Drill:
    """An endless exercise about one game: ``make(rng)`` draws the next round."""

    id: str
    game: str
    title: Text
    summary: Text
    make: Callable[[random.Random], Ask]


def _position(state: GameState, seat: str) -> Position:
    return Position(state.game, tuple(state.history), seat, dict(state.options))


def _play_until(
    state: GameState, rng: random.Random, stop: Callable[[GameState], bool], limit: int = 2000
) -> bool:
    """Random play (chance included) until ``stop(state)``; ``False`` if the game ends first."""
    for _ in range(limit):
        if stop(state):
            return True
        if state.current_player() == TERMINAL:
            return False
        player = state.current_player()
        if player == CHANCE:
            state.apply(engine.chance(state, rng))
        else:
            legal = [a for a in state.legal_actions() if a != "end"]
            state.apply(rng.choice(legal))
    return False


def _trick_done_count(state: GameState) -> int:
    view = state.view(None)
    if state.game == "tressette":
        won = view.get("tricks_won") or {}
        return int(won.get("NS", 0)) + int(won.get("EW", 0))
    return len(view.get("tricks") or [])


# -- which card takes the trick (Tressette, Boston) --------------------------------------------------


def _trick_round(game: str, rng: random.Random) -> Ask:
    for _ in range(MAX_TRIES):
        state = new_game(game)
        wanted = rng.randint(1, 12 if game == "boston" else 9)

        def stop(s: GameState, wanted: int = wanted) -> bool:
            return s.view(None).get("last_trick") is not None and _trick_done_count(s) >= wanted

        if not _play_until(state, rng, stop):
            continue
        done = engine.last_trick(state.view(None), game)
        assert done is not None
        return Ask(
            prompt=_text("lessons.drill.trick.prompt", leader=_seat(done[0][0][0])),
            question=PickCard("trick_winner"),
            position=_position(state, "S"),
        )
    raise RuntimeError("no trick found")


def _card_name(code: str) -> Callable[[str], str]:
    return lambda lang: card_words(code, "tressette", lang)


def _seat(label: str) -> Callable[[str], str]:
    from pyapp.lessons.picture import seat_name

    return lambda lang: seat_name(label, lang)


def tressette_trick(rng: random.Random) -> Ask:
    """A trick just completed in a random Tressette hand: which card takes it (T8, T9)?"""
    return _trick_round("tressette", rng)


def boston_trick(rng: random.Random) -> Ask:
    """A trick just completed in a random Boston hand: which card takes it (B3, B10)?"""
    return _trick_round("boston", rng)


# -- how many points (Tressette) ------------------------------------------------------------------


def tressette_points(rng: random.Random) -> Ask:
    """A random hand played out: how many points do N-S make with the cards they took (T12)?"""
    state = new_game("tressette", review="practice")
    if not _play_until(state, rng, lambda s: engine.hands_finished(s) >= 1):
        raise RuntimeError("the hand did not end")
    tricks = state.view(None).get("tricks") or []
    cards = [c["card"] for trick in tricks if trick["winner"] in ("N", "S") for c in trick["cards"]]
    last = bool(tricks) and tricks[-1]["winner"] in ("N", "S")
    key = "lessons.drill.points.prompt_last" if last else "lessons.drill.points.prompt"
    return Ask(
        prompt=_text(key),
        question=Number("hand_points", ("NS",), tuple(cards)),
        position=_position(state, "S"),
        wrong=_text("lessons.drill.points.wrong"),
    )


# -- what may you declare (Tressette) ----------------------------------------------------------------


def tressette_declare(rng: random.Random) -> Ask:
    """South is to lead a random card of a random hand: which calls are true with it (D1-DP)?"""
    from pyapp.tressette.declarations import truthful_declarations
    from pyapp.tressette.rules import TressetteState

    for _ in range(MAX_TRIES):
        state = new_game("tressette")
        lead_at = rng.randint(0, 4)

        def stop(s: GameState, lead_at: int = lead_at) -> bool:
            view = s.view(None)
            return (
                view.get("phase") == "play"
                and s.current_player() == 2
                and not view.get("trick")
                and _trick_done_count(s) >= lead_at
            )

        if not _play_until(state, rng, stop):
            continue
        assert isinstance(state, TressetteState)
        hand = state.hand_of(2)
        card: str = rng.choice(hand)
        n = sum(1 for c in hand if c[1] == card[1])
        true = truthful_declarations(state, card)
        pool = list(TRESSETTE_SIMPLE_CALLS) + [
            f"{name}={n}" for name in ("liscio", "re", "tre", "due", "asso")
        ]
        if n < 2:
            pool = list(TRESSETTE_SIMPLE_CALLS)
        false = [tok for tok in pool if tok not in true]
        rng.shuffle(false)
        offered = [tok for tok in pool if tok in true or tok in false[: max(2, 6 - len(true))]]
        offered += [tok for tok in true if tok not in offered]
        return Ask(
            prompt=_text("lessons.drill.declare.prompt", card=_card_name(card)),
            question=Multi(tuple(offered), "true_declarations", (card,)),
            position=_position(state, "S"),
        )
    raise RuntimeError("no lead found")


# -- which calls are legal (Boston) ------------------------------------------------------------------


def boston_calls(rng: random.Random) -> Ask:
    """A random auction in progress: which calls may the player to speak make now (B6-B8)?"""
    for _ in range(MAX_TRIES):
        state = new_game("boston")
        bids = rng.randint(0, 4)

        def stop(s: GameState, bids: int = bids) -> bool:
            return s.view(None).get("phase") == "bidding" and len(s.view(None).get("bids") or []) >= bids

        if not _play_until(state, rng, stop):
            continue
        if state.view(None).get("phase") != "bidding":
            continue
        seat = state.seat_label(state.current_player())
        return Ask(
            prompt=_text("lessons.drill.calls.prompt"),
            question=Multi(BOSTON_BIDS, "legal_calls"),
            position=_position(state, seat),
        )
    raise RuntimeError("no auction found")


# -- which poker hand wins (Poker) -------------------------------------------------------------------


def poker_which_wins(rng: random.Random) -> Ask:
    """Two hands from the 36-card deck of a table of five: which one wins (P16, P17)?"""
    from pyapp.cards import Card
    from pyapp.poker.evaluate import category, evaluate, lowest_rank_for, stripped_deck

    deck = [c.code for c in stripped_deck(lowest_rank_for(5))]
    close = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        drawn = rng.sample(deck, 10)
        a, b = drawn[:5], drawn[5:]
        ka = evaluate([Card.parse(c, "fr") for c in a], "6")
        kb = evaluate([Card.parse(c, "fr") for c in b], "6")
        if close and category(ka) != category(kb):
            continue
        if not close and category(ka) < 1 and category(kb) < 1:
            continue
        return Ask(
            prompt=_text("lessons.drill.which.prompt"),
            question=PickHand((" ".join(a), " ".join(b)), 5),
        )
    raise RuntimeError("no pair of hands found")


# -- the largest bet or raise (Poker) ----------------------------------------------------------------


def poker_max_raise(rng: random.Random) -> Ask:
    """A random betting round: what is the largest bet or raise the player to act may make (P9)?"""
    from pyapp.lessons.judge import amounts_of

    for _ in range(MAX_TRIES):
        state = new_game("poker", hands=8)
        want_raise = rng.random() < 0.6

        def stop(s: GameState, want_raise: bool = want_raise) -> bool:
            if s.view(None).get("phase") not in ("bet1", "bet2") or s.current_player() < 0:
                return False
            verb_name = "raise" if want_raise else "bet"
            return bool(amounts_of(s, verb_name))

        if not _play_until(state, rng, stop):
            continue
        verb_name = "raise" if amounts_of(state, "raise") else "bet"
        seat = state.seat_label(state.current_player())
        view = state.view(state.current_player())
        top = max(amounts_of(state, verb_name))
        params = {"pot": view["pot"], "call": view.get("to_call", 0), "n": top}
        resto_limited = top < int(view["pot"]) + int(view.get("to_call", 0))
        explain = "lessons.drill.raise.why_resto" if resto_limited else f"lessons.drill.raise.why_{verb_name}"
        return Ask(
            prompt=_text(f"lessons.drill.raise.prompt_{verb_name}"),
            question=Number("max_amount", (verb_name,)),
            position=_position(state, seat),
            right=_text(explain, **params),
            wrong=_text(explain, **params),
        )
    raise RuntimeError("no betting round found")


DRILLS: tuple[Drill, ...] = (
    Drill(
        "tressette-trick",
        "tressette",
        T("Chi prende la presa?", "Which card takes the trick?"),
        T(
            "Una presa appena giocata in una mano a caso: scegli la carta che la prende.",
            "A trick just played in a random hand: pick the card that takes it.",
        ),
        tressette_trick,
    ),
    Drill(
        "tressette-points",
        "tressette",
        T("Quanti punti?", "How many points?"),
        T(
            "Le carte prese dalla tua coppia in una mano: conta i punti (a terzi).",
            "The cards your pair took in a hand: count the points (in thirds).",
        ),
        tressette_points,
    ),
    Drill(
        "tressette-declare",
        "tressette",
        T("Cosa puoi dichiarare?", "What may you declare?"),
        T(
            "Esci con una carta della tua mano: scegli tutte le dichiarazioni vere.",
            "You lead a card of your hand: pick every true declaration.",
        ),
        tressette_declare,
    ),
    Drill(
        "boston-trick",
        "boston",
        T("Chi prende? (Boston)", "Which card takes it? (Boston)"),
        T(
            "Atout, Boston e seme di uscita: scegli la carta che prende la presa.",
            "Trumps, the Boston and the suit led: pick the card that takes the trick.",
        ),
        boston_trick,
    ),
    Drill(
        "boston-calls",
        "boston",
        T("Quali dichiarazioni sono possibili?", "Which calls are legal?"),
        T(
            "Una dichiarazione in corso: scegli tutte le chiamate possibili adesso.",
            "An auction in progress: pick every call that may be made now.",
        ),
        boston_calls,
    ),
    Drill(
        "poker-which-wins",
        "poker",
        T("Quale mano vince?", "Which hand wins?"),
        T(
            "Due mani di poker all'italiana (mazzo da 36): scegli quella che vince.",
            "Two hands of Italian poker (36-card deck): pick the one that wins.",
        ),
        poker_which_wins,
    ),
    Drill(
        "poker-max-raise",
        "poker",
        T("Il rilancio più alto", "The largest raise"),
        T(
            "Un giro di puntate a limite di piatto: qual è la cifra più alta che puoi mettere?",
            "A pot-limit betting round: what is the largest amount you may put in?",
        ),
        poker_max_raise,
    ),
)
"""Every drill, game by game."""


def get_drill(drill_id: str) -> Drill:
    """The drill called ``drill_id`` (raise ``KeyError``)."""
    for drill in DRILLS:
        if drill.id == drill_id:
            return drill
    raise KeyError(drill_id)


# -- a round as a link ------------------------------------------------------------------------------------


class RoundError(ValueError):
    """A drill round's link that cannot be read back (damaged, or not a round of this drill)."""


_QUESTIONS: dict[str, type[PickCard] | type[PickHand] | type[Number] | type[Multi]] = {
    "pick_card": PickCard,
    "pick_hand": PickHand,
    "number": Number,
    "multi": Multi,
}


def round_code(step: Ask) -> str:
    """A drill round packed for a URL (``#drill=ID&q=CODE``): the same question can be reopened."""
    import base64
    import json
    import zlib
    from dataclasses import asdict

    data = {
        "prompt": dict(step.prompt),
        "question": asdict(step.question),
        "position": asdict(step.position) if step.position else None,
        "right": dict(step.right) if step.right else None,
        "wrong": dict(step.wrong) if step.wrong else None,
    }
    packed = zlib.compress(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def round_from_code(drill: Drill, code: str) -> Ask:
    """The round packed by :func:`round_code`, checked like any question of ``drill``."""
    import base64
    import binascii
    import json
    import zlib

    from pyapp.lessons.check import StepError, _check_ask

    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
        data = json.loads(raw.decode("utf-8"))
        q = dict(data["question"])
        cls = _QUESTIONS[q.pop("kind")]
        for name in ("hands", "args", "cards", "options"):
            if name in q:
                q[name] = tuple(q[name])
        question = cls(**q)
        pos = data["position"]
        position = (
            Position(
                pos["game"], tuple(pos["history"]), pos["seat"], dict(pos["options"]), tuple(pos["reveal"])
            )
            if pos
            else None
        )
        step = Ask(data["prompt"], question, position, data["right"], data["wrong"])
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError, KeyError, TypeError):
        raise RoundError("the link of this question is damaged") from None
    if position is not None and position.game != drill.game:
        raise RoundError("the link is a question of another game")
    try:
        _check_ask(step, drill.game)
    except StepError as exc:
        raise RoundError(str(exc)) from None
    return step
