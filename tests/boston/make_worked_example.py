"""Regenerate ``worked_example.txt``: the worked example of the Boston rules as a record.

``python3 tests/boston/make_worked_example.py`` searches, deal by deal, for a seeded shuffle and a
legal card play in which the contracting side takes exactly the tricks of the rules' table
(bids are scripted; cards are chosen by a simple steering policy: the side that still needs
tricks plays its strongest card, the other side its weakest, with some randomness). The output
is deterministic. The test ``test_worked_example.py`` checks the record against the table.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from pyapp.boston.rules import CARD_OF, RANK_OF, SUIT_OF, BostonState  # noqa: E402
from pyapp.record import write_record  # noqa: E402

# (dealer, bids, contracting seats, tricks of the contracting side) -- rules' worked example
HANDS: list[tuple[str, list[str], tuple[int, ...], int | None]] = [
    ("N", ["chiedo", "accetto", "passo", "passo"], (1, 2), 9),  # E chiedo, S accetto, W, N pass
    ("E", ["passo", "passo", "passo", "passo"], (), None),  # four PASSO: E deals again
    ("E", ["solo"], (2,), 7),  # S solo
    ("S", ["chiedo", "passo", "passo", "passo"], (3,), 6),  # W chiedo, N E S pass
    ("W", ["chiedo", "accetto", "passo", "solo"], (3,), 8),  # N chiedo, E accetto, S pass, W solo
]


def _power(state: BostonState, code: str) -> int:
    card = CARD_OF[code]
    if card == state._boston:
        return 1000
    if SUIT_OF[card] == state._trump:
        return 100 + RANK_OF[card]
    return RANK_OF[card]


def _play_hand(state: BostonState, side: tuple[int, ...], target: int, rng: random.Random) -> bool:
    """Play the 13 tricks on ``state`` steering towards ``target`` tricks for ``side``."""
    while state.phase() == "play":
        player = state.current_player()
        legal = state.legal_actions()
        taken = sum(state._won[p] for p in side)
        left = 13 - len(state._tricks)
        wants = taken < target if player in side else taken + left > target
        if rng.random() < 0.25:
            action = rng.choice(legal)
        else:
            action = (max if wants else min)(legal, key=lambda c: _power(state, c))
        state.apply(action)
    summary = state.result()["hands"][-1]
    return summary["contract"]["tricks"] == target


def build() -> str:
    """The record text of the worked example (deterministic)."""
    state = BostonState()
    state.apply("dealer N")
    for index, (dealer, bids, side, target) in enumerate(HANDS):
        assert state.seat_label(state.dealer) == dealer
        for seed in range(10_000):
            rng = random.Random(1000 * index + seed)
            trial = state.clone()
            trial.apply(trial.chance_sample(rng))
            for bid in bids:
                trial.apply(bid)
            if target is None or _play_hand(trial, side, target, rng):
                state = trial
                break
        else:
            raise RuntimeError(f"no deal found for dealer {dealer}")
    return write_record(state, {"Event": "Worked example of the Boston rules"})


if __name__ == "__main__":
    (HERE / "worked_example.txt").write_text(build(), encoding="utf-8")
