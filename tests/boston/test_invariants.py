"""Random-game invariants (B1, B3, B4, B10, B11, B13) and perft counts for fixed deals."""

from __future__ import annotations

import json
import random
import re

import pytest

from pyapp.boston.rules import CODES, BostonState
from pyapp.core import CHANCE, TERMINAL, RandomBot, play_out
from pyapp.record import read_record, write_record

from .helpers import DEAL1, DEAL3, at_play

CODE_RE = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def expected_legal(state: BostonState, player: int) -> set[str]:
    """B10 with B3, written independently of the engine: the cards ``player`` may play now."""
    view = state.view(player)
    hand = state.hand_of(player)
    trump = view["trump_suit"]
    boston = "Jh" if trump == "d" else "Jd"
    natural = state.options["boston_suit"] == "natural"

    def suit(code: str) -> str:
        return trump if code == boston and not natural else code[1]

    if not view["trick"]:
        return set(hand)
    led = suit(view["trick"][0][1])
    follow = {c for c in hand if suit(c) == led}
    return follow or set(hand)


def check_view_hides_hands(state: BostonState, player: int) -> None:
    view = state.view(player)
    assert view["hand"] == state.hand_of(player)
    del view["hands_played"]  # past deals: their turned cards are old news
    del view["boston"]  # which card is the Boston is public, not who holds it
    shown = set(CODE_RE.findall(json.dumps(view)))
    hidden = {c for p in range(4) if p != player for c in state.hand_of(p)}
    if view["trump_card_in_hand"]:
        hidden.discard(view["trump_card"])
    assert not shown & hidden


@pytest.mark.parametrize("boston_suit", ["trump", "natural"])
def test_B10_random_games_invariants(boston_suit):
    rng = random.Random(2024 if boston_suit == "trump" else 17)
    hands = 0
    for game in range(220):
        state = BostonState(boston_suit=boston_suit)
        snapshot = None
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply(state.chance_sample(rng))
                continue
            legal = state.legal_actions()
            assert len(legal) == len(set(legal))
            if state.phase() == "play":
                assert set(legal) == expected_legal(state, player)
                held = sum(len(state.hand_of(p)) for p in range(4))
                view = state.view(None)
                played = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"])
                assert held + played == 52  # B1: the 52 cards are conserved
                if game % 20 == 0:
                    check_view_hides_hands(state, (player + game) % 4)
                if snapshot is None and rng.random() < 0.02:
                    snapshot = state.clone()
            state.apply(rng.choice(legal))
        result = state.result()
        counted = [h for h in result["hands"] if h["counted"]]
        assert len(counted) == 4
        for hand in counted:
            assert sum(hand["tricks"].values()) == 13
            assert sum(hand["points"].values()) == 0
        hands += len(result["hands"])
        assert sum(state.returns()) == 0
        if snapshot is not None:  # a clone is independent and equal to a replay of its history
            before = list(snapshot.history)
            assert snapshot == BostonState.replay(before, boston_suit=boston_suit)
            assert snapshot.view(0) == BostonState.replay(before, boston_suit=boston_suit).view(0)
            play_out(snapshot.clone(), [RandomBot()] * 4, rng)
            assert snapshot.history == before
        if game % 10 == 0:
            again = BostonState.replay(state.history, boston_suit=boston_suit)
            assert again == state and again.result() == result and again.view(2) == state.view(2)
            text = write_record(state, {"Event": "random"})
            record = read_record(text)
            assert record.state == state and write_record(record.state, record.tags) == text
    assert hands >= 880


def test_B13_clone_mid_game_matches_replay_at_every_step():
    rng = random.Random(9)
    state = BostonState()
    while not state.is_terminal():
        clone = state.clone()
        assert clone == state and clone.legal_actions() == state.legal_actions()
        assert clone.view(1) == state.view(1) and clone.result() == state.result()
        action = state.chance_sample(rng) if state.is_chance() else rng.choice(state.legal_actions())
        clone.apply(action)
        state.apply(action)
        assert clone.current_player() == state.current_player()
        if len(state.history) > 120:
            break
    assert BostonState.replay(state.history).view(3) == state.view(3)


# -- perft -----------------------------------------------------------------------------------------


def perft(state: BostonState, depth: int) -> int:
    """Leaves ``depth`` card plays below ``state`` (legal_actions)."""
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def perft_brute(state: BostonState, depth: int) -> int:
    """The same count by trying all 52 cards with ``can`` and an independent legality rule."""
    if depth == 0:
        return 1
    total = 0
    player = state.current_player()
    allowed = expected_legal(state, player)
    for code in CODES:
        ok = state.can(code)
        assert ok == (code in allowed), code
        if ok:
            child = BostonState.replay(state.history, **state.options)
            child.apply(code)
            total += perft_brute(child, depth - 1)
    return total


PERFT = {
    ("DEAL1", "trump"): [13, 41, 108, 330, 3960, 12204],
    ("DEAL1", "natural"): [13, 41, 333, 1212, 14544, 43866],
    ("DEAL3", "trump"): [13, 130, 824, 2477, 29724],
    ("DEAL3", "natural"): [13, 130, 788, 2837, 34044],
}
DEALS = {"DEAL1": DEAL1, "DEAL3": DEAL3}


@pytest.mark.parametrize(("deal", "boston_suit"), list(PERFT))
def test_B10_perft_counts(deal, boston_suit):
    state = at_play(DEALS[deal], boston_suit=boston_suit)
    assert [perft(state, d) for d in range(1, len(PERFT[deal, boston_suit]) + 1)] == PERFT[deal, boston_suit]


@pytest.mark.parametrize(("deal", "boston_suit"), list(PERFT))
def test_B3_perft_brute_force_cross_check(deal, boston_suit):
    state = at_play(DEALS[deal], boston_suit=boston_suit)
    depth = 3
    assert perft_brute(state, depth) == PERFT[deal, boston_suit][depth - 1]
