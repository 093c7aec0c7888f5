"""Boston rules B1-B13, one group of tests per clause (docs: /work/shared/rules/boston.md)."""

from __future__ import annotations

import random

import pytest

from pyapp.boston.rules import BostonState, boston_card, deal_order, shuffle_for_hands
from pyapp.cards import french_deck
from pyapp.core import CHANCE, TERMINAL, IllegalAction, RandomBot, play_out

from .helpers import DEAL1, DEAL2, DEAL3, at_play, dealt, play


def refusal(state: BostonState, action: str) -> IllegalAction:
    """The refusal of ``action``; the state must stay unchanged."""
    before = list(state.history)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.history == before
    assert not state.can(action)
    return info.value


# -- B1 deck ---------------------------------------------------------------------------------------


def test_B1_deck_is_52_french_cards_dealt_13_each():
    state = dealt(DEAL1)
    hands = [state.hand_of(p) for p in range(4)]
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert sorted(c for h in hands for c in h) == sorted(c.code for c in french_deck())


def test_B1_ace_high_in_the_led_suit():
    state = at_play(DEAL3)
    play(state, "Th 3d 6h")  # E leads hearts, S discards (no hearts), W plays low
    assert state.current_player() == 0
    play(state, "Ah")
    assert state.current_player() == 0  # N's ace beat the ten: N leads next
    assert state.view(None)["last_trick"]["winner"] == "N"


def test_B1_play_is_clockwise():
    state = at_play(DEAL1)
    seen = []
    for card in "Th 6h 2h Ah".split():
        seen.append(state.seat_label(state.current_player()))
        state.apply(card)
    assert seen == ["E", "S", "W", "N"]


# -- B2 the Boston ---------------------------------------------------------------------------------


def test_B2_boston_is_the_jack_of_diamonds():
    state = dealt(DEAL1)
    assert state.view(0)["boston"] == "Jd"
    assert [boston_card(t) for t in range(4)] == [22, 35, 22, 22]


def test_B2_boston_is_the_jack_of_hearts_when_diamonds_are_trump():
    hands = list(DEAL1)
    # turn a diamond: N's last card becomes the Kd
    hands[0] = "Ah Kh Qh Jh Ac Kc Qc Ad As Ks Qs 2s Kd"
    state = dealt(tuple(hands))
    view = state.view(1)
    assert view["trump_suit"] == "d" and view["boston"] == "Jh"


def test_B2_jack_of_diamonds_is_an_ordinary_trump_when_diamonds_are_trump():
    hands = (
        "Ah Kh Qh Jh Ac Kc Qc Ad As Ks Qs 2s Kd",  # N turns the Kd
        "Js Ts 9s Th 9h 8h 7h Jc Tc 9c Qd Td 9d",
        "8s 7s 6s 5s 4s 3s 6h 5h 8c 7c 8d 7d 6d",
        "Jd 4h 3h 2h 6c 5c 4c 3c 2c 5d 4d 3d 2d",
    )
    state = at_play(hands)
    play(state, "Qd 8d Jd Kd")  # Q > J, K highest: Jd ranks between Q and 10
    assert state.view(None)["last_trick"]["winner"] == "N"
    state = at_play(hands)
    play(state, "Td 8d Jd Ad")
    assert state.view(None)["last_trick"]["winner"] == "N"
    state = at_play(hands, boston_suit="natural")  # the Boston (Jh) does not interfere either
    play(state, "9d 8d Jd Ad")
    assert state.view(None)["last_trick"]["winner"] == "N"


# -- B3 the Boston is the highest trump --------------------------------------------------------------


def test_B3_boston_must_be_played_when_trump_is_led_and_it_is_the_only_trump():
    state = at_play(DEAL1)
    play(state, "Js 3s")
    assert state.legal_actions() == ["Jd"]
    err = refusal(state, "2d")
    assert err.key == "boston.must_play_boston.s"
    assert "Jack of diamonds" in err.message("en") and "Fante di quadri" in err.message("it")
    play(state, "Jd As")  # the Boston beats the ace of trumps
    assert state.current_player() == 3
    assert state.view(None)["tricks_won"]["W"] == 1


def test_B3_boston_is_not_a_card_of_its_printed_suit():
    state = at_play(DEAL1)
    play(state, "9d 6d")
    assert state.legal_actions() == ["2d", "3d", "4d", "5d"]
    err = refusal(state, "Jd")
    assert err.key == "boston.boston_is_trump.d"
    assert "trump" in err.message("en") and "atout" in err.message("it")


def test_B3_void_in_printed_suit_may_win_with_the_boston():
    state = at_play(DEAL3)
    play(state, "9d 2d")
    assert len(state.legal_actions()) == 13  # W holds no diamond but the Boston: he is void
    play(state, "Jd Ad")
    assert state.view(None)["last_trick"]["winner"] == "W"


def test_B3_leading_the_boston_leads_trump():
    state = at_play(DEAL2)
    play(state, "Jd")
    assert state.view(1)["led_suit"] == "s"
    assert state.legal_actions() == ["3s", "4s", "5s", "6s", "7s", "8s"]
    assert refusal(state, "6d").key == "boston.must_follow_trump.s"
    play(state, "3s")
    assert len(state.legal_actions()) == 13  # W has no spade
    play(state, "2c As")
    assert state.view(None)["last_trick"]["winner"] == "E"


def test_B3_trump_suit_has_14_cards_and_printed_suit_12():
    state = dealt(DEAL1)
    esuits = state._esuit
    assert sum(1 for c in range(52) if esuits[c] == 3) == 14
    assert sum(1 for c in range(52) if esuits[c] == 1) == 12


def test_B3_option_natural_boston_follows_printed_suit_and_still_wins():
    state = at_play(DEAL3, boston_suit="natural")
    play(state, "9d 2d")
    assert state.legal_actions() == ["Jd"]  # his only diamond
    play(state, "Jd Ad")
    assert state.view(None)["last_trick"]["winner"] == "W"
    state = at_play(DEAL1, boston_suit="natural")
    play(state, "Js 3s")
    assert len(state.legal_actions()) == 13  # no spades: the Jd is a diamond here
    state = at_play(DEAL1, boston_suit="natural")
    play(state, "9d 6d")
    assert "Jd" in state.legal_actions()
    play(state, "Jd Kd")
    assert state.view(None)["last_trick"]["winner"] == "W"


# -- B4 deal ---------------------------------------------------------------------------------------


def test_B4_deal_three_three_three_four_from_the_dealers_left():
    order = [c.code for c in french_deck()]
    state = BostonState()
    state.apply("dealer N")
    state.apply("shuffle " + " ".join(order))
    assert deal_order(0)[:12] == (1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0)
    assert deal_order(0)[36:] == (1,) * 4 + (2,) * 4 + (3,) * 4 + (0,) * 4
    expected_e = order[0:3] + order[12:15] + order[24:27] + order[36:40]
    assert sorted(state.hand_of(1)) == sorted(expected_e)
    expected_n = order[9:12] + order[21:24] + order[33:36] + order[48:52]
    assert sorted(state.hand_of(0)) == sorted(expected_n)
    assert state.view(2)["trump_card"] == order[51]


def test_B4_turned_trump_is_the_dealers_card_and_public_until_played():
    state = at_play(DEAL1)
    view = state.view(2)
    assert view["trump_card"] == "2s" and view["trump_suit"] == "s" and view["trump_card_in_hand"]
    assert "2s" in state.hand_of(0)
    play(state, "Js 3s Jd 2s")
    assert not state.view(2)["trump_card_in_hand"]


def test_B4_shuffle_is_verified():
    state = BostonState()
    state.apply("dealer S")
    codes = [c.code for c in french_deck()]
    assert refusal(state, "shuffle " + " ".join(codes[:51])).key == "boston.shuffle_count"
    assert refusal(state, "shuffle " + " ".join(codes[:51] + ["2c"])).key == "boston.shuffle_duplicate"
    assert refusal(state, "shuffle " + " ".join(codes[:51] + ["Zz"])).key == "boston.shuffle_bad_card"
    assert refusal(state, "passo").key == "boston.expect_shuffle"
    state.apply("shuffle " + " ".join(codes))
    assert refusal(state, "shuffle " + " ".join(codes)).key == "boston.not_chance"


def test_B4_shuffle_for_hands_is_the_inverse_of_the_deal():
    rng = random.Random(5)
    for dealer in range(4):
        state = BostonState()
        state.apply("dealer " + "NESW"[dealer])
        state.apply(state.chance_sample(rng))
        hands = [state.hand_of(p) for p in range(4)]
        again = BostonState()
        again.apply("dealer " + "NESW"[dealer])
        action = shuffle_for_hands(hands, dealer)
        again.apply(action)
        assert [again.hand_of(p) for p in range(4)] == hands
        assert action.split()[-1] == hands[dealer][-1]


# -- B5 dealer rotation ----------------------------------------------------------------------------


def test_B5_four_passes_same_dealer_redeals_and_hand_does_not_count():
    state = dealt(DEAL1, dealer="E")
    play(state, "passo passo passo passo")
    assert state.current_player() == CHANCE
    assert state.dealer == 1
    assert state.phase() == "hand_over"
    result = state.result()
    assert result["counted_hands"] == 0
    assert result["hands"] == [
        {
            "counted": False,
            "dealer": "E",
            "trump_card": "9d",  # E deals: his last card
            "bids": [["S", "passo"], ["W", "passo"], ["N", "passo"], ["E", "passo"]],
            "contract": None,
        }
    ]
    assert state.returns() == [0, 0, 0, 0]
    state.apply(state.chance_sample(random.Random(1)))
    assert state.current_player() == 2  # the same dealer's left speaks first again


def test_B5_deal_passes_to_the_left_after_each_counted_hand():
    rng = random.Random(11)
    state = BostonState()
    state.apply("dealer W")
    dealers = []
    while not state.is_terminal():
        if state.is_chance():
            dealers.append(state.dealer)
            state.apply(state.chance_sample(rng))
        elif state.phase() == "bidding" and state.view(None)["bids"] == []:
            state.apply("solo")  # no redeals: every hand counts
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert dealers == [3, 0, 1, 2]


# -- B6 first round --------------------------------------------------------------------------------


def test_B6_first_round_bids_start_at_dealers_left():
    state = dealt(DEAL1, dealer="S")
    assert state.current_player() == 3
    assert state.legal_actions() == ["passo", "chiedo", "solo"]
    assert refusal(state, "accetto").key == "boston.accetto_without_chiedo"
    assert refusal(state, "As").key == "boston.bid_first"
    assert refusal(state, "dire").key == "common.unknown_action"


@pytest.mark.parametrize("passes", [0, 1, 2, 3])
def test_B6_solo_ends_the_bidding_at_once(passes):
    state = dealt(DEAL1)
    play(state, "passo " * passes + "solo")
    assert state.phase() == "play"
    soloist = "ESWN"[passes]
    assert state.view(None)["contract"]["players"] == [soloist]
    assert state.current_player() == 1  # the dealer's left leads whatever the contract
    assert refusal(state, "passo").key == "boston.bidding_over"


# -- B7 after a CHIEDO -----------------------------------------------------------------------------


def test_B7_after_chiedo_every_other_player_speaks_once_more():
    state = dealt(DEAL1)  # N deals: E, S, W, N
    play(state, "passo passo chiedo")  # E and S pass, W asks
    assert state.legal_actions() == ["passo", "accetto", "solo"]
    speakers = []
    for bid in ("passo", "passo", "passo"):
        speakers.append(state.seat_label(state.current_player()))
        state.apply(bid)
    assert speakers == ["N", "E", "S"]  # up to the player just before the asker, passers too
    assert state.phase() == "play"
    assert state.view(None)["contract"] == {
        "type": "chiedo",
        "players": ["W"],
        "needed": 5,
        "tricks": 0,
        "partners": ["W"],
    }


def test_B7_no_second_chiedo_and_accetto_only_once():
    state = dealt(DEAL1)
    play(state, "chiedo")
    err = refusal(state, "chiedo")
    assert err.key == "boston.chiedo_twice" and "East" in err.message("en")
    play(state, "accetto")
    assert state.legal_actions() == ["passo", "solo"]
    err = refusal(state, "accetto")
    assert err.key == "boston.accetto_twice" and "Sud" in err.message("it")


def test_B7_a_passer_may_accept_on_his_second_turn():
    state = dealt(DEAL1)
    play(state, "passo chiedo passo passo accetto")  # E passes, S asks, W N pass, E accepts
    assert state.view(None)["contract"]["type"] == "accetto"
    assert state.view(None)["contract"]["players"] == ["S", "E"]


def test_B7_a_later_solo_overrides_chiedo_and_accetto():
    state = dealt(DEAL1)
    play(state, "chiedo accetto passo solo")
    contract = state.view(None)["contract"]
    assert contract["type"] == "solo" and contract["players"] == ["N"]
    assert state.current_player() == 1


# -- B8/B9 contracts --------------------------------------------------------------------------------


def test_B8_no_accetto_the_asker_plays_alone_for_five():
    state = dealt(DEAL1)
    play(state, "chiedo passo passo passo")
    contract = state.view(None)["contract"]
    assert contract["type"] == "chiedo" and contract["players"] == ["E"] and contract["needed"] == 5


@pytest.mark.parametrize(
    ("bids", "kind", "players", "needed"),
    [
        ("chiedo passo passo passo", "chiedo", ["E"], 5),
        ("chiedo accetto passo passo", "accetto", ["E", "S"], 8),
        ("passo passo passo solo", "solo", ["N"], 8),
    ],
)
def test_B9_contracts_and_tricks_needed(bids, kind, players, needed):
    state = dealt(DEAL1)
    play(state, bids)
    contract = state.view(None)["contract"]
    assert (contract["type"], contract["players"], contract["needed"]) == (kind, players, needed)


# -- B10 play --------------------------------------------------------------------------------------


def test_B10_must_follow_suit():
    state = at_play(DEAL1)
    play(state, "Th")
    assert state.legal_actions() == ["5h", "6h"]
    err = refusal(state, "8s")
    assert err.key == "boston.must_follow.h"
    assert "cuori" in err.message("it") and "hearts" in err.message("en")


def test_B10_no_duty_to_overtake():
    state = at_play(DEAL1)
    play(state, "Js 3s Jd")
    assert state.legal_actions() == ["2s", "Qs", "Ks", "As"]
    play(state, "2s")
    assert state.current_player() == 3


def test_B10_no_duty_to_trump_when_void():
    state = at_play(DEAL3)
    play(state, "Th")
    assert len(state.legal_actions()) == 13  # S has no hearts: any card, trumps or not
    play(state, "2d 6h Ah")
    assert state.current_player() == 0


def test_B10_a_trump_beats_the_led_suit():
    state = at_play(DEAL3)
    play(state, "Th 3s 6h Ah")
    assert state.current_player() == 2
    assert state.view(None)["tricks_won"] == {"N": 0, "E": 0, "S": 1, "W": 0}


def test_B10_first_lead_is_the_dealers_left_whatever_the_contract():
    for bids in ("solo", "passo passo solo", "chiedo accetto passo passo", "passo chiedo passo passo passo"):
        state = dealt(DEAL1, dealer="W")
        play(state, bids)
        assert state.current_player() == 0


def test_B10_card_refusals():
    state = at_play(DEAL1)
    assert refusal(state, "Ah").key == "boston.not_in_hand"
    assert "Asso di cuori" in refusal(state, "Ah").message("it")
    err = refusal(state, "10h")  # E holds the Th: the reason names its spelling
    assert err.key == "common.non_canonical" and err.params["canonical"] == "Th"
    assert refusal(state, "10x").key == "common.unknown_action"
    with pytest.raises(IllegalAction) as info:
        state.verify_as(2, "Th")
    assert info.value.key == "common.not_your_turn" and "Est" in info.value.message("it")
    state.verify_as(1, "Th")


def test_B10_all_thirteen_tricks_are_played():
    state = at_play(DEAL1)
    rng = random.Random(3)
    for trick in range(13):
        assert len(state.view(None)["tricks"]) == trick
        for _ in range(4):
            state.apply(rng.choice(state.legal_actions()))
    summary = state.result()["hands"][0]
    assert sum(summary["tricks"].values()) == 13
    assert state.current_player() == CHANCE


# -- B11/B12 scoring ---------------------------------------------------------------------------------

TABLE = {  # contract: (made: contractor, opponent), (failed: contractor, opponent)  -- B11
    "chiedo": ((6, -2), (-12, 4)),
    "accetto": ((3, -3), (-6, 6)),
    "solo": ((12, -4), (-24, 8)),
}
NEEDED = {"chiedo": 5, "accetto": 8, "solo": 8}


def _random_hands(games: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = play_out(BostonState(), [RandomBot()] * 4, rng)
        out += [h for h in state.result()["hands"] if h["counted"]]
    return out


def test_B11_points_table_and_B12_mani():
    rows = set()
    for hand in _random_hands(150, 7):
        kind = hand["contract"]["type"]
        players = hand["contract"]["players"]
        tricks = sum(hand["tricks"][p] for p in players)
        assert tricks == hand["contract"]["tricks"]
        made = tricks >= NEEDED[kind]
        assert hand["made"] is made
        rows.add((kind, made))
        inside, outside = TABLE[kind][0 if made else 1]
        d = tricks - NEEDED[kind]
        for seat in "NESW":
            assert hand["points"][seat] == (inside if seat in players else outside)
            assert hand["mani"][seat] == (d if seat in players else -d)
        assert sum(hand["points"].values()) == 0  # every row of B11 sums to zero
    assert rows == {(k, m) for k in TABLE for m in (True, False)}


def test_B12_seed_example_chiedo_with_three_tricks():
    for hand in _random_hands(300, 12):
        if hand["contract"]["type"] == "chiedo" and hand["contract"]["tricks"] == 3:
            asker = hand["contract"]["players"][0]
            for seat in "NESW":
                if seat == asker:
                    assert (hand["points"][seat], hand["mani"][seat]) == (-12, -2)
                else:
                    assert (hand["points"][seat], hand["mani"][seat]) == (4, 2)
            return
    pytest.fail("no CHIEDO with 3 tricks in the sample")


def test_B12_mani_zero_when_exactly_made():
    state = dealt(DEAL1)
    play(state, "solo")
    # E (the soloist) leads; whatever is played, mani follow the tricks exactly
    rng = random.Random(0)
    while state.phase() == "play":
        state.apply(rng.choice(state.legal_actions()))
    hand = state.result()["hands"][0]
    d = hand["tricks"]["E"] - 8
    assert hand["mani"] == {"N": -d, "E": d, "S": -d, "W": -d}


# -- B13 game --------------------------------------------------------------------------------------


def test_B13_game_is_four_counted_hands():
    state = play_out(BostonState(), [RandomBot()] * 4, random.Random(2))
    result = state.result()
    assert state.current_player() == TERMINAL and result["complete"]
    assert result["counted_hands"] == 4
    assert sum(1 for h in result["hands"] if h["counted"]) == 4
    dealers = [h["dealer"] for h in result["hands"] if h["counted"]]
    assert len(set(dealers)) == 4  # everyone dealt once
    assert refusal(state, "passo").key == "common.game_over"
    assert state.legal_actions() == []


def test_B13_winner_by_points_then_mani_then_shared_place():
    state = play_out(BostonState(), [RandomBot()] * 4, random.Random(2))
    state._points, state._mani = [10, 10, -10, -10], [2, 1, 3, 3]
    places = [s["place"] for s in state.standings()]
    assert places == [1, 2, 3, 3]
    assert state.result()["winners"] == ["N"]
    state._points, state._mani = [10, 10, -10, -10], [2, 2, 3, 3]
    assert [s["place"] for s in state.standings()] == [1, 1, 3, 3]
    assert state.result()["winners"] == ["N", "E"]
    state._points, state._mani = [-5, 10, -10, 5], [9, -9, 0, 0]
    assert [s["place"] for s in state.standings()] == [3, 1, 4, 2]


def test_B13_returns_are_the_points_and_sum_to_zero():
    state = play_out(BostonState(), [RandomBot()] * 4, random.Random(4))
    totals = state.result()["totals"]["points"]
    assert state.returns() == [float(totals[s]) for s in "NESW"]
    assert sum(state.returns()) == 0


def test_chance_outcomes_are_numbered():
    import math

    from pyapp.boston.rules import CODES

    state = BostonState()
    assert state.legal_actions() == [] and state.chance_count() == 4
    assert [state.chance_outcome(i) for i in range(4)] == [f"dealer {s}" for s in "NESW"]
    assert state.chance_index("dealer W") == 3
    with pytest.raises(IllegalAction) as info:
        state.chance_index("dealer  W")
    assert info.value.key == "common.non_canonical"
    state.apply("dealer S")
    assert state.chance_count() == math.factorial(52)
    assert state.chance_outcome(0) == "shuffle " + " ".join(CODES)
    assert state.chance_outcome(math.factorial(52) - 1) == "shuffle " + " ".join(reversed(CODES))
    rng = random.Random(8)
    for _ in range(10):
        shuffle = state.chance_sample(rng)
        assert state.chance_outcome(state.chance_index(shuffle)) == shuffle
