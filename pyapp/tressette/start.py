"""Tressette start positions: the dealer, the partita's score and hands, the finished partite.

``Start: dealer=E hands=2 score=12,7 partite=31,24,5``: ``dealer``; ``hands`` scored in the
current partita; ``score`` N-S,E-W of the partita; ``partite`` the finished partite of the match
as ``NS,EW,hands`` separated by ``/`` (left out when there is none). See :mod:`pyapp.start`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Self

from pyapp.core import COMPASS, GameState
from pyapp.start import Start, StartError, fields, ints, seat, unsigned
from pyapp.tressette.rules import TressetteState

HAND_POINTS: Final = 11
"""The points of a hand, both teams together (35 thirds, rounded down per team: T12)."""

PENALTY_POINTS: Final = 3
"""The points a penalty takes from a team (T16)."""


def check_sum(ns: int, ew: int, hands: int, penalties: bool) -> None:
    """The two totals of a partita add up to 11 per hand scored, less 3 per penalty (T12, T16)."""
    missing = HAND_POINTS * hands - ns - ew
    if missing < 0 or missing % PENALTY_POINTS or (missing and not penalties):
        raise StartError("links.start.tressette_sum", score=f"{ns}-{ew}", hands=hands)


@dataclass(frozen=True)
class TressetteStart(Start):
    """Tressette: the dealer, the partita's score and hands, the finished partite of the match."""

    dealer: int
    hands: int
    score: tuple[int, int]
    partite: tuple[tuple[int, int, int], ...]
    """Finished partite: (N-S total, E-W total, hands)."""

    @classmethod
    def read(cls, state: GameState) -> Self:
        assert isinstance(state, TressetteState)
        return cls(*state.hand_start())

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        f = fields(text, ("dealer", "hands", "score"), ("partite",))
        partite: list[tuple[int, int, int]] = []
        if "partite" in f:
            for part in f["partite"].split("/"):
                ns, ew, hands = ints(part, "partite", 3, negative=True)
                if hands < 0:
                    raise StartError("links.start.number", field="partite", value=part)
                partite.append((ns, ew, hands))
        ns, ew = ints(f["score"], "score", 2, negative=True)
        return cls(seat(f["dealer"], COMPASS), unsigned(f["hands"], "hands"), (ns, ew), tuple(partite))

    def text(self) -> str:
        out = f"dealer={COMPASS[self.dealer]} hands={self.hands} score={self.score[0]},{self.score[1]}"
        if self.partite:
            out += " partite=" + "/".join(f"{a},{b},{h}" for a, b, h in self.partite)
        return out

    def check(self, options: Mapping[str, str | int]) -> None:
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        wins = [0, 0]
        for ns, ew, hands in self.partite:
            if ns == ew or max(ns, ew) < target:
                raise StartError("links.start.tressette_unfinished", score=f"{ns}-{ew}", target=target)
            check_sum(ns, ew, hands, penalties)
            wins[0 if ns > ew else 1] += 1
        if len(self.partite) > 2 or (options["match"] == "best_of_three" and max(wins) >= 2):
            raise StartError("links.start.tressette_match_over")
        ns, ew = self.score
        if ns != ew and max(ns, ew) >= target:
            raise StartError("links.start.tressette_partita_over", score=f"{ns}-{ew}", target=target)
        check_sum(ns, ew, self.hands, penalties)

    def begin(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        assert issubclass(cls, TressetteState)
        return cls.at_hand(options, self)
