"""Determinized deals respect every public constraint (T8 voids, declarations D1-DP, sizes, B3/B4,
P7), over many random positions; they are drawn uniformly among the deals that fit."""

from __future__ import annotations

import random
from collections import Counter

from pyapp.boston.hard import BostonKnowledge
from pyapp.boston.rules import CARD_OF
from pyapp.poker.hard import HandModel, OpponentModel, PokerKnowledge
from pyapp.sampling import HiddenHand, VoidSampler
from pyapp.tressette import CODES, INDEX, SEAT_LABELS
from pyapp.tressette.declarations import refusal
from pyapp.tressette.hard import knowledge_of
from pyapp.tressette.rules import TressetteState
from pyapp.tressette.sampler import Knowledge, Sampler

from .helpers import players, positions


def _cards(mask: int) -> list[int]:
    return [i for i in range(40) if mask >> i & 1]


def check_tressette_deal(k: Knowledge, hands: list[int]) -> None:
    """Every public fact holds in ``hands`` (four bit sets of card indices)."""
    assert hands[k.seat] == k.hand
    seen = 0
    for p in range(4):
        assert hands[p].bit_count() == k.sizes[p]
        assert not seen & hands[p]
        seen |= hands[p]
        for suit in range(4):
            if k.voids[p] >> suit & 1:
                assert not hands[p] >> (10 * suit) & 0x3FF, (p, suit)
    assert seen == ((1 << 40) - 1) & ~k.played
    for p in range(4):
        assert k.dealt[p] & ~(hands[p] | k.played_by[p]) == 0, p  # T7: what the rules say it was dealt
    for d in k.declarations:
        held = [c for c in _cards(hands[d.seat]) if c // 10 == d.suit] + _cards(d.later)
        for token in d.tokens:
            if token.startswith("piombi="):
                original = hands[d.seat] | k.played_by[d.seat]
                voids = sum(1 for s in range(4) if not original >> (10 * s) & 0x3FF)
                assert voids == int(token[7:])
            else:
                assert refusal(held, d.card, d.played_before, d.first_trick, token) is None, (d, held)


def test_T8_D1_DP_tressette_deals_fit_every_public_fact() -> None:
    checked = 0
    for seed in range(3):
        bots = players("tressette", ["medium", "easy", "medium", "hard"])
        for state in positions("tressette", seed, bots, every=2, limit=250):
            if state.phase() != "play":
                continue
            assert isinstance(state, TressetteState)
            seat = state.current_player()
            k = knowledge_of(state.info_state(seat))
            truth = [sum(1 << INDEX[c] for c in state.hand_of(p)) for p in range(4)]
            check_tressette_deal(k, truth)  # the facts are read right: the real deal fits them
            sampler = Sampler(k)
            rng = random.Random(seed)
            for _ in range(8):
                check_tressette_deal(k, sampler.sample(rng))
                checked += 1
    assert checked > 200


def test_T7_the_first_leader_holds_the_four_of_denari_until_he_plays_it() -> None:
    checked = 0
    for seed in range(4):
        bots = players("tressette", ["medium", "hard", "easy", "medium"])
        for state in positions("tressette", seed, bots, every=1, limit=60, first_lead="four_of_denari"):
            if state.phase() != "play":
                continue
            assert isinstance(state, TressetteState)
            seat = state.current_player()
            k = knowledge_of(state.info_state(seat))
            assert k.dealt[k.first_leader] == 1 << INDEX["4d"]
            truth = [sum(1 << INDEX[c] for c in state.hand_of(p)) for p in range(4)]
            check_tressette_deal(k, truth)
            sampler = Sampler(k)
            rng = random.Random(seed)
            for _ in range(10):
                hands = sampler.sample(rng)
                check_tressette_deal(k, hands)
                if not (k.played | k.hand) >> INDEX["4d"] & 1:
                    assert hands[k.first_leader] >> INDEX["4d"] & 1
                    checked += 1
    assert checked > 100


def test_D1_a_true_but_not_canonical_call_falls_back_to_the_truthful_reading() -> None:
    # N says only "busso" while holding the 2d too (the canonical call would be voglio_asso)
    s = _deal_tressette({"N": "3d 2d 5d Ac 4c 5c As 4s 5s 4b"})
    s.apply("3d busso")
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.current_player() == 0  # N won the trick with the 3d
    s.apply("2d")  # ... and now shows the 2d a canonical busso denies
    k = knowledge_of(s.info_state(s.current_player()))
    sampler = Sampler(k)
    assert not sampler.canonical
    truth = [sum(1 << INDEX[c] for c in s.hand_of(p)) for p in range(4)]
    check_tressette_deal(k, truth)
    rng = random.Random(1)
    for _ in range(20):
        check_tressette_deal(k, sampler.sample(rng))


def _deal_tressette(hands: dict[str, str]) -> TressetteState:
    """N leads first (E deals), with the given hands; the rest in card order."""
    from tests.tressette.helpers import deal

    return deal(hands)


def test_canonical_calls_are_read_canonically() -> None:
    # N says busso with 3d 5d 6d: canonically he has no 2d and no Ad
    s = _deal_tressette({"N": "3d 5d 6d Ac 4c 5c As 4s 5s 4b", "S": "2d Ad 7d Rc Cc Fc Rs Cs Fs 7s"})
    s.apply("3d busso")
    k = knowledge_of(s.info_state(s.current_player()))
    sampler = Sampler(k)
    assert sampler.canonical
    rng = random.Random(2)
    for _ in range(50):
        hands = sampler.sample(rng)
        assert not hands[0] & (1 << INDEX["2d"] | 1 << INDEX["Ad"])


def test_tressette_deals_are_uniform_without_constraints() -> None:
    s = _deal_tressette({})
    k = Knowledge.from_plays(0, [INDEX[c] for c in s.hand_of(0)], 0, [])
    sampler = Sampler(k)
    rng = random.Random(5)
    where: Counter[tuple[int, int]] = Counter()
    n = 600
    for _ in range(n):
        hands = sampler.sample(rng)
        for p in (1, 2, 3):
            for c in _cards(hands[p]):
                where[(c, p)] += 1
    unseen = [c for c in range(40) if not k.hand >> c & 1]
    for c in unseen:
        for p in (1, 2, 3):
            assert abs(where[(c, p)] / n - 1 / 3) < 0.09, (CODES[c], SEAT_LABELS[p], where[(c, p)])


def test_B3_B4_boston_deals_fit_voids_sizes_and_the_turned_trump() -> None:
    checked = 0
    for seed in range(4):
        bots = players("boston", ["medium", "hard", "easy", "medium"])
        for state in positions("boston", seed, bots, every=2, limit=300):
            if state.phase() != "play":
                continue
            seat = state.current_player()
            info = state.info_state(seat)
            k = BostonKnowledge.from_view(seat, info.view)
            sampler = k.sampler()
            hidden = [p for p in range(4) if p != seat]
            truth = {p: {CARD_OF[c] for c in state.hand_of(p)} for p in hidden}  # type: ignore[attr-defined]
            for p in hidden:
                assert not any(k.esuit(c) in k.voids[p] for c in truth[p])  # the facts are read right
            rng = random.Random(seed)
            for _ in range(5):
                deal = sampler.sample(rng)
                all_cards = [c for hand in deal for c in hand]
                assert len(all_cards) == len(set(all_cards))
                assert not set(all_cards) & (set(k.hand) | k.played)
                for p, hand in zip(hidden, deal, strict=True):
                    assert len(hand) == k.counts[p]
                    assert not any(k.esuit(c) in k.voids[p] for c in hand)
                    if p == k.dealer and k.turned_held:
                        assert k.turned in hand
                checked += 1
    assert checked > 100


def test_void_sampler_is_exact_on_a_tiny_case() -> None:
    # cards 0,1 of suit 0 and 2 of suit 1; hand A (size 1) is void in suit 0 -> A must get card 2
    sampler = VoidSampler([0, 1, 2], (0, 0, 1), [HiddenHand(1, 1, frozenset({0})), HiddenHand(2, 2)], 2)
    assert sampler.count == 1
    a, b = sampler.sample(random.Random(3))
    assert a == [2] and sorted(b) == [0, 1]


def test_P7_poker_opponents_hold_what_their_actions_require() -> None:
    from pyapp.poker.hard import HardPokerBot

    checked = 0
    bot = HardPokerBot()
    for seed in range(5):
        bots = players("poker", ["medium", "medium", "hard", "easy", "medium"])
        for state in positions("poker", seed, bots, every=1, limit=400, hands=6):
            view = state.view(state.current_player())
            if view["phase"] not in ("bet1", "bet2", "draw"):
                continue
            info = state.info_state(state.current_player())
            know = PokerKnowledge.from_info(info)
            model = HandModel(know.lowest)
            opp = OpponentModel(model, know.requirement, len(know.opponents))
            rng = random.Random(seed)
            for _ in range(5):
                pool, initials, finals = bot._deal(know, model, opp, rng)
                assert not set(c for f in initials for c in f) & set(know.cards)
                assert not set(c for f in finals for c in f) & set(know.cards)
                assert all(len(f) == 5 for f in finals + initials)
                for o, dealt, final in zip(know.opponents, initials, finals, strict=True):
                    if o.opened:
                        assert model.qualifies(dealt, know.requirement)
                    assert set(dealt) <= set(know.unseen)
                    if o.drew is not None:  # he changed as many cards as he did
                        assert len(set(dealt) & set(final)) == 5 - o.drew
                checked += 1
    assert checked > 50
