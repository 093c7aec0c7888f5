"""The poker evening, clause by clause (shared/rules/club.md PE1-PE13; PE14 in test_settle.py)."""

from __future__ import annotations

import pytest

from pyapp.poker.serata.report import state_json
from tests.serata.helpers import (
    NAMES,
    add,
    evening,
    player,
    refusal,
    signups,
    table_sizes,
    tables,
    waiting,
)

FIVE = "draw 21:00 1 Anna Bruno Carla Dario Elena"


def seated(count: int = 5, extra: int = 0, **options: str) -> list[str]:
    """Sign-ups for ``count + extra`` players, all here, and table 1 drawn in name order."""
    return [*signups(count + extra), "draw 21:00 1 " + " ".join(NAMES[:count])]


# -- PE1 sign-up ------------------------------------------------------------------------------------


def test_PE1_signups_keep_their_order_and_time() -> None:
    ev = evening("signup 20:05 Bruno", 'signup 20:07 "Anna Maria"', "signup 20:09 Carla")
    rows = state_json(ev, "en")["lists"][0]["signups"]
    assert [(r["name"], r["time"]) for r in rows] == [
        ("Bruno", "20:05"),
        ("Anna Maria", "20:07"),
        ("Carla", "20:09"),
    ]
    assert waiting(ev) == ["Bruno", "Anna Maria", "Carla"]


def test_PE1_signing_up_twice_is_refused() -> None:
    ev = evening("signup 20:05 Bruno")
    assert refusal(ev, "signup 20:06 Bruno").key == "serata.pe1.twice"
    assert refusal(ev, "signup 20:06 bruno").key == "serata.name.spelling"


@pytest.mark.parametrize("extra", [1, 2])
def test_PE1_a_withdrawal_is_replaced_by_the_first_in_surplus(extra: int) -> None:
    ev = evening(*signups(5 + extra, arrive=False))
    assert tables(ev)[0]["seats"] == NAMES[:5]
    add(ev, "withdraw 20:40 Bruno")
    # Fabio, the first in surplus, takes the place: never Gino, the second
    assert tables(ev)[0]["seats"] == ["Anna", "Carla", "Dario", "Elena", "Fabio"]
    assert waiting(ev) == NAMES[6 : 5 + extra]
    assert player(ev, "Bruno")["status"] == "gone"


def test_PE1_a_drawn_place_is_not_handed_over() -> None:
    ev = evening(*signups(4), "signup 20:35 Elena", "signup 20:36 Fabio", "signup 20:37 Gino",
                 "arrive 20:40 Fabio", "arrive 20:40 Gino", FIVE)  # fmt: skip
    assert tables(ev)[0]["late"] == ["Elena"]
    add(ev, "withdraw 21:05 Elena")  # absent from the club: she loses the place (PE5)
    error = refusal(ev, "sit 21:06 Gino 1 5")
    assert error.key == "serata.pe5.first_in_surplus" and error.params["first"] == "Fabio"
    add(ev, "sit 21:06 Fabio 1 5")
    assert tables(ev)[0]["seats"][4] == "Fabio"


# -- PE2, PE3 forming tables ------------------------------------------------------------------------

SIZES = {
    # (sign-ups, seats): (table sizes, waiting)
    (4, 5): ([], 4),
    (5, 5): ([5], 0),
    (9, 5): ([5], 4),
    (10, 5): ([5, 5], 0),
    (11, 5): ([5, 5], 1),
    (13, 5): ([5, 5], 3),
    (4, 6): ([], 4),
    (5, 6): ([5], 0),
    (9, 6): ([6], 3),
    (10, 6): ([5, 5], 0),
    (11, 6): ([6, 5], 0),
    (13, 6): ([6, 6], 1),
}


@pytest.mark.parametrize(("count", "seats"), sorted(SIZES))
def test_PE2_PE3_tables_made_by_the_sign_ups(count: int, seats: int) -> None:
    ev = evening(*signups(count, arrive=False), seats=str(seats))
    sizes, wait = SIZES[count, seats]
    assert table_sizes(ev) == sizes
    assert len(waiting(ev)) == wait
    assert all(t["status"] == "forming" for t in tables(ev))


def test_PE3_later_sign_ups_complete_the_table_of_the_earliest() -> None:
    ev = evening(*signups(11, arrive=False), seats="6")
    first, second = (t["seats"] for t in tables(ev))
    assert first == [*NAMES[:5], NAMES[10]]  # the 11th sits with the first five
    assert second == [*NAMES[5:10], None]


def test_PE2_no_table_below_five_and_four_at_four_seat_tables() -> None:
    ev = evening(*signups(4))
    assert refusal(ev, "draw 21:00 1 Anna Bruno Carla Dario").key == "serata.pe2.not_formed"
    ev4 = evening(*signups(4), "draw 21:00 1 Dario Carla Bruno Anna", seats="4")
    assert tables(ev4)[0]["seats"] == ["Dario", "Carla", "Bruno", "Anna"]


def test_PE3_second_table_only_once_the_first_is_complete() -> None:
    ev = evening(*signups(5), FIVE, seats="6")  # five at a six-seat table: seat 6 free
    add(ev, *[f"signup 21:{10 + i} {n}" for i, n in enumerate(NAMES[5:9])])
    assert [t["status"] for t in tables(ev)] == ["playing"]  # nine: no second table, seat 6 first
    assert waiting(ev) == NAMES[5:9]
    add(ev, "arrive 21:20 Fabio", "sit 21:20 Fabio 1 6", "signup 21:25 Meri", "signup 21:26 Nino")
    assert [t["status"] for t in tables(ev)][1] == "forming"  # eleven: six seated, five make a table
    add(ev, "withdraw 21:26 Nino")
    assert [t["status"] for t in tables(ev)] == ["playing"]  # ten, but the first table holds six
    add(ev, "signup 21:27 Olga")
    assert [(t["status"], t["seats"][:6]) for t in tables(ev)][1] == (
        "forming",
        ["Gino", "Ivo", "Luca", "Meri", "Olga", None],
    )
    assert waiting(ev) == []


def test_PE3_ten_sign_ups_make_two_tables_even_after_the_first_draw() -> None:
    ev = evening(*signups(10), FIVE, seats="6")  # the first table drawn with five of six seats
    assert [(t["status"], t["seats"]) for t in tables(ev)][1] == ("forming", [*NAMES[5:10], None])
    add(ev, "signup 21:05 Nino")
    # an eleventh first completes the table of the earliest sign-ups: he waits for its seat 6
    assert tables(ev)[1]["seats"] == [*NAMES[5:10], None] and waiting(ev) == ["Nino"]
    add(ev, "draw 21:06 2 Fabio Gino Ivo Luca Meri")
    assert [t["status"] for t in tables(ev)] == ["playing", "playing"]


def test_PE3_the_organisers_limit_of_tables() -> None:
    ev = evening(*signups(13, arrive=False), tables="1")
    assert table_sizes(ev) == [5] and len(waiting(ev)) == 8


# -- PE4 two stakes ---------------------------------------------------------------------------------


def test_PE4_a_player_on_two_lists_must_choose() -> None:
    lines = [
        *signups(5, stake="10"),
        *(f"signup 20:4{i} {n} 20" for i, n in enumerate(["Anna", *NAMES[5:9]])),
    ]
    ev = evening(*lines, *(f"arrive 20:50 {n}" for n in NAMES[5:9]), stakes="10,20")
    assert state_json(ev, "en")["must_choose"] == ["Anna"]
    error = refusal(ev, "draw 21:00 1 Anna Bruno Carla Dario Elena")
    assert error.key == "serata.pe4.choose" and "Anna" in str(error.params["names"])
    add(ev, "choose 20:55 Anna 20")
    assert state_json(ev, "en")["must_choose"] == []
    # Anna left the 10 list: its table waits for a fifth; the 20 list has its five
    assert [t["stake"] for t in tables(ev)] == ["20"]
    assert refusal(ev, "signup 21:00 Pia").key == "serata.pe4.stake_needed"
    assert refusal(ev, "signup 21:00 Pia 15").key == "serata.pe4.stake_unknown"


def test_PE4_one_list_writes_no_stake() -> None:
    assert refusal(evening(), "signup 20:00 Anna 10").key == "serata.pe4.stake_single"


# -- PE5 losing the place ---------------------------------------------------------------------------


def late_table() -> list[str]:
    """Bruno signed up and drawn but not here; Fabio and Gino in surplus and here."""
    lines = signups(7)
    lines.remove("arrive 20:30 Bruno")
    return [*lines, FIVE]


def test_PE5_late_arrival_limit_at_the_third_round() -> None:
    ev = evening(*late_table())
    assert tables(ev)[0]["late"] == ["Bruno"]
    notes = state_json(ev, "en")["notes"]
    assert notes[-1]["rule"] == "PE5" and notes[-1]["warning"]
    assert tables(ev)[0]["third_round_at"] == 10  # two rounds of five hands
    add(ev, "hands 21:30 1 9", "arrive 21:31 Bruno")  # before the third round: he sits
    assert player(ev, "Bruno")["status"] == "seated" and player(ev, "Bruno")["passate"] == 1


def test_PE5_a_drawn_player_missing_at_the_third_round_loses_the_place() -> None:
    ev = evening(*late_table())
    add(ev, "hands 21:40 1 10")
    assert player(ev, "Bruno")["status"] == "gone"
    assert tables(ev)[0]["seats"][1] is None
    assert refusal(ev, "arrive 21:41 Bruno").key == "serata.pe5.lost_place"
    assert refusal(ev, "sit 21:41 Gino 1 2").key == "serata.pe5.first_in_surplus"
    add(ev, "sit 21:41 Fabio 1 2")
    assert tables(ev)[0]["seats"][1] == "Fabio"


def test_PE5_away_more_than_half_an_hour_loses_the_place() -> None:
    ev = evening(*seated(5, extra=1), "leave 21:10 Carla")
    add(ev, "hands 21:40 1 5")  # exactly half an hour: the seat still waits
    assert player(ev, "Carla")["status"] == "away"
    add(ev, "hands 21:41 1 6")
    assert player(ev, "Carla")["status"] == "out" and tables(ev)[0]["seats"][2] is None
    assert any(n["rule"] == "PE5" and "Carla" in n["message"] for n in state_json(ev, "en")["notes"])
    add(ev, "sit 21:42 Fabio 1 3")


def test_PE5_the_first_in_surplus_must_be_here() -> None:
    lines = signups(7)
    lines.remove("arrive 20:30 Fabio")
    ev = evening(*lines, FIVE, "quit 22:10 Carla")
    assert refusal(ev, "sit 22:11 Fabio 1 3").key == "serata.pe5.not_arrived"
    add(ev, "sit 22:11 Gino 1 3")  # Fabio is not in the club: the next one present sits


# -- PE6 the judgements of the organiser ------------------------------------------------------------


def test_PE6_stopping_before_the_minimum_hour_is_a_warning() -> None:
    ev = evening(*seated())
    add(ev, "quit 21:30 Carla")
    assert player(ev, "Carla")["status"] == "out"  # taken, not forbidden
    note = state_json(ev, "it")["notes"][-1]
    assert note["rule"] == "PE6" and note["warning"] and "22:00" in note["message"]


def test_PE6_who_lost_his_whole_passata_may_stop_early() -> None:
    ev = evening(*seated(), "chips 21:20 Carla 0", "chips 21:20 Dario 200", "quit 21:30 Carla")
    assert not [n for n in state_json(ev, "en")["notes"] if n["rule"] == "PE6"]


def test_PE6_closing_early_or_short_while_players_wait_is_a_warning() -> None:
    ev = evening(*seated(5, extra=1), "quit 22:10 Carla", "close 21:50 1".replace("21:50", "22:20"))
    rules = [n["rule"] for n in state_json(ev, "en")["notes"] if n["warning"]]
    assert rules == ["PE6"]  # free seat while Fabio waits
    ev2 = evening(*seated(), "close 21:30 1")
    assert "21:00" in tables(ev2)[0]["start"] and state_json(ev2, "en")["notes"][-1]["rule"] == "PE6"


# -- PE7 seats by lot -------------------------------------------------------------------------------


def test_PE7_the_draw_names_the_seats_from_the_first_dealer() -> None:
    ev = evening(*signups(5), "draw 21:00 1 Dario Anna Elena Bruno Carla", seats="6")
    table = tables(ev)[0]
    assert table["first_dealer"] == "Dario" and table["lot"] is True
    assert table["seats"] == ["Dario", "Anna", "Elena", "Bruno", "Carla", None]
    assert table["free"] == [6]  # the seat on the first dealer's right stays free
    assert player(ev, "Anna")["passate"] == 1 and player(ev, "Anna")["chips"] == 100


def test_PE7_the_draw_must_seat_exactly_the_table() -> None:
    ev = evening(*signups(6))
    error = refusal(ev, "draw 21:00 1 Anna Bruno Carla Dario Fabio")
    assert error.key == "serata.pe7.roster" and error.params["missing"] == "Elena"
    assert error.params["extra"] == "Fabio"
    assert refusal(ev, "draw 21:00 1 Anna Bruno Carla Dario Dario").key == "serata.pe7.repeated"
    add(ev, "seats 21:00 1 Anna Bruno Carla Dario Elena")
    assert tables(ev)[0]["lot"] is False
    assert refusal(ev, "draw 21:01 1 Anna Bruno Carla Dario Elena").key == "serata.pe7.drawn"


# -- PE8 no changing seats --------------------------------------------------------------------------


def test_PE8_the_neighbour_with_the_larger_loss_moves_first() -> None:
    ev = evening(*seated(), "chips 21:30 Bruno 90", "chips 21:30 Dario 60", "chips 21:30 Anna 150",
                 "quit 22:10 Carla")  # fmt: skip
    error = refusal(ev, "move 22:11 Bruno 3")
    assert error.key == "serata.pe8.bigger_loser" and error.params["name"] == "Dario"
    assert refusal(ev, "move 22:11 Anna 3").key == "serata.pe8.not_neighbour"
    assert refusal(ev, "move 22:11 Dario 2").key == "serata.pe8.taken"
    add(ev, "stay 22:11 Dario", "move 22:12 Bruno 3")
    assert tables(ev)[0]["seats"] == ["Anna", None, "Bruno", "Dario", "Elena"]


def test_PE8_the_bigger_loser_may_move_at_once() -> None:
    ev = evening(
        *seated(), "chips 21:30 Dario 60", "chips 21:30 Anna 140", "quit 22:10 Carla", "move 22:11 Dario 3"
    )
    assert tables(ev)[0]["seats"] == ["Anna", "Bruno", "Dario", None, "Elena"]
    assert refusal(ev, "stay 22:12 Anna").key == "serata.pe8.no_empty"


# -- PE9 late arrivals ------------------------------------------------------------------------------


def test_PE9_the_seats_on_the_first_dealers_right_fill_last() -> None:
    ev = evening(*signups(5), FIVE, "signup 21:05 Fabio", "signup 21:06 Gino", "arrive 21:07 Fabio",
                 "arrive 21:07 Gino", "quit 22:10 Carla", seats="6")  # fmt: skip
    assert tables(ev)[0]["sit_choices"] == [3]
    error = refusal(ev, "sit 22:11 Fabio 1 6")
    assert error.key == "serata.pe9.seat" and error.params["seats"] == "3"
    add(ev, "sit 22:11 Fabio 1 3")
    assert tables(ev)[0]["sit_choices"] == [6]  # now the last seat, next to the first dealer
    add(ev, "sit 22:12 Gino 1 6")
    assert tables(ev)[0]["seats"][5] == "Gino"


# -- PE10 returning players -------------------------------------------------------------------------


def test_PE10_back_within_half_an_hour_same_seat_same_resto() -> None:
    ev = evening(*seated(), "chips 21:20 Carla 130", "chips 21:20 Bruno 70", "leave 21:30 Carla")
    assert tables(ev)[0]["away"] == ["Carla"] and tables(ev)[0]["seats"][2] == "Carla"
    assert refusal(ev, "return 21:50 Carla consent").key == "serata.pe10.no_consent_needed"
    add(ev, "return 21:59 Carla", "passata 22:00 Carla 1")  # he may add passate
    assert player(ev, "Carla")["seat"] == 3 and player(ev, "Carla")["chips"] == 230


def test_PE10_later_only_with_consent_own_seat_if_free() -> None:
    ev = evening(*seated(), "leave 21:30 Carla", "hands 22:05 1 8")
    assert player(ev, "Carla")["status"] == "out"
    assert refusal(ev, "return 22:10 Carla").key == "serata.pe10.consent"
    add(ev, "return 22:10 Carla consent")
    assert player(ev, "Carla")["seat"] == 3 and player(ev, "Carla")["chips"] == 100


def test_PE10_later_with_the_seat_taken_the_seat_left_of_the_last_player() -> None:
    ev = evening(*seated(5, extra=1), "leave 21:30 Carla", "hands 22:05 1 8", "sit 22:06 Fabio 1 3",
                 "quit 22:20 Elena", "stay 22:20 Dario", "stay 22:20 Anna")  # fmt: skip
    # Carla's seat 3 is Fabio's now; seat 5 is free, on the left of Dario (the last player)
    add(ev, "return 22:30 Carla consent")
    assert player(ev, "Carla")["seat"] == 5


def test_PE10_a_player_who_stopped_may_take_his_seat_back_within_half_an_hour() -> None:
    ev = evening(*seated(), "quit 22:10 Carla", "return 22:35 Carla")
    assert player(ev, "Carla")["seat"] == 3
    assert refusal(evening(*seated(), "quit 22:10 Carla"), "return 22:45 Carla").key == "serata.pe10.consent"


# -- PE11 a table that breaks up ---------------------------------------------------------------------


def two_tables() -> list[str]:
    return [*signups(10), FIVE, "draw 21:00 2 Fabio Gino Ivo Luca Meri"]


def test_PE11_a_breaking_tables_order_biggest_loser_then_least_winner() -> None:
    ev = evening(*two_tables(), "signup 21:05 Nino", "arrive 21:05 Nino",
                 "chips 22:00 Fabio 40", "chips 22:00 Gino 90", "chips 22:00 Ivo 130", "chips 22:00 Luca 110",
                 "chips 22:00 Meri 130", "quit 22:10 Carla", "quit 22:11 Dario", "close 22:30 2")  # fmt: skip
    queue = state_json(ev, "en")["waiting"]
    assert queue == ["Fabio", "Gino", "Luca", "Ivo", "Meri", "Nino"]  # losers by loss, winners by least won
    error = refusal(ev, "sit 22:31 Luca 1 3")
    assert error.params["first"] == "Fabio"
    add(ev, "sit 22:31 Fabio 1 3", "sit 22:32 Gino 1 4")
    assert tables(ev)[0]["seats"] == ["Anna", "Bruno", "Fabio", "Gino", "Elena"]
    assert player(ev, "Fabio")["chips"] == 40 and player(ev, "Fabio")["passate"] == 1  # his own resto
    add(ev, "withdraw 22:33 Luca")  # a player of the broken table gives up his right
    assert state_json(ev, "en")["waiting"] == ["Ivo", "Meri", "Nino"]


# -- PE12 the resto ---------------------------------------------------------------------------------


def test_PE12_the_resto_is_raised_by_whole_passate() -> None:
    ev = evening(*seated(5, extra=1))
    add(ev, "passata 21:10 Anna 2")
    assert player(ev, "Anna")["passate"] == 3 and player(ev, "Anna")["chips"] == 300
    assert refusal(ev, "passata 21:11 Anna 0").key == "serata.number.passate"
    assert refusal(ev, "passata 21:11 Anna 1.5").key == "serata.number.passate"
    assert refusal(ev, "passata 21:11 Fabio 1").key == "serata.pe12.not_seated"


def test_PE12_the_resto_must_cover_the_pot_before_playing() -> None:
    ev = evening(*seated(), "chips 21:30 Anna 5", "chips 21:30 Bruno 195")
    assert tables(ev)[0]["pot"] == 6  # five uscite and the dealer's
    error = refusal(ev, "hands 21:40 1 4")
    assert error.key == "serata.pe12.short" and error.params == {"name": "Anna", "chips": 5, "pot": 6}
    add(ev, "passata 21:41 Anna 1", "hands 21:42 1 4")


# -- PE13 doppia passata ----------------------------------------------------------------------------


def test_PE13_a_late_joiner_buys_two_passate_after_a_rebuy() -> None:
    ev = evening(*seated(5, extra=2), "passata 21:30 Bruno 1", "quit 22:10 Carla", "sit 22:11 Fabio 1 3")
    assert player(ev, "Fabio")["passate"] == 2 and player(ev, "Fabio")["chips"] == 200
    assert state_json(ev, "en")["notes"][-1]["rule"] == "PE13"


def test_PE13_without_a_rebuy_one_passata() -> None:
    ev = evening(*seated(5, extra=1), "quit 22:10 Carla", "sit 22:11 Fabio 1 3")
    assert player(ev, "Fabio")["passate"] == 1


def test_PE13_a_drawn_latecomer_after_a_rebuy_buys_two() -> None:
    lines = signups(5)
    lines.remove("arrive 20:30 Elena")
    ev = evening(*lines, FIVE, "passata 21:10 Anna 1", "arrive 21:15 Elena")
    assert player(ev, "Elena")["passate"] == 2
