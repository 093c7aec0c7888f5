"""Replay-link lengths: 1,000 random hands per game against the targets, and whole Tressette matches.

    python3 bench/links.py [--hands 1000] [--matches 100] [--players rule|random|both] [--seed 1]

Games are played by the computer players (``rule``: the ones a person meets at the tables;
``random``: uniformly random legal actions, which declare odd combinations and bet odd amounts).
For every hand it prints the length of the link's fragment (``v2.…``, what follows ``#``) as a
distribution (min, median, 90th and 99th percentile, max) against the target, the share of
hands within it, and the ratio to the old ``r=`` link of the same hand record measured in the
same run. Also the time to write and to read a link (median, per hand).

Targets (issue 10): a Tressette hand <= 60 characters, a Boston hand <= 80, a poker hand at a
table of five <= 100, a whole Tressette match <= 700.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pyapp.core import CHANCE, GameState  # noqa: E402
from pyapp.games import new_game  # noqa: E402
from pyapp.links.codec import game_link, hand_fragment, hand_spans, hand_text, read_link  # noqa: E402
from pyapp.links.legacy import encode_fragment  # noqa: E402
from pyapp.record import write_record  # noqa: E402
from pyapp.session import make_bot  # noqa: E402

TARGETS = {"tressette": 60, "boston": 80, "poker": 100}
MATCH_TARGET = 700
OPTIONS: dict[str, dict[str, str | int]] = {
    "tressette": {},
    "boston": {},
    "poker": {"players": 5, "hands": 40},
}


def play(game: str, kind: str, rng: random.Random) -> GameState:
    """One whole game (a poker session of 40 deals) played by ``kind`` players."""
    state = new_game(game, **OPTIONS[game])
    bots = [make_bot(game, kind) for _ in range(state.num_players)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
        else:
            action = bots[player].choose(state.info_state(player), rng)
            if action.startswith("penalty"):  # a referee's action, not a player's choice
                action = next(a for a in state.legal_actions() if not a.startswith("penalty"))
            state.apply(action)
    return state


def describe(lengths: list[int]) -> str:
    ordered = sorted(lengths)

    def pct(p: float) -> int:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return (
        f"min {ordered[0]:4d}  median {statistics.median(ordered):6.1f}  p90 {pct(0.9):4d}  "
        f"p99 {pct(0.99):4d}  max {ordered[-1]:4d}"
    )


def bench_hands(game: str, kind: str, count: int, rng: random.Random) -> None:
    lengths: list[int] = []
    legacy: list[int] = []
    write_times: list[float] = []
    read_times: list[float] = []
    while len(lengths) < count:
        state = play(game, kind, rng)
        for span in hand_spans(state):
            if len(lengths) >= count:
                break
            t0 = time.perf_counter()
            fragment = hand_fragment(state, span)
            t1 = time.perf_counter()
            link = read_link(fragment)
            t2 = time.perf_counter()
            assert link.record == hand_text(state, span)
            lengths.append(len(fragment))
            legacy.append(len(encode_fragment(link.record)))
            write_times.append(t1 - t0)
            read_times.append(t2 - t1)
    target = TARGETS[game]
    within = sum(1 for n in lengths if n <= target) / len(lengths)
    ratio = statistics.median(a / b for a, b in zip(lengths, legacy, strict=True))
    print(f"{game:9s} {kind:6s} {len(lengths)} hands: {describe(lengths)}  target <= {target}: {within:6.1%}")
    print(
        f"{'':16s} old r= links of the same hands: {describe(legacy)}  (v2 / r= median {ratio:.3f});"
        f" write {statistics.median(write_times) * 1e3:.1f} ms, read {statistics.median(read_times) * 1e3:.1f} ms"
    )


def bench_matches(kind: str, count: int, rng: random.Random) -> None:
    lengths: list[int] = []
    legacy: list[int] = []
    for _ in range(count):
        text = write_record(play("tressette", kind, rng))
        lengths.append(len(game_link(text)))
        legacy.append(len(encode_fragment(text)))
    within = sum(1 for n in lengths if n <= MATCH_TARGET) / len(lengths)
    print(
        f"tressette {kind:6s} {count} whole matches: {describe(lengths)}  target <= {MATCH_TARGET}: {within:6.1%}"
    )
    print(f"{'':16s} old r= links of the same matches: {describe(legacy)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--players", choices=("rule", "random", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = ("rule", "random") if args.players == "both" else (args.players,)
    for kind in kinds:
        for game in TARGETS:
            bench_hands(game, kind, args.hands, random.Random(args.seed))
        bench_matches(kind, args.matches, random.Random(args.seed))


if __name__ == "__main__":
    main()
