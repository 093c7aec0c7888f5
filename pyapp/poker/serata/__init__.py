"""The poker evening (serata): the club's regulation around the tables (club.md PE1-PE14).

An evening is a club record (:mod:`pyapp.club.record`, ``Club: serata``, ``Game: poker``) of
entries: sign-ups and withdrawals with their times, arrivals, the seats drawn, hands dealt,
passate bought, chip counts, departures and returns, and the close. The parts:

* :mod:`.model` -- options, the clock, names, players and tables (plain data);
* :mod:`.tables` -- forming tables from the lists and who takes which seat (PE2-PE11);
* :mod:`.entries` -- each entry's form and the rules it is checked against;
* :mod:`.evening` -- :class:`~.evening.Evening`: apply, refuse, undo, read and write;
* :mod:`.settle` -- the settlement in the fewest transfers (PE14);
* :mod:`.report` -- the state as JSON data (the checker and the page);
* :mod:`.play` -- a table of the evening played at the poker table, and its ledger back;
* :mod:`.simulate` and :mod:`.cli` -- ``python3 -m pyapp serata check|simulate``.

The notation is in ``docs/notation/club.md``, section "Poker evening (serata)".
"""
