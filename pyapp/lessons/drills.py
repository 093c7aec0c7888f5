"""Drills: endless exercises drawn from random engine positions, the engine being the answer key.

Each :class:`~pyapp.lessons.model.Drill` (defined by a game's course) makes one round at a
time: an :class:`~pyapp.lessons.model.Ask` whose position is a real record reached by random
play. The right answer is never stored: the page asks the engine
(:mod:`pyapp.lessons.questions`) like for any lesson question. This module holds what the drills
of every game share, and a round's link (``#drill=ID&q=CODE``): the drill's id and the round's
seed, from which the engine draws the same question again; the link carries no text, so it
cannot make the page say anything of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pyapp.core import CHANCE, TERMINAL, GameState
from pyapp.games import new_game
from pyapp.i18n import LANGS, t
from pyapp.lessons import engine
from pyapp.lessons.model import Ask, Drill, PickCard, Position
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


Chooser = Callable[[list[str], random.Random], str]
"""How random play picks one of the legal actions (``rng.choice`` by default)."""


def any_action(legal: list[str], rng: random.Random) -> str:
    """Any legal action, all alike."""
    return rng.choice(legal)


def modest_action(legal: list[str], rng: random.Random) -> str:
    """A legal action as a cautious player would pick: mostly a word (call, check, pass, a draw),
    sometimes an amount from the lowest third of those allowed, so that pots stay in proportion
    to the players' chips."""
    plain = [a for a in legal if not _amount(a)]
    amounts = sorted((a for a in legal if _amount(a)), key=lambda a: int(a.split()[1]))
    if amounts and (not plain or rng.random() < 0.3):
        return amounts[rng.randrange(max(1, len(amounts) // 3))]
    return rng.choice(plain)


def _amount(action: str) -> bool:
    words = action.split()
    return len(words) == 2 and words[1].isdigit()


def play_until(
    state: GameState,
    rng: random.Random,
    stop: Callable[[GameState], bool],
    limit: int = 2000,
    choose: Chooser = any_action,
) -> bool:
    """Random play (chance included) until ``stop(state)``; ``False`` if the game ends first.
    ``choose`` picks each move among the legal ones (:func:`modest_action` for betting games)."""
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
            state.apply(choose(legal, rng))
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

ROUND_VERSION = "1"
"""The first character of a round's code: how the rest is read (a seed in base 36)."""

ROUND_SEEDS = 36**6
"""Rounds are drawn from seeds ``0 .. ROUND_SEEDS - 1``: at most six base-36 digits in a link."""

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class RoundError(ValueError):
    """A drill round's link that cannot be read back; :meth:`message` says why in a language.

    The reason is a catalog key: nothing of the link itself is ever shown.
    """

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key

    def message(self, lang: str) -> str:
        """Why the link was refused, in ``lang``."""
        return t(self.key, lang)


def make_round(drill: Drill, seed: int) -> Ask:
    """Round number ``seed`` of ``drill``: the same seed draws the same question, everywhere."""
    return drill.make(random.Random(seed))


def round_code(seed: int) -> str:
    """The code of round ``seed`` in a link (``#drill=ID&q=CODE``): the version, then the seed in
    base 36 (at most 7 characters). The question is drawn again from it, so a link carries no text."""
    if not 0 <= seed < ROUND_SEEDS:
        raise ValueError(f"a round seed is between 0 and {ROUND_SEEDS - 1}")
    digits = ""
    while True:
        seed, rest = divmod(seed, 36)
        digits = _DIGITS[rest] + digits
        if not seed:
            return ROUND_VERSION + digits


def round_seed(code: str) -> int:
    """The seed in a round's code (raise :class:`RoundError` when it is not one)."""
    if not code or len(code) > 7 or any(c not in _DIGITS for c in code):
        raise RoundError("lessons.drill.link.damaged")
    if code[0] != ROUND_VERSION or len(code) < 2:
        raise RoundError("lessons.drill.link.version")
    seed = 0
    for c in code[1:]:
        seed = seed * 36 + _DIGITS.index(c)
    if seed >= ROUND_SEEDS:
        raise RoundError("lessons.drill.link.damaged")
    return seed


def round_from_code(drill: Drill, code: str) -> Ask:
    """The round of ``drill`` whose code is ``code``, drawn again by the engine."""
    return make_round(drill, round_seed(code))
