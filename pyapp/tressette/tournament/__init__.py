"""The Tressette tournament (club.md TT1-TT9) and the scorekeeper of a partita (T12-T16).

:mod:`.rules` is the tournament as entries (``RULES``, registered in :data:`pyapp.club.TOURNAMENTS`);
:mod:`.play` turns a game record into entries and simulates whole tournaments.
"""

from __future__ import annotations

from pyapp.tressette.tournament.meeting import totals_possible
from pyapp.tressette.tournament.play import (
    SIMULATE_SETTINGS,
    draw,
    draw_groups,
    entries_from_game,
    entries_from_result,
    simulate,
)
from pyapp.tressette.tournament.rules import RULES, TressetteTournament

__all__ = [
    "RULES",
    "SIMULATE_SETTINGS",
    "TressetteTournament",
    "draw",
    "draw_groups",
    "entries_from_game",
    "entries_from_result",
    "simulate",
    "totals_possible",
]
