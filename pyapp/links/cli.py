"""Command line for replay links (dispatched from ``python3 -m pyapp``).

    python3 -m pyapp link FILE [--hand N] [--move M] [--at K] [--base URL]
    python3 -m pyapp check --link LINK [--lang en]

``link`` prints the link of a record (``-``: standard input): the whole game, or hand ``N``
(1-based: every deal counts); ``--move M`` keeps only the first ``M`` actions (of the hand, with
``--hand``), ``--at K`` makes the viewer open at move ``K``. The link is relative to the site
(``replay.html#v2.…``) unless ``--base`` gives the site's address.

``check --link`` reads a link (``#v2.…``, an old ``#r=…``, a whole address, or ``-`` for standard
input) and judges the record it holds exactly as ``check FILE`` does, printing the same JSON;
a link that cannot be read prints ``{"valid": false, "reason", "error"}`` and exits with 1.
"""

from __future__ import annotations

import argparse
import json
import sys

from pyapp.core import parse_int
from pyapp.i18n import DEFAULT_LANG, LANGS
from pyapp.links.codec import LinkError, check_link, make_link
from pyapp.record import RecordError, judge


def _count(text: str) -> int:
    value = parse_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return value


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _print(report: dict[str, object]) -> None:
    try:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader has gone (``| head``): fine
        pass


def link_main(argv: list[str]) -> int:
    """``link FILE [--hand N] [--move M] [--at K] [--base URL]``: print the replay link."""
    parser = argparse.ArgumentParser(prog="python3 -m pyapp link", description="print a replay link")
    parser.add_argument("file", help="record file, or - for standard input")
    parser.add_argument("--hand", type=_count, help="only hand N (1 = the first deal)")
    parser.add_argument("--move", type=_count, help="only the first M actions (of the hand with --hand)")
    parser.add_argument("--at", type=_count, help="the move the viewer opens at")
    parser.add_argument("--base", default="", help="the site's address, e.g. https://example.org/circolo/")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    args = parser.parse_args(argv)
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        link = make_link(text, args.hand, args.move, args.at)
    except RecordError as exc:
        print(exc.message(args.lang), file=sys.stderr)
        return 1
    except LinkError as exc:
        print(exc.message(args.lang), file=sys.stderr)
        return 1
    base = args.base if not args.base or args.base.endswith("/") else args.base + "/"
    print(base + link)
    return 0


def fragment_of(link: str) -> str:
    """The fragment of a link given as an address, ``replay.html#…``, ``#…`` or the bare fragment."""
    link = link.strip()
    return link.split("#", 1)[1] if "#" in link else link


def check_main(argv: list[str]) -> int:
    """``check --link LINK``: judge the record a link holds, printing ``check``'s JSON."""
    parser = argparse.ArgumentParser(prog="python3 -m pyapp check", description="validate a replay link")
    parser.add_argument("--link", required=True, help="the link (an address, #v2..., #r=...), or -")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="language of messages")
    args = parser.parse_args(argv)
    given = sys.stdin.read() if args.link == "-" else args.link
    try:
        record, _position = check_link(fragment_of(given))
    except LinkError as exc:
        reason = exc.message(args.lang)
        _print({"valid": False, "reason": reason, "error": reason})
        print(reason, file=sys.stderr)
        return 1
    except RecordError as exc:
        _print({"valid": False, **exc.as_dict(args.lang)})
        print(exc.message(args.lang), file=sys.stderr)
        return 1
    status, report = judge(record, args.lang)
    _print(report)
    return status


def main(words: list[str]) -> int:
    """``words`` from the command line: ``link ...`` or ``check --link ...``."""
    if words[:1] == ["link"]:
        return link_main(words[1:])
    return check_main(words[1:])
