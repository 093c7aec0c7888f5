"""Helpers for the link tests: random games of every game, with the rule bots or random players."""

from __future__ import annotations

import random
from functools import cache

from pyapp.core import CHANCE, GameState
from pyapp.games import new_game
from pyapp.record import write_record
from pyapp.session import make_bot

OPTIONS: dict[str, list[dict[str, str | int]]] = {
    "tressette": [
        {},
        {"match": "all_three", "target": 11},
        {"first_lead": "four_of_denari", "review": "practice", "target": 21},
        {"penalties": "on", "target": 11},
    ],
    "boston": [{}, {"boston_suit": "natural"}],
    "poker": [
        {"hands": 12},
        {"players": 4, "hands": 10, "topup": "on", "joiners": "on", "passata": 20},
        {"players": 6, "hands": 10, "raise_cap": 2, "dealer_ante": 0},
        {"hands": 0, "passata": 10, "joiners": "on"},
    ],
}
"""Option sets the tests play (poker sessions are kept short with ``hands``)."""


def play(
    game: str, seed: int, kind: str = "rule", options: dict[str, str | int] | None = None, limit: int = 1200
) -> GameState:
    """A game of ``game`` played by ``kind`` players from ``seed`` (at most ``limit`` actions).

    Random players make the rare actions (penalties, odd declarations, rebuys, joins) that the
    rule bots never choose; a penalty is played only now and then so that hands still finish.
    """
    rng = random.Random(seed)
    state = new_game(game, **(options or {}))
    bots = [make_bot(game, kind) for _ in range(state.num_players)]
    for _ in range(limit):
        player = state.current_player()
        if state.is_terminal():
            break
        if player == CHANCE:
            action = state.chance_sample(rng)
        else:
            action = bots[player].choose(state.info_state(player), rng)
            if action.startswith("penalty") and rng.random() > 0.02:
                action = next((a for a in state.legal_actions() if not a.startswith("penalty")), action)
        state.apply(action)
    return state


@cache
def record_of(game: str, seed: int, kind: str = "rule", variant: int = 0) -> str:
    """The record text of :func:`play` with the option set ``OPTIONS[game][variant]`` (cached)."""
    return write_record(play(game, seed, kind, OPTIONS[game][variant]))
