"""Computer players of every game, by level: the registry views and tools use.

``make_bot(game, level)`` returns a :class:`~pyapp.core.Bot` for ``game`` at ``level``, the
player the game's package registers for that level (:class:`pyapp.games.GameSpec`):

* ``"easy"`` -- a beginner: plays by simple rules and makes believable mistakes;
* ``"medium"`` -- the rule players; records written before levels existed call it ``"rule"``;
* ``"hard"`` -- search players: they sample the hidden cards consistently with everything
  public and search.

``"random"`` (a uniformly random legal action) is kept for tests and baselines.

Search players are :class:`ThinkingBot` s: ``think(info, rng)`` is a generator that does its
work in slices of a few milliseconds, yielding between slices, and whose return value is the
action; ``choose`` simply drains it. A browser view can run one slice per event-loop turn (``await
asyncio.sleep(0)`` between ``next()`` calls) so the page never freezes. Their budget is a
:class:`Budget`: milliseconds on an injectable clock, and/or a count of samples (tests use counts
so that they never depend on the machine's speed).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Final

from pyapp.core import Bot, InfoState, RandomBot
from pyapp.games import Ref, UnknownGame, spec

LEVELS: Final[tuple[str, ...]] = ("easy", "medium", "hard")
"""The levels offered to players, weakest first."""

DEFAULT_LEVEL: Final = "medium"

ALIASES: Final[dict[str, str]] = {"rule": "medium"}
"""Old names still found in records: ``rule`` is today's ``medium``."""


def normalize_level(level: str) -> str:
    """The level a name stands for (``"rule"`` -> ``"medium"``); unknown names are returned as is."""
    return ALIASES.get(level, level)


def _player(game: str, level: str) -> Ref | None:
    """Where the player of ``level`` for ``game`` lives (``rule`` and ``medium`` name the same one)."""
    try:
        players = spec(game).players
    except UnknownGame:
        return None
    wanted = normalize_level(level)
    for name in (level, wanted, *(old for old, new in ALIASES.items() if new == wanted)):
        if name in players:
            return players[name]
    return None


def is_level(game: str, level: str) -> bool:
    """Whether ``make_bot(game, level)`` would succeed (``random``, a level or an old alias)."""
    return level == "random" or _player(game, level) is not None


def make_bot(game: str, level: str, **settings: object) -> Bot:
    """A computer player of ``game`` at ``level`` (``easy``, ``medium``, ``hard``, ``random``).

    The players of each level are the game's (its :class:`~pyapp.games.GameSpec`'s ``players``).
    ``settings`` go to the player's constructor (e.g. ``budget=Budget(samples=8)`` for a hard
    player). Raises ``ValueError`` for an unknown game or level.
    """
    if level == "random":
        return RandomBot()
    player = _player(game, level)
    if player is None:
        raise ValueError(f"no {level!r} computer player for {game!r}")
    cls: type[Any] = player.load_class(Bot)
    bot: Bot = cls(**settings)
    return bot


Clock = Callable[[], float]
"""A clock in milliseconds (``time.perf_counter() * 1000`` by default; tests inject fake ones)."""


def wall_clock_ms() -> float:
    """Milliseconds from an arbitrary origin (monotonic)."""
    return time.perf_counter() * 1000.0


@dataclass(frozen=True)
class Budget:
    """How long a search player may think about one move.

    ``ms`` is a time budget on ``clock`` (``None``: no time limit); ``samples`` caps the number
    of sampled deals (or simulations); ``work`` caps the work done, counted by the search itself
    in its own units (search nodes, playout steps), so that it does not depend on the machine's
    speed or load (the arena and tests use it). At least one must be set. ``slice_ms`` is the
    most time spent between two yields of :meth:`ThinkingBot.think`.
    """

    ms: float | None = 250.0
    samples: int | None = None
    work: int | None = None
    slice_ms: float = 12.0
    clock: Clock = wall_clock_ms

    def __post_init__(self) -> None:
        if self.ms is None and self.samples is None and self.work is None:
            raise ValueError("a budget needs a time limit, a sample count or a work cap")


class Timer:
    """Tracks a :class:`Budget` during one decision: when to yield and when to stop."""

    __slots__ = ("budget", "start", "slice_start", "done", "work")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.start = self.slice_start = budget.clock()
        self.done = 0
        """Samples (or simulations) completed."""
        self.work = 0
        """Work units spent (the search adds them)."""

    def slice_over(self) -> bool:
        """Whether the current slice has used its time (then the caller yields and calls
        :meth:`new_slice`)."""
        return self.budget.clock() - self.slice_start >= self.budget.slice_ms

    def new_slice(self) -> None:
        """Start timing a new slice (after a yield)."""
        self.slice_start = self.budget.clock()

    def charge(self, work: int) -> bool:
        """Add ``work`` units spent; whether the slice is over (as :meth:`slice_over`)."""
        self.work += work
        return self.slice_over()

    def sample_done(self, work: int, most: int) -> bool:
        """Count one more sample and the ``work`` it cost on top of its searches; whether the
        search should stop: the budget is spent (:meth:`finished`) or ``most`` samples are done."""
        self.done += 1
        self.work += work
        return self.finished() or self.done >= most

    def finished(self, minimum: int = 1) -> bool:
        """Whether the search should stop after ``self.done`` samples (at least ``minimum``)."""
        b = self.budget
        if self.done < minimum:
            return False
        if b.samples is not None and self.done >= b.samples:
            return True
        if b.work is not None and self.work >= b.work:
            return True
        return b.ms is not None and b.clock() - self.start >= b.ms


Thought = Generator[None, None, str]
"""The generator type of :meth:`ThinkingBot.think`: yields ``None`` between slices, returns the action."""


class ThinkingBot(Bot):
    """A player whose decision is a sliced computation (see the module doc)."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget if budget is not None else Budget()

    def think(self, info: InfoState, rng: random.Random) -> Thought:
        """Work out the action for ``info.seat``, yielding between slices; return the action."""
        raise NotImplementedError
        yield  # pragma: no cover

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """The action, computed in one go (drains :meth:`think`)."""
        gen = self.think(info, rng)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                action: str = stop.value
                return action
