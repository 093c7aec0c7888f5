"""Drills: endless exercises drawn from random engine positions, the engine being the answer key.

Each :class:`~pyapp.lessons.model.Drill` (defined by a game's course) makes one round at a
time: an :class:`~pyapp.lessons.model.Ask` whose position is a real record reached by random
play. The right answer is never stored: the page asks the engine
(:mod:`pyapp.lessons.questions`) like for any lesson question. This module holds what the drills
of every game share, and a round's link (``#drill=ID&q=CODE``).
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import zlib
from collections.abc import Callable
from dataclasses import asdict

from pyapp.core import CHANCE, TERMINAL, GameState
from pyapp.games import new_game
from pyapp.i18n import LANGS, t
from pyapp.lessons import engine
from pyapp.lessons.check import StepError, check_ask
from pyapp.lessons.model import Ask, Drill, Multi, Number, PickCard, PickHand, Position
from pyapp.lessons.picture import seat_name

MAX_TRIES = 200
"""Random games tried before a generator gives up (never reached in practice)."""


def drill_text(key: str, **params: Callable[[str], object] | object) -> dict[str, str]:
    """A catalog message in every language, parameters rendered per language."""
    return {
        lang: t(key, lang, **{k: (v(lang) if callable(v) else v) for k, v in params.items()})
        for lang in LANGS
    }


def position_of(state: GameState, seat: str) -> Position:
    """The position of ``state`` (its options and history) with the learner in ``seat``."""
    return Position(state.game, tuple(state.history), seat, dict(state.options))


def play_until(
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


def seat_words(label: str) -> Callable[[str], str]:
    """A seat's name, in the language asked later."""
    return lambda lang: seat_name(label, lang)


def trick_round(game: str, rng: random.Random, most: int, done: Callable[[GameState], int]) -> Ask:
    """A trick just completed in a random hand of ``game``: which card takes it? ``done`` counts
    the tricks of the hand taken so far; the round stops after 1 to ``most`` of them."""
    for _ in range(MAX_TRIES):
        state = new_game(game)
        wanted = rng.randint(1, most)

        def stop(s: GameState, wanted: int = wanted) -> bool:
            return s.view(None).get("last_trick") is not None and done(s) >= wanted

        if not play_until(state, rng, stop):
            continue
        last = engine.last_trick(state)
        assert last is not None
        return Ask(
            prompt=drill_text("lessons.drill.trick.prompt", leader=seat_words(last[0][0][0])),
            question=PickCard("trick_winner"),
            position=position_of(state, "S"),
        )
    raise RuntimeError("no trick found")


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
        check_ask(step, drill.game)
    except StepError as exc:
        raise RoundError(str(exc)) from None
    return step
