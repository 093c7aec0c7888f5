"""The Boston computer players: legal, view-only, and the rule-based one beats random play."""

from __future__ import annotations

import random
import statistics

from pyapp.boston.bots import BostonRuleBot, estimate_tricks
from pyapp.boston.rules import CARD_OF, BostonState
from pyapp.core import CHANCE, TERMINAL, Bot, RandomBot

from .helpers import DEAL1, at_play, dealt, play


def play_game(bots: list[Bot], seed: int) -> BostonState:
    """One game: chance from its own seeded stream, so every seating sees the same deals."""
    state = BostonState()
    chance, choices = random.Random(seed), random.Random(seed + 10_000)
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state.apply(state.chance_sample(chance))
        else:
            action = bots[player].choose(state.info_state(state.current_player()), choices)
            assert action in state.legal_actions()
            state.apply(action)


def test_B6_rule_bot_bids_from_its_hand():
    strong = [CARD_OF[c] for c in "Jd As Ks Qs Js Ts Ah Kh Ac Kc Ad Kd 2s".split()]
    weak = [CARD_OF[c] for c in "2c 3c 4c 5c 2d 3d 4d 5d 2h 3h 4h 5h 6h".split()]
    assert estimate_tricks(strong, 3, CARD_OF["Jd"]) >= 8
    assert estimate_tricks(weak, 3, CARD_OF["Jd"]) < 1
    hands = (
        "6h 5h 4h 3h 2h 6c 5c 4c 3c 2c 5d 4d 2s",  # N (dealer) weak
        "Jd As Ks Qs Js Ts Ah Kh Ac Kc Ad Kd 3s",  # E: a SOLO hand
        "9s 8s 7s 6s 5s 4s Qh Jh Th Qc Jc Tc 9c",
        "9h 8h 7h 8c 7c Qd Td 9d 8d 7d 6d 3d 2d",
    )
    state = dealt(hands)
    assert BostonRuleBot().choose(state.info_state(state.current_player()), random.Random(0)) == "solo"
    state = dealt(hands, dealer="W")  # N speaks first with a weak hand
    assert BostonRuleBot().choose(state.info_state(state.current_player()), random.Random(0)) == "passo"


def test_B10_rule_bot_plays_legal_cards_and_follows_suit():
    state = at_play(DEAL1)
    play(state, "Js 3s")
    assert (
        BostonRuleBot().choose(state.info_state(state.current_player()), random.Random(0)) == "Jd"
    )  # the Boston is forced
    bot = BostonRuleBot()
    for seed in range(6):
        play_game([bot] * 4, seed)  # asserts every action is legal


def test_rule_bot_reads_only_its_view():
    """Two deals that differ only in the other players' hands get the same decisions."""
    hands_a = DEAL1
    # swap two hidden cards between N and W (same suits): E's and S's views are identical
    hands_b = (
        "Ah Kh Qh Jh Ac Kc Qc Ad Kd As Ks Qs 2s".replace("Ah", "4h"),
        DEAL1[1],
        DEAL1[2],
        DEAL1[3].replace("4h", "Ah"),
    )
    bot = BostonRuleBot()
    for bids in ("", "passo", "chiedo", "solo", "solo Th", "passo chiedo passo passo accetto"):
        a, b = dealt(hands_a), dealt(hands_b)
        play(a, bids)
        play(b, bids)
        seat = a.current_player()
        assert seat in (1, 2) and a.history != b.history  # the shuffles differ
        info_a, info_b = a.info_state(seat), b.info_state(seat)
        assert info_a == info_b  # the shuffle is masked but for the seat's cards and the trump
        assert bot.choose(info_a, random.Random(1)) == bot.choose(info_b, random.Random(1))
        assert a.info_state(0) != b.info_state(0)  # N sees the difference in his own hand


def test_B11_rule_bot_beats_random_on_duplicate_deals():
    """Each deal set is played four times, the rule bot in each seat against three random bots."""
    rule, rnd = BostonRuleBot(), RandomBot()
    rule_scores, random_scores = [], []
    for seed in range(24):
        for seat in range(4):
            bots: list[Bot] = [rnd] * 4
            bots[seat] = rule
            rule_scores.append(play_game(bots, seed).returns()[seat])
            random_scores.append(play_game([rnd] * 4, seed).returns()[seat])
    mean_rule = statistics.mean(rule_scores)
    mean_random = statistics.mean(random_scores)
    spread = statistics.stdev(rule_scores) / len(rule_scores) ** 0.5
    assert mean_rule - mean_random > 10  # points per game of four hands
    assert mean_rule > 6 * spread
    wins = sum(1 for r in rule_scores if r > 0)
    assert wins > 0.75 * len(rule_scores)


def test_B11_rule_bots_make_most_of_their_contracts():
    bot = BostonRuleBot()
    made = total = 0
    for seed in range(30):
        for hand in play_game([bot] * 4, seed).result()["hands"]:
            if hand["counted"]:
                total += 1
                made += hand["made"]
    assert total == 120 and made / total > 0.6
