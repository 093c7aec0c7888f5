"""Poker start positions: the dealer, hands dealt, the requirement and carried pot, every seat's chips.

``Start: dealer=3 hands=7 requirement=Q carry=12 resto=100,87,0,113,100 passate=1,1,1,1,2
seated=1,1,0,1,1 players=1,1,1,1,2``: ``dealer`` (seat number); ``hands`` dealt so far;
``requirement`` J/Q/K (P8); ``carry`` (the pot carried in); per seat ``resto``, ``passate`` bought
by the player now in the seat, ``seated`` (1/0), ``players`` (which player sits there: 1 the
first, 2 his successor...). See :mod:`pyapp.start`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from pyapp.core import GameState
from pyapp.poker.phases import REQUIREMENTS
from pyapp.poker.rules import PokerState
from pyapp.start import Start, StartError, fields, ints, seat, unsigned


@dataclass(frozen=True)
class PokerStart(Start):
    """Poker: the dealer, hands dealt, the requirement and carried pot, every seat's chips."""

    dealer: int
    hands: int
    requirement: int
    carry: int
    resto: tuple[int, ...]
    passate: tuple[int, ...]
    seated: tuple[bool, ...]
    players: tuple[int, ...]

    @classmethod
    def read(cls, state: GameState) -> Self:
        assert isinstance(state, PokerState)
        return cls(
            state.dealer,
            state.hands_dealt,
            state.requirement,
            state.carry,
            tuple(state.resto),
            tuple(state.bought),
            tuple(state.seated),
            tuple(state.player_no),
        )

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        n = int(options["players"])
        keys = ("dealer", "hands", "requirement", "carry", "resto", "passate", "seated", "players")
        f = fields(text, keys)
        if f["requirement"] not in REQUIREMENTS:
            raise StartError("links.start.choice", field="requirement", choices=" ".join(REQUIREMENTS))
        seated = ints(f["seated"], "seated", n)
        if any(v > 1 for v in seated):
            raise StartError("links.start.choice", field="seated", choices="0 1")
        return cls(
            seat(f["dealer"], [str(q + 1) for q in range(n)]),
            unsigned(f["hands"], "hands"),
            REQUIREMENTS.index(f["requirement"]),
            unsigned(f["carry"], "carry"),
            tuple(ints(f["resto"], "resto", n)),
            tuple(ints(f["passate"], "passate", n)),
            tuple(v == 1 for v in seated),
            tuple(ints(f["players"], "players", n)),
        )

    def text(self) -> str:
        def row(values: Sequence[int]) -> str:
            return ",".join(str(int(v)) for v in values)

        return (
            f"dealer={self.dealer + 1} hands={self.hands} requirement={REQUIREMENTS[self.requirement]} "
            f"carry={self.carry} resto={row(self.resto)} passate={row(self.passate)} "
            f"seated={row(self.seated)} players={row(self.players)}"
        )

    def check(self, options: Mapping[str, str | int]) -> None:
        n = int(options["players"])
        if not (len(self.resto) == len(self.passate) == len(self.seated) == len(self.players) == n):
            raise StartError("links.start.count", field="resto", count=n)
        if sum(self.seated) < 2:
            raise StartError("links.start.poker_seated")
        if not self.seated[self.dealer]:
            raise StartError("links.start.poker_dealer", seat=self.dealer + 1)
        if any(v < 1 for v in self.passate) or any(v < 1 for v in self.players):
            raise StartError("links.start.poker_passate")
        hands_max = int(options["hands"])
        if hands_max and self.hands >= hands_max:
            raise StartError("links.start.poker_over", hands=hands_max)
        pot = self.carry + int(options["ante"]) * sum(self.seated) + int(options["dealer_ante"])
        for q in range(n):
            if self.seated[q] and self.resto[q] < pot:
                raise StartError("links.start.poker_short", seat=q + 1, resto=self.resto[q], pot=pot)

    def begin(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        assert issubclass(cls, PokerState)
        return cls.at_hand(options, self)
