"""How often the ``hard`` poker player bluffs, measured over arena deals against ``medium`` players.

    python3 bench/bluff.py [--deals 200] [--seed 12] [--work 3000]

The hard player (:class:`pyapp.poker.hard.HardPokerBot`) counts its own decisions in ``tally``: every
open, bet and raise; every *bluff spot* (a hand it expects to lose -- equity under 0.2 -- with at
most two opponents left, none of whom has shown strength, and a bet on offer); the bets it made
there; and the same for standing pat in the draw. This script plays ``--deals`` arena deals (the hard
player in each seat in turn at a table of five, as ``python3 -m pyapp arena --game poker`` does), with
a work cap instead of a time budget so that the figures do not depend on the machine's load, and
prints the bluff rate three ways: the share of its bets and raises that are bluffs, how often it
bluffs when a bluff is plausible (the configured ``BLUFF_RATE``, checked), and bluffs per hand.
The reference measured in the same run is the same player with ``bluff=0`` (it must never bluff),
and the chips per deal of both against the medium players show what the bluffs earn.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pyapp.arena import mean_ci, play_deal  # noqa: E402
from pyapp.bots import Budget, make_bot  # noqa: E402
from pyapp.poker.arena import PokerArena  # noqa: E402
from pyapp.poker.hard import BLUFF_RATE, HardPokerBot  # noqa: E402


def measure(deals: int, seed: int, work: int, bluff: float) -> tuple[HardPokerBot, list[float], int]:
    """Play ``deals`` deals; the hard player, its margin in chips on each deal and the hands played."""
    hard = HardPokerBot(Budget(ms=None, work=work), bluff=bluff)
    bots = {"A": hard, "B": make_bot("poker", "medium")}
    arena = PokerArena()
    chips: list[float] = []
    hands = 0
    for deal in range(deals):
        result = play_deal(arena, deal, seed, bots)
        chips.append(result.a - result.b)
        hands += result.hands
    return hard, chips, hands


def main() -> None:
    """Print the bluff figures of the hard player and of its no-bluff reference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--work", type=int, default=3000, help="simulation work per decision")
    args = parser.parse_args()
    hard, chips, hands = measure(args.deals, args.seed, args.work, BLUFF_RATE)
    ref, ref_chips, ref_hands = measure(args.deals, args.seed, args.work, 0.0)
    margin, ref_margin = statistics.fmean(chips), statistics.fmean(ref_chips)
    diff, low, high = mean_ci([a - b for a, b in zip(chips, ref_chips, strict=True)])  # the same deals
    t = hard.tally
    print(f"poker hard vs medium, {args.deals} deals ({hands} hands), work {args.work} a decision")
    print(
        f"  opens, bets and raises: {t['aggressive']}; bluffs among them: {t['bluffs']}"
        f" = {100 * t['bluffs'] / max(1, t['aggressive']):.1f} %"
    )
    print(
        f"  bluff spots: {t['bluff_spots']}; bluffed in {t['bluffs']}"
        f" = {100 * t['bluffs'] / max(1, t['bluff_spots']):.1f} % (BLUFF_RATE {100 * BLUFF_RATE:.0f} %)"
    )
    print(
        f"  pat-bluff spots: {t['pat_spots']}; stood pat in {t['pat_bluffs']}"
        f" = {100 * t['pat_bluffs'] / max(1, t['pat_spots']):.1f} % (BLUFF_RATE / 2)"
    )
    print(f"  bluffs per 100 hands seated: {100 * (t['bluffs'] + t['pat_bluffs']) / max(1, hands):.2f}")
    print(f"  margin over the medium players: {margin:+.2f} chips a deal")
    r = ref.tally
    print(
        f"reference, the same player with bluff=0 ({ref_hands} hands): bluffs {r['bluffs'] + r['pat_bluffs']},"
        f" margin {ref_margin:+.2f} chips a deal; with bluffs - without: {diff:+.2f} (95 % CI {low:+.2f} to"
        f" {high:+.2f}, paired by deal)"
    )


if __name__ == "__main__":
    main()
