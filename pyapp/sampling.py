"""Uniform deals of unseen cards to hidden hands, given their sizes, their known voids and cards
known to be in a given hand: the sampler the search players share (Tressette has its own
richer one for declarations, :mod:`pyapp.tressette.sampler`).

The deals are drawn **uniformly among all deals that fit**, without rejection: per suit, each way
of splitting the suit's unseen cards between the hands that may hold the suit is weighed by its
number of card assignments (a multinomial), suits are combined by dynamic programming over the
hand sizes, and a deal is drawn backwards through that table.
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


class VoidSampler:
    """Draws deals of ``cards`` (with ``suit_of``) to ``hands`` (see the module doc)."""

    def __init__(
        self, cards: Iterable[int], suit_of: tuple[int, ...], hands: list[HiddenHand], suits: int
    ) -> None:
        self.hands = hands
        known = {c for h in hands for c in h.known}
        free = [c for c in cards if c not in known]
        self.by_suit = [[c for c in free if suit_of[c] == s] for s in range(suits)]
        self.sizes = [h.size - len(h.known) for h in hands]
        if any(x < 0 for x in self.sizes) or sum(self.sizes) != len(free):
            raise NoDeal("hand sizes do not match the unseen cards")
        k = len(hands)
        self.eligible = [[j for j in range(k) if s not in hands[j].voids] for s in range(suits)]
        self.tables: list[dict[tuple[int, ...], int]] = []
        for s in range(suits):
            self.tables.append(_splits(len(self.by_suit[s]), self.eligible[s], k))
        layers: list[dict[tuple[int, ...], int]] = [{tuple([0] * k): 1}]
        for s in range(suits):
            nxt: dict[tuple[int, ...], int] = {}
            for used, w in layers[-1].items():
                for counts, sw in self.tables[s].items():
                    new = tuple(u + c for u, c in zip(used, counts, strict=True))
                    if any(x > cap for x, cap in zip(new, self.sizes, strict=True)):
                        continue
                    nxt[new] = nxt.get(new, 0) + w * sw
            layers.append(nxt)
        self.layers = layers
        self.goal = tuple(self.sizes)
        if not layers[-1].get(self.goal):
            raise NoDeal("no deal fits the voids and hand sizes")

    @property
    def count(self) -> int:
        """How many deals fit."""
        return self.layers[-1][self.goal]

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal: per hidden hand (in the order given), its cards."""
        out: list[list[int]] = [list(h.known) for h in self.hands]
        state = self.goal
        for s in range(len(self.tables) - 1, -1, -1):
            prev = self.layers[s]
            options = []
            total = 0
            for counts, sw in self.tables[s].items():
                before = tuple(x - c for x, c in zip(state, counts, strict=True))
                w = prev.get(before, 0)
                if w:
                    options.append((counts, before, w * sw))
                    total += w * sw
            x = rng.randrange(total)
            pick = options[-1]
            for option in options:
                x -= option[2]
                if x < 0:
                    pick = option
                    break
            counts, before, _ = pick
            pool = list(self.by_suit[s])
            rng.shuffle(pool)
            start = 0
            for j, n in enumerate(counts):
                out[j].extend(pool[start : start + n])
                start += n
            state = before
        return out


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
