"""``python3 -m pyapp lessons``: list every lesson and drill as JSON, or check them all.

    python3 -m pyapp lessons                 # [{"id", "kind", "game", "title": {"it", "en"}, "steps"}]
    python3 -m pyapp lessons --check         # validate every lesson and drill; exit 1 on a broken one
    python3 -m pyapp lessons --check my.py   # validate the LESSONS of an instructor's draft module
    python3 -m pyapp lessons --check my.toml # validate a draft lesson file (docs/lessons.md)

``--check`` prints ``{"ok": true, "lessons": N, "drills": M}`` (status 0) or ``{"ok": false,
"problems": [{"lesson", "step", "reason"}]}`` with one line per problem on standard error
(status 1). Never a traceback: a draft module that cannot even be imported is a problem too.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tomllib
import traceback
from pathlib import Path

from pyapp.lessons import all_drills, all_lessons, course_of, games
from pyapp.lessons.lessonfile import LessonFileError, read_lessons
from pyapp.lessons.model import Lesson


def listing() -> list[dict[str, object]]:
    """Every lesson and drill: id, kind, game, titles in it/en and the number of steps."""
    out: list[dict[str, object]] = [
        {
            "id": lesson.id,
            "kind": "lesson",
            "game": lesson.game,
            "title": {"it": lesson.title["it"], "en": lesson.title["en"]},
            "steps": len(lesson.steps),
        }
        for lesson in all_lessons()
    ]
    out += [
        {
            "id": drill.id,
            "kind": "drill",
            "game": drill.game,
            "title": {"it": drill.title["it"], "en": drill.title["en"]},
            "steps": None,
        }
        for drill in all_drills()
    ]
    return out


class DraftError(Exception):
    """A draft lesson module that cannot be loaded."""


def load_draft(path: str) -> list[Lesson]:
    """The ``LESSONS`` of the Python module at ``path``, or the lessons of the lesson file at
    ``path`` (``.toml``): an instructor's draft."""
    file = Path(path)
    if not file.is_file():
        raise DraftError(f"{path}: no such file")
    if file.suffix == ".toml":
        return load_draft_file(file)
    spec = importlib.util.spec_from_file_location(f"circolo_draft_{file.stem}", file)
    if spec is None or spec.loader is None:
        raise DraftError(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - any error in a draft is reported, never raised
        where = traceback.extract_tb(exc.__traceback__)[-1]
        raise DraftError(f"{path}:{where.lineno}: {type(exc).__name__}: {exc}") from None
    lessons = getattr(module, "LESSONS", None)
    if not isinstance(lessons, (list, tuple)) or not all(isinstance(x, Lesson) for x in lessons):
        raise DraftError(f"{path}: define LESSONS = (Lesson(...), ...)")
    return list(lessons)


def load_draft_file(file: Path) -> list[Lesson]:
    """The lessons of a draft lesson file, built by the course of the game it names."""
    try:
        with file.open("rb") as fh:
            game = tomllib.load(fh).get("game")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise DraftError(f"{file}: not valid TOML: {exc}") from None
    if game not in games():
        raise DraftError(f"{file}: game = {game!r} is not a game with lessons ({', '.join(games())})")
    try:
        return list(read_lessons(file, course_of(str(game))))
    except LessonFileError as exc:
        raise DraftError(str(exc)) from None


def check(paths: list[str]) -> tuple[int, dict[str, object]]:
    """Validate the drafts at ``paths`` (or everything): (exit status, JSON report)."""
    from pyapp.lessons.check import Problem, check_all

    if paths:
        lessons: list[Lesson] = []
        problems: list[Problem] = []
        for path in paths:
            try:
                lessons += load_draft(path)
            except DraftError as exc:
                problems.append(Problem(path, None, str(exc)))
        problems += check_all(lessons, drills=())
        drills = 0
    else:
        try:
            lessons = list(all_lessons())
        except LessonFileError as exc:  # a game's own lesson file is broken
            problem = Problem(exc.lesson or exc.source, exc.step, f"{exc.source}: {exc.reason}")
            return 1, {"ok": False, "problems": [problem.as_dict()]}
        problems = check_all()
        drills = len(all_drills())
    if problems:
        return 1, {"ok": False, "problems": [p.as_dict() for p in problems]}
    return 0, {"ok": True, "lessons": len(lessons), "drills": drills}


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python3 -m pyapp lessons``."""
    parser = argparse.ArgumentParser(
        prog="python3 -m pyapp lessons", description="list or check Circolo's lessons and drills"
    )
    parser.add_argument("--check", action="store_true", help="validate every lesson and drill")
    parser.add_argument(
        "files", nargs="*", help="with --check: draft modules defining LESSONS, or lesson files"
    )
    args = parser.parse_args(argv)
    if args.files and not args.check:
        parser.error("files are checked with --check")
    if not args.check:
        print(json.dumps(listing(), ensure_ascii=False, indent=2))
        return 0
    status, report = check(args.files)
    print(json.dumps(report, ensure_ascii=False, indent=2))
    problems = report.get("problems")
    for problem in problems if isinstance(problems, list) else []:
        step = f"step {problem['step']}" if problem["step"] is not None else "lesson"
        print(f"{problem['lesson']}: {step}: {problem['reason']}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
