"""Stakes between hands: the voluntary increase of the resto (P3) and late joiners (P4, P18)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.core import CHANCE, IllegalAction
from pyapp.poker import stakes
from pyapp.poker.bots import PokerRandomBot, RuleBot
from pyapp.poker.rules import PokerState
from pyapp.record import read_record, write_record

from .conftest import play, stacked

ROOT = Path(__file__).resolve().parents[2]
TRASH = {"3": "7d 9c Tc Kc 6d", "4": "8c 9d Td Ks 6c", "5": "7h 8h 9s Qd 6h"}


def refusal(state: PokerState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    return info.value


def bust_seat_2(**options) -> PokerState:
    """Hand 1 (passata 20, dealer 5): seat 1's kings beat seat 2's jacks, seat 2 all-in for his
    whole resto; the session then stands before hand 2, seat 2 short (0 < the pot of 6)."""
    s = PokerState(passata=20, **options)
    s.apply("dealer 5")
    while s.phase() == "rebuy":  # topup=on: everybody stays before hand 1
        s.apply("stay")
    s.apply(stacked(s, TRASH | {"1": "Kh Kd 7s 8s 9h", "2": "Jh Jd 7c 8d Ts"}))
    play(
        s,
        "4 nocut",
        "1 open 6",
        "2 call",
        "3 fold",
        "4 fold",
        "5 fold",
        "1 serve",
        "2 serve",
        "1 bet 13",
        "2 call",
        "1 show",
        "2 show",
    )
    assert s.resto[1] == 0 and s.hands_dealt == 1 and s.chips_conserved()
    return s


def pass_out_hand(s: PokerState) -> None:
    """Everybody seated passes (nobody is dealt openers)."""
    trash = ["7d 9c Tc Kc 6d", "8c 9d Td Ks 6c", "7h 8h 9s Qd 6h", "7c 8d Ts Qc 6s", "As Kd Qs 9h 7s"]
    seated = [q for q in range(s.n) if s.seated[q]]
    s.apply(stacked(s, {s.seat_label(q): trash[i] for i, q in enumerate(seated)}))
    s.apply("nocut")
    while s.phase() == "opening":
        s.apply("pass")


def test_P3_topup_round_asks_every_seat_from_the_dealers_left():
    s = PokerState(topup="on")
    s.apply("dealer 5")
    assert s.phase() == "rebuy" and s.seat_label(s.turn) == "1"
    assert s.legal_actions() == ["stay"] + [f"rebuy {k}" for k in range(1, 11)]
    assert s.view(0)["buyin"]["kind"] == "topup"
    play(s, "1 rebuy 2", "2 stay", "3 rebuy 1", "4 stay", "5 stay")
    assert s.current_player() == CHANCE and s.phase() == "shuffle"
    assert s.resto[:3] == [300, 100, 200] and s.bought[:3] == [3, 1, 2]
    assert [(b["seat"], b["kind"], b["passate"], b["units"]) for b in s.result()["buyins"]] == [
        ("1", "topup", 2, 200),
        ("3", "topup", 1, 100),
    ]
    assert s.chips_conserved()


def test_P3_no_voluntary_round_by_default():
    s = PokerState()
    s.apply("dealer 5")
    assert s.phase() == "shuffle" and s.options["topup"] == "off" and s.options["joiners"] == "off"


def test_P3_topup_refused_mid_hand_and_at_the_cut():
    s = PokerState(topup="on")
    s.apply("dealer 5")
    for label in "12345":
        play(s, f"{label} stay")
    s.apply(stacked(s, {}))
    for action in ("rebuy 1", "rebuy 2", "stay"):
        assert refusal(s, action).key == "poker.rebuy_mid_hand"  # the cutter is asked: the deck is shuffled
    s.apply("nocut")
    err = refusal(s, "rebuy 1")
    assert err.key == "poker.rebuy_mid_hand" and "tra un colpo e l'altro" in err.message("it")
    assert refusal(s, "join 1").key == "poker.join_mid_hand"
    assert refusal(s, "leave").key == "poker.leave_mid_hand"


def test_P3_buyin_refusals_between_hands():
    s = PokerState(topup="on")
    s.apply("dealer 5")
    assert refusal(s, "leave").key == "poker.leave_only_short"
    assert refusal(s, "join 1").key == "poker.seat_taken"
    assert refusal(s, "rebuy 11").key == "poker.rebuy_count"
    assert refusal(s, "rebuy 0").key == "poker.rebuy_count"
    assert refusal(s, "rebuy many").key == "poker.bad_amount"
    assert refusal(s, "nocut").key == "poker.topup_now"


def test_P3_forced_prompt_accepts_rebuy_of_several_passate():
    s = bust_seat_2()
    assert s.phase() == "rebuy" and s.seat_label(s.turn) == "2"
    assert s.legal_actions() == [f"rebuy {k}" for k in range(1, 11)] + ["leave"]
    assert s.view(1)["buyin"] == {
        "seat": "2",
        "kind": "short",
        "join_passate": 1,
        "double": False,
        "short_by": 1,
    }
    assert refusal(s, "stay").key == "poker.resto_below_pot"
    play(s, "2 rebuy 3")
    assert s.resto[1] == 60 and s.bought[1] == 4 and s.phase() == "shuffle"
    assert s.result()["buyins"] == [
        {"before_hand": 2, "seat": "2", "player": 1, "kind": "rebuy", "passate": 3, "units": 60}
    ]
    assert s.chips_conserved()


def test_P2_deck_keeps_the_table_size_after_departures():
    """Seed Art. V "GIOCATORI ASSENTI": the cards are dealt as if the absent were present (unless
    the superfluous cards were removed), so a table of five keeps its 36 cards with four players."""
    s = bust_seat_2()
    play(s, "2 leave")
    assert s.phase() == "shuffle" and s.seated == [True, False, True, True, True]
    four_players_deck = " ".join(c.code for c in PokerState(players=4).cards)
    err = refusal(s, "shuffle " + four_players_deck)
    assert err.key == "poker.bad_shuffle" and "36" in err.message("en") and "36" in err.message("it")
    deck = [c.code for c in s.cards]
    assert len(deck) == 36 and s.lowest == "6" and "6h" in deck
    s.apply("shuffle " + " ".join(deck))
    play(s, "5 nocut")  # dealer 1, cutter on his right: seat 5; the deal skips the empty seat 2
    for i, label in enumerate("3451"):
        assert s.view(s.seat_of(label))["cards"] == [deck[k * 4 + i] for k in range(5)]
    assert s.view(1)["cards"] == [] and [c.code for c in s.stub] == deck[20:]
    assert s.view(None)["lowest_rank"] == "6"  # A-6-7-8-9 is still the lowest straight (P16)


def test_P4_empty_seat_is_asked_only_with_joiners_on():
    s = bust_seat_2()
    play(s, "2 leave")
    pass_out_hand(s)
    assert s.phase() == "shuffle"  # joiners=off: the seat stays empty, nobody is asked
    s = bust_seat_2(joiners="on")
    play(s, "2 leave")
    assert s.phase() == "shuffle"  # a seat left now is offered from the next hand on
    pass_out_hand(s)
    assert s.phase() == "rebuy" and s.seat_label(s.turn) == "2"
    assert s.legal_actions() == [f"join {k}" for k in range(1, 11)] + ["skip"]
    assert refusal(s, "stay").key == "poker.seat_empty"
    assert refusal(s, "rebuy 1").key == "poker.seat_empty"
    play(s, "2 skip")
    assert s.phase() == "shuffle" and not s.seated[1]


@pytest.mark.parametrize("rebought", [False, True])
def test_P4_doppia_passata_when_and_only_when_someone_rebought(rebought):
    s = bust_seat_2(joiners="on", topup="on")
    play(s, "2 leave", "3 rebuy 1" if rebought else "3 stay", "4 stay", "5 stay", "1 stay")
    pass_out_hand(s)  # hand 2, dealt by seat 1; the deal then passes to seat 3
    assert s.seat_label(s.dealer) == "3" and stakes.someone_rebought(s) == rebought
    for label in "451":
        play(s, f"{label} stay")
    low = 2 if rebought else 1
    assert s.seat_label(s.turn) == "2" and s.legal_actions() == [f"join {k}" for k in range(low, 11)] + [
        "skip"
    ]
    assert stakes.join_minimum(s) == low and s.view(None)["buyin"]["double"] == rebought
    if rebought:
        err = refusal(s, "join 1")
        assert err.key == "poker.join_double" and "Doppia passata" in err.message("it")
    err = refusal(s, "join")  # a bare join means the minimum; records write it
    assert err.key == "common.non_canonical" and f"join {low}" in err.message("en")
    play(s, f"2 join {low}")
    assert s.seated[1] and s.resto[1] == 20 * low and s.bought[1] == low and s.player_no[1] == 2
    join = s.result()["buyins"][-1]
    assert join == {
        "before_hand": 3,
        "seat": "2",
        "player": 2,
        "kind": "join",
        "passate": low,
        "units": 20 * low,
        "double": rebought,
    }
    play(s, "3 stay")
    assert s.phase() == "shuffle" and s.chips_conserved()


def test_P4_joiner_may_buy_more_than_the_minimum():
    s = bust_seat_2(joiners="on")
    play(s, "2 leave")
    pass_out_hand(s)
    play(s, "2 join 3")
    assert s.resto[1] == 60 and s.bought[1] == 3 and s.chips_conserved()


def test_P4_P18_standings_list_every_player_of_a_seat():
    s = bust_seat_2(joiners="on")
    play(s, "2 leave")
    pass_out_hand(s)
    play(s, "2 join 1")
    res = s.result()
    assert [(r["seat"], r["player"]) for r in res["standings"]] == [
        ("1", 1),
        ("2", 1),
        ("2", 2),
        ("3", 1),
        ("4", 1),
        ("5", 1),
    ]
    gone, new = res["standings"][1], res["standings"][2]
    assert gone == {
        "seat": "2",
        "player": 1,
        "resto": 0,
        "passate_bought": 1,
        "net_units": -20,
        "net_passate": -1.0,
        "seated": False,
    }
    assert new["resto"] == 20 and new["net_units"] == 0 and new["seated"]
    assert res["departures"] == [
        {"before_hand": 2, "seat": "2", "player": 1, "resto": 0, "passate_bought": 1}
    ]
    assert s.returns()[1] == -20.0  # per seat: every player who sat there
    assert sum(s.returns()) == -s.carry and s.chips_conserved()


def _random_session(seed: int, **options) -> PokerState:
    state = PokerState(**options)
    rng = random.Random(seed)
    bots = [RuleBot(max_passate=2) if i % 2 else PokerRandomBot() for i in range(state.n)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply(state.chance_sample(rng) if p == CHANCE else bots[p].choose(state.info_state(p), rng))
        assert state.chips_conserved() and min(state.resto) >= 0
    return state


def test_P3_P4_random_sessions_conserve_chips_and_round_trip(tmp_path):
    kinds: set[str] = set()
    for seed in range(6):
        state = _random_session(seed, hands=40, passata=10, topup="on", joiners="on")
        kinds |= {b["kind"] for b in state.result()["buyins"]}
        assert sum(state.returns()) == -state.carry
        text = write_record(state)
        record = read_record(text)
        assert record.state == state and record.state.result() == state.result()
        assert write_record(record.state) == text
    assert kinds == {"rebuy", "topup", "join"}
    path = tmp_path / "session.txt"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", str(path)], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)["result"]
    assert report["buyins"] == state.result()["buyins"] and "departures" in report
    assert {"player", "passate_bought", "net_units"} <= set(report["standings"][0])


def test_P4_random_bot_keeps_the_table():
    """The random bot never ends a session by accident: empty seats get taken again."""
    state = _random_session(3, hands=60, passata=10, joiners="on")
    assert state.hands_dealt == 60


def test_P3_P4_every_notation_doc_example_is_accepted_and_canonical():
    doc = (ROOT / "docs" / "notation" / "poker.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in doc.split("```text\n")[1:]]
    assert len(blocks) == 2
    for block in blocks:
        record = read_record(block)
        assert write_record(record.state, record.tags) == block
    kinds = [(b["seat"], b["kind"], b["passate"]) for b in record.state.result()["buyins"]]
    assert kinds == [("3", "topup", 1), ("2", "join", 2)]
