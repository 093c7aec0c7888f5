"""The Poker all'italiana table (``poker.html``), in parts: see :mod:`pyapp.views.poker.table`.

* :mod:`~pyapp.views.poker.words`: options, cards, combinations, actions and amounts in words;
* :mod:`~pyapp.views.poker.base`: the table's declarations, flow, moves and advice;
* :mod:`~pyapp.views.poker.controls`: the human's decisions (buttons, buy-ins, cut, amounts);
* :mod:`~pyapp.views.poker.sheet`: summaries, score bar and sheet, standings, the log;
* :mod:`~pyapp.views.poker.table`: the felt, the seats, the dock, the chips' motion, :func:`main`.
"""

from pyapp.views.poker.table import PokerTable, main

__all__ = ["PokerTable", "main"]
