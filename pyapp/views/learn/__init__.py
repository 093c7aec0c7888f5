"""The lesson page (``learn.html``) and the players the embed page shares with it.

The page reaches the engine only through :mod:`pyapp.lessons.session` (plain data in and out).
``static/entry.py`` imports this package for ``<body data-view="learn">`` and calls :func:`main`.

* :mod:`~pyapp.views.learn.page`: the list of lessons and drills, and the routes (``#lesson=``,
  ``#drill=``, ``#game=``);
* :mod:`~pyapp.views.learn.lesson` and :mod:`~pyapp.views.learn.drill`: the players of one lesson
  and one drill (also on the embed page, :mod:`pyapp.views.embed`);
* :mod:`~pyapp.views.learn.questions`: the learner's controls, the answer forms, the verdict;
* :mod:`~pyapp.views.learn.pictures`: cards, tricks, seats and hands as the learner sees them;
* :mod:`~pyapp.views.learn.embed`: "Copy embed code" with its preview;
* :mod:`~pyapp.views.learn.progress`: the learner's progress in ``localStorage``;
* :mod:`~pyapp.views.learn.screen`: what every screen of the page shares.
"""

from pyapp.views.learn.page import main

__all__ = ["main"]
