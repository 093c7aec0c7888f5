"""Poker actions as typed values, with one canonical spelling each (docs/notation/poker.md).

Every action text is read once into a :class:`PokerAction`; its :attr:`PokerAction.text` is the
one canonical spelling, and the engine refuses any other (``open 06``, ``open +6``, full-width or
Arabic-Indic digits, ``1_0``, a bare ``open``/``rebuy``/``join``, draw cards out of order, extra
blanks) with a reason naming the canonical form. Canonical spelling:

* one ASCII space between words, nothing before or after;
* numbers in ASCII digits, no sign, no leading zero, no separators: ``open 6``, ``cut 17``;
* every number written: ``open N`` (the pot is not implied), ``rebuy K``, ``join K``;
* the cards of a ``draw`` in :func:`card_order`: by rank from the lowest, equal ranks by the
  P17 suit order from spades (``draw 7d 8c 9d``; ``draw 9s 9h``);
* shuffles list every card once, top card first (their order *is* the outcome).

Chance outcomes are numbered (:func:`permutation_rank` / :func:`permutation_unrank`): a shuffle
of the cards ``C`` is the permutation of rank ``i`` of ``C`` in deck order (clubs, diamonds,
hearts, spades; two up to the ace in each suit), lexicographically: rank 0 is the deck order
itself, rank ``len(C)! - 1`` the reverse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import factorial

from pyapp.cards import Card
from pyapp.poker.evaluate import card_int

NUMBER_VERBS = frozenset({"open", "bet", "raise", "cut", "rebuy", "join"})
"""Verbs followed by one whole number (an amount, a cut point, a count of passate)."""

CARD_VERBS = frozenset({"draw", "shuffle", "reshuffle"})
"""Verbs followed by card codes."""


@dataclass(frozen=True, slots=True)
class PokerAction:
    """One action, read and checked: ``verb`` plus its number, its cards or its seat.

    ``cards`` keep the order that matters: canonical order for ``draw``, the dealt order for
    ``shuffle``/``reshuffle``. ``seat`` is the seat index of ``dealer`` (the lot).
    """

    verb: str
    number: int | None = None
    cards: tuple[Card, ...] = ()
    seat: int | None = None

    @property
    def text(self) -> str:
        """The canonical spelling (what records, links and ``legal_actions()`` hold)."""
        if self.number is not None:
            return f"{self.verb} {self.number}"
        if self.seat is not None:
            return f"{self.verb} {self.seat + 1}"
        if self.cards:
            return self.verb + " " + " ".join(c.code for c in self.cards)
        return self.verb

    def __str__(self) -> str:
        return self.text


def card_order(card: Card) -> int:
    """Sort key of the canonical order of cards in a ``draw``: rank, then P17 suit (spades first)."""
    return card_int(card)


def permutation_rank(order: Sequence[int]) -> int:
    """The lexicographic rank of a permutation of ``0..n-1`` (0 for the identity)."""
    n = len(order)
    rank = 0
    remaining = list(range(n))
    for i, x in enumerate(order):
        pos = remaining.index(x)
        rank += pos * factorial(n - 1 - i)
        remaining.pop(pos)
    return rank


def permutation_unrank(rank: int, n: int) -> list[int]:
    """The permutation of ``0..n-1`` of lexicographic rank ``rank`` (``0 <= rank < n!``)."""
    if not 0 <= rank < factorial(n):
        raise ValueError(f"rank {rank} out of range for {n} items")
    remaining = list(range(n))
    out = []
    for i in range(n):
        pos, rank = divmod(rank, factorial(n - 1 - i))
        out.append(remaining.pop(pos))
    return out
