"""PE14: the settlement: results that sum to zero and the fewest transfers (against brute force)."""

from __future__ import annotations

import random

import pytest

from pyapp.poker.serata.report import state_json
from pyapp.poker.serata.settle import EXACT_LIMIT, fewest_transfers, money_results, zero_sum_groups
from tests.serata.helpers import NAMES, add, evening, refusal, signups

FIVE = "draw 21:00 1 Anna Bruno Carla Dario Elena"


def brute_force_fewest(balances: list[int]) -> int:
    """The fewest transfers that settle ``balances``, by breadth-first search over every way to
    settle one player completely against any other (every optimal settlement is a forest, and a
    forest can be taken apart leaf by leaf exactly so)."""
    start = tuple(balances)
    if not any(start):
        return 0
    frontier = {start}
    seen = {start}
    depth = 0
    while frontier:
        depth += 1
        nxt = set()
        for state in frontier:
            for i, amount in enumerate(state):
                if not amount:
                    continue
                for j in range(len(state)):
                    if j == i:
                        continue
                    moved = list(state)
                    moved[j] += amount
                    moved[i] = 0
                    key = tuple(moved)
                    if not any(key):
                        return depth
                    if key not in seen:
                        seen.add(key)
                        nxt.add(key)
        frontier = nxt
    raise AssertionError("unreachable")


def settles(balances: dict[str, int], transfers: list[tuple[str, str, int]]) -> bool:
    left = dict(balances)
    for payer, payee, amount in transfers:
        assert amount > 0
        left[payer] += amount
        left[payee] -= amount
    return not any(left.values())


def random_balances(rng: random.Random, n: int, spread: int) -> dict[str, int]:
    amounts = [rng.randint(-spread, spread) for _ in range(n - 1)]
    amounts.append(-sum(amounts))
    return {f"p{i}": a for i, a in enumerate(amounts)}


@pytest.mark.parametrize("seed", range(40))
def test_PE14_fewest_transfers_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    balances = random_balances(rng, rng.randint(2, 6), rng.choice([3, 5, 20]))
    transfers, exact = fewest_transfers(balances)
    assert exact
    assert settles(balances, transfers)
    assert len(transfers) == brute_force_fewest(list(balances.values()))


def test_PE14_zero_sum_groups_save_transfers() -> None:
    balances = {"a": 5, "b": -5, "c": 7, "d": -3, "e": -4}
    transfers, _ = fewest_transfers(balances)
    assert len(transfers) == 3  # a<-b alone, then c, d, e: 1 + 2
    assert ("b", "a", 5) in transfers
    assert sorted(len(g) for g in zero_sum_groups([5, -5, 7, -3, -4])) == [2, 3]


def test_PE14_many_players_are_settled_greedily_and_say_so() -> None:
    balances = random_balances(random.Random(3), EXACT_LIMIT + 4, 50)
    transfers, exact = fewest_transfers(balances)
    assert not exact
    assert settles(balances, transfers)
    assert len(transfers) <= len([v for v in balances.values() if v]) - 1


def test_PE14_results_need_not_be_whole_cents_but_sum_to_zero() -> None:
    # a passata of 30 chips worth 2.50: 10 chips are 83.33 cents
    cents = money_results({"a": (10, 250), "b": (-7, 250), "c": (-3, 250)}, 30)
    assert sum(cents.values()) == 0
    assert cents == {"a": 83, "b": -58, "c": -25}


def closed_evening() -> list[str]:
    return [*signups(5), FIVE, "passata 21:40 Bruno 1", "chips 23:00 Anna 260", "chips 23:00 Bruno 20",
            "chips 23:00 Carla 70", "chips 23:00 Dario 100", "chips 23:00 Elena 150"]  # fmt: skip


def test_PE14_settlement_chips_minus_passate_times_the_value() -> None:
    ev = evening(*closed_evening(), "close 23:10")
    data = state_json(ev, "en")
    results = {p["name"]: p["result"] for p in data["players"]}
    assert results == {"Anna": 16.0, "Bruno": -18.0, "Carla": -3.0, "Dario": 0.0, "Elena": 5.0}
    assert sum(p["cents"] for p in data["players"]) == 0
    assert data["balanced"] and data["closed"] and data["fewest_proven"]
    paid = {(t["from"], t["to"]): t["cents"] for t in data["transfers"]}
    assert len(paid) == 3  # four players not even: three payments
    balances = {p["name"]: p["cents"] for p in data["players"]}
    assert settles(balances, [(a, b, c) for (a, b), c in paid.items()])


def test_PE14_the_evening_does_not_close_until_the_chips_add_up() -> None:
    ev = evening(*closed_evening()[:-1], "chips 23:00 Elena 140")
    error = refusal(ev, "close 23:10")
    assert error.key == "serata.pe14.balance" and error.params["diff"] == -10
    assert state_json(ev, "en")["transfers"] == [] and not state_json(ev, "en")["balanced"]
    add(ev, "chips 23:05 Elena 150", "close 23:10")
    assert refusal(ev, "signup 23:11 Pia").key == "serata.closed"


def test_PE14_two_lists_settle_in_money() -> None:
    lines = [*signups(5, stake="10"), *(f"signup 20:4{i} {n} 20" for i, n in enumerate(NAMES[5:10]))]
    lines += [f"arrive 20:50 {n}" for n in NAMES[5:10]]
    lines += [FIVE, "draw 21:00 2 Fabio Gino Ivo Luca Meri", "chips 23:00 Anna 150", "chips 23:00 Bruno 50",
              "chips 23:00 Fabio 150", "chips 23:00 Gino 50", "close 23:10"]  # fmt: skip
    data = state_json(evening(*lines, stakes="10,20"), "en")
    results = {p["name"]: p["result"] for p in data["players"] if p["result"]}
    assert results == {"Anna": 5.0, "Bruno": -5.0, "Fabio": 10.0, "Gino": -10.0}
    assert len(data["transfers"]) == 2
