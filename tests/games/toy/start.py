"""Minitrick's start positions: ``Start: dealer=2 hands=1 tricks=2,1`` (see :mod:`pyapp.start`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from pyapp.core import GameState
from pyapp.start import Start, StartError, fields, ints, seat, unsigned
from tests.games.toy.rules import TRICKS, MinitrickState


@dataclass(frozen=True)
class MinitrickStart(Start):
    """The dealer, the hands played and the tricks each seat won in them."""

    dealer: int
    hands: int
    tricks: tuple[int, int]

    @classmethod
    def read(cls, state: GameState) -> Self:
        assert isinstance(state, MinitrickState)
        return cls(*state.hand_start())

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        f = fields(text, ("dealer", "hands", "tricks"))
        a, b = ints(f["tricks"], "tricks", 2)
        return cls(seat(f["dealer"], ("1", "2")), unsigned(f["hands"], "hands"), (a, b))

    def text(self) -> str:
        return f"dealer={self.dealer + 1} hands={self.hands} tricks={self.tricks[0]},{self.tricks[1]}"

    def check(self, options: Mapping[str, str | int]) -> None:
        if self.hands >= int(options["hands"]) or sum(self.tricks) != TRICKS * self.hands:
            raise StartError("links.start.number", field="hands", value=self.hands)

    def begin(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        assert issubclass(cls, MinitrickState)
        return cls.at_hand(options, self)
