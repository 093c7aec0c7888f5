"""The Tressette tournament (club.md TT1-TT9) and the scorekeeper of a partita (T12-T16).

:mod:`.meeting` is the scorekeeper of a meeting, :mod:`.rules` the tournament as entries;
:mod:`.play` turns a game record into entries and simulates whole tournaments. :data:`EVENT` is
what the game's spec registers (``club={"tournament": ...}``, :mod:`pyapp.club.event`).
"""

from __future__ import annotations

from typing import Final

from pyapp.club.tournament import TournamentEvent
from pyapp.tressette.tournament.meeting import totals_possible
from pyapp.tressette.tournament.play import (
    SIMULATE_SETTINGS,
    draw,
    draw_groups,
    entries_from_game,
    entries_from_result,
    simulate,
)
from pyapp.tressette.tournament.rules import TressetteTournament

EVENT: Final = TournamentEvent(
    rules=TressetteTournament,
    draw=draw,
    entries_from_game=entries_from_game,
    simulate=simulate,
    simulate_settings=SIMULATE_SETTINGS,
    view="pyapp.views.club_tressette",
)
"""The Tressette tournament (TT1-TT9), as the game's spec names it."""

__all__ = [
    "EVENT",
    "SIMULATE_SETTINGS",
    "TressetteTournament",
    "draw",
    "draw_groups",
    "entries_from_game",
    "entries_from_result",
    "simulate",
    "totals_possible",
]
