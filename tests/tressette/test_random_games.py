"""Random-game invariants (thousands of hands) and perft counts of legal continuations."""

from __future__ import annotations

import random

from pyapp.core import CHANCE, TERMINAL
from pyapp.record import read_record, write_record
from pyapp.tressette import CODES, INDEX
from pyapp.tressette.rules import TressetteState

from .helpers import DRAW_E_DEALS


def follow_set(hand: list[str], trick: list[dict[str, str]]) -> list[str]:
    """The T8 legal set computed independently from the hand and the table."""
    if not trick:
        return hand
    suit = trick[0]["card"][1]
    same = [c for c in hand if c[1] == suit]
    return same or hand


def check_step(state: TressetteState, seen_hands: list[int]) -> None:
    """Invariants at one decision point of the play phase."""
    v = state.view(None)
    hands = [state.hand_of(p) for p in range(4)]
    on_table = [c["card"] for c in v["trick"]]
    done = v["trick_number"] - 1
    assert sum(len(h) for h in hands) + len(on_table) + 4 * done == 40
    everything = [c for h in hands for c in h] + on_table
    assert len(set(everything)) == len(everything)
    p = state.current_player()
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    plain = [a for a in legal if " " not in a]
    assert plain == follow_set(hands[p], v["trick"])
    if v["trick"]:
        assert legal == plain  # declarations only on a lead
    else:
        assert all(a.split()[0] in plain for a in legal)
    assert sorted(len(h) for h in hands) in (
        [10 - done] * 4,
        sorted([10 - done - 1] * len(on_table) + [10 - done] * (4 - len(on_table))),
    )


def run_match(seed: int, deep: bool, **options: str | int) -> tuple[TressetteState, int]:
    rng = random.Random(seed)
    state = TressetteState(**options)
    hands = 0
    played_in_hand: list[int] = []
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            action = state.chance_sample(rng)
        else:
            if deep and state.phase() == "play":
                check_step(state, played_in_hand)
            legal = state.legal_actions()
            action = rng.choice(legal)
        before = len(state.result()["hands"]) if deep else 0
        state.apply(action)
        if deep and len(state.result()["hands"]) > before:
            h = state.result()["hands"][-1]
            assert h["points"]["NS"] + h["points"]["EW"] == 11
            assert h["thirds"]["NS"] + h["thirds"]["EW"] == 35
        if deep and rng.random() < 0.02:
            c = state.clone()
            assert c == state and c.view(0) == state.view(0) and c.result() == state.result()
            if c.current_player() >= 0:
                c.apply(c.legal_actions()[0])
                assert c != state and len(state.history) + 1 == len(c.history)
    for h in state.result()["hands"]:
        if "penalty" not in h:
            assert h["points"]["NS"] + h["points"]["EW"] == 11
            hands += 1
    return state, hands


def test_random_matches_invariants_deep():
    total = 0
    for seed in range(100):
        options = {"first_lead": "four_of_denari"} if seed % 3 == 0 else {}
        if seed % 4 == 1:
            options["review"] = "practice"
        state, hands = run_match(seed, deep=True, **options)
        total += hands
        assert state.current_player() == TERMINAL
        res = state.result()
        assert res["winner"] in ("NS", "EW") and max(res["wins"].values()) == 2
        for partita in res["partite"]:
            a, b = partita["totals"]["NS"], partita["totals"]["EW"]
            assert max(a, b) >= 31 and a != b and partita["winner"] == ("NS" if a > b else "EW")
        replayed = TressetteState.replay(state.history, **state.options)
        assert replayed == state and replayed.result() == res and replayed.view(2) == state.view(2)
        text = write_record(state, {"Event": f"seed {seed}"})
        record = read_record(text)
        assert record.state == state and record.tags == {"Event": f"seed {seed}"}
        assert write_record(record.state, record.tags) == text
    assert total >= 1000


def test_random_matches_many_hands_fast():
    total = 0
    for seed in range(100, 260):
        state, hands = run_match(seed, deep=False, match="all_three" if seed % 2 else "best_of_three")
        total += hands
        wins = state.result()["wins"]
        assert len(state.result()["partite"]) == 3 if seed % 2 else max(wins.values()) == 2
        assert state.returns()[0] == state.returns()[2] and state.returns()[1] == state.returns()[3]
        assert sum(state.returns()) / 2 == len(state.result()["partite"])
    assert total >= 2000


def test_random_penalties_keep_match_consistent():
    rng = random.Random(99)
    state = TressetteState(target=11, penalties="on")
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        legal = state.legal_actions()
        assert legal[-2:] == ["penalty NS", "penalty EW"]  # listed last when the option is on
        if rng.random() < 0.01:
            state.apply(rng.choice(legal[-2:]))
        else:
            state.apply(rng.choice(legal[:-2]))
    assert read_record(write_record(state)).state == state
    for partita in state.result()["partite"]:
        total = 0
        for h in state.result()["hands"]:
            if h["partita"] == partita["number"]:
                total += h["points"]["NS"]
        assert total == partita["totals"]["NS"]


# -- perft -----------------------------------------------------------------------------------------

FIXED_SHUFFLE = "shuffle " + " ".join(CODES)  # canonical order: N gets A-5 of denari and coppe


def start(shuffle: str) -> TressetteState:
    s = TressetteState()
    s.apply(DRAW_E_DEALS)
    s.apply(shuffle)
    s.apply("nocut")
    return s


def perft(state: TressetteState, depth: int) -> int:
    """Card sequences to ``depth`` (plain plays only; declarations are counted in tests/data)."""
    if depth == 0:
        return 1
    total = 0
    for action in [a for a in state.legal_actions() if " " not in a]:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def brute_perft(hands: list[list[int]], leader: int, trick: list[int], depth: int) -> int:
    """Independent count: card indices, suit = i // 10, strength from the T1 order."""
    if depth == 0:
        return 1
    order = "4567FCRA23"
    rank = "A234567FCR"
    seat = (leader + 3 * len(trick)) % 4
    hand = hands[seat]
    options = [c for c in hand if trick and c // 10 == trick[0] // 10] or hand
    total = 0
    for c in options:
        new_hands = [list(h) for h in hands]
        new_hands[seat].remove(c)
        new_trick = trick + [c]
        new_leader = leader
        if len(new_trick) == 4:
            suit = new_trick[0] // 10
            best = max(
                range(4),
                key=lambda k: order.index(rank[new_trick[k] % 10]) if new_trick[k] // 10 == suit else -1,
            )
            new_leader = (leader + 3 * best) % 4
            new_trick = []
        total += brute_perft(new_hands, new_leader, new_trick, depth - 1)
    return total


def random_shuffle() -> str:
    order = list(CODES)
    random.Random(2024).shuffle(order)
    return "shuffle " + " ".join(order)


PINNED = {
    "fixed": [1, 10, 50, 500, 5000, 45000],
    "random": [1, 10, 26, 67, 119, 1071, 2604],
}


def test_perft_pinned_counts_and_brute_force():
    for name, shuffle in (("fixed", FIXED_SHUFFLE), ("random", random_shuffle())):
        s = start(shuffle)
        hands = [[INDEX[c] for c in s.hand_of(p)] for p in range(4)]
        leader = s.current_player()
        counts = [perft(s, d) for d in range(len(PINNED[name]))]
        brute = [brute_perft(hands, leader, [], d) for d in range(len(PINNED[name]))]
        assert counts == brute, (name, counts, brute)
        assert counts == PINNED[name], (name, counts)
