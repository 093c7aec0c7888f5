"""The club around the games: tournaments (Tressette, Boston) and the poker evening (serata).

Every club event is a record of entries (:mod:`pyapp.club.record`), as a game is a record of
actions; the rules for each event live beside its game and are checked on every entry. A game
names its events in its spec (``GameSpec.club``: kind -> :class:`~pyapp.club.event.ClubEvent`);
this package finds them through the registry and names no game.

* :mod:`pyapp.club.record` -- the plain-text format of every club event;
* :mod:`pyapp.club.event` -- what a game's club event is, and finding it (:func:`~pyapp.club.event.event`);
* :mod:`pyapp.club.tournament` -- the record and the state it builds (``Ledger``), corrections,
  and :class:`~pyapp.club.tournament.TournamentEvent`, what a game's tournament registers;
* :mod:`pyapp.club.schedule` -- round robin, standings with tie-breaks and lot, knockout brackets;
* :mod:`pyapp.club.session` -- the tournaments page's boundary (plain data in and out), share links;
* :mod:`pyapp.club.cli` -- ``python3 -m pyapp club check|simulate``.
"""
