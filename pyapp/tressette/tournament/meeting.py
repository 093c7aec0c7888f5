"""One Tressette meeting as the scorekeeper writes it: partite hand by hand (T12-T16, TT3-TT4, TT7).

A hand is worth 11 points in all (T12); a penalty takes 3 points off one side and voids the hand
(T16); a partita ends exactly when T14 says; a meeting is best of three partite, or all three
(TT3), and a partita won is one point (TT4); a forfeit gives 2-0 (TT8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pyapp.core import parse_int
from pyapp.tressette import LAST_TRICK_THIRDS, THIRDS
from pyapp.tressette.rules import PENALTY_POINTS, TressetteState

HAND_POINTS: Final = (sum(THIRDS) + LAST_TRICK_THIRDS) // 3
"""T12: the points of a hand, both sides together (11)."""

TARGET: Final = int(next(o.default for o in TressetteState.option_spec if o.name == "target"))
"""T14: the partita is played to 31 (the engine's default ``target``)."""

PENALTY: Final = PENALTY_POINTS
"""TT7/T16: a penalty costs 3 points."""

MAX_PARTITE: Final = 3
FORFEIT_WINS: Final = 2
"""TT8: a meeting lost by forfeit is lost 2-0."""

MATCH_OPTION: Final = next(o for o in TressetteState.option_spec if o.name == "match")


@dataclass
class Team:
    """TT1: a team, its two players, its group and whether it was disqualified (TT8)."""

    name: str
    players: tuple[str, str]
    group: str | None = None
    disqualified: bool = False


@dataclass
class Partita:
    """One partita of a meeting as the scorekeeper wrote it: hands, penalties, totals, winner."""

    number: int
    events: list[dict[str, Any]] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    hands: int = 0
    cappotti: list[int] = field(default_factory=lambda: [0, 0])
    by_totals: bool = False

    def hand(self, a: int, b: int) -> None:
        """T12-T14: a scored hand; the partita ends when one side has 31 or more and they differ."""
        self.totals[0] += a
        self.totals[1] += b
        self.hands += 1
        for side, points in enumerate((a, b)):
            if points == HAND_POINTS:
                self.cappotti[side] += 1  # T13
        self.events.append({"kind": "hand", "points": [a, b], "totals": list(self.totals)})
        self.winner = end_of_partita(self.totals)

    def penalty(self, side: int) -> None:
        """T16: 3 points off ``side``; the hand is voided, and totals are checked only after hands."""
        self.totals[side] -= PENALTY
        self.events.append({"kind": "penalty", "side": side, "totals": list(self.totals)})


def end_of_partita(totals: Sequence[int]) -> int | None:
    """T14: the winning side once a complete hand leaves either side at 31 or more and unequal."""
    a, b = totals
    if max(a, b) >= TARGET and a != b:
        return 0 if a > b else 1
    return None


def totals_possible(a: int, b: int) -> bool:
    """Whether ``a``-``b`` can be the final score of a partita by T14.

    The last hand (``w`` and ``11 - w``) left the winner at 31 or more, and before it the
    partita had not ended: both sides below 31, or equal (a tie at 31 or more goes on).
    """
    high, low = max(a, b), min(a, b)
    if high < TARGET or a == b:
        return False
    for w in range(HAND_POINTS + 1):
        before = (high - w, low - (HAND_POINTS - w))
        if max(before) < TARGET or before[0] == before[1]:
            return True
    return False


@dataclass
class Meeting:
    """TT3: a meeting of two teams, best of three partite (or all three)."""

    teams: tuple[str, str]
    stage: str
    """The group's name, or ``""`` for a knockout meeting."""
    round: int
    partite: list[Partita] = field(default_factory=list)
    forfeit: tuple[int, ...] = ()
    """The sides that lost by forfeit (TT8; both when both teams were disqualified)."""
    dealer: str | None = None

    def wins(self) -> list[int]:
        """Partite won by each side (played partite only)."""
        out = [0, 0]
        for p in self.partite:
            if p.winner is not None:
                out[p.winner] += 1
        return out

    def played_out(self, all_three: bool) -> bool:
        """Every partita the meeting needs has been played (TT3)."""
        wins = self.wins()
        done = sum(wins)
        return done == MAX_PARTITE or (not all_three and max(wins) >= 2)

    def complete(self, all_three: bool) -> bool:
        """Played out, or decided by forfeit."""
        return bool(self.forfeit) or self.played_out(all_three)

    def points(self, all_three: bool) -> list[int]:
        """TT4: one point per partita won; a forfeit gives 2-0 (0-0 when both sides forfeit)."""
        if self.forfeit and not self.played_out(all_three):
            return [0 if side in self.forfeit else FORFEIT_WINS for side in (0, 1)]
        return self.wins()

    def winner(self, all_three: bool) -> int | None:
        """The side that won the meeting, once complete."""
        if not self.complete(all_three):
            return None
        a, b = self.points(all_three)
        return None if a == b else (0 if a > b else 1)

    def current(self) -> Partita | None:
        """The partita in progress (entered but not ended), if any."""
        if self.partite and self.partite[-1].winner is None:
            return self.partite[-1]
        return None

    def counted(self, all_three: bool) -> bool:
        """Whether its partite count for scored/conceded (a forfeit voids a meeting not played out)."""
        return not self.forfeit or self.played_out(all_three)


def signed(text: str) -> int | None:
    """A whole number, possibly negative (a total after penalties, T16), in canonical spelling."""
    if text.startswith("-"):
        value = parse_int(text[1:])
        return None if value is None or value == 0 else -value
    return parse_int(text)
