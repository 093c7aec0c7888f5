"""Boston in the arena (:mod:`pyapp.arena`): one counted hand per deal, A in each seat in turn."""

from __future__ import annotations

from pyapp.arena import ArenaGame
from pyapp.boston.rules import BostonState
from pyapp.core import COMPASS, GameState


class BostonArena(ArenaGame):
    """One counted hand per deal; A sits in each seat in turn against three B players."""

    game = "boston"
    unit = "points per hand"

    def seatings(self) -> list[tuple[str, ...]]:
        return [tuple("A" if s == a else "B" for s in range(4)) for a in range(4)]

    def new_state(self, deal: int) -> GameState:
        state = BostonState()
        state.apply("dealer " + COMPASS[deal % 4])
        return state

    def over(self, state: GameState) -> bool:
        return int(state.result()["counted_hands"]) >= 1

    def scores(self, state: GameState) -> list[float]:
        hand = next(h for h in state.result()["hands"] if h["counted"])
        return [float(hand["points"][s]) for s in COMPASS]
