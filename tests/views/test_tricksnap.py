"""The one trick shape of the trick-taking tables agrees with the engines (T9, B10)."""

from __future__ import annotations

import random

import pytest

from pyapp.session import TableSession
from pyapp.tricksnap import boston_winning, tressette_winning


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
                assert shape["winning"] in {e["seat"] for e in shape["current"]}
            if len(before["tricks"]["current"]) == 3 and not shape["current"] and shape["last"]:
                last = shape["last"]
                assert last["cards"][:3] == before["tricks"]["current"]
                if game == "tressette":
                    winning = tressette_winning(last["cards"])
                else:
                    view = before["view"]
                    natural = view["options"]["boston_suit"] == "natural"
                    winning = boston_winning(last["cards"], view["trump_suit"], view["boston"], natural)
                assert winning == last["winner"]
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
