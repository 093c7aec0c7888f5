"""Hand ranking (P2, P16, P17): exhaustive checks over every hand of the 32-, 36- and 40-card decks.

Each deck's hands are enumerated once (module fixture) as sorted card integers with their keys;
the invariants are then checked on that data. The PokerKit cross-check evaluates every distinct
(rank pattern, suitedness) class once with PokerKit's lookup and compares orderings group-wise.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from pyapp.cards import Card, parse_cards
from pyapp.poker.evaluate import (
    CATEGORY_NAMES,
    CYCLIC_LOW_STRAIGHT_FLUSH,
    FLUSH,
    FOUR,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    card_int,
    category,
    evaluate,
    hand_name,
    make_evaluator,
    stripped_deck,
)

LOWEST = {32: "7", 36: "6", 40: "5"}
SUIT_VALUE = {"s": 0, "c": 1, "d": 2, "h": 3}


def fr(text: str) -> list[Card]:
    return parse_cards(text, "fr")


class DeckHands:
    """Every 5-card hand of one stripped deck: sorted card ints and their keys."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.lowest = LOWEST[size]
        ints = sorted((card_int(c) for c in stripped_deck(self.lowest)), reverse=True)
        f = make_evaluator(self.lowest)
        self.hands = list(combinations(ints, 5))  # descending tuples
        self.keys = [f(h) for h in self.hands]


@pytest.fixture(scope="module", params=[32, 36, 40])
def deck_hands(request) -> DeckHands:
    return DeckHands(request.param)


def naive_category(hand: tuple[int, ...], low: int) -> int:
    """An independent, slow classifier written straight from P16 (test oracle)."""
    ranks = sorted((v >> 2 for v in hand), reverse=True)
    suits = {v & 3 for v in hand}
    shape = sorted(Counter(ranks).values(), reverse=True)
    run = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, low + 3, low + 2, low + 1, low])
    flush = len(suits) == 1
    if run and flush:
        return STRAIGHT_FLUSH
    if shape == [4, 1]:
        return FOUR
    if flush:
        return FLUSH
    if shape == [3, 2]:
        return FULL_HOUSE
    if run:
        return STRAIGHT
    if shape == [3, 1, 1]:
        return TRIPS
    if shape == [2, 2, 1]:
        return TWO_PAIR
    if shape == [2, 1, 1, 1]:
        return PAIR
    return HIGH_CARD


def test_P2_deck_sizes():
    assert [len(stripped_deck(LOWEST[n])) for n in (32, 36, 40)] == [32, 36, 40]
    assert {c.rank for c in stripped_deck("6")} == set("6789TJQKA")


def test_P17_every_two_distinct_hands_compare_unequal(deck_hands):
    assert len(set(deck_hands.keys)) == len(deck_hands.hands)


def test_P16_categories_match_independent_classifier(deck_hands):
    low = {"7": 5, "6": 4, "5": 3}[deck_hands.lowest]
    by_pattern: dict[tuple[tuple[int, ...], bool], int] = {}
    for hand, key in zip(deck_hands.hands, deck_hands.keys, strict=True):
        pattern = (tuple(v >> 2 for v in hand), len({v & 3 for v in hand}) == 1)
        cat = category(key)
        expected = by_pattern.get(pattern)
        if expected is None:
            expected = by_pattern[pattern] = naive_category(hand, low)
        assert cat == expected, (hand, cat, expected)


def test_P16_categories_ordered_as_listed(deck_hands):
    """Every hand of a higher category beats every hand of a lower one (ranges do not overlap)."""
    lo: dict[int, int] = {}
    hi: dict[int, int] = {}
    for key in deck_hands.keys:
        cat = category(key)
        lo[cat] = min(lo.get(cat, key), key)
        hi[cat] = max(hi.get(cat, key), key)
    assert sorted(lo) == list(range(9))
    for cat in range(8):
        assert hi[cat] < lo[cat + 1], CATEGORY_NAMES[cat]


def test_P16_colore_beats_full(deck_hands):
    fulls = [k for k in deck_hands.keys if category(k) == FULL_HOUSE]
    flushes = [k for k in deck_hands.keys if category(k) == FLUSH]
    assert max(fulls) < min(flushes)
    assert evaluate(fr("7h 8h 9h Jh Kh"), deck_hands.lowest) > evaluate(
        fr("Ah Ad As Kh Kd"), deck_hands.lowest
    )


def test_P16_ace_low_straight_is_the_lowest_straight(deck_hands):
    straights = sorted(
        (k, h) for h, k in zip(deck_hands.hands, deck_hands.keys, strict=True) if category(k) == STRAIGHT
    )
    low = {"7": 5, "6": 4, "5": 3}[deck_hands.lowest]
    wheel = {12, low, low + 1, low + 2, low + 3}
    n_wheels = sum(1 for _, h in straights if {v >> 2 for v in h} == wheel)
    assert n_wheels == 4**5 - 4
    assert all({v >> 2 for v in h} == wheel for _, h in straights[:n_wheels])
    # ten straights of nine ranks... every window of 5 ranks from low to ace, plus the wheel
    windows = {frozenset(v >> 2 for v in h) for _, h in straights}
    assert len(windows) == (12 - low + 1) - 4 + 1


def test_P16_no_wrap_around():
    assert category(evaluate(fr("Qh Kd As 6c 7h"), "6")) == HIGH_CARD
    assert category(evaluate(fr("Kh As 6c 7h 8d"), "6")) == HIGH_CARD
    assert category(evaluate(fr("Ah 7s 8c 9h Td"), "7")) == STRAIGHT
    assert category(evaluate(fr("Ah 5s 6c 7h 8d"), "5")) == STRAIGHT
    assert category(evaluate(fr("Ah 6s 7c 8h 9d"), "5")) == HIGH_CARD  # 40 cards: A-6-7-8-9 has a gap


def test_P16_ace_low_straight_flush_and_cyclic_option():
    low_sf, royal = fr("Ah 6h 7h 8h 9h"), fr("Ts Js Qs Ks As")
    assert category(evaluate(low_sf, "6")) == STRAIGHT_FLUSH
    assert evaluate(low_sf, "6") < evaluate(fr("6s 7s 8s 9s Ts"), "6") < evaluate(royal, "6")
    assert evaluate(low_sf, "6", cyclic=True) >> 30 == CYCLIC_LOW_STRAIGHT_FLUSH
    assert evaluate(low_sf, "6", cyclic=True) > evaluate(royal, "6", cyclic=True)
    assert category(evaluate(low_sf, "6", cyclic=True)) == STRAIGHT_FLUSH
    four_aces = fr("Ah Ad Ac As Kh")
    assert evaluate(four_aces, "6", cyclic=True) < evaluate(royal, "6", cyclic=True)


def test_P17_suit_breaks_ties_hearts_diamonds_clubs_spades():
    # carta alta: the suit of the highest card
    assert evaluate(fr("Ah Kd 9s 8c 7c"), "6") > evaluate(fr("Ad Kh 9c 8s 7d"), "6")
    assert evaluate(fr("Ad Kd 9s 8c 7c"), "6") > evaluate(fr("Ac Kh 9c 8s 7d"), "6")
    # coppia: the best card of the pair
    assert evaluate(fr("Jh Js 9s 8c 7c"), "6") > evaluate(fr("Jd Jc 9h 8h 7d"), "6")
    # doppia coppia: the higher pair decides, not the lower one
    assert evaluate(fr("Kh Ks 9s 9c 7c"), "6") > evaluate(fr("Kd Kc 9h 9d 7d"), "6")
    # scala: the highest card; colore: the suit
    assert evaluate(fr("6s 7s 8s 9s Th"), "6") > evaluate(fr("6h 7h 8h 9h Td"), "6")
    assert evaluate(fr("Ah Kh 9h 8h 6h"), "6") > evaluate(fr("Ad Kd 9d 8d 6d"), "6")
    assert evaluate(fr("Ac Kc 9c 8c 6c"), "6") > evaluate(fr("As Ks 9s 8s 6s"), "6")
    # A-6-7-8-9: the nine is the highest card
    assert evaluate(fr("As 6s 7c 8d 9h"), "6") > evaluate(fr("Ah 6h 7h 8d 9d"), "6")


def test_P17_suit_rule_decides_between_disjoint_hands_sampled(deck_hands):
    """Between two hands that can be dealt together, the key order is P17's card-suit order."""
    rng = random.Random(17)
    cards = [card_int(c) for c in stripped_deck(deck_hands.lowest)]
    f = make_evaluator(deck_hands.lowest)
    tested = 0
    for _ in range(20_000):
        a = sorted(rng.sample(cards, 5), reverse=True)
        b: list[int] = []
        for v in a:  # a disjoint hand with the same ranks
            options = [w for w in cards if w >> 2 == v >> 2 and w not in a and w not in b]
            if not options:
                break
            b.append(rng.choice(options))
        if len(b) < 5:
            continue
        b.sort(reverse=True)
        ka, kb = f(a), f(b)
        if category(ka) != category(kb):
            continue
        tested += 1
        ranks = [v >> 2 for v in a]
        counts = Counter(ranks)
        if category(ka) in (PAIR, TWO_PAIR):
            top = max(r for r, n in counts.items() if n == 2)
            sa = max(v & 3 for v in a if v >> 2 == top)
            sb = max(v & 3 for v in b if v >> 2 == top)
        else:  # high card, straight, flush: the highest card (the ace counts low in the wheel)
            high = ranks[1] if category(ka) == STRAIGHT and ranks[0] - ranks[4] != 4 else ranks[0]
            sa = next(v & 3 for v in a if v >> 2 == high)
            sb = next(v & 3 for v in b if v >> 2 == high)
        assert sa != sb
        assert (ka > kb) == (sa > sb)
    assert tested > 5000


def test_P16_hand_names_localised():
    key = evaluate(fr("Kh Kd Ks 6c 6h"), "6")
    assert hand_name(key, "it") == "Full di re"
    assert hand_name(key, "en") == "Full house, kings"
    assert hand_name(evaluate(fr("As 6s 7c 8d 9h"), "6"), "it") == "Scala al nove"
    assert hand_name(evaluate(fr("Qh Qd 9s 9h Ah"), "6"), "en") == "Two pair, queens and nines"
    assert hand_name(evaluate(fr("Ah Kh 9h 8h 6h"), "6"), "it") == "Colore di cuori all'asso"


def test_evaluate_rejects_bad_hands():
    with pytest.raises(ValueError):
        evaluate(fr("5h 6h 7h 8h 9h"), "6")
    with pytest.raises(ValueError):
        evaluate(fr("Ah Kh 9h 8h"), "6")
    with pytest.raises(ValueError):
        evaluate(fr("Ah Ah 9h 8h 7h"), "6")


# -- PokerKit cross-check -------------------------------------------------------------------------
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "scdh"  # suit value -> pokerkit suit char


def _pokerkit_index_by_class(hands, lookup) -> list[int | None]:
    """PokerKit's entry index per hand, evaluating each (rank pattern, suited) class once."""
    cache: dict[tuple[int, bool], int | None] = {}
    out: list[int | None] = []
    for h in hands:
        ranks = (
            ((h[0] >> 2) << 16) | ((h[1] >> 2) << 12) | ((h[2] >> 2) << 8) | ((h[3] >> 2) << 4) | (h[4] >> 2)
        )
        suited = (h[0] & 3) == (h[1] & 3) == (h[2] & 3) == (h[3] & 3) == (h[4] & 3)
        k = (ranks, suited)
        if k not in cache:
            text = "".join(RANK_CHARS[v >> 2] + SUIT_CHARS[v & 3] for v in h)
            entry = lookup.get_entry_or_none(text)
            cache[k] = None if entry is None else entry.index
        out.append(cache[k])
    return out


def _assert_orders_agree(pairs: list[tuple[int, int]]) -> int:
    """``pairs`` are (pokerkit index, our key). Whenever PokerKit ranks two hands differently our
    keys must order them the same way: grouped by PokerKit index, each group's largest key is
    below the next group's smallest key. Returns the number of groups compared."""
    groups: dict[int, tuple[int, int]] = {}
    for pk, key in pairs:
        lo, hi = groups.get(pk, (key, key))
        groups[pk] = (min(lo, key), max(hi, key))
    ordered = sorted(groups.items())
    for (pk1, (_, hi1)), (pk2, (lo2, _)) in zip(ordered, ordered[1:], strict=False):
        assert hi1 < lo2, (pk1, pk2)
    return len(ordered)


def test_P16_crosscheck_pokerkit_short_deck_36():
    """36 cards: PokerKit's short-deck hold'em ranking is the Italian one without suits."""
    pk = pytest.importorskip("pokerkit")
    d = DeckHands(36)
    indices = _pokerkit_index_by_class(d.hands, pk.ShortDeckHoldemLookup())
    assert None not in indices
    assert _assert_orders_agree(list(zip(indices, d.keys, strict=True))) > 1000


def test_P16_crosscheck_pokerkit_short_deck_32():
    """32 cards: same ranking except A-7-8-9-T, a straight in Italy and a high card for PokerKit."""
    pk = pytest.importorskip("pokerkit")
    d = DeckHands(32)
    indices = _pokerkit_index_by_class(d.hands, pk.ShortDeckHoldemLookup())
    wheel = {12, 5, 6, 7, 8}
    kept = [(i, k) for h, i, k in zip(d.hands, indices, d.keys, strict=True) if {v >> 2 for v in h} != wheel]
    assert len(kept) == len(d.hands) - 4**5
    assert _assert_orders_agree(kept) > 500


def test_P16_crosscheck_pokerkit_standard_40():
    """40 cards against PokerKit's standard ranking: agree once flushes (or full houses) are
    left out, and the A-5-6-7-8 straights (high cards in the standard game)."""
    pk = pytest.importorskip("pokerkit")
    d = DeckHands(40)
    indices = _pokerkit_index_by_class(d.hands, pk.StandardLookup())
    wheel = {12, 3, 4, 5, 6}
    rows = [
        (h, i, k) for h, i, k in zip(d.hands, indices, d.keys, strict=True) if {v >> 2 for v in h} != wheel
    ]
    assert _assert_orders_agree([(i, k) for _, i, k in rows if category(k) != FLUSH]) > 1000
    assert _assert_orders_agree([(i, k) for _, i, k in rows if category(k) != FULL_HOUSE]) > 1000
