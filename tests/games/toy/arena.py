"""Minitrick in the arena (:mod:`pyapp.arena`): one hand per deal, the seats swapped."""

from __future__ import annotations

from pyapp.arena import ArenaGame
from pyapp.core import GameState
from tests.games.toy.rules import MinitrickState


class MinitrickArena(ArenaGame):
    """One hand per deal, played twice: A in the first seat, then in the second."""

    game = "minitrick"
    unit = "tricks per hand"

    def seatings(self) -> list[tuple[str, ...]]:
        return [("A", "B"), ("B", "A")]

    def new_state(self, deal: int) -> GameState:
        return MinitrickState(hands=1)

    def over(self, state: GameState) -> bool:
        return bool(state.result()["hands"])

    def scores(self, state: GameState) -> list[float]:
        return [float(t) for t in state.result()["hands"][0]["tricks"]]
