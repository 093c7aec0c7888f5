"""Poker's chance actions: the lot of the first dealer, shuffles and reshuffles, numbered.

The lot ``dealer K`` is outcome ``K - 1``; a shuffle (or a reshuffle of the discards) of ``k``
cards is the order of lexicographic rank ``i`` of those cards taken in deck order
(:func:`pyapp.core.permutation_rank`; 0: the deck order itself). See docs/notation/poker.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pyapp.cards import Card
from pyapp.core import CHANCE, LOT, SHUFFLE, IllegalAction, factorial, permutation_rank, permutation_unrank
from pyapp.poker.actions import PokerAction
from pyapp.poker.phases import OVER, RESHUFFLE

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState


def sample(s: PokerState, rng: random.Random) -> str:
    """A uniformly random lot or deck order (drawn directly: faster than numbering 36!)."""
    phase = s.phase()
    if phase == LOT:
        return f"dealer {s.seat_label(rng.randrange(s.n))}"
    if phase == SHUFFLE:
        order = list(s.cards)
        rng.shuffle(order)
        return "shuffle " + " ".join(c.code for c in order)
    if phase == RESHUFFLE:
        order = list(s.reshuffle_cards)
        rng.shuffle(order)
        return "reshuffle " + " ".join(c.code for c in order)
    raise IllegalAction("common.not_chance")


def cards_to_shuffle(s: PokerState) -> tuple[str, list[Card]]:
    """The verb and the cards (in deck order) of the shuffle to be made now."""
    phase = s.phase()
    if phase == SHUFFLE:
        return "shuffle", list(s.cards)
    if phase == RESHUFFLE:
        return "reshuffle", sorted(s.reshuffle_cards, key=lambda c: c.index)
    raise IllegalAction("common.not_chance")


def count(s: PokerState) -> int:
    """How many outcomes the chance node has: ``n`` seats for the lot, ``k!`` orders of the ``k``
    cards of a shuffle or reshuffle."""
    if s.current_player() != CHANCE or s.phase() == OVER:
        raise IllegalAction("common.not_chance")
    if s.phase() == LOT:
        return s.n
    return factorial(len(cards_to_shuffle(s)[1]))


def outcome(s: PokerState, index: int) -> str:
    """Outcome ``index`` (``0 <= index < count(s)``): ``dealer {index + 1}`` for the lot; for a
    shuffle, the order of lexicographic rank ``index`` of its cards taken in deck order."""
    total = count(s)
    if not 0 <= index < total:
        raise IllegalAction("common.no_outcome", index=index, last=total - 1)
    if s.phase() == LOT:
        return f"dealer {s.seat_label(index)}"
    verb, cards = cards_to_shuffle(s)
    order = permutation_unrank(index, len(cards))
    return verb + " " + " ".join(cards[i].code for i in order)


def index(s: PokerState, action: str) -> int:
    """The number of a chance outcome (the inverse of :func:`outcome`); an action that is no
    outcome of this node is refused with :class:`~pyapp.core.IllegalAction`."""
    if s.current_player() != CHANCE:
        raise IllegalAction("common.not_chance")
    act = s.verify(action)
    assert isinstance(act, PokerAction)
    if act.seat is not None:
        return act.seat
    _, cards = cards_to_shuffle(s)
    position = {c: i for i, c in enumerate(cards)}
    return permutation_rank([position[c] for c in act.cards])
