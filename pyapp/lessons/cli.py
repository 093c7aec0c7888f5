"""``python3 -m pyapp lessons``: list every lesson and drill as JSON, or check them all.

    python3 -m pyapp lessons                 # [{"id", "kind", "game", "title": {"it", "en"}, "steps"}]
    python3 -m pyapp lessons --check         # validate every lesson and drill; exit 1 on a broken one
    python3 -m pyapp lessons --check my.py   # validate the LESSONS of an instructor's draft module

``--check`` prints ``{"ok": true, "lessons": N, "drills": M}`` (status 0) or ``{"ok": false,
"problems": [{"lesson", "step", "reason"}]}`` with one line per problem on standard error
(status 1). Never a traceback: a draft module that cannot even be imported is a problem too.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import traceback
from pathlib import Path

from pyapp.lessons import all_drills, all_lessons
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
    """The ``LESSONS`` of the Python module at ``path`` (an instructor's draft)."""
    file = Path(path)
    if not file.is_file():
        raise DraftError(f"{path}: no such file")
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
        lessons = list(all_lessons())
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
    parser.add_argument("files", nargs="*", help="with --check: draft modules defining LESSONS")
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
