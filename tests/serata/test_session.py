"""The page's boundary: entries in, refusals out, undo, saves that survive damage, read-only links."""

from __future__ import annotations

import random

from pyapp.i18n import say
from pyapp.poker.serata.session import SerataSession
from pyapp.session import TableSession
from tests.serata.helpers import NAMES
from tests.serata.test_play import play_hands


def five(session: SerataSession) -> None:
    for i, name in enumerate(NAMES[:6]):
        assert session.add("signup", f"20:0{i}", name)["ok"]
    for name in NAMES[:6]:
        assert session.add("arrive", "20:30", name)["ok"]


def test_entries_refusals_and_undo() -> None:
    session = SerataSession.new(tags={"Title": "Giovedì"})
    five(session)
    before = session.save()
    refused = session.add("sit", "20:40", "Fabio", "1", "1", lang="en")
    assert refused == {
        "ok": False,
        "error": "Table 1 has no seats drawn yet.",
        "refusal": {"key": "serata.table.unknown", "params": {"table": 1}},
        "rule": None,
        "key": "serata.table.unknown",
    }
    assert say(refused["refusal"], "it") != refused["error"]  # the page says it again in Italian
    assert session.save() == before
    done = session.draw(1, "21:00", random.Random(3))
    assert done["ok"] and done["entry"].startswith("draw 21:00 1 ")
    warned = session.add("quit", "21:10", "Anna", lang="it")
    assert warned["ok"] and "PE6" in warned["warnings"][0]
    assert [say(n, "it") for n in warned["notes"]] == warned["warnings"]
    assert [say(n, "en") for n in warned["notes"]] != warned["warnings"]
    assert session.undo() == "quit 21:10 Anna"
    assert session.snapshot("en")["tables"][0]["status"] == "playing"
    typed = session.add_text('signup 21:20 "Zeno  Verdi"', "en")
    assert not typed["ok"] and "Zeno Verdi" in typed["error"]
    assert say(typed["refusal"], "en") == typed["error"]
    assert not session.add_text('signup 21:20 "Zeno', "en")["ok"]


def test_the_clock_never_goes_back() -> None:
    session = SerataSession.new()
    assert session.default_time("20:15") == "20:15"
    session.add("signup", "21:30", "Anna")
    assert session.default_time("21:10") == "21:30"  # the device is behind the record
    assert session.default_time("00:05") == "00:05"  # past midnight
    assert session.default_time("junk") == "21:30"


def test_a_damaged_save_keeps_its_good_entries() -> None:
    session = SerataSession.new()
    five(session)
    damaged = session.save().replace("arrive 20:30 Carla", "arrive 20:30 Carla Carla")
    loaded, error = SerataSession.load(damaged)
    assert error is not None and error.key == "serata.syntax"
    kept = loaded.snapshot("en")["record"]
    assert [r["text"] for r in kept][-1] == "arrive 20:30 Bruno"
    assert len(kept) == 8


def test_the_read_only_link_round_trips_and_refuses_damage() -> None:
    session = SerataSession.new(tags={"Title": "Serata"})
    five(session)
    link = session.link()
    assert link.startswith("s=") and len(link) < len(session.save())
    shared, why = SerataSession.from_link("#" + link)
    assert why is None and shared is not None and shared.save() == session.save()
    broken, why = SerataSession.from_link("#" + link[:-5] + "!!!!!")
    assert broken is None and why is not None
    assert say(why, "en") and say(why, "it") and say(why, "en") != say(why, "it")
    assert SerataSession.from_link("#r=abc") == (None, None)


def test_a_table_goes_to_the_poker_page_and_comes_back() -> None:
    session = SerataSession.new()
    five(session)
    session.draw(1, "21:00", random.Random(1))
    handed = session.table_game(1, "Carla")
    assert handed["ok"]
    table = TableSession.load(handed["record"])
    play_hands(table, 6, random.Random(4))
    back = session.import_game(table.save(), "21:40", "en")
    assert back["ok"] and back["table"] == 1 and back["added"] >= 2
    snap = session.snapshot("en")
    assert snap["balanced"] and snap["tables"][0]["hands"] >= 6
    again = session.import_game("Game: poker\n\n", "21:41", "en")
    assert not again["ok"]
    assert not session.table_game(1, "Zeno", lang="en")["ok"]
