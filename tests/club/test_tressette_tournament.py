"""The Tressette tournament (club.md TT1-TT9) and its scorekeeper (tressette.md T12-T16)."""

from __future__ import annotations

import itertools
import random

import pytest

from pyapp.bots import make_bot
from pyapp.club.record import split_entry
from pyapp.club.tournament import Ledger
from pyapp.core import play_out
from pyapp.record import read_record, write_record
from pyapp.tressette.rules import TressetteState
from pyapp.tressette.tournament import entries_from_result, totals_possible
from tests.club.helpers import FOUR_TEAMS, add, group_of, ledger, refused, win

GROUP = FOUR_TEAMS + "group A Assi Coppe Spade Bastoni\n"


def one_group(**options: object) -> Ledger:
    return ledger("tressette", GROUP, **options)


def meeting(book: Ledger, a: str, b: str) -> dict[str, object]:
    for group in book.to_json()["groups"]:
        for m in group["meetings"]:
            if set(m["teams"]) == {a, b}:
                return m
    raise AssertionError(f"no meeting {a}-{b}")


# -- TT1 teams -----------------------------------------------------------------------------------------
def test_TT1_a_team_is_two_fixed_players() -> None:
    book = ledger("tressette", FOUR_TEAMS)
    refused(book, 'team assi "X Y" "Z W"', "club.tressette.team_exists")
    refused(book, "team Denari Pia Pia", "club.tressette.same_player")
    refused(book, 'team Denari "Mario Rossi" Pia', "club.tressette.player_taken")
    refused(book, "team Denari Pia", "club.entry.arity")
    refused(book, 'team "" Pia Lia', "club.entry.blank_name")
    add(book, "group A Assi Coppe Spade Bastoni")
    refused(book, "team Denari Pia Lia", "club.tressette.teams_closed")
    teams = book.to_json()["teams"]
    assert teams[0] == {
        "name": "Assi",
        "players": ["Mario Rossi", "Luigi Bianchi"],
        "group": "A",
        "disqualified": False,
    }


# -- TT2 groups and the round robin ----------------------------------------------------------------------
@pytest.mark.parametrize("size", [2, 3, 4, 5, 6, 7, 8])
def test_TT2_every_pair_of_a_group_meets_once(size: int) -> None:
    teams = "".join(f"team T{i} P{i}a P{i}b\n" for i in range(size))
    members = " ".join(f"T{i}" for i in range(size))
    book = ledger("tressette", teams + f"group A {members}\n")
    meetings = group_of(book)["meetings"]
    pairs = [frozenset(m["teams"]) for m in meetings]
    assert len(pairs) == len(set(pairs)) == size * (size - 1) // 2
    assert set(pairs) == {frozenset(p) for p in itertools.combinations([f"T{i}" for i in range(size)], 2)}
    for number in {m["round"] for m in meetings}:  # nobody plays twice in a round
        playing = [t for m in meetings if m["round"] == number for t in m["teams"]]
        assert len(playing) == len(set(playing))


def test_TT2_groups_by_lot_or_by_hand_sizes_differ_by_at_most_one() -> None:
    teams = "".join(f"team T{i} P{i}a P{i}b\n" for i in range(7))
    book = ledger("tressette", teams, groups=2)
    refused(book, "group A T0 T1", "club.tressette.group_size")
    refused(book, "group A T0 T1 T2 T3 T4", "club.tressette.group_size")
    refused(book, "group A T0 T0 T1", "club.tressette.team_twice")
    refused(book, "group A T0 T1 Nobody", "club.tressette.no_team")
    add(book, "draw A T3 T1 T5 T0")
    refused(book, "group A T2 T4 T6", "club.tressette.group_exists")
    refused(book, "group B T2 T4 T0", "club.tressette.team_placed")
    refused(book, "hand T3 T1 1 6 5", "club.tressette.groups_first")
    add(book, "group B T2 T4 T6")
    data = book.to_json()
    assert [(g["name"], g["drawn"], len(g["teams"])) for g in data["groups"]] == [
        ("A", True, 4),
        ("B", False, 3),
    ]
    refused(book, "group C T2 T4", "club.tressette.groups_done")
    refused(book, "hand T3 T2 1 6 5", "club.tressette.no_meeting")


def test_TT2_too_many_groups_for_the_teams() -> None:
    book = ledger("tressette", FOUR_TEAMS, groups=3)
    refused(book, "group A Assi Coppe", "club.tressette.too_few_teams")


# -- TT3 meetings best of three ----------------------------------------------------------------------------
def test_TT3_best_of_three_stops_at_two_wins() -> None:
    book = one_group()
    add(book, *win("Assi", "Coppe", 1), *win("Assi", "Coppe", 2))
    m = meeting(book, "Assi", "Coppe")
    assert (m["complete"], m["winner"], m["points"], m["partite"]) == (
        True,
        "Assi",
        [2, 0],
        [[36, 30], [36, 30]],
    )
    refused(book, "hand Assi Coppe 3 6 5", "club.tressette.meeting_complete")
    refused(book, "hand Coppe Assi 3 6 5", "club.tressette.meeting_complete")


def test_TT3_a_third_partita_when_one_all() -> None:
    book = one_group()
    add(book, *win("Assi", "Coppe", 1), *win("Assi", "Coppe", 2, first_wins=False))
    assert meeting(book, "Assi", "Coppe")["complete"] is False
    refused(book, "hand Assi Coppe 4 6 5", "club.tressette.no_fourth")
    refused(book, "hand Assi Coppe 2 6 5", "club.tressette.partita_over")
    add(book, *win("Assi", "Coppe", 3, first_wins=False))
    m = meeting(book, "Assi", "Coppe")
    assert (m["winner"], m["points"]) == ("Coppe", [1, 2])


def test_TT3_all_three_option_plays_every_partita() -> None:
    book = one_group(match="all_three")
    add(book, *win("Assi", "Coppe", 1), *win("Assi", "Coppe", 2))
    assert meeting(book, "Assi", "Coppe")["complete"] is False
    add(book, *win("Assi", "Coppe", 3))
    m = meeting(book, "Assi", "Coppe")
    assert (m["complete"], m["points"]) == (True, [3, 0])
    refused(book, "hand Assi Coppe 4 6 5", "club.tressette.meeting_complete")


def test_TT3_partite_in_order() -> None:
    book = one_group()
    refused(book, "hand Assi Coppe 2 6 5", "club.tressette.partita_not_yet")
    refused(book, "hand Assi Coppe 0 6 5", "club.entry.not_number")
    refused(book, "hand Assi Coppe due 6 5", "club.entry.not_number")


# -- TT4 points ---------------------------------------------------------------------------------------------
def test_TT4_points_equal_partite_won() -> None:
    rng = random.Random(4)
    for _ in range(5):
        book = one_group(match=rng.choice(["best_of_three", "all_three"]))
        for m in group_of(book)["meetings"]:
            a, b = m["teams"]
            for number in (1, 2, 3):
                if meeting(book, a, b)["complete"]:
                    break
                add(book, *win(a, b, number, rng.random() < 0.5))
        for m in group_of(book)["meetings"]:
            assert sorted(m["points"]) in ([0, 2], [1, 2], [0, 3])
            assert m["points"] == [sum(1 for p in m["partite"] if p[s] > p[1 - s]) for s in (0, 1)]
        for row in group_of(book)["standings"]:
            assert row["points"] == row["partite_won"]


# -- TT5 standings and every tie-break ---------------------------------------------------------------------
THREE = """
team A a1 a2
team B b1 b2
team C c1 c2
group G A B C
"""


def test_TT5_head_to_head_before_partite_difference() -> None:
    book = ledger("tressette", THREE)
    add(book, "partita A B 1 31 20", "partita A B 2 20 31", "partita A B 3 31 20")  # A 2-1 B
    add(book, "partita A C 1 20 31", "partita A C 2 31 20", "partita A C 3 20 31")  # C 2-1 A
    add(book, "partita B C 1 31 20", "partita B C 2 31 20")  # B 2-0 C
    rows = group_of(book, "G")["standings"]
    assert [(r["team"], r["points"]) for r in rows] == [("A", 3), ("B", 3), ("C", 2)]
    a, b = rows[0], rows[1]
    assert (a["head_to_head"], b["head_to_head"]) == (2, 1)
    assert b["partite_diff"] > a["partite_diff"]  # B would lead on partite: the meeting between them decides
    assert rows[2]["head_to_head"] is None


CYCLE = """
team A a1 a2
team B b1 b2
team C c1 c2
team D d1 d2
group G A B C D
partita A B 1 31 20
partita A B 2 20 31
partita A B 3 31 20
partita B C 1 31 20
partita B C 2 20 31
partita B C 3 31 20
partita C A 1 31 20
partita C A 2 20 31
partita C A 3 31 20
partita A D 1 31 20
partita A D 2 31 20
partita B D 1 31 20
partita B D 2 20 31
partita B D 3 31 20
"""


def test_TT5_partite_difference_then_game_points() -> None:
    book = ledger("tressette", CYCLE + "partita C D 1 31 20\npartita C D 2 20 31\npartita C D 3 31 25\n")
    rows = group_of(book, "G")["standings"]
    assert [r["points"] for r in rows[:3]] == [5, 5, 5]
    assert [r["head_to_head"] for r in rows[:3]] == [3, 3, 3]  # a cycle: equal among themselves
    assert rows[0]["team"] == "A" and rows[0]["partite_diff"] == 2  # partite won minus lost
    assert [r["team"] for r in rows[1:3]] == ["B", "C"]
    assert rows[1]["partite_diff"] == rows[2]["partite_diff"] == 1
    assert rows[1]["points_diff"] == 11 and rows[2]["points_diff"] == 6  # punti fatti - subiti
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert group_of(book, "G")["ties"] == []


def test_TT5_lot_recorded_for_a_complete_tie() -> None:
    book = ledger("tressette", CYCLE + "partita C D 1 31 20\npartita C D 2 20 31\n")
    refused(book, "lot G B C", "club.tressette.lot_early")
    add(book, "partita C D 3 31 20")
    group = group_of(book, "G")
    assert group["ties"] == [["B", "C"]]
    assert [(r["team"], r["rank"], r["tied"]) for r in group["standings"][1:3]] == [
        ("B", 2, True),
        ("C", 2, True),
    ]
    refused(book, "lot G A B", "club.tressette.lot_not_tied")
    refused(book, "lot G B C D", "club.tressette.lot_not_tied")
    refused(book, "lot H B C", "club.tressette.no_group")
    add(book, "lot G C B")
    rows = group_of(book, "G")["standings"]
    assert [(r["team"], r["rank"], r["lot"], r["tied"]) for r in rows[1:3]] == [
        ("C", 2, 1, False),
        ("B", 3, 2, False),
    ]
    assert "lot G C B" in book.text()


# -- TT6 knockout --------------------------------------------------------------------------------------------
SIX = """
team A1 p1 p2
team A2 p3 p4
team A3 p5 p6
team B1 q1 q2
team B2 q3 q4
team B3 q5 q6
group A A1 A2 A3
group B B1 B2 B3
"""


def finish_groups(book: Ledger) -> None:
    """Each group ends in name order: X1 beats everyone, X2 beats X3."""
    for group in ("A", "B"):
        for a, b in (("1", "2"), ("1", "3"), ("2", "3")):
            add(book, f"partita {group}{a} {group}{b} 1 31 20", f"partita {group}{a} {group}{b} 2 31 20")


def test_TT6_knockout_seeded_so_a_group_meets_itself_late() -> None:
    book = ledger("tressette", SIX, groups=2)
    refused(book, "knockout 2", "club.tressette.knockout_early")
    finish_groups(book)
    refused(book, "knockout 4", "club.entry.range")
    add(book, "knockout 2")
    knockout = book.to_json()["knockout"]
    first = [set(m["teams"]) for m in knockout["rounds"][0]]
    assert first == [{"A1", "B2"}, {"B1", "A2"}]  # winners against the other group's runners-up
    refused(book, "knockout 2", "club.tressette.knockout_started")
    refused(book, "hand A1 B1 1 6 5", "club.tressette.no_meeting")
    add(book, "partita A1 B2 1 31 20", "partita A1 B2 2 31 20")
    add(book, "partita B1 A2 1 20 31", "partita B1 A2 2 20 31")
    # A1 and A2 met in their group (complete): the entry now goes to their final
    add(book, "partita A2 A1 1 31 20", "partita A2 A1 2 31 20")
    knockout = book.to_json()["knockout"]
    assert knockout["champion"] == "A2"
    assert book.to_json()["complete"] is True
    refused(book, "hand A1 A2 3 6 5", "club.tressette.meeting_complete")


def test_TT6_a_tie_on_the_qualification_line_needs_the_lot() -> None:
    body = SIX + "".join(
        f"partita {a} {b} 1 31 20\npartita {a} {b} 2 20 31\npartita {a} {b} 3 31 20\n"
        for a, b in (("A1", "A2"), ("A2", "A3"), ("A3", "A1"))
    )
    book = ledger("tressette", body, groups=2)
    for a, b in (("B1", "B2"), ("B1", "B3"), ("B2", "B3")):
        add(book, f"partita {a} {b} 1 31 20", f"partita {a} {b} 2 31 20")
    error = refused(book, "knockout 1", "club.tressette.knockout_tie")
    assert "A" in error.message("en")
    add(book, "lot A A3 A1 A2", "knockout 1")
    assert book.to_json()["knockout"]["slots"] == ["A3", "B1"]


# -- TT7 penalties (T16) ------------------------------------------------------------------------------------
def test_TT7_penalty_costs_three_and_voids_the_hand() -> None:
    book = one_group()
    add(book, "hand Assi Coppe 1 6 5", "penalty Assi Coppe 1 Coppe")
    sheet = meeting(book, "Assi", "Coppe")["sheets"][0]
    assert sheet["totals"] == [6, 2] and sheet["hands"] == 1
    assert sheet["events"][1] == {"kind": "penalty", "side": 1, "team": "Coppe", "totals": [6, 2]}
    refused(book, "penalty Assi Coppe 1 Spade", "club.tressette.not_in_meeting")
    add(book, "penalty Assi Coppe 1 Coppe")  # totals may go negative (T16)
    add(book, "penalty Assi Coppe 1 Coppe")
    assert meeting(book, "Assi", "Coppe")["current"]["totals"] == [6, -4]


def test_TT7_a_penalty_never_ends_a_partita() -> None:
    book = one_group()
    add(book, *["hand Assi Coppe 1 6 5"] * 5)  # 30-25
    add(
        book, "penalty Assi Coppe 1 Coppe", "penalty Assi Coppe 1 Coppe"
    )  # 30-19: totals only count after a hand
    add(book, "hand Assi Coppe 1 1 10")  # 31-29: Assi win
    m = meeting(book, "Assi", "Coppe")
    assert m["partite"] == [[31, 29]]


# -- T12-T14 the scorekeeper of a partita --------------------------------------------------------------------
def test_T12_a_hand_is_worth_eleven() -> None:
    book = one_group()
    refused(book, "hand Assi Coppe 1 12 0", "club.tressette.hand_points")
    refused(book, "hand Assi Coppe 1 6 6", "club.tressette.hand_sum")
    refused(book, "hand Assi Coppe 1 5 5", "club.tressette.hand_sum")
    refused(book, "hand Assi Coppe 1 -1 12", "club.entry.not_number")
    refused(book, "hand Assi Coppe 1 06 5", "club.entry.not_number")
    refused(book, "hand Assi Coppe 1 6", "club.entry.arity")
    add(book, "hand Assi Coppe 1 0 11")


def test_T13_cappotto_noted() -> None:
    book = one_group()
    add(book, "hand Assi Coppe 1 11 0", "hand Coppe Assi 1 11 0", "hand Assi Coppe 1 11 0")
    assert meeting(book, "Assi", "Coppe")["cappotti"] == [2, 1]


def test_T14_the_end_exactly_and_ties_go_on() -> None:
    book = one_group()
    add(book, *["hand Assi Coppe 1 6 5"] * 5, "hand Assi Coppe 1 0 11")  # 30-36: Coppe win at once
    assert meeting(book, "Assi", "Coppe")["partite"] == [[30, 36]]
    refused(book, "hand Assi Coppe 1 6 5", "club.tressette.partita_over")
    # a tie at 31 or more goes on
    add(book, *["hand Assi Coppe 2 6 5", "hand Assi Coppe 2 5 6"] * 3)  # 33-33
    assert meeting(book, "Assi", "Coppe")["current"] == {"partita": 2, "totals": [33, 33], "hands": 6}
    add(book, "hand Assi Coppe 2 6 5")
    assert meeting(book, "Assi", "Coppe")["partite"] == [[30, 36], [39, 38]]


def test_T14_both_past_31_the_higher_wins() -> None:
    book = one_group()
    add(book, *["hand Assi Coppe 1 3 8"] * 3, *["hand Assi Coppe 1 8 3"] * 2)  # 25-30
    add(book, "hand Assi Coppe 1 7 4")  # 32-34
    assert meeting(book, "Assi", "Coppe")["partite"] == [[32, 34]]


@pytest.mark.parametrize(
    ("a", "b", "ok"),
    [
        (31, 20, True),
        (41, 30, True),
        (42, 30, False),
        (31, 31, False),
        (30, 25, False),
        (41, 38, True),
        (47, 44, True),
        (36, 36, False),
        (31, -5, True),
        (50, 30, False),
        (36, 19, True),
    ],
)
def test_T14_final_totals_entry(a: int, b: int, ok: bool) -> None:
    assert totals_possible(a, b) is ok
    assert totals_possible(b, a) is ok
    book = one_group()
    if ok:
        add(book, f"partita Assi Coppe 1 {a} {b}")
        assert meeting(book, "Assi", "Coppe")["partite"] == [[a, b]]
    else:
        refused(book, f"partita Assi Coppe 1 {a} {b}", "club.tressette.totals_impossible")


def test_T14_totals_entry_only_for_a_partita_not_started() -> None:
    book = one_group()
    add(book, "hand Assi Coppe 1 6 5")
    refused(book, "partita Assi Coppe 1 31 20", "club.tressette.partita_started")
    refused(book, "partita Assi Spade 1 31 x", "club.entry.not_number")


# -- TT8 disqualification and forfeits -----------------------------------------------------------------------
def test_TT8_disqualification_forfeits_the_unplayed_meetings_only() -> None:
    book = one_group()
    add(book, *win("Assi", "Coppe", 1), *win("Assi", "Coppe", 2))  # played: stands
    add(book, *win("Assi", "Spade", 1, first_wins=False))  # in progress: forfeited
    add(book, "disqualify Assi")
    refused(book, "disqualify Assi", "club.tressette.already_disqualified")
    assert meeting(book, "Assi", "Coppe")["points"] == [2, 0]
    m = meeting(book, "Assi", "Spade")
    points = dict(zip(m["teams"], m["points"], strict=True))
    assert (m["complete"], m["forfeit"], m["winner"], points) == (
        True,
        ["Assi"],
        "Spade",
        {"Assi": 0, "Spade": 2},
    )
    m = meeting(book, "Assi", "Bastoni")
    assert (m["complete"], m["winner"], m["partite"]) == (True, "Bastoni", [])
    refused(book, "hand Assi Bastoni 1 6 5", "club.tressette.meeting_complete")
    rows = {r["team"]: r for r in group_of(book)["standings"]}
    assert rows["Assi"]["disqualified"] is True and rows["Assi"]["points"] == 2
    assert rows["Spade"]["scored"] == 0  # the forfeited meeting's partite do not count


def test_TT8_forfeit_of_one_meeting() -> None:
    book = one_group()
    refused(book, "forfeit Assi Coppe Spade", "club.tressette.not_in_meeting")
    add(book, "forfeit Assi Coppe Coppe")
    m = meeting(book, "Assi", "Coppe")
    assert (m["winner"], m["points"], m["forfeit"]) == ("Assi", [2, 0], ["Coppe"])
    refused(book, "forfeit Assi Coppe Coppe", "club.tressette.meeting_complete")


def test_TT8_disqualified_team_leaves_the_knockout() -> None:
    book = ledger("tressette", SIX, groups=2)
    finish_groups(book)
    add(book, "disqualify A1", "knockout 1")
    assert book.to_json()["knockout"]["slots"] == ["A2", "B1"]  # A2 is now group A's first


# -- TT9 dealer ------------------------------------------------------------------------------------------------
def test_TT9_first_dealer_of_a_meeting() -> None:
    book = one_group()
    refused(book, 'dealer Assi Coppe "Carla Gialli"', "club.tressette.not_a_player")
    add(book, 'dealer Assi Coppe "Bruno Neri"')
    assert meeting(book, "Assi", "Coppe")["dealer"] == "Bruno Neri"
    refused(book, 'dealer Assi Coppe "Anna Verdi"', "club.tressette.dealer_given")
    add(book, "hand Assi Spade 1 6 5")
    refused(book, 'dealer Assi Spade "Mario Rossi"', "club.tressette.dealer_late")


# -- a meeting entered from its game record --------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2])
def test_meeting_from_a_circolo_game_record(seed: int) -> None:
    game = TressetteState(penalties="on")
    rng = random.Random(seed)
    bots = [make_bot("tressette", "medium") for _ in range(4)]
    for _ in range(3):  # a penalty or two mid-hand, as a referee would note them
        while game.current_player() < 0 and not game.is_terminal():
            game.apply(game.chance_sample(rng))
        game.apply("penalty EW")
    play_out(game, bots, rng)
    record = read_record(write_record(game))
    result = record.state.result()
    book = one_group()
    for entry in entries_from_result(
        result, "Assi", "Coppe", ["Mario Rossi", "Luigi Bianchi", "Anna Verdi", "Bruno Neri"]
    ):
        book.add(entry)
    m = meeting(book, "Assi", "Coppe")
    assert m["partite"] == [[p["totals"]["NS"], p["totals"]["EW"]] for p in result["partite"]]
    assert m["winner"] == {"NS": "Assi", "EW": "Coppe"}[result["winner"]]
    assert m["cappotti"] == [result["cappotti"]["NS"], result["cappotti"]["EW"]]
    assert m["dealer"] in ("Mario Rossi", "Luigi Bianchi", "Anna Verdi", "Bruno Neri")
    assert any(e["kind"] == "penalty" for s in m["sheets"] for e in s["events"])


def test_entries_name_either_order_of_the_teams() -> None:
    book = one_group()
    add(book, "hand Coppe Assi 1 7 4")
    assert meeting(book, "Assi", "Coppe")["current"]["totals"] == [4, 7]
    assert split_entry("hand Coppe Assi 1 7 4").args[0] == "Coppe"
