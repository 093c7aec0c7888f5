"""The view boundary (pyapp.session) on the test-only toy game."""

from __future__ import annotations

import random

import pytest

from pyapp.links.legacy import FragmentError, decode_fragment, encode_fragment
from pyapp.record import RecordError
from pyapp.session import TableSession


def test_bots_and_chance_play_until_the_human_is_due() -> None:
    table = TableSession.new("toy", humans=(1,), rng=random.Random(7))
    assert table.pending()
    assert table.step()["actor"] == "*"
    assert table.step()["actor"] == "1"
    assert not table.pending() and table.step() is None
    snap = table.snapshot("en")
    assert snap["human_turn"] and snap["seat"] == 1 and snap["legal"]


def test_act_refuses_with_reason_and_keeps_state() -> None:
    table = TableSession.new("toy", humans=(0,), rng=random.Random(1))
    table.step()
    before = list(table.state.history)
    answer = table.act("take Rb", "it")
    assert answer["ok"] is False and "take Rb" in answer["error"]
    assert table.state.history == before
    ok = table.act(table.snapshot()["legal"][0])
    assert ok["ok"] is True and len(table.state.history) == len(before) + 1


def test_act_out_of_turn_is_refused() -> None:
    table = TableSession.new("toy", humans=(1,), rng=random.Random(1))
    answer = table.act("take Ad", "en")
    assert answer == {"ok": False, "error": "The dealer is to shuffle or deal now."}


def test_save_and_load_round_trip_and_keep_players() -> None:
    table = TableSession.new("toy", humans=(1,), rng=random.Random(3))
    while table.pending():
        table.step()
    table.act(table.snapshot()["legal"][0])
    text = table.save()
    again = TableSession.load(text)
    assert again.state == table.state and again.players == ["medium", "human"]
    assert again.save() == text


def test_load_rejects_corrupt_saves_with_a_reason() -> None:
    table = TableSession.new("toy", humans=(1,), rng=random.Random(3))
    table.step()
    text = table.save()
    with pytest.raises(RecordError):
        TableSession.load(text.replace("shuffle", "shufle"))
    with pytest.raises(RecordError) as info:
        TableSession.load(text.replace("Players: medium human", "Players: robot human"))
    err = info.value  # the line of the tag, what it must say, in both languages
    assert err.line == text.splitlines().index("Players: medium human") + 1 > 1
    assert err.key == "common.record.bad_players" and "robot" in err.reason("en")
    assert "livello" in err.reason("it") and "level" in err.reason("en")
    with pytest.raises(RecordError) as info:
        TableSession.load(text.replace("Players: medium human\n", ""))
    assert info.value.key == "common.record.no_players" and "Players" in info.value.reason("it")


def test_undo_returns_to_the_humans_last_decision() -> None:
    table = TableSession.new("toy", humans=(0,), rng=random.Random(5))
    table.step()
    table.act(table.snapshot()["legal"][0])
    table.step()
    assert len(table.state.history) == 3
    assert table.undo()
    assert len(table.state.history) == 1 and table.snapshot()["human_turn"]
    fresh = TableSession.new("toy", humans=(0,))
    assert not fresh.undo()


def test_replay_fragment_round_trip_and_errors() -> None:
    table = TableSession.new("toy", humans=(1,), rng=random.Random(9))
    while not table.snapshot()["terminal"]:
        if not table.step():
            table.act(table.snapshot()["legal"][0])
    text = table.save()
    fragment = encode_fragment(text)
    assert fragment.startswith("r=") and "+" not in fragment and "/" not in fragment
    assert decode_fragment("#" + fragment) == text
    with pytest.raises(FragmentError) as info:
        decode_fragment("#r=abc")
    assert info.value.key == "common.link.corrupt"
    with pytest.raises(FragmentError):
        decode_fragment("#x=1")
