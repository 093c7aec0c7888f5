"""Main and side pots (P3 all'altezza, P15, P17): properties of :mod:`pyapp.poker.pots`."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.poker.pots import Pot, pot_winner, side_pots


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[int], int]:
    """Chips put in by 2-6 seats, the live seats (at least one, each with chips in) and dead money."""
    n = draw(st.integers(2, 6))
    contrib = draw(st.lists(st.integers(0, 500), min_size=n, max_size=n))
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    seats = [q for q in range(n) if live[q] and contrib[q] > 0]
    if not seats:
        q = draw(st.integers(0, n - 1))
        contrib[q] = max(contrib[q], 1)
        seats = [q]
    return contrib, seats, draw(st.integers(0, 100))


@settings(max_examples=300, deadline=None)
@given(hands())
def test_P3_every_chip_is_in_exactly_one_pot(hand):
    contrib, live, dead = hand
    pots = side_pots(contrib, live, dead)
    assert sum(p.amount for p in pots) == dead + sum(contrib)
    assert all(p.amount >= 0 for p in pots)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_P3_pots_are_open_to_the_live_players_who_reached_their_level(hand):
    contrib, live, dead = hand
    pots = side_pots(contrib, live, dead)
    assert pots and pots[0].eligible == tuple(live)  # the main pot: every live player
    for before, after in zip(pots, pots[1:], strict=False):
        assert set(after.eligible) < set(before.eligible)  # each side pot: fewer claimants
        assert before.eligible != after.eligible  # the same claimants would be one pot
        # who drops out put in less than everyone who stays
        assert max(contrib[q] for q in set(before.eligible) - set(after.eligible)) < min(
            contrib[q] for q in after.eligible
        )
    for pot in pots:
        assert pot.eligible and set(pot.eligible) <= set(live)
        assert list(pot.eligible) == sorted(pot.eligible)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_P3_all_in_player_wins_from_each_opponent_at_most_what_he_put_in(hand):
    contrib, live, dead = hand
    pots = side_pots(contrib, live, dead)
    top = max(contrib[q] for q in live)
    folded_excess = sum(max(c - top, 0) for c in contrib)
    for p in live:
        reachable = sum(pot.amount for pot in pots if p in pot.eligible)
        expected = dead + sum(min(c, contrib[p]) for c in contrib)
        assert reachable == expected + (folded_excess if contrib[p] == top else 0)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_P9_an_uncalled_bet_is_a_pot_only_the_bettor_can_take(hand):
    contrib, live, dead = hand
    top = max(contrib[q] for q in live)
    leaders = [q for q in live if contrib[q] == top]
    others = sorted((contrib[q] for q in range(len(contrib)) if q not in leaders), reverse=True)
    pots = side_pots(contrib, live, dead)
    if len(leaders) == 1 and len(live) > 1:
        called = max(contrib[q] for q in live if q != leaders[0])
        if not others or others[0] <= called:
            assert pots[-1] == Pot(top - called, (leaders[0],))
    if len(leaders) > 1:
        assert len(pots[-1].eligible) > 1  # matched bets are contested


def test_P3_side_pot_example():
    # seat 0 all-in for 20, seat 1 all-in for 50, seats 2 and 3 put in 80, seat 4 folded after 10
    pots = side_pots([20, 50, 80, 80, 10], [0, 1, 2, 3], dead=6)
    assert pots == [Pot(6 + 4 * 20 + 10, (0, 1, 2, 3)), Pot(3 * 30, (1, 2, 3)), Pot(2 * 30, (2, 3))]


def test_P5_dead_money_and_equal_levels_make_one_pot():
    # everyone matched: one pot with the dealer's extra uscita
    assert side_pots([7, 7, 7], [0, 1, 2], dead=1) == [Pot(22, (0, 1, 2))]
    assert side_pots([7, 0, 0], [], dead=1) == []


@settings(max_examples=200, deadline=None)
@given(hands(), st.data())
def test_P17_each_pot_goes_to_the_best_hand_shown_among_its_claimants(hand, data):
    contrib, live, dead = hand
    showing = data.draw(st.lists(st.sampled_from(live), unique=True))
    keys = data.draw(
        st.lists(st.integers(0, 10**9), min_size=len(showing), max_size=len(showing), unique=True)
    )
    shown = dict(zip(showing, keys, strict=True))
    for pot in side_pots(contrib, live, dead):
        winner = pot_winner(pot, shown)
        assert winner in pot.eligible
        claimants = [q for q in pot.eligible if q in shown]
        if claimants:
            assert shown[winner] == max(shown[q] for q in claimants)
        else:
            assert winner == pot.eligible[0]
