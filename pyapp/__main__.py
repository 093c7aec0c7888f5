"""Command line: ``python3 -m pyapp check FILE`` validates a game record and prints its outcome.

``link FILE [--hand N] [--move M]`` and ``check --link LINK`` (replay links) live in
:mod:`pyapp.links.cli`.

``FILE`` may be ``-`` for standard input. On success the outcome is printed as JSON and the exit
status is 0; a malformed or illegal record prints the line, the action and the reason (JSON on
standard output, one sentence on standard error) and exits with status 1. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from pyapp.i18n import DEFAULT_LANG, LANGS
from pyapp.record import judge


def check(path: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, object]]:
    """Judge the record at ``path`` (``-``: stdin); return (exit status, JSON-able report)."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return 2, {"valid": False, "error": f"{path}: {exc}"}
    return judge(text, lang)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python3 -m pyapp``.

    A closed output pipe (``python3 -m pyapp lessons | head -1``) is not an error for any
    command: the rest of the output is dropped quietly, never with a traceback.
    """
    try:
        status = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader has gone; ``check`` keeps its own status (see below)
        _drop_stdout()
        return 0
    return status


def _drop_stdout() -> None:
    """Send what is left of standard output to the null device (the exit-time flush included)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _run(argv: list[str] | None) -> int:
    """Dispatch one command; its exit status."""
    words = sys.argv[1:] if argv is None else argv
    if words[:1] == ["link"] or (words[:1] == ["check"] and "--link" in words):  # pyapp/links/cli.py
        from pyapp.links.cli import main as links_main

        return links_main(words)
    if words[:1] == ["lessons"]:  # list or check the lessons and drills (pyapp/lessons/cli.py)
        from pyapp.lessons.cli import main as lessons_main

        return lessons_main(words[1:])
    parser = argparse.ArgumentParser(prog="python3 -m pyapp", description="Circolo game-record tools")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="validate a game record and print its outcome as JSON")
    p_check.add_argument("file", help="record file, or - for standard input")
    p_check.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    sub.add_parser("link", help="print the replay link of a record or one hand (check --link LINK reads one)")
    sub.add_parser("lessons", help="list the lessons and drills as JSON (--check validates them)")
    from pyapp import arena  # the arena's hook (pyapp/arena.py)

    arena.add_arguments(sub.add_parser("arena", help="computer players of two levels on duplicate deals"))
    args = parser.parse_args(argv)
    if args.command == "arena":
        return arena.main(args)
    status, report = check(args.file, args.lang)
    try:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        sys.stdout.flush()
    except BrokenPipeError:  # ``check FILE | head -1``: the reader has gone, which is fine
        _drop_stdout()
    if status:
        print(report.get("error", "invalid record"), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
