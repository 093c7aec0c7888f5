"""The club around the games: tournaments (Tressette, Boston) and the poker evening (serata).

Every club event is a record of entries (:mod:`pyapp.club.record`), as a game is a record of
actions; the rules for each event live beside its game and are checked on every entry.

* :mod:`pyapp.club.tournament` -- the record and the state it builds (``Ledger``), corrections;
* :mod:`pyapp.club.schedule` -- round robin, standings with tie-breaks and lot, knockout brackets;
* :mod:`pyapp.club_session` (beside this package, above the table session it reuses) -- the
  page's boundary (plain data in and out), share links;
* :mod:`pyapp.club.cli` -- ``python3 -m pyapp club check|simulate``.
"""

from __future__ import annotations

from typing import Final

TOURNAMENTS: Final[dict[str, str]] = {
    "tressette": "pyapp.tressette.tournament",
    "boston": "pyapp.boston.tournament",
}
"""The one place that names the games with tournament rules: game -> the module defining
``RULES`` (a :class:`pyapp.club.tournament.Tournament` subclass) and ``simulate``."""

CHECKERS: Final[dict[str, str]] = {
    "tournament": "pyapp.club.tournament:check_text",
}
"""Per kind of club event (the record's ``Club`` tag), ``module:function`` judging its text:
``(status, JSON)``, as ``python3 -m pyapp club check`` prints it. An event kind adds itself here."""
