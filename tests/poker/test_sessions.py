"""Whole sessions: chips conserved (P3, P18), records round-trip, the checker, the bots."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.core import CHANCE, TERMINAL, play_out
from pyapp.games import game_class
from pyapp.poker.bots import PokerRandomBot, RuleBot
from pyapp.poker.rules import PokerState
from pyapp.record import RecordError, read_record, write_record

ROOT = Path(__file__).resolve().parents[2]

OPTION_SETS = [
    {},
    {"players": 4, "raise_cap": 3},
    {"players": 6, "dealer_ante": 0, "passata": 20},
    {"players": 5, "cyclic": "on", "ante": 2, "passata": 40},
    {"players": 5, "passata": 20, "topup": "on", "joiners": "on"},
]


def _conserved(state: PokerState) -> bool:
    away = sum(f["resto"] for f in state.former)  # chips taken home by players replaced by a joiner
    bought = sum(state.bought) + sum(f["passate_bought"] for f in state.former)
    return (
        sum(state.resto) + state.pot() + state.carry + away == bought * state.passata == state.chips_bought()
    )


def test_registered():
    assert game_class("poker") is PokerState


@pytest.mark.parametrize("options", OPTION_SETS)
def test_P3_P18_chips_conserved_in_random_sessions(options):
    """About a thousand random hands per option set; the invariant is checked after every action."""
    hands = 0
    for seed in range(25):
        state = PokerState(hands=40, **options)
        rng = random.Random(seed)
        bots = [PokerRandomBot() if (i + seed) % 3 else RuleBot() for i in range(state.n)]
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.chance_sample(rng))
            else:
                legal = state.legal_actions()
                action = bots[p].choose(state.info_state(p), rng)
                assert action in legal or state.can(action)
                state.apply(action)
            assert _conserved(state)
            assert min(state.resto) >= 0
        hands += state.hands_dealt
        assert sum(state.returns()) == -state.carry
        for h in state.result()["hands"]:
            assert all(p["amount"] > 0 for p in h["pots"])
    assert hands >= 900


def test_result_is_a_copy_that_does_not_grow_with_the_game():
    # A view keeps the last snapshot to see what changed (the pot flying to its winner, issue 11).
    state = PokerState(hands=3)
    rng = random.Random(4)
    bots = [RuleBot() for _ in range(state.n)]
    before = state.result()
    while not state.result()["hands"]:
        p = state.current_player()
        state.apply(state.chance_sample(rng) if p == CHANCE else bots[p].choose(state.info_state(p), rng))
    assert before["hands"] == [] and before["buyins"] == state.result()["buyins"][: len(before["buyins"])]
    state.result()["hands"].clear()
    assert len(state.result()["hands"]) == 1


def test_legal_actions_are_all_accepted():
    state = PokerState(hands=10)
    rng = random.Random(1)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        legal = state.legal_actions()
        assert legal and all(state.can(a) for a in legal)
        state.apply(rng.choice([a for a in legal if a != "end"]))
    assert state.legal_actions() == [] and state.current_player() == TERMINAL


def test_view_hides_other_hands_until_shown():
    state = PokerState(hands=30)
    rng = random.Random(7)
    bots = [RuleBot()] * 5
    while not state.is_terminal():
        p = state.current_player()
        if p >= 0:
            v = state.view(p)
            text = json.dumps(v)
            for q in range(5):
                if q != p and q not in state.shown:
                    for c in state.hand[q]:
                        if c not in state.hand[p]:
                            assert f'"{c.code}"' not in text.replace(json.dumps(v["last_hand"]), "")
            assert state.info_state(p).legal == tuple(state.legal_actions())
        play_out_one(state, bots, rng)


def play_out_one(state, bots, rng):
    p = state.current_player()
    state.apply(state.chance_sample(rng) if p == CHANCE else bots[p].choose(state.info_state(p), rng))


def test_record_round_trip_and_replay():
    state = PokerState(hands=8, players=6)
    play_out(state, [RuleBot(), PokerRandomBot()] * 3, random.Random(11))
    text = write_record(state, {"Event": "test"})
    record = read_record(text)
    assert record.state == state and record.tags == {"Event": "test"}
    assert write_record(record.state, record.tags) == text
    assert record.state.result() == state.result()
    assert state.clone() == state and state.clone().result() == state.result()


def test_bad_record_names_line_action_and_reason():
    from .conftest import stacked

    state = PokerState(hands=2)
    state.apply("dealer 5")
    state.apply(stacked(state, {"1": "7c 8d Ts Qc 6s"}))
    state.apply("nocut")
    text = write_record(state) + "1 open 6\n"
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.line == len(text.splitlines()) and info.value.action == "open 6"
    assert info.value.key == "poker.no_requirement.J"
    assert "coppia di fanti" in info.value.message("it")


def test_checker_cli_prints_hands_and_refuses_bad_records(tmp_path):
    state = PokerState(hands=6)
    play_out(state, [RuleBot()] * 5, random.Random(4))
    good = tmp_path / "good.txt"
    good.write_text(write_record(state), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", str(good)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["valid"] and report["complete"] and len(report["result"]["hands"]) == 6
    assert {"pots", "resto", "outcome"} <= set(report["result"]["hands"][0])
    bad = tmp_path / "bad.txt"
    text = write_record(state).replace("\n* shuffle", "\n1 raise 500\n* shuffle", 1)
    bad.write_text(text, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", str(bad), "--lang", "en"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 1
    report = json.loads(out.stdout)
    assert (
        not report["valid"]
        and report["line"] == text.splitlines().index("1 raise 500") + 1
        and report["action"] == "raise 500"
    )


def test_notation_doc_example_is_accepted():
    doc = (ROOT / "docs" / "notation" / "poker.md").read_text(encoding="utf-8")
    block = doc.split("```text\n", 1)[1].split("```", 1)[0]
    record = read_record(block)
    assert record.state.game == "poker" and record.state.results


def test_rule_bot_beats_random_players():
    rule = rnd = 0.0
    for seed in range(12):
        state = PokerState(hands=40)
        kinds = [(i + seed) % 2 == 0 for i in range(5)]
        play_out(state, [RuleBot() if k else PokerRandomBot() for k in kinds], random.Random(seed))
        r = state.returns()
        rule += sum(x for x, k in zip(r, kinds, strict=True) if k) / sum(kinds)
        rnd += sum(x for x, k in zip(r, kinds, strict=True) if not k) / (5 - sum(kinds))
    assert rule > 0 > rnd


def test_P7_rule_bot_respects_the_requirement():
    state = PokerState(hands=20)
    rng = random.Random(5)
    bot = RuleBot()
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        action = bot.choose(state.info_state(p), rng)
        if action.startswith("open"):
            assert state.qualifies(p)
        state.apply(action)
