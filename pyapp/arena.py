"""The arena: computer players of two levels play the same deals, and the difference is measured.

    python3 -m pyapp arena --game tressette --a hard --b medium --deals 500 [--seed 1] [--json]

**Duplicate deals.** Every deal (its shuffles fixed in advance) is played once per *seating*, so
luck cancels out. Each game says how, in its package (its spec's ``arena``: an
:class:`ArenaGame`): Tressette twice, A as N-S against B as E-W, then the sides swapped; Boston
and Poker with A in each seat in turn against B players everywhere else.

Chance outcomes come from a generator seeded by the deal and the chance node's kind and number,
so every seating of a deal sees the same shuffles (a Boston redeal or a poker reshuffle too);
cuts are declined by the arena itself (``nocut``), not left to the players. A Tressette deal is
one hand, a Boston deal one counted hand, a poker deal the hands until a pot is won (a passed-out
pot is carried, as at the table).

It reports, per deal, the mean score of an A unit (a Tressette team, a Boston or poker player)
and of a B unit in the same games, and from these the share of deals A wins (ties count half)
with a 95% confidence interval, the mean score per game and the margin with its interval, and
each side's time per move (median, p95). Long runs draw a progress bar on standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pyapp.bots import LEVELS, Budget, ThinkingBot, make_bot, normalize_level
from pyapp.core import CHANCE, TERMINAL, Bot, GameState
from pyapp.games import spec, specs

MAX_ACTIONS = 5000
"""A safety bound on the actions of one arena game."""


@dataclass
class GameOutcome:
    """One game of a deal in one seating: each seat's score and each side's move times."""

    scores: list[float]
    times: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})
    hands: int = 1
    chance: list[str] = field(default_factory=list)
    """The chance outcomes of the game, in order (the same in every seating of a deal)."""


@dataclass
class DealResult:
    """A deal played in every seating: mean score per game of an A unit and of a B unit."""

    a: float
    b: float
    hands: int
    times: dict[str, list[float]]


class ArenaGame(ABC):
    """How one game is played in the arena: its seatings, when a deal is over, who scores what.

    Each game's package defines its own (its spec's ``arena``).
    """

    game: ClassVar[str]
    unit: ClassVar[str] = "points per deal"
    """What a deal's score counts, in the report (``points per hand (team)``)."""

    @abstractmethod
    def seatings(self) -> list[tuple[str, ...]]:
        """Per seating, the side (``"A"`` / ``"B"``) of each seat."""

    @abstractmethod
    def new_state(self, deal: int) -> GameState:
        """A fresh game for deal number ``deal``."""

    @abstractmethod
    def over(self, state: GameState) -> bool:
        """Whether the deal is finished."""

    @abstractmethod
    def scores(self, state: GameState) -> list[float]:
        """Each seat's score for the deal."""

    def units(self, seating: tuple[str, ...], scores: list[float]) -> dict[str, list[float]]:
        """Scores per side, one number per scoring unit (default: one per seat)."""
        out: dict[str, list[float]] = {"A": [], "B": []}
        for side, score in zip(seating, scores, strict=True):
            out[side].append(score)
        return out

    def own_move(self, state: GameState) -> str | None:
        """An action the arena makes itself instead of the player to act (declining a cut, so
        that every seating of a deal is dealt the same cards); ``None``: the player chooses."""
        return None

    def hands_played(self, state: GameState) -> int:
        """Hands dealt in the deal (poker may chain several)."""
        return 1

    def report_lines(self, report: dict[str, Any]) -> list[str]:
        """Lines the report adds for this game (none by default)."""
        return []


def arena_of(game: str) -> ArenaGame:
    """The arena settings of ``game`` (its spec's ``arena``); ``ValueError`` when it has none."""
    ref = spec(game).arena
    if ref is None:
        raise ValueError(f"{game!r} has no arena")
    return ref.load_class(ArenaGame)()  # type: ignore[type-abstract]


def arena_games() -> list[str]:
    """The games the arena can play."""
    return [s.name for s in specs() if s.arena is not None]


def _chance(state: GameState, deal_seed: int, counters: dict[str, int]) -> str:
    """The chance outcome of this deal for the next chance node of its kind (same in every seating)."""
    kind = state.chance_sample(random.Random(0)).split()[0]
    n = counters.get(kind, 0)
    counters[kind] = n + 1
    return state.chance_sample(random.Random(f"{deal_seed}:{kind}:{n}"))


def play_game(
    arena: ArenaGame,
    deal: int,
    deal_seed: int,
    seating: tuple[str, ...],
    bots: dict[str, Bot],
    rng: random.Random,
) -> GameOutcome:
    """Play deal ``deal`` once with the sides seated as ``seating``."""
    state = arena.new_state(deal)
    counters: dict[str, int] = {}
    outcome = GameOutcome(scores=[])
    for _ in range(MAX_ACTIONS):
        if arena.over(state):
            break
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcome.chance.append(_chance(state, deal_seed, counters))
            state.apply(outcome.chance[-1])
            continue
        own = arena.own_move(state)
        if own is not None:
            state.apply(own)
            continue
        side = seating[player]
        info = state.info_state(player)
        start = time.perf_counter()
        action = bots[side].choose(info, rng)
        outcome.times[side].append((time.perf_counter() - start) * 1000.0)
        state.apply(action)
    else:
        raise RuntimeError(f"arena game did not end: {arena.game} deal {deal}")
    outcome.scores = arena.scores(state)
    outcome.hands = arena.hands_played(state)
    return outcome


def play_deal(arena: ArenaGame, deal: int, seed: int, bots: dict[str, Bot]) -> DealResult:
    """Play deal ``deal`` in every seating; the mean score per game of an A and of a B unit."""
    deal_seed = seed * 1_000_003 + deal
    a_scores: list[float] = []
    b_scores: list[float] = []
    times: dict[str, list[float]] = {"A": [], "B": []}
    hands = 0
    for k, seating in enumerate(arena.seatings()):
        rng = random.Random(f"{deal_seed}:bots:{k}")
        outcome = play_game(arena, deal, deal_seed, seating, bots, rng)
        units = arena.units(seating, outcome.scores)
        a_scores += units["A"]
        b_scores += units["B"]
        times["A"] += outcome.times["A"]
        times["B"] += outcome.times["B"]
        hands += outcome.hands
    return DealResult(statistics.fmean(a_scores), statistics.fmean(b_scores), hands, times)


# -- statistics -------------------------------------------------------------------------------------


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal-approximation 95% confidence interval."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    if n < 2:
        return mean, mean, mean
    half = 1.96 * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


@dataclass
class ArenaReport:
    """Everything the arena prints."""

    game: str
    a: str
    b: str
    deals: int
    seed: int
    results: list[DealResult]
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        wins = [1.0 if r.a > r.b else 0.5 if r.a == r.b else 0.0 for r in self.results]
        win, win_lo, win_hi = mean_ci(wins)
        margin, m_lo, m_hi = mean_ci([r.a - r.b for r in self.results])
        a_mean, a_lo, a_hi = mean_ci([r.a for r in self.results])
        hands = sum(r.hands for r in self.results)
        games = len(self.results) * len(arena_of(self.game).seatings())
        out: dict[str, Any] = {
            "game": self.game,
            "a": self.a,
            "b": self.b,
            "deals": len(self.results),
            "games": games,
            "hands": hands,
            "seed": self.seed,
            "win_rate": win,
            "win_rate_ci": [max(0.0, win_lo), min(1.0, win_hi)],
            "ties": sum(1 for r in self.results if r.a == r.b) / max(1, len(self.results)),
            "mean_a": a_mean,
            "mean_a_ci": [a_lo, a_hi],
            "mean_b": statistics.fmean(r.b for r in self.results) if self.results else 0.0,
            "margin": margin,
            "margin_ci": [m_lo, m_hi],
            "seconds": self.seconds,
        }
        for side in ("A", "B"):
            times = [t for r in self.results for t in r.times[side]]
            out[f"ms_per_move_{side.lower()}"] = {
                "moves": len(times),
                "median": statistics.median(times) if times else 0.0,
                "p95": percentile(times, 0.95),
                "mean": statistics.fmean(times) if times else 0.0,
                "max": max(times) if times else 0.0,
            }
        return out

    def text(self) -> str:
        """The report as a few readable lines."""
        d = self.as_dict()
        arena = arena_of(self.game)
        unit = arena.unit
        lo, hi = d["win_rate_ci"]
        lines = [
            f"{self.game}: A = {self.a}, B = {self.b}; {d['deals']} deals, {d['games']} games, seed {self.seed}"
            f" ({d['seconds']:.0f} s)",
            f"A wins {100 * d['win_rate']:.1f}% of deals (95% CI {100 * lo:.1f}-{100 * hi:.1f}%),"
            f" ties {100 * d['ties']:.1f}%",
            f"{unit}: A {d['mean_a']:+.3f}, B {d['mean_b']:+.3f}; A - B {d['margin']:+.3f}"
            f" (95% CI {d['margin_ci'][0]:+.3f} to {d['margin_ci'][1]:+.3f})",
        ]
        lines += arena.report_lines(d)
        for side, level in (("a", self.a), ("b", self.b)):
            t = d[f"ms_per_move_{side}"]
            lines.append(
                f"ms per move {side.upper()} ({level}): median {t['median']:.2f}, p95 {t['p95']:.2f},"
                f" mean {t['mean']:.2f}, max {t['max']:.1f} over {t['moves']} moves"
            )
        return "\n".join(lines)


# -- running --------------------------------------------------------------------------------------------


def build_bots(game: str, a: str, b: str, budget: Budget | None) -> dict[str, Bot]:
    """The two sides' players (a search player gets ``budget`` when one is given)."""

    def one(level: str) -> Bot:
        if budget is not None and normalize_level(level) == "hard":
            return make_bot(game, level, budget=budget)
        return make_bot(game, level)

    bots = {"A": one(a), "B": one(b)}
    if a == b and not isinstance(bots["A"], ThinkingBot):
        bots["B"] = one(b)
    return bots


_WORKER: dict[str, Any] = {}


def _init_worker(game: str, a: str, b: str, budget: Budget | None, seed: int) -> None:
    _WORKER.update(arena=arena_of(game), bots=build_bots(game, a, b, budget), seed=seed)


def _work(deal: int) -> DealResult:
    return play_deal(_WORKER["arena"], deal, _WORKER["seed"], _WORKER["bots"])


def run(
    game: str,
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    budget: Budget | None = None,
    jobs: int = 1,
    progress: bool = False,
    first: int = 0,
) -> ArenaReport:
    """Play ``deals`` duplicate deals (numbers ``first`` ..) and return the report."""
    start = time.perf_counter()
    results: list[DealResult] = []
    bar = _Progress(deals) if progress else None
    indices = range(first, first + deals)
    iterator: Iterator[DealResult]
    if jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(
            jobs, initializer=_init_worker, initargs=(game, a, b, budget, seed)
        )
        iterator = pool.imap(_work, indices)
    else:
        _init_worker(game, a, b, budget, seed)
        iterator = (_work(d) for d in indices)
    for result in iterator:
        results.append(result)
        if bar is not None:
            bar.update(results)
    if jobs > 1:
        pool.close()
        pool.join()
    if bar is not None:
        bar.finish()
    return ArenaReport(game, a, b, deals, seed, results, time.perf_counter() - start)


class _Progress:
    """A progress bar on standard error (a line every 5% when it is not a terminal)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.tty = sys.stderr.isatty()
        self.last = 0.0
        self.step = -1
        self.start = time.perf_counter()

    def update(self, results: list[DealResult]) -> None:
        done = len(results)
        now = time.perf_counter()
        wins = sum(1.0 if r.a > r.b else 0.5 if r.a == r.b else 0.0 for r in results) / done
        eta = (now - self.start) / done * (self.total - done)
        if self.tty:
            if now - self.last < 0.2 and done < self.total:
                return
            self.last = now
            filled = int(30 * done / self.total)
            sys.stderr.write(
                f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}"
                f"  A {100 * wins:.1f}%  eta {eta:.0f} s "
            )
        else:
            step = int(20 * done / self.total)
            if step == self.step:
                return
            self.step = step
            sys.stderr.write(f"{done}/{self.total} deals  A {100 * wins:.1f}%  eta {eta:.0f} s\n")
        sys.stderr.flush()

    def finish(self) -> None:
        if self.tty:
            sys.stderr.write("\n")
            sys.stderr.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``arena`` sub-command's options."""
    levels = [*LEVELS, "random", "rule"]
    parser.add_argument("--game", required=True, choices=sorted(arena_games()))
    parser.add_argument("--a", required=True, choices=levels, help="level of side A")
    parser.add_argument("--b", required=True, choices=levels, help="level of side B")
    parser.add_argument("--deals", type=int, default=100, help="number of duplicate deals")
    parser.add_argument("--seed", type=int, default=1, help="which deals (the same seed, the same deals)")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal (to split runs)")
    parser.add_argument("--budget-ms", type=float, default=None, help="hard players' time per move")
    parser.add_argument("--samples", type=int, default=None, help="hard players' samples per move")
    parser.add_argument(
        "--work", type=int, default=None, help="hard players' work per move (search nodes; load-independent)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def main(args: argparse.Namespace) -> int:
    """Run the arena from parsed arguments; print the report."""
    if args.deals < 1:
        print("--deals must be at least 1", file=sys.stderr)
        return 2
    budget = None
    if args.budget_ms is not None or args.samples is not None or args.work is not None:
        budget = Budget(ms=args.budget_ms, samples=args.samples, work=args.work)
    report = run(
        args.game,
        args.a,
        args.b,
        args.deals,
        seed=args.seed,
        budget=budget,
        jobs=max(1, args.jobs),
        progress=not args.no_progress and args.deals >= 10,
        first=args.first,
    )
    if args.json:
        print(json.dumps(report.as_dict(), indent=2))
    else:
        print(report.text())
    return 0
