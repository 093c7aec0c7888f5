"""Benchmark: Poker all'italiana engine and evaluator against PokerKit, on CPython and Pyodide.

    python3 bench/poker.py [--seconds 3] [--no-pyodide]

Prints, in one run:

* random hands per second of our engine (a whole session of 5 players, chance included, rebuying
  when short; each move lists every legal action, every amount and draw, then picks a random kind
  of action and a random action of that kind, as the PokerKit side picks fold/call/raise first) and of PokerKit's ``NoLimitDeuceToSevenLowballSingleDraw`` (the closest
  PokerKit game: five cards, one draw; 5 players, ante 1, random legal actions with PokerKit's
  standard automations), and the ratio (target >= 5x);
* five-card hand evaluations per second: ours (``evaluate`` on Card values, and the bot path on
  sorted integers) against PokerKit's ``ShortDeckHoldemHand`` lookup on its own Card values
  (target >= 1x);
* RuleBot move times (median and 95th percentile), building its information state included;
* the same engine, evaluator and bot figures inside the pinned Pyodide under Node, beside CPython's.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

ENGINE_CODE = r"""
import json, random, time
from pyapp.core import CHANCE
from pyapp.poker.rules import PokerState
from pyapp.poker.evaluate import evaluate, make_evaluator, card_int, stripped_deck

def engine_hands_per_second(seconds):
    rng = random.Random(1)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = PokerState(hands=50)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.chance_sample(rng))
            else:
                legal = state.legal_actions()  # every legal amount and draw (contract v2)
                if "leave" in legal:
                    state.apply("rebuy 1")
                    continue
                # A random kind of action, then a random one of that kind: one-word actions are
                # kinds of their own; those with an amount or cards share one verb in every phase.
                singles = [a for a in legal if " " not in a]
                several = [a for a in legal if " " in a]
                k = rng.randrange(len(singles) + (1 if several else 0))
                state.apply(singles[k] if k < len(singles) else rng.choice(several))
        hands += state.hands_dealt
    return hands / (time.perf_counter() - start)

def evals_per_second(seconds):
    rng = random.Random(2)
    deck = list(stripped_deck("6"))
    hands = [rng.sample(deck, 5) for _ in range(20000)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for h in hands:
            evaluate(h, "6")
        n += len(hands)
    cards_rate = n / (time.perf_counter() - start)
    f = make_evaluator("6")
    ints = [sorted(map(card_int, h), reverse=True) for h in hands]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for v in ints:
            f(v)
        n += len(ints)
    return cards_rate, n / (time.perf_counter() - start)

def bot_move_ms(seconds):
    # RuleBot move times (ms, median and 95th percentile), building its information state included
    from pyapp.poker.bots import RuleBot
    rng = random.Random(4)
    times = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = PokerState(hands=20)
        bot = RuleBot()
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.chance_sample(rng))
                continue
            t0 = time.perf_counter()
            action = bot.choose(state.info_state(p), rng)
            times.append(time.perf_counter() - t0)
            state.apply(action)
    times.sort()
    return times[len(times) // 2] * 1000, times[int(len(times) * 0.95)] * 1000

def measure(seconds):
    hps = engine_hands_per_second(seconds)
    cards_rate, ints_rate = evals_per_second(seconds / 2)
    median, p95 = bot_move_ms(seconds / 2)
    return {"engine_hands_per_s": hps, "evals_per_s": cards_rate, "evals_ints_per_s": ints_rate,
            "bot_median_ms": median, "bot_p95_ms": p95}
"""


def pokerkit_hands_per_second(seconds: float) -> float:
    """Random hands of PokerKit's no-limit 2-7 single draw, 5 players, with its automations."""
    from pokerkit import Automation, NoLimitDeuceToSevenLowballSingleDraw

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(3)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
            automations,
            True,
            1,
            (1, 2),
            2,
            200,
            5,
        )
        while state.status:
            if state.can_stand_pat_or_discard():
                seat = state.stand_patter_or_discarder_index
                assert seat is not None
                hole = list(state.hole_cards[seat])
                k = rng.randrange(0, 5)
                state.stand_pat_or_discard(rng.sample(hole, k))
                continue
            choices = []
            if state.can_fold():
                choices.append("fold")
            if state.can_check_or_call():
                choices.append("call")
            if state.can_complete_bet_or_raise_to():
                choices.append("raise")
            choice = rng.choice(choices)
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                assert lo is not None and hi is not None
                state.complete_bet_or_raise_to(rng.choice([lo, (lo + hi) // 2, hi]))
        hands += 1
    return hands / (time.perf_counter() - start)


def pokerkit_evals_per_second(seconds: float) -> float:
    """ShortDeckHoldemHand construction (its lookup) on pre-parsed PokerKit cards."""
    from pokerkit import Card, ShortDeckHoldemHand

    rng = random.Random(2)
    deck = list(Card.parse("".join(r + s for r in "6789TJQKA" for s in "cdhs")))
    hands = [tuple(rng.sample(deck, 5)) for _ in range(20000)]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for h in hands:
            ShortDeckHoldemHand(h)
        n += len(hands)
    return n / (time.perf_counter() - start)


def pyodide_figures(seconds: float) -> dict[str, float] | str:
    """The engine figures measured inside Pyodide under Node (or why they are unavailable)."""
    try:
        from pyodide_node import PyodideUnavailable, run_in_pyodide
    except ImportError as exc:
        return f"unavailable: {exc}"
    code = ENGINE_CODE + f"\nprint(json.dumps(measure({seconds!r})))\n"
    try:
        proc = run_in_pyodide(code, timeout=600)
    except (PyodideUnavailable, OSError) as exc:
        return f"unavailable: {exc}"
    if proc.returncode != 0:
        return f"failed: {proc.stderr.strip()[-300:]}"
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args(argv)
    namespace: dict[str, object] = {}
    exec(ENGINE_CODE, namespace)
    # The machine is shared: interleave short runs and keep each side's best rate.
    rounds = 4
    runs = []
    pk_hands = pk_evals = 0.0
    for _ in range(rounds):
        runs.append(namespace["measure"](args.seconds / rounds))  # type: ignore[operator]
        pk_hands = max(pk_hands, pokerkit_hands_per_second(args.seconds / rounds))
        pk_evals = max(pk_evals, pokerkit_evals_per_second(args.seconds / rounds / 2))
    ours = {k: (min if k.startswith("bot_") else max)(r[k] for r in runs) for k in runs[0]}
    report: dict[str, object] = {
        "cpython": {**ours, "pokerkit_hands_per_s": pk_hands, "pokerkit_evals_per_s": pk_evals},
        "hands_ratio": ours["engine_hands_per_s"] / pk_hands,
        "evals_ratio": ours["evals_per_s"] / pk_evals,
        "evals_ints_ratio": ours["evals_ints_per_s"] / pk_evals,
    }
    if not args.no_pyodide:
        report["pyodide"] = pyodide_figures(args.seconds)
    print(
        f"engine   {ours['engine_hands_per_s']:10.0f} hands/s   pokerkit {pk_hands:8.0f} hands/s   "
        f"ratio {report['hands_ratio']:.1f}x (target >= 5x)"
    )
    print(
        f"evaluate {ours['evals_per_s']:10.0f} evals/s   ints {ours['evals_ints_per_s']:10.0f} evals/s   "
        f"pokerkit {pk_evals:8.0f} evals/s   ratio {report['evals_ratio']:.1f}x / "
        f"{report['evals_ints_ratio']:.1f}x (target >= 1x)"
    )
    print(
        f"RuleBot  {ours['bot_median_ms']:.3f} ms median, {ours['bot_p95_ms']:.3f} ms p95 per move (info state included)"
    )
    py = report.get("pyodide")
    if isinstance(py, dict):
        print(
            f"pyodide  {py['engine_hands_per_s']:10.0f} hands/s   evals {py['evals_per_s']:10.0f}/s   "
            f"ints {py['evals_ints_per_s']:10.0f}/s   RuleBot {py['bot_median_ms']:.3f} / {py['bot_p95_ms']:.3f} ms"
        )
    elif py is not None:
        print(f"pyodide  {py}")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
