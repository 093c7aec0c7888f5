"""What a Tressette player knows about the hidden cards, and deals sampled consistently with it.

:class:`Knowledge` is built from public facts only -- the player's own hand, the plays of the
hand in progress with their declarations, who led first -- and derives every constraint on the
other three hands:

* **hand sizes** (everyone holds the same number of cards at a trick start);
* **cards the rules place**: with ``first_lead=four_of_denari`` (T7) the first leader held the 4 of
  denari at the deal;
* **voids**: a player who did not answer the suit led has none of it (T8); a ``volo`` leads the
  last card of its suit;
* **declarations**: each call is a fact about the caller's holding of the led suit *at the time
  of the lead* (the cards still held plus those played since). Calls are read as the
  **canonical** call (what computer players and the tables' default say: ``busso`` then also
  means no 2 and no Ace); if no deal fits that reading -- a person may say a true but less
  specific call -- they are read only as **truthful** (the engine refuses false calls, T16);
* ``piombi=m`` on the first trick: the caller had exactly ``m`` void suits at the deal (and, when
  reading canonically, a first lead with calls but no ``piombi`` means no void at all).

:func:`sample_deals` draws deals of the unseen cards **uniformly among all the deals that fit
every constraint**: per suit it weighs each way of splitting the suit's unseen cards between the
three hidden hands, then combines suits by dynamic programming over the hand sizes, and samples
backwards. No rejection loop, so heavily constrained positions cost no more than free ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any, Final, TypeVar

from pyapp.search import set_bits
from pyapp.tressette import STRENGTH, THIRDS
from pyapp.tressette.declarations import canonical_tokens, refusal

Play = tuple[int, int, tuple[str, ...]]
"""A public play: (seat, card index 0..39, declaration tokens)."""

SUIT_OF: Final[tuple[int, ...]] = tuple(i // 10 for i in range(40))


class NoConsistentDeal(Exception):
    """The public facts admit no deal (a corrupted history; never in a legal game)."""


@dataclass
class _Declaration:
    seat: int
    suit: int
    card: int
    tokens: tuple[str, ...]
    played_before: int
    """Bit set (engine indices) of the cards played in the hand before this lead."""
    first_trick: bool
    later: int = 0
    """Bit set of the caller's cards of the suit played from this lead on (the led card included)."""


@dataclass
class Knowledge:
    """Everything public (plus one's own hand) about a Tressette hand in progress.

    Built by :meth:`from_plays`; all masks are bit sets over engine card indices 0..39.
    """

    seat: int
    hand: int
    first_leader: int
    plays: list[Play]
    played: int = 0
    played_by: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Per seat, a 4-bit set of the suits it is known to lack."""
    sizes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    leader: int = -1
    """The leader of the trick in progress (or the next trick's leader when none is open)."""
    trick: list[int] = field(default_factory=list)
    """Card indices of the trick in progress, in play order."""
    thirds: list[int] = field(default_factory=lambda: [0, 0])
    """Thirds taken so far by N-S and E-W in this hand (last-trick bonus not yet included)."""
    tricks_done: int = 0
    declarations: list[_Declaration] = field(default_factory=list)
    dealt: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Per seat, cards it is known to have held at the deal by the rules alone (T7: the 4 of
    denari of a first leader under ``first_lead=four_of_denari``)."""

    @classmethod
    def from_plays(
        cls,
        seat: int,
        hand: Iterable[int],
        first_leader: int,
        plays: list[Play],
        dealt: Mapping[int, Iterable[int]] | None = None,
    ) -> Knowledge:
        """Derive the constraints from ``seat``'s hand and the public plays of the hand so far
        (``dealt``: per seat, cards the rules say it held at the deal)."""
        k = cls(seat=seat, hand=_mask(hand), first_leader=first_leader, plays=list(plays))
        for p, cards in (dealt or {}).items():
            k.dealt[p] |= _mask(cards)
        leader = first_leader
        trick: list[int] = []
        trick_no = 0
        for who, card, tokens in plays:
            if not trick:
                leader = who
                if tokens:
                    k.declarations.append(
                        _Declaration(who, card // 10, card, tokens, k.played, trick_no == 0)
                    )
                if "volo" in tokens:
                    k.voids[who] |= 1 << (card // 10)
            elif card // 10 != trick[0] // 10:
                k.voids[who] |= 1 << (trick[0] // 10)
            for d in k.declarations:
                if d.seat == who and card // 10 == d.suit:
                    d.later |= 1 << card
            k.played |= 1 << card
            k.played_by[who] |= 1 << card
            trick.append(card)
            if len(trick) == 4:
                suit = trick[0] // 10
                best = max(range(4), key=lambda j: STRENGTH[trick[j]] if trick[j] // 10 == suit else -1)
                winner = (leader + 3 * best) % 4
                k.thirds[winner % 2] += sum(THIRDS[c] for c in trick)
                leader = winner
                trick = []
                trick_no += 1
        k.leader = leader
        k.trick = trick
        k.tricks_done = trick_no
        per_seat = 10 - trick_no
        for p in range(4):
            k.sizes[p] = per_seat - (1 if p in [(leader + 3 * j) % 4 for j in range(len(trick))] else 0)
        if k.hand.bit_count() != k.sizes[seat]:
            raise NoConsistentDeal(f"hand of {k.hand.bit_count()} cards, expected {k.sizes[seat]}")
        return k

    @property
    def unseen(self) -> int:
        """Cards neither played nor in one's own hand: the ones the others hold."""
        return ((1 << 40) - 1) & ~self.played & ~self.hand

    def hidden_seats(self) -> list[int]:
        """The three other seats."""
        return [p for p in range(4) if p != self.seat]


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


Predicate = Callable[[list[int]], bool]
"""A test on a seat's holding of one suit at the time of a lead (card indices, led card included)."""


def _declaration_predicate(d: _Declaration, canonical: bool) -> Predicate | None:
    """The test a declaration puts on the caller's suit holding (``None``: nothing to test)."""
    tokens = tuple(t for t in d.tokens if not t.startswith("piombi="))
    if not tokens:
        return None
    card, played, first = d.card, d.played_before, d.first_trick
    if canonical and len(tokens) == 1:
        want = list(tokens)

        def canonical_test(holding: list[int]) -> bool:
            return canonical_tokens(holding, card, played, False) == want

        return canonical_test

    def truthful_test(holding: list[int]) -> bool:
        return all(refusal(holding, card, played, first, tok) is None for tok in tokens)

    return truthful_test


def _holds(card: int) -> Predicate:
    """The test that a holding includes ``card``."""

    def holds_test(holding: list[int]) -> bool:
        return card in holding

    return holds_test


@dataclass
class _SuitTable:
    """The ways to split one suit's unseen cards between the hidden seats, by count vector."""

    cards: list[int]
    weights: dict[tuple[int, ...], int]
    choices: dict[tuple[int, ...], list[tuple[tuple[int, ...], int, int]]]
    """count vector -> [(constrained seats' subsets (local masks), free local mask, weight)]."""
    free: list[int]
    """Positions (in the hidden-seat list) that take the free cards."""


class Sampler:
    """Draws deals of the unseen cards consistent with a :class:`Knowledge` (see module doc)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.k = knowledge
        self.seats = knowledge.hidden_seats()
        self.canonical = True
        try:
            self._build(canonical=True)
        except NoConsistentDeal:
            self.canonical = False
            self._build(canonical=False)

    # -- building ------------------------------------------------------------------------------------
    def _build(self, canonical: bool) -> None:
        k = self.k
        unseen = k.unseen
        preds: dict[tuple[int, int], list[tuple[Predicate, int]]] = {}
        orig_voids: dict[int, int] = {}
        for d in k.declarations:
            pred = _declaration_predicate(d, canonical)
            if d.seat != k.seat and pred is not None:
                preds.setdefault((d.seat, d.suit), []).append((pred, d.later))
            if d.first_trick and d.seat != k.seat:
                piombi = [t for t in d.tokens if t.startswith("piombi=")]
                if piombi:
                    orig_voids[d.seat] = int(piombi[0][7:])
                elif canonical:
                    orig_voids[d.seat] = 0
        for p in self.seats:
            for card in set_bits(k.dealt[p] & unseen):  # still in the hand it was dealt to
                preds.setdefault((p, card // 10), []).append((_holds(card), 0))
        self.orig_voids = orig_voids
        tables = []
        for suit in range(4):
            cards = set_bits(unseen & (0x3FF << (10 * suit)))
            tables.append(self._suit_table(suit, cards, preds))
        self.tables = tables
        self._dp()

    def _allowed(
        self,
        seat: int,
        suit: int,
        cards: list[int],
        preds: dict[tuple[int, int], list[tuple[Predicate, int]]],
    ) -> list[int] | None:
        """Local subset masks of ``cards`` that ``seat`` may hold, ``None`` when any subset is fine."""
        k = self.k
        tests = preds.get((seat, suit), [])
        if k.voids[seat] >> suit & 1:
            return [0] if all(pred(set_bits(later)) for pred, later in tests) else []
        if not tests:
            return None
        size = k.sizes[seat]
        n = len(cards)
        out = []
        for local in range(1 << n):
            if local.bit_count() > size:
                continue
            held = [cards[j] for j in range(n) if local >> j & 1]
            ok = True
            for pred, later in tests:
                if not pred(held + set_bits(later)):
                    ok = False
                    break
            if ok:
                out.append(local)
        return out

    def _suit_table(
        self, suit: int, cards: list[int], preds: dict[tuple[int, int], list[tuple[Predicate, int]]]
    ) -> _SuitTable:
        n = len(cards)
        allowed = [self._allowed(seat, suit, cards, preds) for seat in self.seats]
        constrained = [j for j, a in enumerate(allowed) if a is not None]
        free = [j for j, a in enumerate(allowed) if a is None]
        weights: dict[tuple[int, ...], int] = {}
        choices: dict[tuple[int, ...], list[tuple[tuple[int, ...], int, int]]] = {}
        full = (1 << n) - 1

        def add(subsets: tuple[int, ...]) -> None:
            used = 0
            for s in subsets:
                used |= s
            rest = full & ~used
            r = rest.bit_count()
            counts = [0, 0, 0]
            for j, s in zip(constrained, subsets, strict=True):
                counts[j] = s.bit_count()
            if not free:
                if r:
                    return
                key = tuple(counts)
                weights[key] = weights.get(key, 0) + 1
                choices.setdefault(key, []).append((subsets, 0, 1))
                return
            # split the rest among the free seats
            if len(free) == 1:
                splits: Iterable[tuple[int, ...]] = [(r,)]
            elif len(free) == 2:
                splits = [(a, r - a) for a in range(r + 1)]
            else:
                splits = [(a, b, r - a - b) for a in range(r + 1) for b in range(r - a + 1)]
            for split in splits:
                w = 1
                left = r
                for x in split:
                    w *= comb(left, x)
                    left -= x
                for j, x in zip(free, split, strict=True):
                    counts[j] = x
                key = tuple(counts)
                weights[key] = weights.get(key, 0) + w
                choices.setdefault(key, []).append((subsets, rest, w))

        def rec(i: int, used: int, acc: tuple[int, ...]) -> None:
            if i == len(constrained):
                add(acc)
                return
            opts = allowed[constrained[i]]
            assert opts is not None
            for s in opts:
                if not s & used:
                    rec(i + 1, used | s, acc + (s,))

        rec(0, 0, ())
        return _SuitTable(cards, weights, choices, free)

    def _dp(self) -> None:
        """Combine the suits: weights of reaching (cards given to hidden seats 0 and 1, voids)."""
        k = self.k
        sizes = [k.sizes[p] for p in self.seats]
        vseat = next((j for j, p in enumerate(self.seats) if p in self.orig_voids), -1)
        played_suits = 0
        if vseat >= 0:
            for c in set_bits(k.played_by[self.seats[vseat]]):
                played_suits |= 1 << (c // 10)
        layers: list[dict[tuple[int, int, int, int], int]] = [{(0, 0, 0, 0): 1}]
        for suit, table in enumerate(self.tables):
            nxt: dict[tuple[int, int, int, int], int] = {}
            for (a, b, c, v), w in layers[-1].items():
                for counts, sw in table.weights.items():
                    na, nb, nc = a + counts[0], b + counts[1], c + counts[2]
                    if na > sizes[0] or nb > sizes[1] or nc > sizes[2]:
                        continue
                    nv = v
                    if vseat >= 0 and counts[vseat] == 0 and not played_suits >> suit & 1:
                        nv += 1
                    key = (na, nb, nc, nv)
                    nxt[key] = nxt.get(key, 0) + w * sw
            layers.append(nxt)
        self.layers = layers
        want_v = self.orig_voids[self.seats[vseat]] if vseat >= 0 else 0
        self.goal = (sizes[0], sizes[1], sizes[2], want_v)
        self.vseat = vseat
        self.played_suits = played_suits
        if layers[-1].get(self.goal, 0) == 0:
            raise NoConsistentDeal("no deal fits the public facts")

    @property
    def count(self) -> int:
        """How many deals of the unseen cards fit every constraint."""
        return self.layers[-1][self.goal]

    # -- sampling ------------------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal: the four hands as bit sets of card indices (one's own included)."""
        hands = [0, 0, 0, 0]
        hands[self.k.seat] = self.k.hand
        state = self.goal
        for suit in range(3, -1, -1):
            table = self.tables[suit]
            prev = self.layers[suit]
            a, b, c, v = state
            options: list[tuple[tuple[int, ...], tuple[int, int, int, int], int]] = []
            for counts, sw in table.weights.items():
                pv = v
                if self.vseat >= 0 and counts[self.vseat] == 0 and not self.played_suits >> suit & 1:
                    pv -= 1
                key = (a - counts[0], b - counts[1], c - counts[2], pv)
                w = prev.get(key, 0)
                if w:
                    options.append((counts, key, w * sw))
            counts, state, _ = _pick(options, rng, 2)
            self._deal_suit(table, counts, hands, rng)
        return hands

    def _deal_suit(
        self, table: _SuitTable, counts: tuple[int, ...], hands: list[int], rng: random.Random
    ) -> None:
        subsets, rest, _ = _pick(table.choices[counts], rng, 2)
        cards = table.cards
        constrained = [j for j in range(3) if j not in table.free]
        for j, local in zip(constrained, subsets, strict=True):
            for i, card in enumerate(cards):
                if local >> i & 1:
                    hands[self.seats[j]] |= 1 << card
        pool = [cards[i] for i in range(len(cards)) if rest >> i & 1]
        rng.shuffle(pool)
        start = 0
        for j in table.free:
            n = counts[j]
            for card in pool[start : start + n]:
                hands[self.seats[j]] |= 1 << card
            start += n


_T = TypeVar("_T", bound=tuple[Any, ...])


def _pick(options: list[_T], rng: random.Random, weight_at: int) -> _T:
    """A weighted random element (weights are ints at tuple position ``weight_at``)."""
    total = sum(o[weight_at] for o in options)
    x = rng.randrange(total)
    for o in options:
        x -= o[weight_at]
        if x < 0:
            return o
    return options[-1]


def sample_deals(knowledge: Knowledge, rng: random.Random, n: int) -> list[list[int]]:
    """``n`` consistent deals (four hands as bit sets of card indices each); see :class:`Sampler`."""
    sampler = Sampler(knowledge)
    return [sampler.sample(rng) for _ in range(n)]
