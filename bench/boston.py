"""Boston benchmark: random full hands per second in CPython and in Pyodide (Node), bot move times.

    python3 bench/boston.py [--seconds 3] [--no-pyodide]

The same measuring script runs in a CPython subprocess and in the pinned Pyodide under Node
(``tests/pyodide_node.run_in_pyodide``). A *hand* is one deal played to its end: shuffle, bids
and the 13 tricks (four-pass redeals are counted as deals but not as full hands). Targets: at
least 2,000 random full hands per second in CPython, Pyodide within 4x of CPython. It also
reports the median and 95th percentile of the rule-based bot's move time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

TARGET_HANDS_PER_S = 2000
TARGET_RATIO = 4.0

MEASURE = r"""
import json, random, sys, time
from pyapp.boston.rules import BostonState
from pyapp.boston.bots import BostonRuleBot
from pyapp.core import CHANCE, TERMINAL

seconds = float(sys.argv[1])

def random_hands(seconds):
    rng = random.Random(1)
    hands = deals = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = BostonState()
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply(state.chance_sample(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            actions += 1
        result = state.result()
        hands += result["counted_hands"]
        deals += len(result["hands"])
    elapsed = time.perf_counter() - start
    return {"hands_per_s": hands / elapsed, "deals_per_s": deals / elapsed, "actions_per_s": actions / elapsed}

def bot_times(seconds):
    rng = random.Random(2)
    bot = BostonRuleBot()
    times = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = BostonState()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.chance_sample(rng))
                continue
            t0 = time.perf_counter()
            action = bot.choose(state.info_state(state.current_player()), rng)
            times.append(time.perf_counter() - t0)
            state.apply(action)
    times.sort()
    return {
        "moves": len(times),
        "median_ms": 1000 * times[len(times) // 2],
        "p95_ms": 1000 * times[int(len(times) * 0.95)],
        "max_ms": 1000 * times[-1],
    }

report = {"python": sys.version.split()[0], "platform": sys.platform}
random_hands(min(0.3, seconds / 4))  # warm up
report.update(random_hands(seconds))
report["rule_bot"] = bot_times(seconds / 2)
print("BENCH " + json.dumps(report))
"""


def _parse(stdout: str) -> dict[str, object]:
    for line in stdout.splitlines():
        if line.startswith("BENCH "):
            report: dict[str, object] = json.loads(line[6:])
            return report
    raise RuntimeError(f"no report in output: {stdout[-500:]}")


def run_cpython(seconds: float) -> dict[str, object]:
    """The measuring script in a fresh CPython process."""
    proc = subprocess.run(
        [sys.executable, "-c", MEASURE, str(seconds)], cwd=REPO, capture_output=True, text=True, check=False
    )
    if proc.returncode:
        raise RuntimeError(proc.stderr)
    return _parse(proc.stdout)


def run_pyodide(seconds: float) -> dict[str, object]:
    """The measuring script in the pinned Pyodide under Node."""
    from pyodide_node import run_in_pyodide

    proc = run_in_pyodide(MEASURE, timeout=300 + 4 * seconds, args=[str(seconds)])
    if proc.returncode:
        raise RuntimeError(proc.stderr[-2000:])
    return _parse(proc.stdout)


def _line(name: str, report: dict[str, object]) -> str:
    bot = report["rule_bot"]
    assert isinstance(bot, dict)
    return (
        f"{name:<8} Python {report['python']:<8} {report['hands_per_s']:>8.0f} random full hands/s "
        f"({report['actions_per_s']:>8.0f} actions/s)   rule bot move: median {bot['median_ms']:.3f} ms, "
        f"p95 {bot['p95_ms']:.3f} ms ({bot['moves']} moves)"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per runtime")
    parser.add_argument("--no-pyodide", action="store_true", help="measure CPython only")
    args = parser.parse_args(argv)
    ok = True
    cpython = run_cpython(args.seconds)
    print(_line("CPython", cpython))
    if cpython["hands_per_s"] < TARGET_HANDS_PER_S:  # type: ignore[operator]
        print(f"  below target: {TARGET_HANDS_PER_S} hands/s")
        ok = False
    if not args.no_pyodide:
        pyodide = run_pyodide(args.seconds)
        print(_line("Pyodide", pyodide))
        ratio = cpython["hands_per_s"] / pyodide["hands_per_s"]  # type: ignore[operator]
        print(f"CPython / Pyodide ratio: {ratio:.2f}x (target <= {TARGET_RATIO:.0f}x)")
        ok = ok and ratio <= TARGET_RATIO
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
