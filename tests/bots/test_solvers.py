"""The double-dummy solvers give exactly the minimax value (against a brute-force search)."""

from __future__ import annotations

import random

import pytest

from pyapp.boston import search as bs
from pyapp.tressette import CODES
from pyapp.tressette import search as ts


def tressette_brute(hands: list[int], leader: int, trick: list[int]) -> int:
    """N-S thirds from here by plain minimax over every legal card (T8, T9, T12)."""
    seat = (leader + 3 * len(trick)) % 4
    if not any(hands) and not trick:
        return 0
    hand = hands[seat]
    follow = [b for b in range(40) if hand >> b & 1 and trick and b // 10 == trick[0] // 10]
    values = []
    for b in follow or [b for b in range(40) if hand >> b & 1]:
        h = list(hands)
        h[seat] &= ~(1 << b)
        t = trick + [b]
        if len(t) == 4:
            winner, pts = ts.trick_result(leader, t)
            if not any(h):
                pts += ts.LAST_TRICK
            values.append((pts if winner % 2 == 0 else 0) + tressette_brute(h, winner, []))
        else:
            values.append(tressette_brute(h, leader, t))
    return max(values) if seat % 2 == 0 else min(values)


def boston_brute(hands: list[int], leader: int, trick: list[int], trump: int, side: int, wild: int) -> int:
    """Tricks of ``side`` from here by plain minimax (B3, B10)."""
    seat = (leader + len(trick)) % 4
    if not any(hands) and not trick:
        return 0
    hand = hands[seat]
    follow = [b for b in range(56) if hand >> b & 1 and trick and b // 14 == trick[0] // 14]
    values = []
    for b in follow or [b for b in range(56) if hand >> b & 1]:
        h = list(hands)
        h[seat] &= ~(1 << b)
        t = trick + [b]
        if len(t) == 4:
            w = bs.trick_winner(t, leader, trump, wild)
            values.append((side >> w & 1) + boston_brute(h, w, [], trump, side, wild))
        else:
            values.append(boston_brute(h, leader, t, trump, side, wild))
    return max(values) if side >> seat & 1 else min(values)


def _advance(
    rng: random.Random, hands: list[int], leader: int, step: int, opts
) -> tuple[list[int], list[int]]:
    """Play 0-3 random legal cards into the first trick (mid-trick positions)."""
    h, t, seat = list(hands), [], leader
    for _ in range(rng.randrange(4)):
        b = rng.choice(opts(h, seat, t))
        h[seat] &= ~(1 << b)
        t.append(b)
        seat = (seat + step) % 4
    return h, t


@pytest.mark.parametrize("seed", range(4))
def test_T9_T12_tressette_solver_is_exact(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.choice([1, 2, 3])
        cards = rng.sample(range(40), 4 * n)
        hands = [ts.mask_of(cards[i * n : (i + 1) * n]) for i in range(4)]
        leader = rng.randrange(4)
        h, t = _advance(rng, hands, leader, 3, ts.options)
        assert ts.Solver().solve(h, leader, t) == tressette_brute(h, leader, t)
        seat = (leader + 3 * len(t)) % 4
        for bit, value in ts.Solver().move_values(h, leader, t).items():
            h2 = list(h)
            h2[seat] &= ~(1 << bit)
            t2 = t + [bit]
            if len(t2) == 4:
                winner, pts = ts.trick_result(leader, t2)
                pts += ts.LAST_TRICK if not any(h2) else 0
                want = (pts if winner % 2 == 0 else 0) + tressette_brute(h2, winner, [])
            else:
                want = tressette_brute(h2, leader, t2)
            assert value == want


@pytest.mark.parametrize("natural", [False, True])
def test_B3_B10_boston_solver_is_exact(natural: bool) -> None:
    rng = random.Random(7 + natural)
    for _ in range(60):
        n = rng.choice([1, 2, 3])
        trump = rng.randrange(4)
        layout = bs.Layout.make(trump, natural)
        cards = rng.sample(range(52), 4 * n)
        if rng.random() < 0.5:  # make the Boston appear often
            boston = 2 * 13 + 9 if trump == 1 else 13 + 9
            if boston not in cards:
                cards[0] = boston
        hands = [layout.mask(cards[i * n : (i + 1) * n]) for i in range(4)]
        side = rng.choice([1, 2, 4, 8, 5, 10, 3])
        leader = rng.randrange(4)
        wild = layout.wild
        h, t = _advance(rng, hands, leader, 1, lambda h, s, t, w=wild: bs.options(h, s, t, w))
        got = bs.Solver(trump, side, layout.wild).solve(h, leader, t)
        assert got == boston_brute(h, leader, t, trump, side, layout.wild)


def test_solvers_restore_their_inputs_when_the_node_budget_aborts() -> None:
    rng = random.Random(3)
    cards = rng.sample(range(40), 28)
    hands = [ts.mask_of(cards[i * 7 : (i + 1) * 7]) for i in range(4)]
    before = list(hands)
    solver = ts.Solver(max_nodes=50)
    with pytest.raises(ts.SearchAborted):
        solver.solve(hands, 0, [])
    assert hands == before


def test_equal_cards_are_tried_once() -> None:
    idx = {c: i for i, c in enumerate(CODES)}

    def hands(*codes: str) -> list[int]:
        return [ts.mask_of([idx[c] for c in group.split()]) for group in codes]

    # N's 7-6-5-4 of denari are worth nothing and nothing lies between them: one of them is tried
    assert len(ts.options(hands("4d 5d 6d 7d", "4c 5c", "4s 5s", "4b 5b"), 0, [])) == 1
    # E's 5d lies between N's 4d and 6d: both are tried
    assert len(ts.options(hands("4d 6d", "5d 4c", "4s 5s", "4b 5b"), 0, [])) == 2
    # the 2 and the Ace are neighbours but not worth the same (T12): both are tried
    assert len(ts.options(hands("2d Ad", "4c 5c", "4s 5s", "4b 5b"), 0, [])) == 2
    # the Re, Cavallo and Fante are worth a third each: one is tried
    assert len(ts.options(hands("Rd Cd Fd", "4c 5c 6c", "4s 5s 6s", "4b 5b 6b"), 0, [])) == 1
