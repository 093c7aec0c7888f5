"""Lessons and drills: learning each game on real engine positions.

* :mod:`pyapp.lessons.model` -- what a lesson is (texts in it/en, positions, steps, questions);
* :mod:`pyapp.lessons.course` -- a game's course: its lessons, drills and teaching knowledge,
  defined in the game's package (``pyapp/<game>/course.py``, its spec's ``lessons``);
* :mod:`pyapp.lessons.lessonfile` -- a game's lessons as data (``pyapp/<game>/lessons.toml``);
* :mod:`pyapp.lessons.drills` -- endless exercises drawn from random engine positions;
* :mod:`pyapp.lessons.judge`, :mod:`~pyapp.lessons.questions` -- the engine as the answer key;
* :mod:`pyapp.lessons.picture` -- what a page draws for a position;
* :mod:`pyapp.lessons.check` -- proves every lesson replays, answers legally and ends;
* :mod:`pyapp.lessons.session` -- the boundary the pages use (plain data in and out);
* :mod:`pyapp.lessons.cli` -- ``python3 -m pyapp lessons [--check]``.

How to write a lesson: ``docs/lessons.md``.
"""

from __future__ import annotations

from pyapp.games import spec, specs
from pyapp.lessons.course import Course
from pyapp.lessons.model import Drill, Lesson

_courses: dict[str, Course] = {}


class UnknownLesson(KeyError):
    """A lesson or drill id that does not exist."""


def course_of(game: str) -> Course:
    """The course of ``game`` (its spec's ``lessons``; a course without lessons if it has none)."""
    found = _courses.get(game)
    if found is None:
        ref = spec(game).lessons
        found = ref.load_class(Course)() if ref is not None else Course()
        _courses[game] = found
    return found


def games() -> list[str]:
    """The games that have lessons or drills, in the order the lesson page lists them."""
    return [s.name for s in specs() if s.lessons is not None]


def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson, game by game, in teaching order."""
    return tuple(lesson for game in games() for lesson in course_of(game).lessons())


def all_drills() -> tuple[Drill, ...]:
    """Every drill, game by game."""
    return tuple(drill for game in games() for drill in course_of(game).drills())


def get_lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id`` (raise :class:`UnknownLesson`)."""
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise UnknownLesson(lesson_id)


def get_drill(drill_id: str) -> Drill:
    """The drill called ``drill_id`` (raise ``KeyError``)."""
    for drill in all_drills():
        if drill.id == drill_id:
            return drill
    raise KeyError(drill_id)
