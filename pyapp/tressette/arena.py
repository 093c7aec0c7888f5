"""Tressette in the arena (:mod:`pyapp.arena`): one hand per deal, the partnerships swapped."""

from __future__ import annotations

from pyapp.arena import ArenaGame
from pyapp.core import GameState
from pyapp.tressette.actions import CUTS
from pyapp.tressette.rules import TressetteState

NOCUT = str(CUTS[0])


class TressetteArena(ArenaGame):
    """One hand per deal; A and B are partnerships, swapped in the second game."""

    game = "tressette"
    unit = "points per hand (team)"

    def seatings(self) -> list[tuple[str, ...]]:
        return [("A", "B", "A", "B"), ("B", "A", "B", "A")]

    def new_state(self, deal: int) -> GameState:
        state = TressetteState()
        state.apply("draw 3d 4c" if deal % 2 == 0 else "draw 4c 3d")  # N or E deals
        return state

    def over(self, state: GameState) -> bool:
        return bool(state.result()["hands"])

    def scores(self, state: GameState) -> list[float]:
        points = state.result()["hands"][0]["points"]
        return [float(points["NS"]), float(points["EW"]), float(points["NS"]), float(points["EW"])]

    def units(self, seating: tuple[str, ...], scores: list[float]) -> dict[str, list[float]]:
        return {seating[0]: [scores[0]], seating[1]: [scores[1]]}

    def own_move(self, state: GameState) -> str | None:
        return NOCUT if state.can(NOCUT) else None
