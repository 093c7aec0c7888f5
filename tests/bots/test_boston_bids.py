"""The hard Boston player reads the others' bids (B6-B7): its deals give a player who asked a hand
a rule player asks with, and bids no model explains (a person's) cost only a bounded search."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pyapp.boston import hard
from pyapp.boston.bots import BostonRuleBot
from pyapp.boston.hard import BostonKnowledge, HardBostonBot, rule_bid
from pyapp.boston.rules import CHIEDO, PASSO
from pyapp.bots import Budget, Timer
from pyapp.core import CHANCE, GameState
from pyapp.games import new_game


def asked_positions(count: int) -> Iterator[tuple[GameState, int]]:
    """Bidding positions where a rule player has asked (CHIEDO) and another player is to speak."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = new_game("boston")
        bot = BostonRuleBot()
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.chance_sample(rng))
                continue
            if player < 0 or state.phase() != "bidding":
                break
            bids = state.info_state(player).view["bids"]
            if any(b == CHIEDO for _, b in bids):
                yield state, player
                found += 1
                if found == count:
                    return
                break
            state.apply(bot.choose(state.info_state(player), rng))


def deals(state: GameState, seat: int, n: int, rng: random.Random) -> tuple[list[list[list[int]]], int]:
    """``n`` deals the hard player draws for ``seat``'s decision, and the draws they cost."""
    know = BostonKnowledge.from_view(seat, state.info_state(seat).view)
    timer = Timer(Budget(ms=None, work=10**9))
    gen = HardBostonBot()._deals(know, rng, timer)
    out = [next(gen) for _ in range(n)]
    return out, timer.work // hard.DRAW_WORK


def test_B7_hard_deals_give_the_asker_an_asking_hand() -> None:
    rng = random.Random(7)
    fits = total = 0
    for state, seat in asked_positions(6):
        know = BostonKnowledge.from_view(seat, state.info_state(seat).view)
        asker = next(p for p, b in know.bids if b == CHIEDO)
        drawn, _ = deals(state, seat, 40, rng)
        for hands in drawn:
            total += 1
            fits += rule_bid(hands[asker], know.trump, [PASSO, CHIEDO]) == CHIEDO
    # a random hand is strong enough to ask about one time in eight
    assert fits >= 0.9 * total


def test_B7_bids_no_model_explains_cost_a_bounded_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "RULE_CHIEDO_AT", 99.0)  # no hand would ask: every deal misfits
    state, seat = next(asked_positions(1))
    drawn, draws = deals(state, seat, 20, random.Random(3))
    assert len(drawn) == 20
    assert draws <= hard.MAX_MISSES + 20 * (hard.FORCED_MISSES + 1)
