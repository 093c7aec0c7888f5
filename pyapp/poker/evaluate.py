"""Hand evaluation for Poker all'italiana on the stripped French decks (rules P2, P16, P17).

Every five-card hand gets one integer key; a higher key is a better hand and two different hands
never get the same key, so there are no split pots (P17)::

    key = category << 30 | ranks << 10 | suits

* ``category`` (0..8) follows P16: carta alta, coppia, doppia coppia, tris, scala, full,
  **colore** (flush, above full), poker, scala reale. With the cyclic house rule (``cyclic=True``)
  the lowest straight flush gets category 9 (see :data:`CYCLIC_LOW_STRAIGHT_FLUSH`).
* ``ranks`` is five 4-bit rank values in order of significance (the pair before the kickers, the
  higher pair before the lower one, ...). The ace is high (12), or low in the lowest straight
  (A-6-7-8-9 with 36 cards, A-7-8-9-T with 32, A-5-6-7-8 with 40), where it counts one below the
  deck's lowest rank. There is no wrap-around (Q-K-A-6-7 is not a straight).
* ``suits`` is five 2-bit suit values (hearts 3 > diamonds 2 > clubs 1 > spades 0,
  "Come Quando Fuori Piove") in the same order of significance, cards of equal rank best suit
  first. Between two hands that can be dealt together this is exactly P17 (the suit of the highest
  card for carta alta, scala and colore, of the best card of the pair, of the higher pair); the
  later suits only make the key unique for hands that share cards.

The inner loop of every bot calls :func:`make_evaluator` once and then evaluates sorted lists of
small integers (:func:`card_int`), with one dictionary lookup per hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations_with_replacement
from typing import Final

from pyapp.cards import FRENCH_RANKS, Card, french_deck
from pyapp.i18n import DEFAULT_LANG, t

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, FOUR, STRAIGHT_FLUSH = range(9)
"""The P16 categories, lowest first (a hand's key starts with its category)."""
CYCLIC_LOW_STRAIGHT_FLUSH: Final = 9
"""Category of the lowest straight flush under the cyclic house rule (``cyclic=True``).

The rule says the lowest straight flush beats the highest one. A literal cycle cannot be one
ordering of hands, so the engine reads it transitively: the lowest straight flush ranks above
every other hand.
"""

CATEGORY_NAMES: Final = (
    "high_card",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "full_house",
    "flush",
    "four",
    "straight_flush",
)
"""Catalog suffixes of the categories (``poker.cat.full_house`` ...), in P16 order."""

SUIT_VALUE: Final[dict[str, int]] = {"s": 0, "c": 1, "d": 2, "h": 3}
"""P17 suit order: hearts > diamonds > clubs > spades."""

SUIT_OF_VALUE: Final = ("s", "c", "d", "h")

LOWEST_RANK_FOR_PLAYERS: Final[dict[int, str]] = {4: "7", 5: "6", 6: "5"}
"""P2: the lowest rank is 11 - players (32, 36 or 40 cards)."""

_RANK_INDEX: Final[dict[str, int]] = {r: i for i, r in enumerate(FRENCH_RANKS)}
_ACE: Final = 12

_CARD_INT: Final[dict[Card, int]] = {c: c.rank_index * 4 + SUIT_VALUE[c.suit] for c in french_deck()}
_INT_CARD: Final[dict[int, Card]] = {v: c for c, v in _CARD_INT.items()}
_INT_BY_INDEX: Final[tuple[int, ...]] = tuple(_CARD_INT[c] for c in french_deck())
"""``card_int`` by ``Card.index`` (a tuple lookup is cheaper than hashing a Card)."""


def card_int(card: Card) -> int:
    """The evaluator's small integer for a French card: ``rank_index * 4 + suit value``.

    Sorting these integers in descending order sorts cards by rank, then by P17 suit.
    """
    if card.deck != "fr":
        raise ValueError(f"{card!r} is not a French card")
    return _INT_BY_INDEX[card.index]


def int_card(value: int) -> Card:
    """Inverse of :func:`card_int`."""
    return _INT_CARD[value]


def stripped_deck(lowest_rank: str) -> tuple[Card, ...]:
    """The French cards from ``lowest_rank`` to the ace (32, 36 or 40 cards), canonical order."""
    low = _RANK_INDEX[lowest_rank]
    return tuple(c for c in french_deck() if c.rank_index >= low)


def lowest_rank_for(players: int) -> str:
    """P2: the lowest rank of the deck for a table of ``players`` (4, 5 or 6)."""
    return LOWEST_RANK_FOR_PLAYERS[players]


# -- tables ------------------------------------------------------------------------------------
Entry = tuple[int, int, tuple[int, int, int, int, int]]
"""Per rank pattern: (base key without flush, base key if all one suit or -1, significance order)."""

_TABLES: dict[tuple[int, bool], dict[int, Entry]] = {}


def _pack(values: Sequence[int]) -> int:
    """Pack five 4-bit values, first most significant (table keys and the key's rank part)."""
    return (values[0] << 16) | (values[1] << 12) | (values[2] << 8) | (values[3] << 4) | values[4]


def _entry(ranks: tuple[int, ...], low: int, cyclic: bool) -> Entry:
    """Classify one descending rank pattern (ranks from ``low`` to the ace)."""
    counts = Counter(ranks)
    # Significance order: by multiplicity, then by rank; positions refer to the sorted hand.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order: list[int] = []
    for rank, _ in groups:
        order += [i for i, r in enumerate(ranks) if r == rank]
    shape = tuple(n for _, n in groups)
    distinct = len(counts) == 5
    straight_high = -1
    if distinct:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks[0] == _ACE and ranks[1] == low + 3 and ranks[4] == low:
            straight_high = ranks[1]  # the ace plays low: A-6-7-8-9 is nine-high
            order = [1, 2, 3, 4, 0]
    values = [ranks[i] for i in order]
    if straight_high >= 0 and order[0] == 1:
        values = values[:4] + [low - 1]
    if shape == (4, 1):
        cat = FOUR
    elif shape == (3, 2):
        cat = FULL_HOUSE
    elif shape == (3, 1, 1):
        cat = TRIPS
    elif shape == (2, 2, 1):
        cat = TWO_PAIR
    elif shape == (2, 1, 1, 1):
        cat = PAIR
    elif straight_high >= 0:
        cat = STRAIGHT
    else:
        cat = HIGH_CARD
    base = (cat << 30) | (_pack(values) << 10)
    flush_base = -1
    if distinct:
        flush_cat = STRAIGHT_FLUSH if straight_high >= 0 else FLUSH
        if cyclic and flush_cat == STRAIGHT_FLUSH and straight_high == low + 3:
            flush_cat = CYCLIC_LOW_STRAIGHT_FLUSH
        flush_base = (flush_cat << 30) | (_pack(values) << 10)
    o = tuple(order)
    return base, flush_base, (o[0], o[1], o[2], o[3], o[4])


def _table(lowest_rank: str, cyclic: bool) -> dict[int, Entry]:
    """The lookup table of every rank pattern of the deck starting at ``lowest_rank`` (cached)."""
    low = _RANK_INDEX[lowest_rank]
    cache_key = (low, cyclic)
    table = _TABLES.get(cache_key)
    if table is None:
        table = {}
        for combo in combinations_with_replacement(range(_ACE, low - 1, -1), 5):
            if max(Counter(combo).values()) > 4:
                continue
            table[_pack(combo)] = _entry(combo, low, cyclic)
        _TABLES[cache_key] = table
    return table


def make_evaluator(lowest_rank: str, cyclic: bool = False) -> Callable[[Sequence[int]], int]:
    """A fast key function for one deck: it takes five card integers sorted in descending order.

    ``key = make_evaluator("6")(sorted(map(card_int, cards), reverse=True))``; the fastest path
    for bots that evaluate many hands.
    """
    table = _table(lowest_rank, cyclic)

    def evaluate_sorted(v: Sequence[int]) -> int:
        a, b, c, d, e = v
        base, flush_base, (i0, i1, i2, i3, i4) = table[
            ((a >> 2) << 16) | ((b >> 2) << 12) | ((c >> 2) << 8) | ((d >> 2) << 4) | (e >> 2)
        ]
        sa = a & 3
        if flush_base >= 0 and sa == b & 3 == c & 3 == d & 3 == e & 3:
            base = flush_base
        return (
            base
            | ((v[i0] & 3) << 8)
            | ((v[i1] & 3) << 6)
            | ((v[i2] & 3) << 4)
            | ((v[i3] & 3) << 2)
            | (v[i4] & 3)
        )

    return evaluate_sorted


def evaluate(cards: Iterable[Card], lowest_rank: str, cyclic: bool = False) -> int:
    """The key of a five-card hand of the deck whose lowest rank is ``lowest_rank`` (higher wins).

    ``cards`` are French :class:`~pyapp.cards.Card` values from ``lowest_rank`` to the ace.
    Raises ``ValueError`` for a hand that is not five different French cards of that deck.
    """
    table = _TABLES.get((_RANK_INDEX[lowest_rank], cyclic)) or _table(lowest_rank, cyclic)
    ix = _INT_BY_INDEX
    try:
        c0, c1, c2, c3, c4 = cards
        if not c0.deck == c1.deck == c2.deck == c3.deck == c4.deck == "fr":
            raise ValueError
    except (ValueError, AttributeError):
        raise ValueError("a hand is five French cards") from None
    v = sorted((ix[c0.index], ix[c1.index], ix[c2.index], ix[c3.index], ix[c4.index]), reverse=True)
    a, b, c, d, e = v
    if not a > b > c > d > e:
        raise ValueError("a hand is five different cards")
    entry = table.get(((a >> 2) << 16) | ((b >> 2) << 12) | ((c >> 2) << 8) | ((d >> 2) << 4) | (e >> 2))
    if entry is None:
        raise ValueError(f"a card below {lowest_rank} is not in the deck")
    base, flush_base, (i0, i1, i2, i3, i4) = entry
    if flush_base >= 0 and a & 3 == b & 3 == c & 3 == d & 3 == e & 3:
        base = flush_base
    return (
        base | ((v[i0] & 3) << 8) | ((v[i1] & 3) << 6) | ((v[i2] & 3) << 4) | ((v[i3] & 3) << 2) | (v[i4] & 3)
    )


def category(key: int) -> int:
    """The P16 category of a key (0 carta alta .. 8 scala reale; the cyclic category counts as 8)."""
    cat = key >> 30
    return STRAIGHT_FLUSH if cat == CYCLIC_LOW_STRAIGHT_FLUSH else cat


def significant_ranks(key: int) -> tuple[int, ...]:
    """The five rank values of a key in order of significance (ace-low counts below the deck)."""
    return tuple((key >> (10 + 4 * (4 - i))) & 15 for i in range(5))


def significant_suits(key: int) -> tuple[str, ...]:
    """The five suit codes of a key in order of significance (the P17 tie-break order)."""
    return tuple(SUIT_OF_VALUE[(key >> (2 * (4 - i))) & 3] for i in range(5))


def _rank_code(value: int) -> str:
    """The rank code of a significant rank value; an ace played low is still the ace."""
    return FRENCH_RANKS[value] if 0 <= value <= _ACE else "A"


_NAMES: dict[tuple[int, str], str] = {}


def hand_name(key: int, lang: str = DEFAULT_LANG) -> str:
    """The localised name of the combination: ``"Full di re"`` / ``"Full house, kings"`` (cached)."""
    name = _NAMES.get((key, lang))
    if name is None:
        name = _NAMES[(key, lang)] = _hand_name(key, lang)
    return name


def _hand_name(key: int, lang: str) -> str:
    cat = category(key)
    ranks = [_rank_code(v) for v in significant_ranks(key)]
    suit = significant_suits(key)[0]
    params = {
        "pl1": t(f"poker.rank.pl.{ranks[0]}", lang),
        "pl2": t(f"poker.rank.pl.{ranks[2]}", lang),
        "sg1": t(f"poker.rank.sg.{ranks[0]}", lang),
        "to1": t(f"poker.rank.to.{ranks[0]}", lang),
        "suit": t(f"card.fr.suit.{suit}", lang),
    }
    if cat == FULL_HOUSE:
        params["pl2"] = t(f"poker.rank.pl.{ranks[3]}", lang)
    return t(f"poker.cat.{CATEGORY_NAMES[cat]}", lang, **params)


def category_name(cat: int, lang: str = DEFAULT_LANG) -> str:
    """The localised name of a P16 category alone (``"Colore"`` / ``"Flush"``)."""
    return t(f"poker.catname.{CATEGORY_NAMES[min(cat, STRAIGHT_FLUSH)]}", lang)
