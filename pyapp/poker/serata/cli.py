"""``python3 -m pyapp serata check FILE [--lang en]`` and ``serata simulate --signups N --seed S``.

``check`` reads an evening record (``-``: standard input) and prints its state as JSON
(:func:`pyapp.poker.serata.report.state_json`: tables, seats, waiting list, each player's passate,
chips and result, the settlement) with status 0, or ``{"valid": false, "line", "entry",
"reason", "rule"}`` with status 1 on a malformed record or a refused entry (the reason names the
rule), status 2 when the file cannot be read. Never a traceback.

``simulate`` plays out an evening (:mod:`pyapp.poker.serata.simulate`) and prints the same JSON
(``--record FILE`` also writes the evening's record).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pyapp.club.record import ClubRecordError
from pyapp.i18n import DEFAULT_LANG, LANGS, t
from pyapp.poker.serata.evening import read_evening
from pyapp.poker.serata.model import rule_of
from pyapp.poker.serata.report import state_json


def judge(text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, object]]:
    """Judge evening record ``text``: (exit status, JSON-able report)."""
    try:
        evening = read_evening(text)
    except ClubRecordError as exc:
        return 1, {**exc.as_dict(lang), "rule": rule_of(exc.key), "message": exc.message(lang)}
    return 0, state_json(evening, lang)


def _read(path: str) -> str:
    return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")


def _print(report: dict[str, object]) -> None:
    print(json.dumps(report, ensure_ascii=False, indent=2))


def main(argv: list[str]) -> int:
    """Entry point of ``python3 -m pyapp serata ...`` (``argv`` without ``serata``)."""
    parser = argparse.ArgumentParser(prog="python3 -m pyapp serata", description="The club's poker evening")
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="check an evening record and print its state as JSON")
    p_check.add_argument("file", help="evening record, or - for standard input")
    p_check.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    p_sim = sub.add_parser("simulate", help="play out an evening with the medium computer players")
    p_sim.add_argument("--signups", type=int, default=12, help="how many players sign up (1-300)")
    p_sim.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    p_sim.add_argument("--seats", type=int, choices=(4, 5, 6), default=5, help="seats per table")
    p_sim.add_argument("--json", action="store_true", help="print the state as JSON (the default)")
    p_sim.add_argument("--record", help="also write the evening's record to this file")
    p_sim.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        from pyapp.poker.serata.simulate import simulate

        if not 1 <= args.signups <= 300:
            parser.error("--signups must be from 1 to 300")
        evening = simulate(args.signups, args.seed, args.seats)
        if args.record:
            with open(args.record, "w", encoding="utf-8") as fh:
                fh.write(evening.text())
        _print(state_json(evening, args.lang))
        return 0
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        _print({"valid": False, "error": t("serata.cli.unreadable", args.lang, path=args.file, reason=exc)})
        return 2
    status, report = judge(text, args.lang)
    _print(report)
    if status:
        print(report["message"], file=sys.stderr)
    return status
