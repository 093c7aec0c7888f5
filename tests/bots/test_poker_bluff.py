"""The hard poker player's bluffs are counted and follow its configured rate (issue 12: "bluff at a
measured, moderate frequency"; the measurement itself is ``bench/bluff.py``)."""

from __future__ import annotations

from pyapp.arena import play_deal
from pyapp.bots import Budget, make_bot
from pyapp.poker.arena import PokerArena
from pyapp.poker.hard import BLUFF_RATE, HardPokerBot


def tally(bluff: float, deals: int = 6) -> dict[str, int]:
    hard = HardPokerBot(Budget(ms=None, work=400), bluff=bluff)
    bots = {"A": hard, "B": make_bot("poker", "medium")}
    for deal in range(deals):
        play_deal(PokerArena(), deal, 3, bots)
    return dict(hard.tally)


def test_bluff_rate_zero_never_bluffs_and_one_always_does() -> None:
    never = tally(0.0)
    always = tally(1.0)
    assert never["bluff_spots"] > 0 and always["bluff_spots"] > 0, "no bluff spot came up"
    assert never.get("bluffs", 0) == 0 and never.get("pat_bluffs", 0) == 0
    assert always["bluffs"] == always["bluff_spots"]
    assert always["aggressive"] >= always["bluffs"]


def test_the_default_rate_is_moderate() -> None:
    assert 0 < BLUFF_RATE <= 0.2
    assert make_bot("poker", "hard").bluff == BLUFF_RATE  # type: ignore[attr-defined]
