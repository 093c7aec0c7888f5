"""Lesson positions of Tressette: the record that deals the hands a lesson wants (:mod:`pyapp.lessons.positions`)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.cards import italian_deck
from pyapp.core import COMPASS
from pyapp.lessons.model import Position
from pyapp.lessons.positions import Hands, PositionError, fill_hands

LOTS = {"N": "draw 3d 4c", "E": "draw 4c 3d"}
"""T3: the lot's two cards (N's then E's); the higher in trick order deals the first hand."""


def tressette_deal(
    hands: Hands,
    dealer: str = "E",
    seat: str = "S",
    options: Mapping[str, str | int] | None = None,
) -> Position:
    """Tressette: the lot making ``dealer`` (N or E) deal, a shuffle dealing ``hands``, no cut.

    The deal (T5) gives 5 + 5 cards counter-clockwise from the dealer's right; the dealer's right
    leads (T7): W when N deals, N when E deals. Play is the next action. ``hands`` is a mapping
    or one line, ``"S: Ac 2s ... | E: ..."`` (:func:`~pyapp.lessons.positions.hands_of`).
    """
    if dealer not in LOTS:
        raise PositionError("the first hand of a match is dealt by N or E (T3)")
    deck = [c.code for c in italian_deck()]
    cards = fill_hands(hands, COMPASS, 10, deck)
    d = COMPASS.index(dealer)
    order = [COMPASS[(d + k) % 4] for k in (3, 2, 1, 0)]
    shuffled: list[str] = []
    for batch in range(2):
        for who in order:
            shuffled += cards[who][5 * batch : 5 * batch + 5]
    history = (LOTS[dealer], "shuffle " + " ".join(shuffled), "nocut")
    return Position("tressette", history, seat, dict(options or {}))
