"""The answer key: who holds a trick (against the engine's own trick winner), goals, canonical spelling."""

from __future__ import annotations

import random

import pytest

from pyapp.boston.deals import boston_deal
from pyapp.core import CHANCE, TERMINAL
from pyapp.games import new_game
from pyapp.i18n import LANGS
from pyapp.lessons import engine
from pyapp.lessons.judge import judge_action, meets, right_actions
from pyapp.lessons.model import (
    Ask,
    PickCard,
    PickHand,
    T,
    all_of,
    any_of,
    cards,
    declares,
    discards,
    loses_trick,
    plays_suit,
    side_wins_trick,
    wins_trick,
)
from pyapp.lessons.questions import judge
from pyapp.poker.deals import poker_deal
from pyapp.tressette.deals import tressette_deal
from tests.views.test_tricks import oracle


@pytest.mark.parametrize("game", ["tressette", "boston"])
def test_T9_B10_holder_of_a_trick_after_a_card_is_the_rules_winner(game: str) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(6):
        state = new_game(game)
        while engine.hands_finished(state) < 1 and state.current_player() != TERMINAL:
            if state.current_player() >= 0 and engine.trick_cards(state):
                action = rng.choice(state.legal_actions())
                holder, pairs = engine.trick_holder_after(state, action)
                cards = [{"seat": seat, "card": card} for seat, card in pairs]
                assert holder == oracle(game, {"view": state.view(None)}, cards)
                checked += 1
            engine.random_step(state, rng)
    assert checked > 50


def test_wins_trick_counts_the_trick_held_so_far_and_the_trick_taken() -> None:
    deal = tressette_deal({"N": "Rc 4c", "W": "5c", "S": "3c 2c 7c", "E": "Ac"}, dealer="E")
    state = engine.replay(deal.then("Rc", "5c"))
    # 7c does not beat the King; 3c and 2c do
    assert sorted(right_actions(state, "S", wins_trick())) == ["2c", "3c"]
    assert sorted(right_actions(state, "S", loses_trick())) == ["7c"]
    # the partner (N) holds the trick with the King: every card keeps the side winning but the 7 is not S's
    assert sorted(right_actions(state, "S", side_wins_trick())) == ["2c", "3c", "7c"]


def test_wrong_answers_say_why_in_both_languages() -> None:
    deal = tressette_deal({"N": "Rc 4c", "W": "5c", "S": "3c 2c 7c", "E": "Ac"}, dealer="E")
    state = engine.replay(deal.then("Rc", "5c"))
    verdict = judge_action(state, "S", wins_trick(), "7c")
    assert verdict.verdict == "wrong"
    assert verdict.message("it") == "Con Sette di coppe la presa non è tua: la tiene Nord (Re di coppe)."
    assert (
        verdict.message("en")
        == "With the Seven of cups the trick is not yours: North holds it with the King of cups."
    )
    refused = judge_action(state, "S", wins_trick(), "Rs")
    assert refused.verdict == "illegal"
    for lang in LANGS:
        assert refused.message(lang) and refused.refusal is not None


def test_declaration_goals_accept_every_card_of_the_suit_and_refuse_false_calls() -> None:
    deal = tressette_deal({"W": "3s 6s 4s 4d", "S": "5d"}, dealer="N")  # W leads first
    state = engine.replay(deal.seen_by("W"))
    goal = all_of(plays_suit("s"), declares("busso"))
    right = right_actions(state, "W", goal)
    assert {"3s busso", "4s busso", "6s busso"} <= set(right)  # every spade, with or without more calls
    assert all(a.split()[0] in ("3s", "4s", "6s") and "busso" in a.split() for a in right)
    assert judge_action(state, "W", goal, "4s").verdict == "wrong"
    false_call = judge_action(state, "W", goal, "4d busso")
    assert false_call.verdict == "illegal"
    assert "busso" in false_call.message("it").lower() or "bussare" in false_call.message("it").lower()
    assert judge_action(state, "W", all_of(cards("4d"), declares("volo")), "4d volo").right


def test_B3_boston_counts_as_trump_for_the_suit_goal() -> None:
    deal = boston_deal({"S": "Jd Ac 2h"}, dealer="E", trump="Tc")  # clubs trumps: the Jd is a club
    state = engine.replay(deal.then("solo"))
    assert "Jd" in right_actions(state, "S", plays_suit("c"))
    assert "2h" not in right_actions(state, "S", plays_suit("c"))


def test_draws_are_judged_by_the_cards_changed_in_any_order() -> None:
    deal = poker_deal({"1": "Qd Qs 9c 7d 6s"}, dealer="5", seat="1").then(
        "open 6", "fold", "fold", "fold", "call"
    )
    state = engine.replay(deal)
    assert state.seat_label(state.current_player()) == "1"
    goal = discards("9c 7d 6s")
    assert judge_action(state, "1", goal, "draw 6s 9c 7d").right
    assert judge_action(state, "1", goal, "draw 9c 7d").verdict == "wrong"
    assert judge_action(state, "1", goal, "serve").verdict == "wrong"
    assert judge_action(state, "1", goal, "draw Ah").verdict == "illegal"
    assert state.can(engine.canonical(state, "draw 6s 9c 7d"))


def test_meets_never_changes_the_position() -> None:
    deal = tressette_deal({}, dealer="E")
    state = engine.replay(deal.then("Ad"))
    history = list(state.history)
    for action in state.legal_actions():
        meets(state, state.seat_label(state.current_player()), wins_trick(), action)
    assert state.history == history and state.current_player() not in (CHANCE, TERMINAL)


def test_D7_D7b_any_of_accepts_each_way_of_asking_for_the_missing_three() -> None:
    deal = tressette_deal({"W": "Ac 2c 7c 4d", "S": "5d"}, dealer="N")  # W leads first
    state = engine.replay(deal.seen_by("W"))
    goal = all_of(plays_suit("c"), any_of(declares("voglio_3"), declares("voglio=3c")))
    right = right_actions(state, "W", goal)
    assert {"Ac voglio_3", "7c voglio=3c", "2c voglio_3 voglio=3c"} <= set(right)
    assert judge_action(state, "W", goal, "Ac voglio=3c").right
    missed = judge_action(state, "W", goal, "Ac migliore")
    assert missed.verdict == "wrong"
    assert missed.message("en") == "The card may be played, but the declaration is missing: I want the 3."
    assert judge_action(state, "W", goal, "4d volo").verdict == "wrong"


def test_P17_hands_of_the_same_name_say_what_breaks_the_tie() -> None:
    suits = Ask(T("?", "?"), PickHand(("Kc Ks 9c 8d 7h", "Kh Kd 9s 8c 7d")))
    verdict = judge(suits, None, "poker", "0")
    assert verdict.verdict == "wrong"
    assert verdict.message("en") == (
        "Both hands have cards of the same ranks (Pair of kings): the suit of the deciding card breaks "
        "the tie (hearts, diamonds, clubs, spades), and the better one is in the other hand: the King "
        "of hearts."
    )
    assert verdict.message("it").endswith("nell'altra mano: Re di cuori.")
    kickers = Ask(T("?", "?"), PickHand(("Ah Qh Jh Th 7s", "Ad Kd 9c 8s 6h")))
    verdict = judge(kickers, None, "poker", "0")
    assert verdict.message("en").startswith("Both hands have High card, ace: then the other cards decide")
    different = Ask(T("?", "?"), PickHand(("Ah Qh Jh Th 7s", "6d 6c 9c 8s 7h")))
    assert judge(different, None, "poker", "0").message("en").startswith("Your choice has High card, ace,")


def test_one_card_or_one_answer_is_singular() -> None:
    deal = poker_deal({"1": "Qd Qs 9c 7d 6s"}, dealer="5", seat="1").then(
        "open 6", "fold", "fold", "fold", "call"
    )
    state = engine.replay(deal)
    one = judge_action(state, "1", discards("9c 7d 6s"), "draw 9c")
    assert one.message("en") == "You changed Nine of clubs (1 card): think again about which cards to keep."
    assert one.message("it") == "Hai cambiato Nove di fiori (1 carta): rileggi quali carte tenere."
    two = judge_action(state, "1", discards("9c 7d 6s"), "draw 9c 7d")
    assert "(2 cards)" in two.message("en") and "(2 carte)" in two.message("it")


def test_B10_a_trump_beaten_by_a_higher_trump_is_explained_as_such() -> None:
    deal = boston_deal(
        {
            "S": "Ah Kh As Jd 3c 5c 6c 7c 8c 9c Jc Qc Ac",
            "W": "4c 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
            "N": "Kc 2d 3d 4d 5d 6d 7d 8d 9d Td Qd Kd Ad",
            "E": "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh 2c Tc",
        },
        dealer="E",
        trump="Tc",
    )
    step = Ask(T("?", "?"), PickCard("trick_winner"), deal.then("solo", "Ah", "4c", "Kc", "2h"))
    state = engine.replay(step.position)
    assert judge(step, state, "boston", "Kc").right
    over = judge(step, state, "boston", "4c")
    assert over.message("en") == (
        "The Four of clubs trumped the suit led (hearts), but a higher trump is in the trick."
    )
    assert over.message("it") == (
        "Quattro di fiori ha tagliato il seme di uscita (cuori), ma nella presa c'è un atout più alto."
    )
    assert judge(step, state, "boston", "Ah").key == "lessons.why.trick.trumped"
