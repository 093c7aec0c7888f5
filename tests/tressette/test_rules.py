"""Clause tests T1-T17 of /work/shared/rules/tressette.md."""

from __future__ import annotations

import random

import pytest

from pyapp.cards import italian_deck
from pyapp.core import CHANCE, TERMINAL, IllegalAction
from pyapp.record import read_record, write_record
from pyapp.tressette import CODES, STRENGTH, THIRDS
from pyapp.tressette.rules import TressetteState

from .helpers import DRAW_E_DEALS, DRAW_N_DEALS, cappotto_shuffle, deal, play_hand, shuffle_for

# dealer E: N leads, then W, S, E. E holds Rd 7c 5s Fs Cs 4b 6b 7b Fb Rb.
HANDS = {
    "N": "3d Ad 5d 6d Rc 4c As 7s Cb 5b",
    "W": "2d Fd 4d 3c 2c 5c 6c Rs 4s 6s",
    "S": "7d Cd Ac Cc Fc 3s 2s 3b 2b Ab",
}


def srt(text: str) -> list[str]:
    return sorted(text.split(), key=CODES.index)


def refused(state: TressetteState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    assert not state.can(action)
    return info.value


def test_T1_forty_cards_and_trick_order():
    assert len(set(CODES)) == 40 and list(CODES) == [c.code for c in italian_deck()]
    order = ["3", "2", "A", "R", "C", "F", "7", "6", "5", "4"]
    for suit in "dcsb":
        strengths = [STRENGTH[CODES.index(r + suit)] for r in order]
        assert strengths == sorted(strengths, reverse=True) and len(set(strengths)) == 10
    s = deal(HANDS)
    for card in ("Ad", "2d", "Cd", "Rd"):  # N Ad, W 2d, S Cd, E Rd: the 2 beats A, R, C
        s.apply(card)
    assert s.view(None)["last_trick"]["winner"] == "W"


def test_T2_seats_teams_counter_clockwise():
    s = deal(HANDS)
    assert [s.seat_label(p) for p in range(4)] == ["N", "E", "S", "W"]
    assert [s.seat_of(x) for x in "NESW*"] == [0, 1, 2, 3, CHANCE]
    turns = []
    for card in ("5d", "2d", "7d", "Rd"):
        turns.append(s.seat_label(s.current_player()))
        s.apply(card)
    assert turns == ["N", "W", "S", "E"]
    assert s.view(None)["teams"] == {"NS": ["N", "S"], "EW": ["E", "W"]}


def test_T3_first_dealer_by_lot():
    s = TressetteState()
    assert s.current_player() == CHANCE and s.phase() == "lot"
    s.apply("draw 3d 4c")
    assert s.view(None)["dealer"] == "N"
    s = TressetteState()
    s.apply("draw Rd Ac")  # the ace beats the king: E-W's card is higher
    assert s.view(None)["dealer"] == "E"
    s = TressetteState()
    s.apply("draw 3d 3c")  # tie: draw again
    assert s.phase() == "lot" and s.current_player() == CHANCE and s.view(None)["dealer"] is None
    s.apply("draw 5s 6b")
    assert s.view(None)["dealer"] == "E" and s.view(None)["lots"] == [["3d", "3c"], ["5s", "6b"]]
    t = TressetteState()
    assert refused(t, "draw 3d 3d").key == "tressette.draw_same"
    assert refused(t, "draw 3d").key == "tressette.draw_count"
    assert refused(t, "draw 3d Zz").key == "tressette.bad_card"
    assert refused(t, "shuffle " + " ".join(CODES)).key == "tressette.expected_draw"
    assert t.can(t.chance_sample(random.Random(3)))


def test_T4_cut_by_dealers_left_bottom_packet_on_top():
    base = "shuffle " + " ".join(CODES)
    s = TressetteState()
    s.apply(DRAW_E_DEALS)  # E deals: S (dealer's left) cuts, N receives first
    s.apply(base)
    assert s.phase() == "cut" and s.seat_label(s.current_player()) == "S"
    assert s.legal_actions() == ["nocut"] + [f"cut {k}" for k in range(1, 40)]
    assert refused(s, "cut 0").key == "tressette.cut_range"
    assert refused(s, "cut 40").key == "tressette.cut_range"
    assert refused(s, "cut x").key == "tressette.cut_bad"
    assert refused(s, "3d").key == "tressette.expected_cut"
    c1 = s.clone()
    c1.apply("cut 1")  # the top card goes to the bottom
    deck1 = list(CODES[1:]) + [CODES[0]]
    assert c1.hand_of(0) == sorted(deck1[0:5] + deck1[20:25], key=CODES.index)
    c39 = s.clone()
    c39.apply("cut 39")  # only the bottom card comes on top
    deck39 = [CODES[39]] + list(CODES[:39])
    assert c39.hand_of(0) == sorted(deck39[0:5] + deck39[20:25], key=CODES.index)
    s.apply("nocut")
    assert s.hand_of(0) == list(CODES[0:5]) + list(CODES[20:25])


def test_T4_shuffle_must_be_a_permutation():
    s = TressetteState()
    s.apply(DRAW_N_DEALS)
    codes = list(CODES)
    assert refused(s, "shuffle " + " ".join(codes[:39])).key == "tressette.shuffle_count"
    assert refused(s, "shuffle " + " ".join(codes[:39] + ["3d"])).key == "tressette.shuffle_repeated"
    assert refused(s, "shuffle " + " ".join(codes[:39] + ["Xd"])).key == "tressette.bad_card"
    assert refused(s, "nocut").key == "tressette.expected_shuffle"
    err = refused(s, "shuffle " + " ".join(codes[:39]))
    assert "Re di bastoni" in err.message("it") and "King of clubs" in err.message("en")


def test_T5_deal_ten_each_from_dealers_right():
    s = TressetteState()
    s.apply(DRAW_N_DEALS)  # N deals: W, S, E, N receive in that order
    s.apply("shuffle " + " ".join(CODES))
    s.apply("nocut")
    order = [3, 2, 1, 0]
    for i, seat in enumerate(order):
        assert s.hand_of(seat) == list(CODES[5 * i : 5 * i + 5]) + list(CODES[20 + 5 * i : 25 + 5 * i])
    v = s.view(2)
    assert v["hand_counts"] == {"N": 10, "E": 10, "S": 10, "W": 10}


def test_T6_deal_passes_counter_clockwise_also_across_partite():
    s = TressetteState(target=1)  # every hand ends a partita
    s.apply(DRAW_E_DEALS)
    dealers = []
    rng = random.Random(1)
    while not s.is_terminal():
        dealers.append(s.view(None)["dealer"])
        play_hand(s, rng)
    assert dealers[:3] == ["E", "N", "W"]
    assert [h["dealer"] for h in s.result()["hands"]] == dealers
    assert len(s.result()["partite"]) == len(dealers)


def test_T7_first_lead_mano_or_four_of_denari():
    s = deal(HANDS)
    assert s.seat_label(s.current_player()) == "N"  # dealer E, N is di mano
    s4 = deal(HANDS, first_lead="four_of_denari")
    assert s4.seat_label(s4.current_player()) == "W"  # W holds the 4 of denari
    assert s4.view(None)["first_leader"] == "W"


def test_T8_must_follow_suit():
    s = deal(HANDS)
    s.apply("5d")
    assert s.legal_actions() == ["2d", "4d", "Fd"]
    err = refused(s, "3c")
    assert err.key == "tressette.must_follow"
    assert "denari" in err.message("it") and "coins" in err.message("en")
    assert refused(s, "7d").key == "tressette.not_in_hand"
    assert "Sette di denari" in refused(s, "7d").message("it")


def test_T8_void_may_play_any_card():
    s = deal(HANDS)
    s.apply("5b")  # W holds no bastoni
    assert s.legal_actions() == srt(HANDS["W"])
    s.apply("3c")
    assert s.legal_actions() == ["Ab", "2b", "3b"]


def test_T9_highest_of_led_suit_wins_winner_leads():
    s = deal(HANDS)
    for card in ("5d", "2d", "7d", "Rd"):
        s.apply(card)
    v = s.view(None)
    assert v["last_trick"]["winner"] == "W" and s.seat_label(s.current_player()) == "W"
    assert v["thirds"] == {"NS": 0, "EW": 2}
    s.apply("3c")  # W leads coppe: off-suit cards never win
    s.apply("Ac")
    s.apply("7c")
    s.apply("4c")
    assert s.view(None)["last_trick"]["winner"] == "W"


def test_T9_a_hand_is_ten_tricks():
    s = deal(HANDS)
    rng = random.Random(2)
    for _ in range(39):
        s.apply(rng.choice(s.legal_actions()))
    assert s.phase() == "play" and s.view(None)["trick_number"] == 10
    s.apply(s.legal_actions()[0])
    assert s.phase() == "hand_over" and len(s.result()["hands"]) == 1


def test_T10_tournament_shows_last_trick_until_next_lead():
    s = deal(HANDS)
    for card in ("5d", "2d", "7d", "Rd"):
        s.apply(card)
    v = s.view(2)
    assert [c["card"] for c in v["last_trick"]["cards"]] == ["5d", "2d", "7d", "Rd"]
    assert "tricks" not in v
    s.apply("3c")
    assert s.view(2)["last_trick"] is None and s.view(2)["trick"] == [{"seat": "W", "card": "3c"}]


def test_T10_practice_shows_every_trick():
    s = deal(HANDS, review="practice")
    for card in ("5d", "2d", "7d", "Rd", "3c", "Ac", "7c", "4c"):
        s.apply(card)
    s.apply("2c")
    tricks = s.view(0)["tricks"]
    assert [t["winner"] for t in tricks] == ["W", "W"] and len(tricks) == 2


def test_T10_view_hides_other_hands():
    s = deal(HANDS)
    v = s.view(2)
    assert v["hand"] == srt(HANDS["S"])
    assert "legal_actions" not in v  # N is to play, not S
    text = repr({k: x for k, x in v.items() if k != "lots"})
    for code in HANDS["N"].split() + HANDS["W"].split():
        assert f"'{code}'" not in text
    assert "legal_actions" in s.view(0)
    assert s.view(None)["hand"] is None


def test_T12_points_in_thirds_hand_worth_eleven():
    rng = random.Random(12)
    for _ in range(50):
        s = TressetteState()
        s.apply(DRAW_N_DEALS)
        play_hand(s, rng)
        h = s.result()["hands"][0]
        assert h["thirds"]["NS"] + h["thirds"]["EW"] == 35
        assert h["points"] == {"NS": h["thirds"]["NS"] // 3, "EW": h["thirds"]["EW"] // 3}
        assert h["points"]["NS"] + h["points"]["EW"] == 11
    assert sum(THIRDS) == 32


def test_T12_last_trick_worth_three_thirds():
    s = deal(HANDS)
    rng = random.Random(4)
    for _ in range(36):
        s.apply(rng.choice(s.legal_actions()))
    before = dict(s.view(None)["thirds"])
    cards = []
    for _ in range(4):
        cards.append(s.legal_actions()[0])
        s.apply(cards[-1])
    h = s.result()["hands"][0]
    team = h["last_trick"]
    gained = sum(THIRDS[CODES.index(c)] for c in cards) + 3
    assert h["thirds"][team] == before[team] + gained


def test_T13_cappotto_recorded():
    s = TressetteState(target=31)
    s.apply(DRAW_E_DEALS)
    play_hand(s, random.Random(0), cappotto_shuffle(s, 0))
    h = s.result()["hands"][0]
    assert h["points"] == {"NS": 11, "EW": 0} and h["cappotto"] == "NS"
    assert s.result()["cappotti"] == {"NS": 1, "EW": 0}
    play_hand(s, random.Random(1))
    assert s.result()["hands"][1]["cappotto"] in (None, "NS", "EW")
    assert s.view(None)["totals"]["NS"] >= 11


def test_T14_partita_ends_after_complete_hand():
    s = TressetteState(target=11)
    s.apply(DRAW_E_DEALS)
    s.apply(cappotto_shuffle(s, 0))
    s.apply("nocut")
    rng = random.Random(0)
    for _ in range(39):
        s.apply(rng.choice(s.legal_actions()))
        assert s.view(None)["partita"] == 1 and s.view(None)["totals"] == {"NS": 0, "EW": 0}
    s.apply(s.legal_actions()[0])
    assert s.view(None)["partita"] == 2 and s.result()["partite"][0]["winner"] == "NS"
    assert s.view(None)["totals"] == {"NS": 0, "EW": 0}  # a new partita starts from zero


def test_T14_tie_over_target_plays_on_then_higher_wins():
    s = TressetteState(target=11)
    s.apply(DRAW_E_DEALS)
    seed = 0
    while True:  # a first hand that is not a cappotto: nobody reaches 11
        c = s.clone()
        play_hand(c, random.Random(seed))
        seed += 1
        if c.view(None)["partita"] == 1:
            s = c
            break
    for seed in range(1000):  # a second hand bringing both teams to 11
        c = s.clone()
        play_hand(c, random.Random(seed))
        if c.view(None)["totals"] == {"NS": 11, "EW": 11}:
            s = c
            break
    else:
        pytest.fail("no tying hand found")
    assert s.view(None)["partita"] == 1 and not s.result()["partite"][0]["winner"]  # tie: play on
    play_hand(s, shuffle=cappotto_shuffle(s, 0))
    first = s.result()["partite"][0]
    assert first["winner"] == "NS" and first["totals"] == {"NS": 22, "EW": 11} and first["hands"] == 3


def test_T14_penalty_mid_hand_does_not_end_partita():
    s = TressetteState(target=1, penalties="on")
    s.apply(DRAW_E_DEALS)
    s.apply(s.chance_sample(random.Random(0)))
    s.apply("nocut")
    s.apply("penalty EW")
    assert s.view(None)["totals"] == {"NS": 0, "EW": -3} and s.view(None)["partita"] == 1


def test_T15_match_stops_at_two_wins():
    s = TressetteState(target=1)
    s.apply(DRAW_E_DEALS)
    play_hand(s, shuffle=cappotto_shuffle(s, 0))
    play_hand(s, shuffle=cappotto_shuffle(s, 0))
    assert s.is_terminal() and s.current_player() == TERMINAL and s.phase() == "game_over"
    assert s.result()["winner"] == "NS" and s.result()["wins"] == {"NS": 2, "EW": 0}
    assert s.returns() == [2.0, 0.0, 2.0, 0.0]
    assert refused(s, "3d").key == "common.game_over"


def test_T15_option_all_three_partite():
    s = TressetteState(target=1, match="all_three")
    s.apply(DRAW_E_DEALS)
    play_hand(s, shuffle=cappotto_shuffle(s, 0))
    play_hand(s, shuffle=cappotto_shuffle(s, 0))
    assert not s.is_terminal()
    play_hand(s, shuffle=cappotto_shuffle(s, 1))
    assert s.is_terminal() and s.result()["wins"] == {"NS": 2, "EW": 1} and s.result()["winner"] == "NS"


def test_T16_penalty_voids_hand_same_dealer_redeals():
    s = deal(HANDS, penalties="on")
    s.apply("5d busso")
    s.apply("2d")
    assert s.legal_actions()[-2:] == ["penalty NS", "penalty EW"] and s.can("penalty NS")
    s.apply("penalty NS")
    v = s.view(None)
    assert v["totals"] == {"NS": -3, "EW": 0} and v["dealer"] == "E" and v["phase"] == "shuffle"
    assert s.current_player() == CHANCE and v["declarations"] == [] and v["hand_counts"]["N"] == 0
    assert s.result()["hands"][-1]["penalty"] == "NS"
    text = write_record(s)
    assert text.splitlines()[-1] == "S penalty NS"  # attributed to the seat to act
    assert read_record(text).state == s
    s.apply(shuffle_for(HANDS, 1))
    assert s.seat_label(s.current_player()) == "S"  # the same dealer's left cuts again
    assert s.can("penalty EW")  # during the cut too
    s.apply("nocut")
    assert s.hand_of(0) == srt(HANDS["N"])


def test_T16_penalties_only_with_the_referee_option():
    s = deal(HANDS)  # penalties=off, the default: never listed, always refused
    assert not any(a.startswith("penalty") for a in s.legal_actions())
    err = refused(s, "penalty NS")
    assert err.key == "tressette.penalty_off" and "penalties=on" in err.message("it")
    on = deal(HANDS, penalties="on")
    assert on.can("penalty EW") and "penalty EW" in on.legal_actions()
    assert refused(on, "penalty  EW").key == "common.non_canonical"


def test_T16_penalty_refusals_and_false_declarations():
    s = TressetteState(penalties="on")
    assert refused(s, "penalty NS").key == "tressette.penalty_no_hand"
    s = deal(HANDS, penalties="on")
    assert refused(s, "penalty XY").key == "tressette.penalty_team"
    err = refused(s, "5d ribusso")  # N holds no 2 of denari
    assert err.key == "tressette.decl_false.ribusso"
    assert "denari" in err.message("it") and "4" in err.message("en")


def test_T17_buongioco_and_napoletana_are_not_declarations():
    s = deal({"N": "3d 2d Ad 3c 2c Ac 3s 4s 5s 6s"})
    for token in ("buongioco", "napoletana", "accuso", "fuori"):
        assert refused(s, f"3d {token}").key == "tressette.decl_unknown"


def test_refusal_not_your_turn_and_unknown_action():
    s = deal(HANDS)
    with pytest.raises(IllegalAction) as info:
        s.verify_as(2, "7d")
    assert info.value.key == "common.not_your_turn"
    assert "Nord" in info.value.message("it") and "North" in info.value.message("en")
    s.verify_as(0, "5d")
    assert refused(s, "hello").key == "common.unknown_action"
    assert refused(s, "cut 3").key == "tressette.expected_card"
