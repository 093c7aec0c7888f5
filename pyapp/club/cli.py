"""``python3 -m pyapp club ...``: check a club record, or simulate a whole tournament.

* ``club check FILE [--lang en]`` -- validates a club record (``-``: standard input) of any kind,
  judged by the event its header names (a tournament, an evening: :func:`pyapp.club.event.judge`)
  and prints its state as JSON, a tournament's standings (status 0); a bad entry prints
  ``{"valid": false, "line", "entry", "reason"}`` and the reason on standard error (status 1);
  an unreadable file, status 2.
* ``club simulate --game G --seed S [settings] [--json] [--record FILE]`` -- plays a whole
  tournament with computer players (``--level``, ``medium`` by default) in real engine games
  and prints its record, or with ``--json`` the same JSON as ``check``. The settings are the
  game's own (its tournament's ``simulate_settings``), e.g. ``--teams 16 --groups 4`` for
  Tressette, ``--players 12 --rounds 3`` for Boston.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pyapp.club.event import games_with, judge
from pyapp.club.record import ClubRecordError
from pyapp.club.tournament import KIND, Ledger, tournament_event
from pyapp.i18n import DEFAULT_LANG, LANGS


def _settings() -> dict[str, dict[str, tuple[object, str]]]:
    """Per game, its simulation settings: name -> (default, help)."""
    return {game: dict(tournament_event(game).simulate_settings) for game in games_with(KIND)}


def parser() -> argparse.ArgumentParser:
    """The ``club`` command line."""
    top = argparse.ArgumentParser(
        prog="python3 -m pyapp club", description="Club tournaments: check and simulate"
    )
    sub = top.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="validate a club record and print its state (standings) as JSON")
    p_check.add_argument("file", help="record file, or - for standard input")
    p_check.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    p_sim = sub.add_parser("simulate", help="play a whole tournament with computer players")
    p_sim.add_argument("--game", choices=tuple(games_with(KIND)), required=True)
    p_sim.add_argument("--seed", type=int, default=0, help="seed of the lots and the shuffles")
    p_sim.add_argument("--level", default="medium", help="level of the computer players")
    p_sim.add_argument("--json", action="store_true", help="print the standings JSON instead of the record")
    p_sim.add_argument("--record", help="also write the record to this file")
    seen: set[str] = set()
    for settings in _settings().values():
        for name, (default, text) in settings.items():
            if name in seen:
                continue
            seen.add(name)
            kind = type(default)
            p_sim.add_argument(f"--{name}", type=kind, default=None, help=f"{text} (default {default})")
    return top


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def main(argv: list[str]) -> int:
    """Entry point of ``python3 -m pyapp club``; the exit status."""
    args = parser().parse_args(argv)
    if args.command == "check":
        try:
            if args.file == "-":
                text = sys.stdin.read()
            else:
                with open(args.file, encoding="utf-8") as fh:
                    text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            _print({"valid": False, "error": f"{args.file}: {exc}"})
            print(f"{args.file}: {exc}", file=sys.stderr)
            return 2
        status, report = check_event(text, args.lang)
        _print(report)
        if status:
            where = f"line {report['line']}: " if report["line"] else ""
            print(f"{args.file}: {where}{report['reason']}", file=sys.stderr)
        return status
    return _simulate(args)


def check_event(text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
    """Judge a club record of any kind (:func:`pyapp.club.event.judge`)."""
    return judge(text, lang)


def _simulate(args: argparse.Namespace) -> int:
    """``club simulate``: the game's own settings only; a refused setting is reported, status 2."""
    settings = _settings()[args.game]
    chosen: dict[str, object] = {}
    for name in _settings_names():
        value = getattr(args, name)
        if value is None:
            continue
        if name not in settings:
            print(
                f"--{name} is not a setting of a {args.game} tournament ({', '.join(settings)})",
                file=sys.stderr,
            )
            return 2
        chosen[name] = value
    try:
        ledger: Ledger = tournament_event(args.game).simulate(seed=args.seed, level=args.level, **chosen)
    except ClubRecordError as exc:
        print(exc.message("en"), file=sys.stderr)
        return 2
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            fh.write(ledger.text())
    if args.json:
        _print({"valid": True, **ledger.to_json()})
    else:
        sys.stdout.write(ledger.text())
    return 0


def _settings_names() -> list[str]:
    names: list[str] = []
    for settings in _settings().values():
        names += [n for n in settings if n not in names]
    return names
