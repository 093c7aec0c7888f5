"""Tressette engine benchmark: random full hands per second in CPython and in Pyodide under Node.

    python3 bench/tressette.py [--seconds 3] [--no-pyodide]

Prints the CPython rate, the Pyodide rate (same code, run through ``tests/pyodide_node.py``) and
their ratio, and the ChitarrellaBot move time (median, p95; the engine building the bot's
information state included). Targets: >= 2,000 hands/s in CPython, Pyodide within 4x of CPython.

The random players choose uniformly among *all* legal actions, so most leads carry declarations
(engine contract v2 lists every combination). A second figure, "cards only", has them choose
among the plain card plays (the workload of the v1 engine, whose legal list had no declarations).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

TARGET_CPYTHON = 2000.0
TARGET_RATIO = 4.0

WORKLOAD = r'''
import json, random, statistics, sys, time
from pyapp.core import CHANCE
from pyapp.tressette.bots import ChitarrellaBot
from pyapp.tressette.rules import TressetteState


def random_hands(seconds, cards_only=False):
    """Play random matches (random cuts and plays) for about ``seconds``; return hands per second."""
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = TressetteState()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_sample(rng))
            else:
                legal = state.legal_actions()
                if cards_only:
                    legal = [a for a in legal if " " not in a] or legal
                state.apply(rng.choice(legal))
        hands += len(state.result()["hands"])
    return hands / (time.perf_counter() - start)


def bot_times(hands):
    """ChitarrellaBot decision times (seconds) over ``hands`` hands played by four of them."""
    rng = random.Random(2)
    bot = ChitarrellaBot()
    times = []
    state = TressetteState()
    done = 0
    while done < hands:
        if state.is_terminal():
            state = TressetteState()
        if state.current_player() == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        t0 = time.perf_counter()
        action = bot.choose(state.info_state(state.current_player()), rng)
        times.append(time.perf_counter() - t0)
        before = len(state.history)
        state.apply(action)
        if state.phase() == "hand_over" and len(state.history) == before + 1:
            done += 1
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
random_hands(0.3)  # warm up
rate = random_hands(seconds)
plain = random_hands(seconds / 2, cards_only=True)
median, p95 = bot_times(40)
print(json.dumps({"hands_per_second": rate, "cards_only": plain, "bot_median": median, "bot_p95": p95}))
'''


def run_cpython(seconds: float) -> dict[str, float]:
    """The workload in this interpreter."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        saved = sys.argv
        sys.argv = ["workload", str(seconds)]
        try:
            exec(compile(WORKLOAD, "workload", "exec"), {"__name__": "__main__"})
        finally:
            sys.argv = saved
    report: dict[str, float] = json.loads(out.getvalue().strip().splitlines()[-1])
    return report


def run_pyodide(seconds: float) -> dict[str, float] | str:
    """The workload in the pinned Pyodide under Node, or the reason it could not run."""
    try:
        from pyodide_node import PyodideUnavailable, run_in_pyodide
    except ImportError as exc:
        return f"tests/pyodide_node.py not available: {exc}"
    try:
        proc = run_in_pyodide(WORKLOAD, timeout=600, args=[str(seconds)])
    except PyodideUnavailable as exc:
        return str(exc)
    if proc.returncode != 0:
        return f"pyodide run failed ({proc.returncode}): {proc.stderr.strip()[-400:]}"
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the report; exit status 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per interpreter")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    ok = True
    cp = run_cpython(args.seconds)
    rate = cp["hands_per_second"]
    print(
        f"CPython {sys.version.split()[0]}: {rate:,.0f} random full hands/s (target >= {TARGET_CPYTHON:,.0f}) "
        f"{'OK' if rate >= TARGET_CPYTHON else 'MISSED'}"
    )
    ok &= rate >= TARGET_CPYTHON
    print(f"  cards only (no declarations, the v1 workload): {cp['cards_only']:,.0f} hands/s")
    print(
        f"  ChitarrellaBot move time: median {cp['bot_median'] * 1e3:.3f} ms, p95 {cp['bot_p95'] * 1e3:.3f} ms"
    )
    if not args.no_pyodide:
        py = run_pyodide(args.seconds)
        if isinstance(py, str):
            print(f"Pyodide: not measured ({py})")
            ok = False
        else:
            prate = py["hands_per_second"]
            ratio = rate / prate
            print(
                f"Pyodide (Node): {prate:,.0f} random full hands/s; CPython/Pyodide = {ratio:.2f}x "
                f"(target <= {TARGET_RATIO:.0f}x) {'OK' if ratio <= TARGET_RATIO else 'MISSED'}"
            )
            print(f"  cards only (no declarations, the v1 workload): {py['cards_only']:,.0f} hands/s")
            print(
                f"  ChitarrellaBot move time: median {py['bot_median'] * 1e3:.3f} ms, "
                f"p95 {py['bot_p95'] * 1e3:.3f} ms"
            )
            ok &= ratio <= TARGET_RATIO
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
