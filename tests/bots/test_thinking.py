"""Search players think in slices (the page never freezes) and stop on their budget (anytime)."""

from __future__ import annotations

import random

import pytest

from pyapp.bots import Budget, ThinkingBot, Timer, make_bot

from .helpers import players, positions


class FakeClock:
    """A clock that advances ``step`` milliseconds every time it is read."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def decision(game: str, seed: int = 2, **options: int) -> tuple[ThinkingBot, object]:
    """A hard player and an information state where it has a real choice to make."""
    for state in positions(game, seed, players(game, ["medium"] * 5), every=1, limit=400, **options):
        info = state.info_state(state.current_player())
        phase = info.view["phase"]
        # a Boston bid with a weak hand is a rule pass (no search): take a card to play instead
        searched = ("play",) if game == "boston" else ("play", "bidding", "bet1", "bet2", "draw")
        if len(info.legal) > 2 and phase in searched:
            bot = make_bot(game, "hard")
            assert isinstance(bot, ThinkingBot)
            return bot, info
    raise AssertionError("no decision found")


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_think_yields_between_slices_and_returns_the_same_action_as_choose(game: str) -> None:
    bot, info = decision(game)
    bot.budget = Budget(ms=None, samples=40, slice_ms=3.0, clock=FakeClock(1.0))
    gen = bot.think(info, random.Random(5))  # type: ignore[arg-type]
    yields = 0
    while True:
        try:
            next(gen)
            yields += 1
        except StopIteration as stop:
            sliced = stop.value
            break
    assert yields >= 3
    bot.budget = Budget(ms=None, samples=40, slice_ms=1e9)
    assert bot.choose(info, random.Random(5)) == sliced  # type: ignore[arg-type]
    assert sliced in info.legal  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_the_time_budget_ends_the_search(game: str) -> None:
    bot, info = decision(game)
    clock = FakeClock(0.5)
    bot.budget = Budget(ms=40.0, clock=clock)
    action = bot.choose(info, random.Random(1))  # type: ignore[arg-type]
    assert action in info.legal  # type: ignore[attr-defined]
    assert 40.0 <= clock.now < 400.0  # stopped soon after its 40 ms (each read costs 0.5 ms here)


def test_timer_counts_samples_and_work() -> None:
    timer = Timer(Budget(ms=None, samples=3))
    assert not timer.finished()
    timer.done = 3
    assert timer.finished()
    timer = Timer(Budget(ms=None, work=100))
    timer.done, timer.work = 1, 99
    assert not timer.finished()
    timer.work = 100
    assert timer.finished()
    with pytest.raises(ValueError):
        Budget(ms=None)
