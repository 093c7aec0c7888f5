"""Poker on the engine contract v2: one spelling per action, honest legal actions, pure verify,
chance numbering and information states (docs/notation/poker.md)."""

from __future__ import annotations

import copy
import random
from itertools import combinations, permutations
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.core import CHANCE, HIDDEN, IllegalAction
from pyapp.poker.bots import PokerRandomBot, RuleBot
from pyapp.poker.rules import PokerState

from .conftest import play, stacked

TRASH = {"2": "7c 8d Ts Qc 6s", "3": "7d 9c Tc Kc 6d", "4": "8c 9d Td Ks 6c"}


def refusal(state: PokerState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    return info.value


def snapshot(state: PokerState) -> dict:
    return copy.deepcopy(state.__dict__)


# -- one spelling per action ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("open 06", "open 6"),
        ("open +6", "open 6"),
        ("open \uff16", "open 6"),  # full-width 6
        ("open \u0666", "open 6"),  # Arabic-Indic 6
        ("open", "open 6"),  # "apro" alone means the pot (P9, Art. VI); records write it
        ("open  6", "open 6"),
        (" open 6", "open 6"),
        ("open 6 ", "open 6"),
        ("open\t6", "open 6"),
        ("open 0_6", "open 6"),
    ],
)
def test_P9_non_canonical_amounts_are_refused_naming_the_canonical_form(table, given, canonical):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    before = snapshot(s)
    err = refusal(s, given)
    assert err.key == "common.non_canonical"
    assert f"«{canonical}»" in err.message("it") and f"\u201c{canonical}\u201d" in err.message("en")
    assert canonical in s.legal_actions() and given not in s.legal_actions()
    assert not s.can(given) and snapshot(s) == before


@pytest.mark.parametrize(
    ("given", "canonical"), [("cut 0017", "cut 17"), ("cut \u0661\u0667", "cut 17"), ("cut 1_0", "cut 10")]
)
def test_P6_non_canonical_cuts_are_refused(given, canonical):
    s = PokerState()
    s.apply("dealer 5")
    s.apply(stacked(s, {}))
    err = refusal(s, given)
    assert err.key == "common.non_canonical" and canonical in err.message("en")


@pytest.mark.parametrize("given", ["cut \u00b3", "cut -3", "cut 3.0", "cut ", "cut x"])
def test_P6_cuts_that_are_no_number_get_a_reason(given):
    s = PokerState()
    s.apply("dealer 5")
    s.apply(stacked(s, {}))
    err = refusal(s, given)
    assert err.key in ("poker.bad_amount", "common.unknown_action")
    assert err.message("it") and err.message("en")


def test_P11_draw_cards_are_written_from_the_lowest(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    play(s, "1 open 6", "2 call", "3 fold", "4 fold", "5 fold")
    err = refusal(s, "draw 9h 8s 7s")
    assert err.key == "common.non_canonical" and "draw 7s 8s 9h" in err.message("en")
    err = refusal(s, "draw Jh Jd")  # equal ranks: spades, clubs, diamonds, hearts
    assert err.key == "common.non_canonical" and "draw Jd Jh" in err.message("en")
    assert s.can("draw Jd Jh") and s.can("draw 7s 8s 9h")
    for order in permutations(["7s", "8s", "9h"]):
        text = "draw " + " ".join(order)
        assert s.can(text) == (text == "draw 7s 8s 9h")
    err = refusal(s, "draw 7s 10h")  # 10 is read as T: a card of the deck, not in the hand
    assert err.key == "common.not_in_hand"


def test_P3_P4_counts_of_passate_are_written():
    s = PokerState(topup="on")
    s.apply("dealer 5")
    err = refusal(s, "rebuy")
    assert err.key == "common.non_canonical" and "rebuy 1" in err.message("it")
    assert refusal(s, "rebuy 01").key == "common.non_canonical"
    assert s.can("rebuy 1") and "rebuy" not in s.legal_actions()
    assert refusal(s, "rebuy 11").key == "poker.rebuy_count"
    assert refusal(s, "stay now").key == "common.unknown_action"


def test_illegal_move_gets_its_reason_before_its_spelling(table):
    s = table(TRASH | {"1": "9h 9s 7s 8h Ah"})  # no openers
    assert refusal(s, "open 06").key == "poker.no_requirement.J"
    assert refusal(s, "open").key == "poker.no_requirement.J"
    play(s, "1 pass")
    assert refusal(s, "rebuy").key == "poker.rebuy_mid_hand"


# -- honest legal actions ---------------------------------------------------------------------------
def test_legal_actions_list_every_amount_and_every_draw(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h"})
    assert s.legal_actions() == ["pass"] + [f"open {k}" for k in range(1, 7)]
    assert s.can("open 2") and "open 2" in s.legal_actions()
    play(s, "1 open 6")
    assert s.legal_actions() == ["fold", "call"] + [f"raise {k}" for k in range(1, 19)]
    play(s, "2 call", "3 fold", "4 fold", "5 fold")
    legal = s.legal_actions()
    held = ["7s", "8s", "9h", "Jd", "Jh"]  # from the lowest
    expected = ["serve"] + [
        "draw " + " ".join(cards) for k in (1, 2, 3, 4) for cards in combinations(held, k)
    ]
    assert legal == expected and len(legal) == 31 and len(set(legal)) == 31
    assert all(s.can(a) for a in legal)


def probes(state: PokerState, rng: random.Random) -> list[str]:
    """Legal actions, their near misses and misspellings, and other kinds of action."""
    legal = state.legal_actions()
    out = list(legal)
    for a in rng.sample(legal, min(len(legal), 6)):
        verb, _, rest = a.partition(" ")
        out += [verb, a + " ", " " + a, a.replace(" ", "  ")]
        if rest.isdigit():
            n = int(rest)
            out += [f"{verb} {n - 1}", f"{verb} {n + 1}", f"{verb} 0{n}", f"{verb} +{n}", f"{verb} {n}.0"]
        elif rest:
            cards = rest.split()
            out.append(verb + " " + " ".join(reversed(cards)))
            out.append(verb + " " + " ".join(cards + cards[:1]))
    p = state.current_player()
    if p >= 0 and state.hand[p]:
        codes = [c.code for c in state.hand[p]]
        out += ["draw " + " ".join(codes), "draw " + " ".join(rng.sample(codes, min(3, len(codes))))]
    out += ["pass", "check", "call", "fold", "serve", "show", "concede", "stay", "leave", "skip", "nocut"]
    out += ["end", "open 1", "bet 1", "raise 1", "rebuy 1", "join 1", "join 2", "cut 1", "dealer 1", ""]
    return out


def test_can_is_exactly_membership_in_legal_actions_and_changes_nothing():
    """Random sessions of every option set: at every decision, for many strings, can(a) is
    ``a in legal_actions()``; legal actions have no duplicates; verify changes nothing."""
    checked = 0
    for seed, options in enumerate(
        [{}, {"players": 4, "raise_cap": 2}, {"players": 6, "passata": 20, "topup": "on", "joiners": "on"}]
    ):
        state = PokerState(hands=6, **options)
        rng = random.Random(seed)
        bots = [PokerRandomBot(), RuleBot()] * 3
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(state.chance_sample(rng))
                continue
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            members = set(legal)
            before = snapshot(state) if checked % 7 == 0 else None
            for a in probes(state, rng):
                assert state.can(a) == (a in members), (a, state.phase())
                checked += 1
            if before is not None:
                assert snapshot(state) == before
            state.apply(bots[p].choose(state.info_state(p), rng))
    assert checked > 5000


# -- chance numbering -------------------------------------------------------------------------------
def test_P1_lot_outcomes_are_numbered_by_seat():
    s = PokerState(players=6)
    assert s.chance_count() == 6
    assert [s.chance_outcome(i) for i in range(6)] == [f"dealer {k}" for k in range(1, 7)]
    assert [s.chance_index(f"dealer {k}") for k in range(1, 7)] == list(range(6))
    with pytest.raises(IllegalAction):
        s.chance_index("dealer 7")


def test_P6_shuffles_are_numbered_by_permutation_rank_in_deck_order():
    s = PokerState()
    s.apply("dealer 5")
    deck = [c.code for c in s.cards]
    assert deck[:3] == ["6c", "7c", "8c"] and deck[-1] == "As"
    assert s.chance_count() == factorial(36)
    assert s.chance_outcome(0) == "shuffle " + " ".join(deck)
    assert s.chance_outcome(factorial(36) - 1) == "shuffle " + " ".join(reversed(deck))
    assert s.chance_outcome(1) == "shuffle " + " ".join(deck[:-2] + [deck[-1], deck[-2]])
    rng = random.Random(3)
    for _ in range(20):
        i = rng.randrange(factorial(36))
        assert s.chance_index(s.chance_outcome(i)) == i
        a = s.chance_sample(rng)
        assert s.chance_outcome(s.chance_index(a)) == a
    assert s.legal_actions() == []
    s.apply(s.chance_outcome(12345))
    with pytest.raises(IllegalAction) as info:
        s.chance_count()
    assert info.value.key == "common.not_chance"


def test_P11_reshuffles_are_numbered_over_the_discards(table):
    s = table(TRASH | {"1": "Jh Jd 7s 8s 9h", "5": "6h 7h 9s Qd Qs"})
    play(s, "1 open 6", "2 call", "3 call", "4 call", "5 call")
    play(s, "1 draw 7s 8s 9h", "2 draw 7c 8d Ts Qc", "3 draw 7d 9c Tc Kc", "4 draw 8c 9d Td Ks")
    assert s.phase() == "reshuffle" and s.chance_count() == factorial(11)
    ordered = sorted(s.reshuffle_cards, key=lambda c: c.index)  # deck order
    assert s.chance_outcome(0) == "reshuffle " + " ".join(c.code for c in ordered)
    a = s.chance_outcome(4242)
    assert s.chance_index(a) == 4242
    s.apply(a)
    assert s.phase() == "draw"


# -- information states -----------------------------------------------------------------------------
def _to_second_round(others: dict[str, str], draw2: str) -> PokerState:
    """Seat 1 opens with jacks and changes three; seat 2 calls and changes two; seat 1 is to speak."""
    s = PokerState()
    s.apply("dealer 5")
    s.apply(stacked(s, {"1": "Jh Jd 7s 8s 9h"} | others, stub="Qs Qc 6c Ah"))
    play(s, "4 nocut", "1 open 6", "2 call", "3 fold", "4 fold", "5 fold")
    play(s, "1 draw 7s 8s 9h", f"2 {draw2}")
    assert s.seat_label(s.current_player()) == "1" and s.phase() == "bet2"
    return s


def test_bot_choice_is_identical_when_only_hidden_cards_differ():
    a = _to_second_round(
        {"2": "Kh Kd 7c 8d Ts", "3": "7d 9c Tc Kc 6d", "4": "8c 9d Td Ks 6s", "5": "7h 8h 9s Qd 6h"},
        "draw 7c 8d",
    )
    b = _to_second_round(
        {"2": "Ad As 6d 8c Tc", "3": "Kh Kd 7c 8d Ts", "4": "7d 9c 9s Ks 6s", "5": "7h 8h 9d Qd 6h"},
        "draw 6d 8c",
    )
    assert a.hand[1] != b.hand[1] and a.stub != b.stub  # other hands and the stub differ
    ia, ib = a.info_state(0), b.info_state(0)
    assert ia == ib and hash(ia) == hash(ib)
    assert ("draw 7s 8s 9h" in dict(ia.history).values()) and (1, f"draw {HIDDEN} {HIDDEN}") in ia.history
    (shuffle,) = [action for actor, action in ia.history if actor == CHANCE and action.startswith("shuffle")]
    # the shuffle shows only the cards that went through seat 1's hands: dealt, then served
    assert set(shuffle.split()[1:]) - {HIDDEN} == {"Jh", "Jd", "7s", "8s", "9h", "Qs", "Qc", "6c"}
    assert ia.history[:1] == ((CHANCE, "dealer 5"),)
    for bot in (RuleBot(), PokerRandomBot()):
        for seed in range(10):
            assert bot.choose(ia, random.Random(seed)) == bot.choose(ib, random.Random(seed))
    # seat 2 knows his own draw, and the two states differ for him
    assert (1, "draw 7c 8d") in a.info_state(1).history and a.info_state(1) != b.info_state(1)


def test_information_state_changes_with_the_seats_own_cards():
    a = _to_second_round({"2": "Kh Kd 7c 8d Ts"}, "draw 7c 8d")
    s = PokerState()
    s.apply("dealer 5")
    s.apply(stacked(s, {"1": "Jh Jc 7s 8s 9h", "2": "Kh Kd 7c 8d Ts"}, stub="Qs Qc 6c Ah"))
    play(s, "4 nocut", "1 open 6", "2 call", "3 fold", "4 fold", "5 fold", "1 draw 7s 8s 9h", "2 draw 7c 8d")
    assert a.info_state(0) != s.info_state(0)


def test_P15_showdown_shows_what_was_shown():
    s = _to_second_round({"2": "Kh Kd 7c 8d Ts"}, "draw 7c 8d")
    play(s, "1 bet 1", "2 call", "1 show")
    info = s.info_state(1)
    shown = {seat["seat"]: seat.get("shown") for seat in info.view["seats"]}
    assert shown["1"] == [c.code for c in s.hand[0]] and shown["2"] is None
    assert info.legal == ("show", "concede") or info.legal == ("show",)


def test_clone_is_independent_and_equal():
    s = _to_second_round({"2": "Kh Kd 7c 8d Ts"}, "draw 7c 8d")
    c = s.clone()
    assert c == s and c.view(0) == s.view(0) and c.info_state(1) == s.info_state(1)
    c.apply("check")
    assert c != s and s.phase() == "bet2" and s.history[-1] == "draw 7c 8d"
    assert s.view(None)["log"] != c.view(None)["log"]


def test_replay_clone_and_chance_numbers_reproduce_a_random_session():
    """A random session with joiners: every chance action round-trips through its number, and a
    clone or a replay of the history gives the same views and information states for every seat."""
    state = PokerState(hands=8, players=4, passata=20, topup="on", joiners="on")
    rng = random.Random(12)
    bots = [PokerRandomBot(), RuleBot()] * 2
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            action = state.chance_sample(rng)
            index = state.chance_index(action)
            assert 0 <= index < state.chance_count() and state.chance_outcome(index) == action
        else:
            action = bots[p].choose(state.info_state(p), rng)
        state.apply(action)
        if len(state.history) % 25 == 0:
            for copy_ in (state.clone(), PokerState.replay(state.history, **state.options)):
                assert copy_ == state and copy_.actors == state.actors
                assert all(copy_.view(q) == state.view(q) for q in [None, *range(state.n)])
                assert all(copy_.info_state(q) == state.info_state(q) for q in range(state.n))
    assert state.hands_dealt == 8 and state.chips_conserved()


TOKENS = [
    *"open bet raise call check fold pass draw serve show concede cut nocut end rebuy join stay leave skip".split(),
    *"dealer shuffle reshuffle".split(),
    *"0 1 2 6 06 +6 -6 18 99 1_0 \u00b3 \uff16 \u0666 \u0661\u0667 6.0 1e3".split(),
    *"Jh Jd 7s 8s 9h 10h Th 2h Xx ah".split(),
    "",
    "\u00e8",
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(TOKENS), max_size=6),
    st.lists(st.sampled_from([" ", "  ", "\t", "\u3000"]), min_size=6, max_size=6),
    st.sampled_from(["opening", "bet1", "draw", "cut", "rebuy"]),
)
def test_any_text_is_refused_with_a_reason_or_is_a_listed_action(words, blanks, where):
    text = "".join(w + b for w, b in zip(words, blanks, strict=False)).rstrip(" ") if words else ""
    s = FUZZ_STATES[where]
    legal = s.legal_actions()
    try:
        s.verify(text)
    except IllegalAction as err:
        assert text not in legal and err.message("it") and err.message("en")
    else:
        assert text in legal


def _fuzz_states() -> dict[str, PokerState]:
    states = {}
    s = PokerState(topup="on")
    s.apply("dealer 5")
    states["rebuy"] = s.clone()
    for label in "12345":
        play(s, f"{label} stay")
    s.apply(stacked(s, TRASH | {"1": "Jh Jd 7s 8s 9h"}))
    states["cut"] = s.clone()
    s.apply("nocut")
    states["opening"] = s.clone()
    play(s, "1 open 6")
    states["bet1"] = s.clone()
    play(s, "2 call", "3 fold", "4 fold", "5 fold")
    states["draw"] = s
    return states


FUZZ_STATES = _fuzz_states()


def test_P15_public_history_shows_the_shown_hands_and_the_openers():
    s = _to_second_round({"2": "Kh Kd 7c 8d Ts"}, "draw 7c 8d")
    folded = set(s.view(2)["cards"])  # seat 3 folded in the opening
    before = [action for actor, action in s.public_history(2) if actor == CHANCE][1]
    assert set(before.split()[1:]) - {HIDDEN} == folded
    play(s, "1 bet 1", "2 call", "1 show", "2 show")
    last = s.result()["hands"][-1]
    shown = {c for hand in last["shown"].values() for c in hand["cards"]}
    assert last["openers"] == ["Jh", "Jd"] and len(shown) == 10
    after = [action for actor, action in s.public_history(2) if actor == CHANCE][1]
    assert set(after.split()[1:]) - {HIDDEN} == folded | shown | {"Jh", "Jd"}
    assert after.count(HIDDEN) == 36 - len(folded | shown)


def test_public_history_reveals_exactly_what_each_seat_saw():
    """Random sessions of six (40 cards, a short stub: reshuffles are frequent). At every step,
    the cards a seat may see in this hand's shuffles and reshuffles are exactly those its view has
    shown it during the hand (its cards, the shown hands), plus the openers once the hand is over."""
    reshuffles = 0
    for seed in range(6):
        state = PokerState(players=6, hands=12)
        rng = random.Random(seed)
        bots = [RuleBot(), PokerRandomBot()] * 3
        chance: list[int] = []  # this hand's shuffle and reshuffles (history indices)
        seen: list[set[str]] = [set() for _ in range(6)]
        public: set[str] = set()  # shown in this hand: the hands shown, then the openers
        hands = 0
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                action = state.chance_sample(rng)
            elif p % 2:
                action = bots[p].choose(state.info_state(p), rng)
            else:  # a calling station that changes three cards: the stub runs out
                legal = state.legal_actions()
                threes = [a for a in legal if a.startswith("draw") and len(a.split()) == 4]
                calls = [a for a in ("call", "check", "show") if a in legal] + [
                    a for a in legal if a[:4] == "open"
                ]
                action = (calls or threes or legal)[0] if not threes else rng.choice(threes)
            if action.startswith("shuffle"):
                chance, seen, public = [], [set() for _ in range(6)], set()
            if action.startswith(("shuffle", "reshuffle")):
                chance.append(len(state.history))
                reshuffles += action.startswith("reshuffle")
            state.apply(action)
            public |= {c for q in state.view(None)["seats"] for c in q.get("shown", [])}
            if len(state.result()["hands"]) > hands:  # the hand is over: its openers are shown
                hands += 1
                last = state.result()["hands"][-1]
                public |= {c for q in last["shown"].values() for c in q["cards"]}
                public |= set(last.get("openers", []))
            for q in range(6):
                seen[q] |= set(state.view(q)["cards"])
            q = len(state.history) % 6
            history = dict(enumerate(state.public_history(q)))
            revealed = {c for i in chance for c in history[i][1].split()[1:]} - {HIDDEN}
            assert revealed == seen[q] | public, (q, state.phase())
    assert reshuffles >= 20, reshuffles
