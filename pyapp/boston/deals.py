"""Lesson positions of Boston: the record that deals the hands a lesson wants (:mod:`pyapp.lessons.positions`)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.cards import french_deck
from pyapp.core import COMPASS
from pyapp.lessons.model import Position
from pyapp.lessons.positions import Hands, PositionError, fill_hands, hands_of


def boston_deal(
    hands: Hands,
    dealer: str = "E",
    trump: str | None = None,
    seat: str = "S",
    options: Mapping[str, str | int] | None = None,
) -> Position:
    """Boston: the lot for ``dealer``, a shuffle dealing ``hands`` (3-3-3-4 from his left, B4).

    ``hands`` is a mapping or one line, ``"S: Ac Kc ... | W: ..."`` (:func:`~pyapp.lessons.positions.hands_of`).

    ``trump`` is the card turned up (the dealer's 13th card, B4); it must be one of the dealer's
    cards when his hand is given. The first to bid and to lead is the dealer's left (B6, B10).
    """
    deck = [c.code for c in french_deck()]
    given = hands_of(hands)
    if trump is not None and dealer not in given:
        # keep the turned card for the dealer: give it to him first, the rest is filled in
        given[dealer] = trump
    cards = fill_hands(given, COMPASS, 13, deck)
    own = cards[dealer]
    if trump is not None:
        if trump not in own:
            raise PositionError(f"the turned card {trump} is not in the dealer's hand")
        own.remove(trump)
        own.append(trump)
    d = COMPASS.index(dealer)
    order = [COMPASS[(d + k) % 4] for k in (1, 2, 3, 4)]
    queues = {who: list(cards[who]) for who in COMPASS}
    shuffled: list[str] = []
    for size in (3, 3, 3, 4):
        for who in order:
            shuffled += [queues[who].pop(0) for _ in range(size)]
    history = (f"dealer {dealer}", "shuffle " + " ".join(shuffled))
    return Position("boston", history, seat, dict(options or {}))
