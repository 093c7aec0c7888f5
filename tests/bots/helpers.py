"""Shared helpers of the computer-player tests: random positions of each game, quick budgets."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pyapp.bots import Budget, make_bot
from pyapp.core import CHANCE, TERMINAL, Bot, GameState
from pyapp.games import new_game

QUICK = Budget(ms=None, samples=2)
"""A search budget for tests: two sampled deals a move, whatever the machine's speed."""


def players(game: str, levels: list[str]) -> list[Bot]:
    """One player per level (hard ones on the quick budget)."""
    return [make_bot(game, lv, budget=QUICK) if lv == "hard" else make_bot(game, lv) for lv in levels]


def positions(
    game: str, seed: int, bots: list[Bot], every: int = 1, limit: int = 10_000, **options: str | int
) -> Iterator[GameState]:
    """Decision points of one game played by ``bots`` (seat by seat), chance from ``seed``.

    Yields a clone of the state at every ``every``-th decision (a player to act).
    """
    rng = random.Random(seed)
    state = new_game(game, **options)
    k = 0
    for _ in range(limit):
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        if k % every == 0:
            yield state.clone()
        k += 1
        action = bots[player % len(bots)].choose(state.info_state(player), rng)
        if action == "end":
            return
        state.apply(action)
