"""The one trick shape of the trick-taking tables agrees with the rules (T9, B10).

The oracles below read T9 and B10 from the rules files, independently of the engines.
"""

from __future__ import annotations

import random

import pytest

from pyapp.session import TableSession

TRESSETTE_STRENGTH = "4567FCRA23"
"""T1: trick order from weakest to strongest: 4 5 6 7 F C R A 2 3."""
FRENCH_RANKS = "23456789TJQKA"


def tressette_winning(cards: list[dict[str, str]]) -> str | None:
    """T9: the seat winning the trick ``cards`` so far: the highest card of the suit led."""
    if not cards:
        return None
    led = cards[0]["card"][1]
    best = max(
        (c for c in cards if c["card"][1] == led), key=lambda c: TRESSETTE_STRENGTH.index(c["card"][0])
    )
    return best["seat"]


def boston_led_suit(card: str, trump: str | None, boston: str | None, natural: bool) -> str:
    """B3: the suit a card counts as (the Boston is a trump unless the natural option)."""
    if card == boston and trump and not natural:
        return trump
    return card[1]


def boston_winning(
    cards: list[dict[str, str]], trump: str | None, boston: str | None, natural: bool
) -> str | None:
    """B10: the Boston; else the highest trump; else the highest card of the suit led."""
    if not cards:
        return None
    led = boston_led_suit(cards[0]["card"], trump, boston, natural)
    best_seat, best = None, -1
    for entry in cards:
        card = entry["card"]
        if card == boston:
            return entry["seat"]
        if trump and card[1] == trump:
            value = 100 + FRENCH_RANKS.index(card[0])
        elif boston_led_suit(card, trump, boston, natural) == led:
            value = FRENCH_RANKS.index(card[0])
        else:
            continue
        if value > best:
            best_seat, best = entry["seat"], value
    return best_seat


def oracle(game: str, snapshot: dict, cards: list[dict[str, str]]) -> str | None:
    """The rules' winner of ``cards`` in the position of ``snapshot``."""
    if game == "tressette":
        return tressette_winning(cards)
    view = snapshot["view"]
    natural = view["options"]["boston_suit"] == "natural"
    return boston_winning(cards, view["trump_suit"], view["boston"], natural)


@pytest.mark.parametrize(("game", "total"), [("tressette", 10), ("boston", 13)])
def test_T9_B10_winning_so_far_is_the_engines_winner_of_every_trick(game: str, total: int) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(3):
        table = TableSession.new(game, humans=(), bot="random", rng=rng)
        while not table.snapshot()["terminal"] and checked < 300:
            before = table.snapshot()
            table.step()
            after = table.snapshot()
            shape = after["tricks"]
            assert shape["total"] == total
            assert all(set(e) == {"seat", "card"} for e in shape["current"])
            if shape["current"]:
                assert shape["leader"] == shape["current"][0]["seat"]
                assert shape["winning"] == oracle(game, after, shape["current"])
            if len(before["tricks"]["current"]) == 3 and not shape["current"] and shape["last"]:
                last = shape["last"]
                assert last["cards"][:3] == before["tricks"]["current"]
                assert oracle(game, before, last["cards"]) == last["winner"]
                checked += 1
    assert checked > 50


def test_tressette_finished_hand_shows_its_ten_tricks_in_any_review_mode() -> None:
    rng = random.Random(3)
    table = TableSession.new("tressette", humans=(), bot="random", rng=rng)
    while table.snapshot()["view"]["phase"] != "hand_over":
        table.step()
    tricks = table.snapshot()["tricks"]
    assert len(tricks["history"]) == 10
    assert tricks["history"][-1]["winner"] == tricks["last"]["winner"]
    assert sum(len(t["cards"]) for t in tricks["history"]) == 40
