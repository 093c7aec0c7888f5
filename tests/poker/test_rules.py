"""PokerState against the clauses P1-P18 of docs (shared rules/poker.md)."""

from __future__ import annotations

import pytest

from pyapp.core import CHANCE, TERMINAL, IllegalAction
from pyapp.poker import stakes
from pyapp.poker.rules import PokerState

from .conftest import play, stacked

# Seat 1..5, dealer 5: the deal and the speaking start at seat 1; the cutter is seat 4.
TRASH = {"2": "7c 8d Ts Qc 6s", "3": "7d 9c Tc Kc 6d", "4": "8c 9d Td Ks 6c"}


def refusal(state: PokerState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    return info.value


def test_P1_first_dealer_by_lot_and_deal_passes_left():
    s = PokerState()
    assert s.current_player() == CHANCE and s.legal_actions() == []
    s.apply("dealer 3")
    assert s.view(None)["dealer"] == "3"
    s.apply(stacked(s, {}))
    assert s.seat_label(s.current_player()) == "2"  # the cutter sits on the dealer's right
    s.apply("cut 5")
    assert s.seat_label(s.current_player()) == "4"  # speaking starts at the dealer's left
    for label in "45123":
        play(s, f"{label} pass")
    assert s.view(None)["dealer"] == "4"


def test_P2_deck_follows_the_number_of_players():
    assert [len(PokerState(players=n).cards) for n in (4, 5, 6)] == [32, 36, 40]
    assert min(c.rank_index for c in PokerState(players=6).cards) == 3  # fives


def test_P5_antes_and_dealer_uscita(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    assert s.pot() == 6 and s.resto == [99, 99, 99, 99, 98]
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"}, dealer_ante=0)
    assert s.pot() == 5 and s.resto == [99] * 5


def test_P6_cut_and_deal_one_at_a_time_from_dealers_left():
    s = PokerState()
    s.apply("dealer 5")
    deck = [c.code for c in s.cards]
    s.apply("shuffle " + " ".join(deck))
    s.apply("cut 10")
    cut = deck[10:] + deck[:10]
    assert s.view(0)["cards"] == [cut[i * 5] for i in range(5)]
    assert s.view(1)["cards"] == [cut[i * 5 + 1] for i in range(5)]
    assert s.view(4)["cards"] == [cut[i * 5 + 4] for i in range(5)]
    assert s.view(0)["seats"][1]["cards"] == 5 and "shown" not in s.view(0)["seats"][1]


def test_P6_cut_bounds():
    s = PokerState()
    s.apply("dealer 5")
    s.apply(stacked(s, {}))
    assert refusal(s, "cut 36").key == "poker.bad_cut"
    assert refusal(s, "cut 0").key == "poker.bad_cut"
    assert s.can("cut 35") and s.can("nocut")


def test_P7_open_requires_jacks_or_better(table):
    s = table(TRASH | {"1": "9h 9s 7s 8h Ah", "5": "Jh Jd 7h 8s Qd"})
    err = refusal(s, "open 6")
    assert err.key == "poker.no_requirement.J"
    assert "fanti" in err.message("it") and "jacks" in err.message("en")
    assert "open 6" not in s.legal_actions()
    play(s, "1 pass", "2 pass", "3 pass", "4 pass")
    assert s.can("open 6") and "open 6" in s.legal_actions()


def test_P7_two_small_pairs_qualify(table):
    s = table(TRASH | {"1": "7h 7s 8s 8h 9h"})
    assert s.can("open 1") and s.can("open 6")


def test_P8_passed_out_hand_raises_the_requirement_then_resets():
    s = PokerState()
    s.apply("dealer 5")
    for expected in ("J", "Q", "K", "K"):
        assert s.view(None)["requirement"] == expected
        s.apply(stacked(s, {}))
        s.apply("nocut")
        dealer = s.view(None)["dealer"]
        for _ in range(5):
            s.apply("pass")
        assert s.result()["hands"][-1]["outcome"] == "passed"
        assert s.view(None)["dealer"] == str(int(dealer) % 5 + 1)
    assert s.carry == 4 * 6 and sum(s.resto) + s.carry == 500
    # A pair of queens cannot open at kings; kings can, and winning resets to jacks.
    s.apply(stacked(s, {"2": "Qh Qd 7s 8s 9h", "3": "Kh Kd 7h 8h 9d"}))
    s.apply("nocut")  # dealer 4: seat 5 speaks first, then 1, 2, 3
    play(s, "5 pass", "1 pass")
    assert refusal(s, "open 30").key == "poker.no_requirement.K"
    play(s, "2 pass", "3 open 30", "4 fold", "5 fold", "1 fold", "2 fold")
    assert s.result()["hands"][-1]["outcome"] == "uncalled"
    # seat 3 paid five antes and one dealer's uscita, opened 30 and took the pot of 60
    assert s.resto[2] == 100 - 6 - 30 + 60 and s.view(None)["requirement"] == "J"


def test_P9_open_defaults_to_the_pot_and_is_pot_limited(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    err = refusal(s, "open 7")
    assert err.key == "poker.open_limit" and "6" in err.message("it")
    assert refusal(s, "open 0").key == "poker.below_min"
    # "open" alone means the pot (Art. VI), but records always write the amount
    err = refusal(s, "open")
    assert err.key == "common.non_canonical" and "«open 6»" in err.message("it") and "“open 6”" in str(err)
    assert [a for a in s.legal_actions() if a.startswith("open")] == [f"open {k}" for k in range(1, 7)]
    play(s, "1 open 6")
    assert s.current_bet == 6 and s.pot() == 12
    # pot after the call is 18: the largest raise is 18 (a bet of 24)
    err = refusal(s, "raise 19")
    assert err.key == "poker.raise_limit" and "18" in err.message("en")
    play(s, "2 raise 18")
    assert s.current_bet == 24 and s.pot() == 36


def test_P9_raise_cap_option(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"}, raise_cap=3)
    play(s, "1 open 1", "2 raise 1", "3 raise 1", "4 raise 1")
    err = refusal(s, "raise 1")
    assert err.key == "poker.raise_cap" and "3" in err.message("it")
    assert all(not a.startswith("raise") for a in s.legal_actions())
    s2 = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    play(s2, "1 open 1", "2 raise 1", "3 raise 1", "4 raise 1")
    assert s2.can("raise 1")


def test_P10_passed_player_may_come_in_and_raise_in_passetto(table):
    s = table(TRASH | {"1": "Ah Ad 7s 8s 9h", "3": "Kh Kd 7h 8h Qh"})
    play(s, "1 pass", "2 pass", "3 open 6", "4 fold", "5 fold", "1 raise 18", "2 call", "3 call")
    assert s.phase() == "draw" and s.live() == [0, 1, 2]


def test_P10_refusals_in_the_betting(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    assert refusal(s, "call").key == "poker.open_or_pass"
    play(s, "1 open 6")
    assert refusal(s, "check").key == "poker.must_call"
    assert refusal(s, "bet 3").key == "poker.bet_made"
    assert refusal(s, "open 3").key == "poker.already_open"
    assert refusal(s, "rebuy").key == "poker.rebuy_mid_hand"
    assert refusal(s, "shuffle 6h").key == "poker.not_chance"
    assert refusal(s, "raise lots").key == "poker.bad_amount"
    with pytest.raises(IllegalAction) as info:
        s.verify_as(3, "call")
    assert info.value.key == "common.not_your_turn" and "2" in info.value.message("it")


def _to_draw(table, **kw):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"}, **kw)
    play(s, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold")
    return s


def test_P11_draw_refusals(table):
    s = _to_draw(table)
    assert s.phase() == "draw" and s.seat_label(s.current_player()) == "1"
    assert refusal(s, "draw Ah").key == "common.not_in_hand"
    assert refusal(s, "draw 7s 8s 9h Jh Jd").key == "poker.draw_count"
    assert refusal(s, "draw 7s 7s").key == "poker.draw_twice"
    assert refusal(s, "draw 2h").key == "poker.not_in_deck"
    assert refusal(s, "draw Xx").key == "common.bad_card"
    assert refusal(s, "check").key == "poker.draw_now"


def test_P11_four_cards_get_three_then_the_fourth_after_everyone(table):
    stub = "Ah Ac As Kh Kd Qd Qh"
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h", "5": "6h 7h 9s Jc Qs"}, stub=stub)
    play(s, "1 open 6", "2 fold", "3 fold", "4 fold", "5 call")
    play(s, "1 draw 7s 8s 9h")
    assert sorted(s.view(0)["cards"]) == sorted(["Jh", "Jd", "Ah", "Ac", "As"])
    play(s, "5 draw 6h 7h 9s Jc")
    assert sorted(s.view(4)["cards"]) == sorted(["Qs", "Kh", "Kd", "Qd", "Qh"])
    assert s.view(0)["seats"][4]["draw"] == 4 and s.view(4)["seats"][0]["draw"] == 3


def test_P11_stub_runs_out_discards_reshuffled_except_the_players_own(table):
    # 5 players, 36 cards: the stub has 11 cards. Everybody calls and changes 3 or 4.
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h", "5": "6h 7h 9s Qd Qs"})
    play(s, "1 open 6", "2 call", "3 call", "4 call", "5 call")
    play(s, "1 draw 7s 8s 9h", "2 draw 7c 8d Ts Qc", "3 draw 7d 9c Tc Kc")
    # 11 - 3 - 3 - 3 = 2 left; seat 4 changes 4 and gets 2, then the pool is reshuffled
    play(s, "4 draw 8c 9d Td Ks")
    assert s.current_player() == CHANCE and s.phase() == "reshuffle"
    pool = {c.code for c in s.reshuffle_cards}
    assert pool == {"7s", "8s", "9h", "7c", "8d", "Ts", "Qc", "7d", "9c", "Tc", "Kc"}
    assert not pool & {"8c", "9d", "Td", "Ks"}
    assert refusal(s, "reshuffle 7s").key == "poker.bad_shuffle"
    s.apply("reshuffle " + " ".join(sorted(pool)))
    assert len(s.view(3)["cards"]) == 4  # the 4th card comes after everyone else
    play(s, "5 draw 6h 7h 9s")
    assert len(s.view(3)["cards"]) == 5 and len(s.view(4)["cards"]) == 5
    assert s.phase() == "bet2"
    in_hands = [c for p in range(5) for c in s.view(p)["cards"]]
    assert len(set(in_hands)) == 25


def test_P12_split_openers_kept_aside_and_shown(table):
    s = table(TRASH | {"1": "Jh Jd 7h 8h 9h", "5": "Qh Qd 7s 8s 9s"}, stub="Th Ah Ac")
    play(s, "1 open 6", "2 fold", "3 fold", "4 fold", "5 call")
    play(s, "1 draw Jd")  # keeps four hearts, discards one jack of the openers
    assert s.view(0)["aside"] == ["Jd"]
    play(s, "5 serve", "1 bet 18", "5 fold")
    hand = s.result()["hands"][-1]
    assert (
        hand["outcome"] == "uncalled" and hand["openers"] == ["Jh", "Jd"] and hand["openers_aside"] == ["Jd"]
    )


def test_P13_opener_speaks_first_in_the_second_round(table):
    s = table(TRASH | {"3": "Jh Jd 7h 8h 9h"})
    play(s, "1 pass", "2 pass", "3 open 6", "4 call", "5 call", "1 call", "2 fold")
    for label in "1345":  # the draw goes from the dealer's left
        play(s, f"{label} serve")
    assert s.phase() == "bet2" and s.seat_label(s.current_player()) == "3"


def test_P13_opener_folded_next_to_his_left_speaks(table):
    s = table(TRASH | {"3": "Jh Jd 7h 8h 9h"})
    play(s, "1 pass", "2 pass", "3 open 6", "4 raise 18", "5 call", "1 fold", "2 fold", "3 fold")
    play(s, "4 serve", "5 serve")
    assert s.seat_label(s.current_player()) == "4"


def test_P14_piatto_di_parola_carries_the_pot_and_opens_at_kings(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    play(s, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold", "1 serve", "2 serve", "1 check", "2 check")
    hand = s.result()["hands"][-1]
    assert hand["outcome"] == "parola" and hand["carried"] == 18 and s.carry == 18
    assert s.view(None)["requirement"] == "K"
    assert s.view(None)["required_resto"] == 18 + 6


def test_P15_showdown_order_and_concession(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h", "2": "Qh Qd 7c 8d 9c", "3": "Kh Kd 7h 8h As"})
    play(s, "1 open 6", "2 call", "3 call", "4 fold", "5 fold")
    play(s, "1 serve", "2 serve", "3 serve", "1 check", "2 bet 10", "3 call", "1 call")
    assert s.phase() == "showdown" and s.seat_label(s.current_player()) == "2"  # the bettor shows first
    assert s.legal_actions() == ["show"]
    assert refusal(s, "concede").key == "poker.must_show"
    play(s, "2 show", "3 show", "1 concede")
    hand = s.result()["hands"][-1]
    assert hand["pots"][0]["winner"] == "3" and hand["pots"][0]["amount"] == 6 + 18 + 30
    assert hand["pots"][0]["combination"]["it"] == "Coppia di re"
    assert set(hand["shown"]) == {"2", "3"} and hand["conceded"] == ["1"]
    assert hand["openers"] == ["Jh", "Jd"]  # the opener shows his openers even when conceding
    assert s.resto[2] == 100 - 1 - 6 - 10 + 54


def test_P15_uncalled_bettor_wins_without_showing(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    play(s, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold", "1 serve", "2 serve", "1 bet 18", "2 fold")
    hand = s.result()["hands"][-1]
    assert hand["outcome"] == "uncalled" and hand["shown"] == {} and hand["pots"][0]["winner"] == "1"
    assert s.resto[0] == 100 - (1 + 6 + 18) + (6 + 12 + 18)


def test_P17_no_split_pot_suit_decides(table):
    s = table(TRASH | {"1": "Jh Js 7s 8s 9h", "2": "Jd Jc 7c 8d 9s"})
    play(s, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold", "1 serve", "2 serve", "1 bet 1", "2 call")
    play(s, "1 show", "2 show")
    assert s.result()["hands"][-1]["pots"][0]["winner"] == "1"  # jack of hearts beats diamonds


def test_P3_side_pots_with_several_all_ins(table):
    s = PokerState()
    s.apply("dealer 5")
    s.resto = [10, 20, 40, 200, 200]
    total = sum(s.resto)
    s.apply(
        stacked(
            s,
            {
                "1": "Ah Ad As 7s 8s",
                "2": "Kh Kd Ks 7c 8d",
                "3": "Qh Qd Qs 7d 8c",
                "4": "Jh Jd 6s 7h 8h",
                "5": "Th Td 6c 9c 9d",
            },
        )
    )
    s.apply("nocut")
    play(s, "1 pass", "2 pass", "3 pass", "4 open 6", "5 raise 18", "1 call", "2 call", "3 call", "4 call")
    assert [s.all_in(q) for q in range(5)] == [True, True, False, False, False]
    pots = s.view(None)["pots"]
    assert [p["amount"] for p in pots] == [51, 40, 15]
    assert [p["eligible"] for p in pots] == [["1", "2", "3", "4", "5"], ["2", "3", "4", "5"], ["3", "4", "5"]]
    for label in "12345":
        play(s, f"{label} serve")
    assert s.seat_label(s.current_player()) == "4"  # P13: the opener speaks first
    play(s, "4 check", "5 check")
    assert refusal(s, "bet 16").key == "poker.over_resto"
    play(s, "3 bet 15", "4 call", "5 call")
    assert s.all_in(2)
    play(s, "3 show", "4 show", "5 show", "1 show", "2 show")
    hand = s.result()["hands"][-1]
    assert [(p["winner"], p["amount"]) for p in hand["pots"]] == [("1", 51), ("2", 40), ("3", 60)]
    assert s.resto[:3] == [51, 40, 60]
    assert sum(s.resto) == total  # the dealer's uscita came from his resto and went to pot 1


def test_P3_rebuy_when_resto_below_the_pot():
    s2 = PokerState(passata=10)
    s2.apply("dealer 5")
    s2.apply(stacked(s2, TRASH | {"1": "Ah Ad 7s 8s 9h"}))
    s2.apply("nocut")
    play(s2, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold", "1 serve", "2 serve", "1 check", "2 check")
    # the pot (18) carries over: every resto (< 24) is below the coming pot
    assert s2.phase() == "rebuy" and s2.seat_label(s2.current_player()) == "2"
    assert s2.legal_actions() == [f"rebuy {k}" for k in range(1, 11)] + ["leave"]
    err = refusal(s2, "cut 3")
    assert err.key == "poker.resto_below_pot" and "24" in err.message("it")
    play(s2, "2 rebuy 1")
    assert s2.resto[1] == 3 + 10 and s2.bought[1] == 2
    play(s2, "2 rebuy 1")
    assert s2.resto[1] == 23 and s2.seat_label(s2.current_player()) == "2"  # 23 < 24: still short
    play(s2, "2 leave")
    assert not s2.seated[1] and stakes.required_resto(s2) == 18 + 4 + 1


def test_P18_session_results_and_fixed_length():
    import random

    from pyapp.core import RandomBot, play_out

    s = PokerState(hands=5)
    play_out(s, [RandomBot()] * 5, random.Random(3))
    assert s.current_player() == TERMINAL and s.hands_dealt == 5
    res = s.result()
    assert len(res["hands"]) == 5 and res["over"]
    for row, net in zip(res["standings"], s.returns(), strict=True):
        assert row["net_units"] == net and row["net_passate"] == round(net / 100, 3)
    assert sum(s.returns()) == -res["pot_carried"]


def test_P18_end_action_only_for_open_sessions():
    s = PokerState(hands=3)
    s.apply("dealer 1")
    s.apply(stacked(s, {}))
    assert refusal(s, "end").key == "poker.fixed_length"
    s = PokerState()
    s.apply("dealer 1")
    s.apply(stacked(s, {}))
    s.apply("end")
    assert s.is_terminal()
