"""Uniform deals of unseen cards to hidden hands, given their sizes, their known voids and cards
known to be in a given hand: the sampler the search players share (Tressette has its own
richer one for declarations, :mod:`pyapp.tressette.sampler`).

The deals are drawn **uniformly among all deals that fit**, without rejection. Suits in which
some hand is void are handled one by one: each way of splitting such a suit's cards between the
hands that may hold it is weighed by its number of card assignments (a multinomial) and the
suits are combined by dynamic programming over the hand sizes; the cards of all the other suits
then fill the remaining places, which they can do in a multinomial number of ways. A deal is
drawn backwards through that table. Without voids it is a shuffle cut to the hand sizes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb


class NoDeal(Exception):
    """No deal fits the constraints (they contradict each other)."""


@dataclass(frozen=True)
class HiddenHand:
    """One hidden hand: how many unseen cards it holds, its void suits, cards known to be in it."""

    seat: int
    size: int
    voids: frozenset[int] = frozenset()
    known: tuple[int, ...] = ()


def _multinomial(counts: Iterable[int]) -> int:
    total, left = 1, 0
    for c in counts:
        left += c
        total *= comb(left, c)
    return total


class VoidSampler:
    """Draws deals of ``cards`` (whose suits are ``suit_of``) to ``hands`` (see the module doc)."""

    def __init__(
        self, cards: Iterable[int], suit_of: tuple[int, ...], hands: list[HiddenHand], suits: int
    ) -> None:
        self.hands = hands
        known = {c for h in hands for c in h.known}
        free = [c for c in cards if c not in known]
        self.sizes = [h.size - len(h.known) for h in hands]
        if any(x < 0 for x in self.sizes) or sum(self.sizes) != len(free):
            raise NoDeal("hand sizes do not match the unseen cards")
        k = len(hands)
        by_suit = [[c for c in free if suit_of[c] == s] for s in range(suits)]
        self.void_suits = [s for s in range(suits) if any(s in h.voids for h in hands) and by_suit[s]]
        self.void_cards = [by_suit[s] for s in self.void_suits]
        self.rest = [c for s in range(suits) if s not in self.void_suits for c in by_suit[s]]
        self.tables = [
            _splits(len(cs), [j for j in range(k) if s not in hands[j].voids], k)
            for s, cs in zip(self.void_suits, self.void_cards, strict=True)
        ]
        layers: list[dict[tuple[int, ...], int]] = [{tuple([0] * k): 1}]
        for table in self.tables:
            nxt: dict[tuple[int, ...], int] = {}
            for used, w in layers[-1].items():
                for counts, sw in table.items():
                    new = tuple(u + c for u, c in zip(used, counts, strict=True))
                    if any(x > cap for x, cap in zip(new, self.sizes, strict=True)):
                        continue
                    nxt[new] = nxt.get(new, 0) + w * sw
            layers.append(nxt)
        self.layers = layers
        self.finals = []
        for used, w in layers[-1].items():
            left = [cap - u for cap, u in zip(self.sizes, used, strict=True)]
            self.finals.append((used, w * _multinomial(left)))
        self.total = sum(w for _, w in self.finals)
        if not self.total:
            raise NoDeal("no deal fits the voids and hand sizes")

    @property
    def count(self) -> int:
        """How many deals fit."""
        return self.total

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal: per hidden hand (in the order given), its cards."""
        out: list[list[int]] = [list(h.known) for h in self.hands]
        state = _pick(self.finals, rng)
        left = [cap - u for cap, u in zip(self.sizes, state, strict=True)]
        pool = list(self.rest)
        rng.shuffle(pool)
        start = 0
        for j, n in enumerate(left):
            out[j].extend(pool[start : start + n])
            start += n
        for i in range(len(self.tables) - 1, -1, -1):
            prev = self.layers[i]
            options = []
            for counts, sw in self.tables[i].items():
                before = tuple(x - c for x, c in zip(state, counts, strict=True))
                w = prev.get(before, 0)
                if w:
                    options.append((counts, w * sw))
            counts = _pick(options, rng)
            cards = list(self.void_cards[i])
            rng.shuffle(cards)
            start = 0
            for j, n in enumerate(counts):
                out[j].extend(cards[start : start + n])
                start += n
            state = tuple(x - c for x, c in zip(state, counts, strict=True))
        return out


def _pick(options: list[tuple[tuple[int, ...], int]], rng: random.Random) -> tuple[int, ...]:
    """A value drawn with probability proportional to its weight."""
    x = rng.randrange(sum(w for _, w in options))
    for value, w in options:
        x -= w
        if x < 0:
            return value
    return options[-1][0]


def _splits(n: int, eligible: list[int], k: int) -> dict[tuple[int, ...], int]:
    """Count vectors (one entry per hand) splitting ``n`` cards among ``eligible`` hands, weighted
    by their number of assignments."""
    out: dict[tuple[int, ...], int] = {}
    if not eligible:
        if n == 0:
            out[tuple([0] * k)] = 1
        return out

    def rec(i: int, left: int, counts: list[int], w: int) -> None:
        if i == len(eligible) - 1:
            counts[eligible[i]] = left
            out[tuple(counts)] = w
            counts[eligible[i]] = 0
            return
        for x in range(left + 1):
            counts[eligible[i]] = x
            rec(i + 1, left - x, counts, w * comb(left, x))
        counts[eligible[i]] = 0

    rec(0, n, [0] * k, 1)
    return out
