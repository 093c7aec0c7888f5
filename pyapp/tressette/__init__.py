"""Tressette a 31 (club tournament rules): the engine, the declarations and the computer players.

* :mod:`pyapp.tressette.rules` -- :class:`~pyapp.tressette.rules.TressetteState`, a whole match
  (best of three partite) as options + actions;
* :mod:`pyapp.tressette.actions` -- the typed actions and their parser;
* :mod:`pyapp.tressette.declarations` -- the leader's declarations (busso, volo, ...): which are
  true, which is the canonical one;
* :mod:`pyapp.tressette.bots` -- ``RandomTressetteBot`` and ``ChitarrellaBot``.

The notation is documented in ``docs/notation/tressette.md``; the rules in
``/work/shared/rules/tressette.md`` (clauses T1-T17, declarations D1-DP).
"""

from __future__ import annotations

from typing import Final

from pyapp.cards import ITALIAN_RANKS, italian_deck
from pyapp.core import COMPASS, SeatRef
from pyapp.games import GameSpec, Ref, register

CODES: Final[tuple[str, ...]] = tuple(c.code for c in italian_deck())
"""Card code by index 0..39 (suit = index // 10: denari, coppe, spade, bastoni; rank = index % 10)."""

INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}
"""Card index by code (``"3d"`` -> 2)."""

RANK_STRENGTH: Final[tuple[int, ...]] = (7, 8, 9, 0, 1, 2, 3, 4, 5, 6)
"""Trick strength by rank index (T1: 3 > 2 > A > R > C > F > 7 > 6 > 5 > 4), higher wins."""

RANK_THIRDS: Final[tuple[int, ...]] = (3, 1, 1, 0, 0, 0, 0, 1, 1, 1)
"""Card points in thirds by rank index (T12: Ace 3; 3, 2, R, C, F 1; 7-4 nothing)."""

STRENGTH: Final[tuple[int, ...]] = tuple(RANK_STRENGTH[i % 10] for i in range(40))
"""Trick strength of each card index."""

THIRDS: Final[tuple[int, ...]] = tuple(RANK_THIRDS[i % 10] for i in range(40))
"""Points in thirds of each card index."""

LAST_TRICK_THIRDS: Final = 3
"""The last trick is worth one point (three thirds), T12."""

ACE, TWO, THREE, KING = 0, 1, 2, 9
"""Rank indices of the cards the declarations talk about."""

SEAT_LABELS: Final = COMPASS
"""Seat labels by index (the shared :data:`pyapp.core.COMPASS`): partners N-S (team 0) and E-W (team 1)."""

TEAM_LABELS: Final = ("NS", "EW")
"""Team labels by team index (seat % 2)."""

assert ITALIAN_RANKS[THREE] == "3" and ITALIAN_RANKS[KING] == "R"


def next_seat(seat: int) -> int:
    """The seat that plays after ``seat`` (counter-clockwise, T2: N -> W -> S -> E)."""
    return (seat + 3) % 4


def suit_cards_by_strength(suit: int) -> tuple[int, ...]:
    """The ten card indices of ``suit``, strongest first."""
    return tuple(sorted(range(suit * 10, suit * 10 + 10), key=lambda c: -STRENGTH[c]))


def seat_ref(seat: int) -> SeatRef:
    """A message parameter naming ``seat`` (0..3)."""
    return SeatRef(SEAT_LABELS[seat])


SPEC: Final = register(
    GameSpec(
        name="tressette",
        state=Ref("pyapp.tressette.rules:TressetteState"),
        link_number=0,
        players={
            "easy": Ref("pyapp.tressette.bots:EasyTressetteBot"),
            "medium": Ref("pyapp.tressette.bots:ChitarrellaBot"),
            "hard": Ref("pyapp.tressette.hard:HardTressetteBot"),
        },
        extras=Ref("pyapp.tressette.snapshot:extras"),
        tricks=Ref("pyapp.tressette.snapshot:tricks"),
        start=Ref("pyapp.tressette.start:TressetteStart"),
        link_model=Ref("pyapp.tressette.link:TressetteModel"),
        viewer_seat=2,
        arena=Ref("pyapp.tressette.arena:TressetteArena"),
        lessons=Ref("pyapp.tressette.course:TressetteCourse"),
        view="pyapp.views.tressette:TressetteTable",
    )
)
"""What Circolo knows of Tressette (:mod:`pyapp.games`)."""
