"""The lessons' window on the engines: replaying positions, who holds a trick, random play.

Everything a lesson judges goes through the game engines (``verify`` / ``can`` / ``apply``,
``view``, ``result``, the trick shape of their specs); this module only gathers those readings
(the seat holding a trick, the side of a seat) and adds a random player for the drills.
"""

from __future__ import annotations

import random

from pyapp.core import CHANCE, TERMINAL, GameState, IllegalAction
from pyapp.games import game_class, spec
from pyapp.lessons import course_of
from pyapp.lessons.model import Position
from pyapp.tricks import Tricks


class ReplayError(ValueError):
    """A position whose history does not replay: which action (0-based) and the engine's reason."""

    def __init__(self, index: int, action: str, reason: IllegalAction | str) -> None:
        self.index = index
        self.action = action
        self.reason = reason
        text = reason.message("en") if isinstance(reason, IllegalAction) else reason
        super().__init__(f"action {index + 1} {action!r}: {text}")


def replay(position: Position) -> GameState:
    """The engine state of ``position`` (raise :class:`ReplayError` saying which action fails)."""
    try:
        state = game_class(position.game)(**position.options)
    except Exception as exc:  # noqa: BLE001 - an unknown game or option, reported as the first action
        raise ReplayError(0, f"Game: {position.game}", str(exc)) from None
    for index, action in enumerate(position.history):
        if state.is_terminal():
            raise ReplayError(index, action, "the game is already over")
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise ReplayError(index, action, exc) from None
    return state


def hands_finished(state: GameState) -> int:
    """How many hands (deals) the game has finished (the game's course counts them)."""
    return course_of(state.game).hands_finished(state)


def chance(state: GameState, rng: random.Random) -> str:
    """A random outcome of the chance node ``state`` is at (through the engine's own sampler)."""
    count = getattr(state, "chance_count", None)
    outcome = getattr(state, "chance_outcome", None)
    if callable(count) and callable(outcome):
        return str(outcome(rng.randrange(int(count()))))
    return state.chance_sample(rng)


def random_step(state: GameState, rng: random.Random) -> str:
    """Apply one random action (chance or a uniformly random legal action); return it."""
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over")
    action = chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
    state.apply(action)
    return action


# -- tricks ----------------------------------------------------------------------------------------


def tricks_of(state: GameState) -> Tricks | None:
    """The trick-taking shape of ``state`` seen by nobody (its spec's ``tricks``; ``None``
    for a game without tricks): the engine says who holds the trick."""
    ref = spec(state.game).tricks
    if ref is None:
        return None
    make = ref.load()
    assert callable(make), ref.path
    tricks: Tricks = make(state, state.view(None))
    return tricks


def trick_cards(state: GameState) -> list[tuple[str, str]]:
    """The unfinished trick as ``(seat, card)`` pairs."""
    tricks = tricks_of(state)
    return [(c["seat"], c["card"]) for c in tricks["current"]] if tricks else []


def last_trick(state: GameState) -> tuple[list[tuple[str, str]], str] | None:
    """The last completed trick: its ``(seat, card)`` pairs and the winner's seat."""
    tricks = tricks_of(state)
    last = tricks["last"] if tricks else None
    if not last:
        return None
    return [(c["seat"], c["card"]) for c in last["cards"]], str(last["winner"])


def trick_holder_after(state: GameState, action: str) -> tuple[str | None, list[tuple[str, str]]]:
    """Play ``action`` on a copy: who holds (or took) the trick then, and the trick's cards."""
    after = state.clone()
    after.apply(action)
    tricks = tricks_of(after)
    if tricks and tricks["current"]:
        return tricks["winning"], [(c["seat"], c["card"]) for c in tricks["current"]]
    done = last_trick(after)
    if done is None:
        return None, []
    return done[1], done[0]


def side_of(state: GameState, seat: str) -> set[str]:
    """The seats on ``seat``'s side: partners, or a contract's side (the game's course says)."""
    return course_of(state.game).side_of(state, seat)


def candidate_actions(state: GameState) -> list[str]:
    """Every action a learner may mean now: the legal ones, and what the game's course adds."""
    return course_of(state.game).candidate_actions(state)


def canonical(state: GameState, action: str) -> str:
    """``action`` spelled as the engine lists it: a draw or a lead's declarations may come in any
    order from a page (``"draw 7c Ah"`` -> the listed ``"draw Ah 7c"``)."""
    words = action.split()
    if len(words) < 3:
        return " ".join(words)
    head, rest = words[0], sorted(words[1:])
    for legal in state.legal_actions():
        parts = legal.split()
        if parts[0] == head and sorted(parts[1:]) == rest:
            return legal
    return " ".join(words)
