"""The Boston tournament (club.md BT1-BT4) and its scorekeeper (boston.md B11-B13)."""

from __future__ import annotations

import random

import pytest

from pyapp.boston.rules import BostonState
from pyapp.boston.tournament import entries_from_result
from pyapp.bots import make_bot
from pyapp.club.tournament import Ledger
from pyapp.core import play_out
from pyapp.record import read_record, write_record
from tests.club.helpers import add, ledger, refused

FOUR = "player N\nplayer E\nplayer S\nplayer W\n"


def table_of(book: Ledger, round_number: int = 1, number: int = 1) -> dict[str, object]:
    return book.to_json()["rounds"][round_number - 1]["tables"][number - 1]


def worked_example() -> Ledger:
    """boston.md's worked example: dealer N, then E, S, W."""
    book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
    add(
        book,
        "hand 1 accetto E S 9",
        "hand 1 passo",
        "hand 1 solo S 7",
        "hand 1 chiedo W 6",
        "hand 1 solo W 8",
    )
    return book


# -- BT4 and B11-B12: points and mani computed, never typed --------------------------------------------------
def test_BT4_worked_example_points_and_mani() -> None:
    table = table_of(worked_example())
    hands = table["hands"]
    assert [h["points"] for h in hands] == [
        [-3, 3, 3, -3],
        [0, 0, 0, 0],
        [8, 8, -24, 8],
        [-2, -2, -2, 6],
        [-4, -4, -4, 12],
    ]
    assert [h["mani"] for h in hands] == [
        [-1, 1, 1, -1],
        [0, 0, 0, 0],
        [1, 1, -1, 1],
        [-1, -1, -1, 1],
        [0, 0, 0, 0],
    ]
    assert [h["dealer"] for h in hands] == ["N", "E", "E", "S", "W"]  # the redeal keeps the dealer (B5)
    assert table["points"] == [-1, 5, -27, 23]
    assert table["mani"] == [-1, 1, -1, 1]
    assert table["complete"] is True and table["winners"] == ["W"]


def test_BT4_points_of_a_table_sum_to_zero_in_every_game() -> None:
    rng = random.Random(11)
    for _ in range(30):
        book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
        while not table_of(book)["complete"]:
            kind = rng.choice(["passo", "chiedo", "accetto", "solo"])
            who = rng.sample("NESW", 2)
            tricks = rng.randint(0, 13)
            if kind == "passo":
                add(book, "hand 1 passo")
            elif kind == "accetto":
                add(book, f"hand 1 accetto {who[0]} {who[1]} {tricks}")
            else:
                add(book, f"hand 1 {kind} {who[0]} {tricks}")
            table = table_of(book)
            assert sum(table["points"]) == 0
            assert all(sum(h["points"]) == 0 for h in table["hands"])


def test_BT4_impossible_hands_are_refused() -> None:
    book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
    refused(book, "hand 1 chiedo N 14", "club.entry.range")
    refused(book, "hand 1 solo N -1", "club.entry.not_number")
    refused(book, "hand 1 accetto N N 9", "club.boston.accept_self")
    refused(book, "hand 1 chiedo Z 5", "club.boston.not_at_table")
    refused(book, "hand 1 rilancio N 5", "club.boston.contract")
    refused(book, "hand 1 chiedo N", "club.entry.arity")
    refused(book, "hand 1 accetto N 9", "club.entry.arity")
    refused(book, "hand 2 chiedo N 5", "club.boston.no_table")
    refused(book, "hand 1 passo N", "club.entry.arity")
    add(book, "hand 1 chiedo N 13", "hand 1 accetto N E 0")


# -- BT1 a game is four counted hands, redeals not counted -----------------------------------------------------
def test_BT1_four_counted_hands_redeals_do_not_count() -> None:
    book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
    add(
        book,
        "hand 1 passo",
        "hand 1 passo",
        "hand 1 chiedo N 5",
        "hand 1 passo",
        "hand 1 chiedo E 5",
        "hand 1 chiedo S 5",
    )
    table = table_of(book)
    assert (table["counted"], table["complete"], table["dealer"]) == (3, False, "W")
    add(book, "hand 1 chiedo W 5")
    refused(book, "hand 1 passo", "club.boston.no_round")
    assert table_of(book)["winners"] == ["N", "E", "S", "W"]  # all equal: a shared first place (B13)


def test_BT1_ties_broken_by_mani() -> None:
    book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
    add(book, "hand 1 chiedo N 7", "hand 1 chiedo E 5", "hand 1 chiedo S 5", "hand 1 chiedo W 5")
    table = table_of(book)
    assert table["points"] == [0, 0, 0, 0] and table["mani"] == [2, -2, -2, -2]
    assert table["winners"] == ["N"]


# -- BT2 rounds, seating, byes ------------------------------------------------------------------------------------
SIX = "".join(f"player P{i}\n" for i in range(1, 7))


def play_table(book: Ledger, number: int) -> None:
    """Four hands: the first player of the table wins a CHIEDO each time it is his turn to ask."""
    for _ in range(4):
        add(book, f"hand {number} chiedo {table_of_current(book, number)[0]} 6")


def table_of_current(book: Ledger, number: int) -> list[str]:
    return book.to_json()["rounds"][-1]["tables"][number - 1]["players"]


def test_BT2_byes_score_nothing_and_are_marked() -> None:
    book = ledger("boston", SIX, rounds=2)
    refused(book, "table P1 P2 P3 P4", "club.boston.no_round")
    add(book, "round lot", "bye P5", "bye P6")
    refused(book, "bye P1", "club.boston.too_many_byes")
    refused(book, "bye P5", "club.boston.seated")
    refused(book, "table P1 P2 P3 P5", "club.boston.seated")
    refused(book, "table P1 P2 P3 P3", "club.boston.table_twice")
    refused(book, "table P1 P2 P3 P9", "club.boston.no_player")
    add(book, "table P1 P2 P3 P4")
    refused(book, "round lot", "club.boston.round_open")
    play_table(book, 1)
    data = book.to_json()
    assert data["rounds"][0]["byes"] == ["P5", "P6"]
    rows = {r["player"]: r for r in data["standings"]}
    assert rows["P5"] == {**rows["P5"], "points": 0, "mani": 0, "byes": 1, "games": 0, "wins": 0}
    add(book, "round lot", "bye P1", "bye P2", "table P3 P4 P5 P6")
    play_table(book, 1)
    refused(book, "round lot", "club.boston.rounds_over")
    assert book.to_json()["complete"] is True


def test_BT2_a_round_needs_everyone_seated() -> None:
    book = ledger("boston", SIX, rounds=2)
    add(book, "round lot", "bye P5", "table P1 P2 P3 P4")
    play_table(book, 1)
    assert book.to_json()["rounds"][0]["unseated"] == ["P6"]
    refused(book, "round lot", "club.boston.round_open")
    add(book, "bye P6", "round lot")


def test_BT2_seating_by_standings() -> None:
    eight = "".join(f"player P{i}\n" for i in range(1, 9))
    book = ledger("boston", eight, rounds=2)
    add(book, "round standings", "table P1 P2 P3 P4", "table P5 P6 P7 P8")  # round 1: everyone equal
    for _ in range(4):
        add(book, "hand 1 solo P1 8", "hand 2 solo P5 8")  # P1, P5 +48; the others -16
    add(book, "round standings")
    refused(book, "table P2 P3 P4 P6", "club.boston.by_standings")
    add(book, "table P1 P5 P2 P3", "table P4 P6 P7 P8")
    refused(book, "round lot", "club.boston.round_open")
    refused(book, "round banana", "club.boston.seating")


def test_BT2_too_few_players() -> None:
    book = ledger("boston", "player A\nplayer B\nplayer C\n")
    refused(book, "round lot", "club.boston.too_few")
    refused(book, "player a", "club.boston.player_exists")
    add(book, "player D", "round lot")
    refused(book, "player E", "club.boston.players_closed")


# -- BT3 standings: points, mani, games won, lot ---------------------------------------------------------------------
def test_BT3_points_then_mani_then_wins_then_lot() -> None:
    eight = "".join(f"player P{i}\n" for i in range(1, 9))
    book = ledger("boston", eight, rounds=1)
    add(book, "round lot", "table P1 P2 P3 P4", "table P5 P6 P7 P8")
    # table 1: P3 6 points 4 mani; P1 and P2 6 points 0 mani, no game won: equal on everything
    add(book, "hand 1 chiedo P1 5", "hand 1 chiedo P2 5", "hand 1 chiedo P3 7", "hand 1 chiedo P4 3")
    # table 2: P5 8 points; P6 and P7 0 points, mani +1 and -1
    add(book, "hand 2 chiedo P5 5", "hand 2 chiedo P5 5", "hand 2 chiedo P6 6", "hand 2 chiedo P7 5")
    rows = book.to_json()["standings"]
    by = {r["player"]: r for r in rows}
    assert [r["player"] for r in rows] == ["P5", "P3", "P1", "P2", "P6", "P7", "P8", "P4"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 3, 5, 6, 7, 8]
    keys = [(r["points"], r["mani"], r["wins"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert by["P6"]["points"] == by["P7"]["points"] and by["P6"]["mani"] > by["P7"]["mani"]
    assert [r["player"] for r in rows].index("P6") < [r["player"] for r in rows].index("P7")
    ties = book.to_json()["ties"]
    assert ties == [["P1", "P2"]]
    tie = ties[0]
    refused(book, "lot " + " ".join(tie[:1] + ["P5"]), "club.boston.lot_not_tied")
    add(book, "lot " + " ".join(reversed(tie)))
    rows = book.to_json()["standings"]
    drawn = [r for r in rows if r["player"] in tie]
    assert [r["player"] for r in drawn] == list(reversed(tie))
    assert [r["lot"] for r in drawn] == list(range(1, len(tie) + 1))
    assert book.to_json()["ties"] == []


def test_BT3_games_won_break_a_tie_on_points_and_mani() -> None:
    eight = "".join(f"player P{i}\n" for i in range(1, 9))
    book = ledger("boston", eight, rounds=1)
    add(book, "round lot", "table P1 P2 P3 P4", "table P5 P6 P7 P8")
    # table 1: P1 +6 -2 -2 -2 = 0, the others 0 too; mani 0: all four share the win
    add(book, "hand 1 chiedo P1 5", "hand 1 chiedo P2 5", "hand 1 chiedo P3 5", "hand 1 chiedo P4 5")
    # table 2: P5 and P6 end on 0 points, 0 mani, but P7 wins the game: P5, P6 and P8 have no win
    add(book, "hand 2 chiedo P7 5", "hand 2 chiedo P7 5", "hand 2 chiedo P5 5", "hand 2 chiedo P6 5")
    rows = {r["player"]: r for r in book.to_json()["standings"]}
    assert (rows["P1"]["points"], rows["P1"]["mani"], rows["P1"]["wins"]) == (0, 0, 1)
    assert (rows["P5"]["points"], rows["P5"]["mani"], rows["P5"]["wins"]) == (0, 0, 0)
    assert rows["P1"]["rank"] < rows["P5"]["rank"]


def test_BT3_lot_only_at_the_end() -> None:
    book = ledger("boston", FOUR + "round lot\ntable N E S W\n", rounds=1)
    refused(book, "lot N E", "club.boston.lot_early")


# -- a game entered from its Circolo record ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [3, 4])
def test_BT4_game_from_a_circolo_record(seed: int) -> None:
    game = BostonState()
    play_out(game, [make_bot("boston", "medium") for _ in range(4)], random.Random(seed))
    result = read_record(write_record(game)).state.result()
    first = result["hands"][0]["dealer"]
    seats = "NESW"
    order = [seats[(seats.index(first) + i) % 4] for i in range(4)]
    book = ledger("boston", FOUR + "round lot\ntable " + " ".join(order) + "\n", rounds=1)
    for entry in entries_from_result(result, 1, order):
        book.add(entry)
    table = table_of(book)
    assert table["complete"] is True
    points = dict(zip(table["players"], table["points"], strict=True))
    mani = dict(zip(table["players"], table["mani"], strict=True))
    assert points == result["totals"]["points"]
    assert mani == result["totals"]["mani"]
    assert sorted(table["winners"]) == sorted(result["winners"])
