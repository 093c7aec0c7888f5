"""Round robin (TT2), standings by tie-break columns and lot (TT5, BT3), bracket seeding (TT6)."""

from __future__ import annotations

import itertools
import random

import pytest

from pyapp.club.schedule import bracket_rounds, open_ties, rank, round_robin, seed_bracket


@pytest.mark.parametrize("n", range(0, 12))
def test_TT2_round_robin_every_pair_once_nobody_twice_a_round(n: int) -> None:
    teams = [f"T{i}" for i in range(n)]
    rounds = round_robin(teams)
    pairs = [frozenset(p) for r in rounds for p in r]
    assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
    for r in rounds:
        playing = [t for p in r for t in p]
        assert len(playing) == len(set(playing))
    if n >= 2:
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    if n >= 4:  # sides alternate: nobody is always named first
        firsts = {t: sum(1 for r in rounds for p in r if p[0] == t) for t in teams}
        assert max(firsts.values()) < n - 1


def test_TT5_rank_stages_apply_only_among_the_tied() -> None:
    points = {"a": 3, "b": 3, "c": 1, "d": 3}
    seen: list[list[str]] = []

    def among(tied: list[str]) -> dict[str, int]:
        seen.append(sorted(tied))
        return {"a": 1, "b": 2, "d": 1}

    placed = rank(["a", "b", "c", "d"], [lambda t: {x: points[x] for x in t}, among])
    assert seen == [["a", "b", "d"]]
    assert [(p.item, p.rank, p.tied) for p in placed] == [
        ("b", 1, False),
        ("a", 2, True),
        ("d", 2, True),
        ("c", 4, False),
    ]
    assert open_ties(placed) == [["a", "d"]]
    placed = rank(["a", "b", "c", "d"], [lambda t: {x: points[x] for x in t}, among], lots=[["d", "a"]])
    assert [(p.item, p.rank, p.lot) for p in placed] == [
        ("b", 1, None),
        ("d", 2, 1),
        ("a", 3, 2),
        ("c", 4, None),
    ]
    assert open_ties(placed) == []


def test_TT5_a_lot_for_another_set_does_not_apply() -> None:
    placed = rank(["a", "b", "c"], [lambda t: dict.fromkeys(t, 0)], lots=[["a", "b"]])
    assert all(p.tied for p in placed)


@pytest.mark.parametrize(
    ("groups", "k"), [(2, 1), (2, 2), (4, 2), (3, 2), (4, 1), (2, 3), (3, 3), (5, 2), (8, 2), (4, 4)]
)
def test_TT6_same_group_meets_as_late_as_possible(groups: int, k: int) -> None:
    entrants = [(g, place) for place in range(k) for g in range(groups)]
    slots = seed_bracket(entrants, lambda e: e[0])
    size = len(slots)
    assert size & (size - 1) == 0 and size >= len(entrants) > size // 2
    assert sorted(s for s in slots if s is not None) == sorted(entrants)
    for i in range(0, size, 2):  # no first-round match without players
        assert slots[i] is not None or slots[i + 1] is not None

    def meeting_round(i: int, j: int) -> int:
        r = 1
        while i // 2**r != j // 2**r:
            r += 1
        return r

    position = {e: i for i, e in enumerate(slots) if e is not None}
    for group in range(groups):
        members = [e for e in entrants if e[0] == group]
        # the best possible: members spread over as many sub-brackets as there are members
        for a, b in itertools.combinations(members, 2):
            latest = size.bit_length() - 1
            earliest_allowed = latest - (len(members) - 1).bit_length() + 1
            assert meeting_round(position[a], position[b]) >= earliest_allowed


def test_TT6_byes_go_to_the_strongest() -> None:
    slots = seed_bracket(["s1", "s2", "s3", "s4", "s5"], lambda e: e)
    byes = [
        slots[i] if slots[i + 1] is None else slots[i + 1] for i in range(0, 8, 2) if None in slots[i : i + 2]
    ]
    assert sorted(byes) == ["s1", "s2", "s3"]


def test_TT6_bracket_rounds_follow_the_results() -> None:
    slots = ["a", "b", "c", None]
    winners = {frozenset("ab"): "b"}
    rounds = bracket_rounds(slots, lambda x, y: winners.get(frozenset((x, y))))
    assert [(x.a, x.b, x.winner, x.bye) for x in rounds[0]] == [
        ("a", "b", "b", False),
        ("c", None, "c", True),
    ]
    assert [(x.a, x.b, x.winner) for x in rounds[1]] == [("b", "c", None)]
    rounds = bracket_rounds(["a", "b", "c", "d"], lambda x, y: None)
    assert [(x.a, x.b) for x in rounds[1]] == [(None, None)]


def test_rank_is_a_total_order_for_random_tables() -> None:
    rng = random.Random(5)
    for _ in range(200):
        items = list(range(rng.randint(1, 9)))
        cols = [{i: rng.randint(0, 2) for i in items} for _ in range(3)]
        placed = rank(items, [lambda t, c=c: {x: c[x] for x in t} for c in cols])
        keys = [tuple(c[p.item] for c in cols) for p in placed]
        assert keys == sorted(keys, reverse=True)
        for a, b in itertools.pairwise(placed):
            assert (a.rank == b.rank) == (keys[placed.index(a)] == keys[placed.index(b)])
