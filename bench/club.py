"""Club tournaments: what a record costs to check, and what the page pays per entry and per redraw.

    python3 bench/club.py [--repeat 5] [--teams 16 --groups 4] [--players 12 --rounds 3] [--seed 7]

Simulates a Tressette and a Boston tournament with the medium computer players (their time is
reported too), then times, as the median of ``--repeat`` runs:

* ``parse``: reading the record's text into entries (no rule checked) -- the reference;
* ``check``: reading it into a :class:`~pyapp.club.tournament.Ledger` (every entry checked
  against the rules, as ``club check`` and a page reload do), with its ratio to ``parse``;
* ``add``: the record's last entry entered on the page (``ClubSession.add``) over the rest, then
  ``undo``; ``refuse``: an entry refused (the state is rebuilt from the record); ``undo`` alone;
* ``snapshot``: the data of one redraw of the page (``ClubSession.snapshot``);
* ``link``: packing the share link.

The browser runs Python about three times slower than CPython (docs/startup.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pyapp.boston.tournament import simulate as simulate_boston  # noqa: E402
from pyapp.club.record import read  # noqa: E402
from pyapp.club.session import ClubSession  # noqa: E402
from pyapp.club.tournament import Ledger  # noqa: E402
from pyapp.tressette.tournament import simulate as simulate_tressette  # noqa: E402


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """The median time of ``action`` over ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(name: str, text: str, bad: str, repeat: int) -> None:
    """Print the timings of one tournament's record."""
    lines = text.count("\n")
    parse = median_ms(lambda: read(text), repeat)
    check = median_ms(lambda: Ledger.read(text), repeat)
    *rest, last = text.rstrip("\n").split("\n")
    session = ClubSession.load("\n".join(rest) + "\n")

    def add_last() -> None:
        assert session.add(last)["ok"]

    add = median_ms(add_last, 1)
    undo = median_ms(session.undo, 1)
    refuse = median_ms(lambda: session.add(bad), repeat)
    snapshot = median_ms(session.snapshot, repeat)
    link = median_ms(session.fragment, repeat)
    print(f"{name}: {lines} lines, link {len(session.fragment())} characters")
    print(f"  parse {parse:7.2f} ms (reference)")
    print(f"  check {check:7.2f} ms  x{check / parse:.1f}")
    print(
        f"  add {add:.2f} ms   undo {undo:.2f} ms   refuse {refuse:.2f} ms   snapshot {snapshot:.2f} ms   link {link:.2f} ms"
    )


def main() -> int:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--teams", type=int, default=16)
    parser.add_argument("--groups", type=int, default=4)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    start = time.perf_counter()
    tressette = simulate_tressette(teams=args.teams, groups=args.groups, knockout=2, seed=args.seed).text()
    print(f"simulated Tressette in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    boston = simulate_boston(players=args.players, rounds=args.rounds, seed=args.seed).text()
    print(f"simulated Boston in {time.perf_counter() - start:.1f} s")
    measure("tressette", tressette, "team X a b", args.repeat)
    measure("boston", boston, "hand 1 chiedo X 14", args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
