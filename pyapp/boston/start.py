"""Boston start positions: the dealer, the hands counted so far, every seat's points and mani.

``Start: dealer=W hands=1 points=6,-2,-2,-2 mani=1,-1,-1,-1``: ``dealer``; ``hands`` counted so
far (0-3); ``points`` and ``mani`` of N, E, S, W. See :mod:`pyapp.start`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from pyapp.boston.rules import COUNTED_HANDS, BostonState
from pyapp.core import COMPASS, GameState
from pyapp.start import Start, StartError, fields, ints, seat, unsigned


@dataclass(frozen=True)
class BostonStart(Start):
    """Boston: the dealer, the hands counted so far, every seat's points and mani."""

    dealer: int
    hands: int
    points: tuple[int, int, int, int]
    mani: tuple[int, int, int, int]

    @classmethod
    def read(cls, state: GameState) -> Self:
        assert isinstance(state, BostonState)
        return cls(*state.hand_start())

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        f = fields(text, ("dealer", "hands", "points", "mani"))
        a, b, c, d = ints(f["points"], "points", 4, negative=True)
        w, x, y, z = ints(f["mani"], "mani", 4, negative=True)
        return cls(seat(f["dealer"], COMPASS), unsigned(f["hands"], "hands"), (a, b, c, d), (w, x, y, z))

    def text(self) -> str:
        points = ",".join(map(str, self.points))
        mani = ",".join(map(str, self.mani))
        return f"dealer={COMPASS[self.dealer]} hands={self.hands} points={points} mani={mani}"

    def check(self, options: Mapping[str, str | int]) -> None:
        if self.hands >= COUNTED_HANDS:
            raise StartError("links.start.boston_over", hands=COUNTED_HANDS)
        if sum(self.points) != 0:
            raise StartError("links.start.boston_points")

    def begin(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        assert issubclass(cls, BostonState)
        return cls.at_hand(options, self)
