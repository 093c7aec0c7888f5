"""The club page's boundary (pyapp.club.session): plain data in and out, lots, game records, links."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.boston.rules import BostonState
from pyapp.bots import make_bot
from pyapp.club.record import ClubRecordError
from pyapp.club.session import ClubLinkError, ClubSession, games
from pyapp.core import play_out
from pyapp.i18n import say
from pyapp.record import write_record
from pyapp.tressette.rules import TressetteState
from tests.club.helpers import FOUR_TEAMS


def tressette_session() -> ClubSession:
    session = ClubSession.new("tressette", "Torneo  del martedì ", {"groups": 1}, rng=random.Random(1))
    for line in FOUR_TEAMS.strip().split("\n"):
        assert session.add(line)["ok"]
    return session


def test_new_tournament_and_its_options() -> None:
    session = tressette_session()
    snap = session.snapshot("en")
    assert (snap["game"], snap["title"], snap["options"]) == (
        "tressette",
        "Torneo del martedì",
        {"groups": 1, "match": "best_of_three"},
    )
    assert [e["number"] for e in snap["entries"]] == [1, 2, 3, 4]
    assert {g["game"] for g in games()} == {"tressette", "boston"}
    with pytest.raises(ClubRecordError, match="groups"):
        ClubSession.new("tressette", "", {"groups": 0})
    with pytest.raises(ClubRecordError):
        ClubSession.new("poker")


def test_refusals_come_back_as_text_and_change_nothing() -> None:
    session = tressette_session()
    before = session.save()
    result = session.add("hand Assi Coppe 1 12 0", "en")
    assert result["ok"] is False and "groups" in result["error"]
    result = session.add('team "unclosed', "it")
    assert result["ok"] is False and "irgolette" in result["error"]
    assert session.save() == before


def test_draws_are_recorded_entries() -> None:
    session = tressette_session()
    assert session.draw("groups", "en")["ok"]
    snap = session.snapshot()
    assert snap["entries"][-1]["verb"] == "draw" and snap["data"]["groups_made"] is True
    assert session.draw("dealer", "en", a="Assi", b="Coppe")["ok"]
    assert session.snapshot()["entries"][-1]["verb"] == "dealer"
    assert session.draw("lot", "en", group="A")["ok"] is False
    assert session.draw("banana", "en")["ok"] is False


def test_correct_cancel_undo() -> None:
    session = tressette_session()
    session.draw("groups")
    assert session.add("hand Assi Coppe 1 6 5")["ok"]
    n = session.snapshot()["entries"][-1]["number"]
    assert session.correct(n, "hand Assi Coppe 1 5 6")["ok"]
    entries = session.snapshot()["entries"]
    assert entries[n - 1]["corrected_by"] == n + 1 and entries[n - 1]["now"] == "hand Assi Coppe 1 5 6"
    assert session.correct(n, "hand Assi Coppe 1 12 0", "en")["ok"] is False
    assert session.cancel(n)["ok"]
    assert session.snapshot()["entries"][n - 1]["now"] is None
    assert session.undo()["entry"] == f"cancel {n}"
    assert session.snapshot()["entries"][n - 1]["now"] == "hand Assi Coppe 1 5 6"
    empty = ClubSession.new("boston")
    undone = empty.undo("en")
    assert undone["ok"] is False and undone["error"] == "There is nothing to undo."
    assert say(undone["refusal"], "en") == undone["error"]


def test_link_round_trip_and_bad_links() -> None:
    session = tressette_session()
    session.draw("groups")
    fragment = session.fragment()
    assert fragment.startswith("c=")
    again = ClubSession.open_link("#" + fragment)
    assert again.save() == session.save()
    for bad in ("#v2.abc", "#c=", "#c=!!!", "#c=" + fragment[2:-3], "c=eJwLzs9JSU1RCMnILFYAAB3dBD0"):
        with pytest.raises(ClubLinkError) as info:
            ClubSession.open_link(bad)
        assert info.value.message("it") and info.value.message("en")


def test_tressette_meeting_from_a_game_record() -> None:
    session = tressette_session()
    session.draw("groups")
    game = TressetteState()
    play_out(game, [make_bot("tressette", "medium") for _ in range(4)], random.Random(3))
    assert session.import_game(write_record(game), "en", a="Spade", b="Bastoni")["ok"]
    meeting = next(
        m
        for m in session.snapshot()["data"]["groups"][0]["meetings"]
        if set(m["teams"]) == {"Spade", "Bastoni"}
    )
    assert meeting["complete"] is True
    refused = session.import_game(write_record(game), "en", a="Spade", b="Bastoni")
    assert refused["ok"] is False and "over" in refused["error"]
    assert session.import_game("Game: tressette\n\n* bogus\n", "en", a="Assi", b="Coppe")["ok"] is False
    assert "boston" in session.import_game(write_record(BostonState()), "en", a="Assi", b="Coppe")["error"]
    other = TressetteState(target=21)
    play_out(other, [make_bot("tressette", "medium") for _ in range(4)], random.Random(3))
    assert "21" in session.import_game(write_record(other), "en", a="Assi", b="Coppe")["error"]
    assert session.import_game(write_record(TressetteState()), "en", a="Assi", b="Coppe")["ok"] is False


def test_boston_round_by_lot_with_byes_and_a_game_record() -> None:
    session = ClubSession.new("boston", "Giovedì", {"rounds": 1}, rng=random.Random(2))
    for name in "Anna Bruno Carla Dario Elena".split():
        session.add_entry("player", [name])
    assert session.draw("round", "en", method="lot", byes=[])["ok"] is False
    assert session.draw("round", "en", method="lot", byes=["Elena"])["ok"]
    round_one = session.snapshot()["data"]["rounds"][0]
    assert round_one["byes"] == ["Elena"] and len(round_one["tables"]) == 1
    players = round_one["tables"][0]["players"]
    game = BostonState()
    game.apply("dealer N")
    play_out(game, [make_bot("boston", "medium") for _ in range(4)], random.Random(4))
    assert session.import_game(write_record(game), "en", table=1)["ok"]
    table = session.snapshot()["data"]["rounds"][0]["tables"][0]
    assert table["complete"] is True and table["players"] == players
    assert table["points"] == [game.result()["totals"]["points"][s] for s in "NESW"]
    assert session.snapshot()["complete"] is True


def test_a_refusal_comes_back_as_data_the_page_says_again_in_either_language() -> None:
    """The page keeps the refusal as data and re-translates it when the language changes."""
    session = ClubSession.new("tressette", "Martedì", {"groups": 1})
    refused = [
        session.add("hand Nessuno Altri 1 12 0", "it"),
        session.add('team "unclosed', "it"),
        session.add_entry("hand", ["a"], "it"),
        session.import_game("Game: nothing\n\n", "it", a="x", b="y"),
        session.correct(99, "team A x y", "it"),
    ]
    for result in refused:
        assert result["ok"] is False
        data = result["refusal"]
        assert json.loads(json.dumps(data)) == data  # plain data
        assert say(data, "it") == result["error"]
        english = say(data, "en")
        assert english and english != result["error"]
    with pytest.raises(ClubLinkError) as link:
        ClubSession.open_link("#c=!!")
    assert say(link.value.data(), "en") == link.value.message("en") != link.value.message("it")
