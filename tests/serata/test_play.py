"""A table of the evening played at the poker table: its start, and its ledger back as entries."""

from __future__ import annotations

import random

import pytest

from pyapp.bots import make_bot
from pyapp.club.record import ClubRecordError
from pyapp.poker.serata import play
from pyapp.poker.serata.model import Refusal
from pyapp.poker.serata.report import state_json
from pyapp.poker.serata.session import seat_names
from pyapp.session import TableSession
from tests.serata.helpers import add, evening, player, signups

FIVE = "draw 21:00 1 Anna Bruno Carla Dario Elena"


def play_hands(session: TableSession, hands: int, rng: random.Random) -> None:
    """Every seat by a computer player until ``hands`` are dealt and no pot is carried."""
    state = session.state
    bot = make_bot("poker", "medium")
    while not state.is_terminal():
        if state.phase() == "shuffle" and state.hands_dealt >= hands and not state.carry:  # type: ignore[attr-defined]
            break
        p = state.current_player()
        state.apply(state.chance_sample(rng) if p < 0 else bot.choose(state.info_state(p), rng))


def test_a_table_starts_where_the_evening_is_with_me_in_seat_one() -> None:
    ev = evening(*signups(5), FIVE, "chips 21:20 Anna 150", "chips 21:20 Carla 50", "hands 21:20 1 2")
    text = play.table_game(ev, 1, "Carla")
    session = TableSession.load(text)
    assert session.players == ["human", "medium", "medium", "medium", "medium"]
    view = session.state.view(0)
    assert [s["resto"] for s in view["seats"]] == [50, 100, 100, 150, 100]  # Carla, Dario, Elena, Anna, Bruno
    handover = play.handover_of(session.tags)
    assert handover is not None and handover.names == ("Carla", "Dario", "Elena", "Anna", "Bruno")
    # Anna dealt first, Bruno second: after two hands Carla deals, and she is seat 1 here
    assert view["dealer"] == "1"


def test_the_poker_table_names_its_seats_after_the_evening_s_players() -> None:
    ev = evening(*signups(5), FIVE)
    session = TableSession.load(play.table_game(ev, 1, "Carla"))
    names = seat_names(session.tags)
    assert names == {"1": "Carla", "2": "Dario", "3": "Elena", "4": "Anna", "5": "Bruno"}
    labels = [s["seat"] for s in session.snapshot()["view"]["seats"]]
    assert sorted(names) == sorted(labels)  # one name for every seat label of the table
    assert seat_names({"Players": "human medium"}) is None  # any other game: no names
    assert seat_names({play.TAG: "broken"}) is None


def test_the_ledger_comes_back_as_entries_and_the_chips_add_up() -> None:
    ev = evening(*signups(6), FIVE)
    session = TableSession.load(play.table_game(ev, 1, "Anna"))
    play_hands(session, 12, random.Random(5))
    added = play.import_ledger(ev, session.save(), 22 * 60)
    assert added and {e.verb for e in added} <= {"passata", "hands", "chips", "quit"}
    data = state_json(ev, "en")
    assert data["tables"][0]["hands"] == session.state.hands_dealt  # type: ignore[attr-defined]
    assert data["balanced"] and sum(p["cents"] for p in data["players"]) == 0
    standings = session.state.result()["standings"]
    for row, name in zip(standings, ["Anna", "Bruno", "Carla", "Dario", "Elena"], strict=True):
        assert player(ev, name)["chips"] == row["resto"]
        assert player(ev, name)["passate"] == row["passate_bought"]


def test_a_second_game_of_the_same_table_goes_on_from_the_first() -> None:
    ev = evening(*signups(5), FIVE)
    rng = random.Random(8)
    for k in range(2):
        session = TableSession.load(play.table_game(ev, 1, None))
        play_hands(session, 5, rng)
        play.import_ledger(ev, session.save(), 21 * 60 + 30 * (k + 1))
    assert state_json(ev, "en")["balanced"]
    assert state_json(ev, "en")["tables"][0]["hands"] >= 10


def test_refused_handovers() -> None:
    ev = evening(*signups(5), FIVE, "quit 22:10 Carla", "quit 22:11 Dario")
    with pytest.raises(Refusal) as caught:
        play.table_game(ev, 1, "Anna")
    assert caught.value.key == "serata.play.players"  # three at the table: P1 needs four
    ev = evening(*signups(5), FIVE, "chips 21:30 Anna 3", "chips 21:30 Bruno 197")
    with pytest.raises(Refusal) as caught:
        play.table_game(ev, 1, "Bruno")
    assert caught.value.key == "serata.pe12.short"
    add(ev, "passata 21:31 Anna 1")
    play.table_game(ev, 1, "Bruno")
    with pytest.raises(Refusal):
        play.table_game(ev, 1, "Zeno")


def test_the_ledger_waits_for_the_end_of_the_hand_and_for_the_right_evening() -> None:
    ev = evening(*signups(5), FIVE)
    session = TableSession.load(play.table_game(ev, 1, None))
    rng = random.Random(2)
    session.rng = rng
    for _ in range(4):  # the shuffle, the cut, two speeches: a hand in progress
        session.step()
    before = ev.text()
    with pytest.raises(ClubRecordError) as caught:
        play.import_ledger(ev, session.save(), 21 * 60 + 30)
    assert caught.value.key == "serata.ui.back_mid_hand"
    other = evening(*signups(5), FIVE)
    other.tags["Id"] = "another"
    with pytest.raises(ClubRecordError) as caught:
        play.import_ledger(other, play.table_game(ev, 1, None), 21 * 60 + 30)
    assert caught.value.key == "serata.play.not_evening"
    assert ev.text() == before  # nothing was added
