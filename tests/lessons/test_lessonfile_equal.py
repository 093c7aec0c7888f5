"""Temporary: the lesson files load into exactly the lessons of the old Python modules."""

from __future__ import annotations

import importlib

import pytest

from pyapp.lessons import all_lessons, course_of


@pytest.mark.parametrize("game", ["boston", "poker", "tressette"])
def test_the_lesson_file_equals_the_python_lessons(game: str) -> None:
    old = importlib.import_module(f"pyapp.{game}.lessons").LESSONS
    new = course_of(game).lessons()
    assert len(new) == len(old)
    for a, b in zip(new, old, strict=True):
        for i, (x, y) in enumerate(zip(a.steps, b.steps, strict=True)):
            assert x == y, (a.id, i + 1)
        assert a == b
    assert new == old


def test_nineteen_lessons() -> None:
    assert len(all_lessons()) == 19
