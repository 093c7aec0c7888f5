"""Lessons and drills: learning Tressette, Boston and Poker all'italiana on real engine positions.

* :mod:`pyapp.lessons.model` -- what a lesson is (texts in it/en, positions, steps, questions);
* :mod:`pyapp.lessons.positions` -- builders of positions that deal chosen hands;
* :mod:`pyapp.lessons.tressette`, :mod:`~pyapp.lessons.boston`, :mod:`~pyapp.lessons.poker` --
  the curriculum, one module per game (``LESSONS``);
* :mod:`pyapp.lessons.drills` -- endless exercises drawn from random engine positions;
* :mod:`pyapp.lessons.judge`, :mod:`~pyapp.lessons.questions` -- the engine as the answer key;
* :mod:`pyapp.lessons.check` -- proves every lesson replays, answers legally and ends;
* :mod:`pyapp.lessons.session` -- the boundary the pages use (plain data in and out);
* :mod:`pyapp.lessons.cli` -- ``python3 -m pyapp lessons [--check]``.

How to write a lesson: ``docs/lessons.md``.
"""

from __future__ import annotations

import importlib
from typing import Final

from pyapp.lessons.model import Lesson

LESSON_MODULES: Final = ("pyapp.lessons.tressette", "pyapp.lessons.boston", "pyapp.lessons.poker")
"""The curriculum modules, in the order the lesson page lists their games."""

GAMES: Final = ("tressette", "boston", "poker")

_lessons: tuple[Lesson, ...] | None = None


class UnknownLesson(KeyError):
    """A lesson or drill id that does not exist."""


def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson of the curriculum, game by game, in teaching order (loaded once)."""
    global _lessons
    if _lessons is None:
        found: list[Lesson] = []
        for name in LESSON_MODULES:
            found += list(importlib.import_module(name).LESSONS)
        _lessons = tuple(found)
    return _lessons


def get_lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (raise :class:`UnknownLesson`)."""
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise UnknownLesson(lesson_id)
