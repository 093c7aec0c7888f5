"""Lesson positions of Poker: the record that deals the hands a lesson wants (:mod:`pyapp.lessons.positions`)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.cards import french_deck
from pyapp.lessons.model import Position
from pyapp.lessons.positions import Hands, PositionError, fill_hands

POKER_LOWEST = {4: "7", 5: "6", 6: "5"}
"""P2: the lowest rank of the deck for 4, 5 and 6 players."""

_FRENCH_ORDER = "23456789TJQKA"


def poker_shuffle(hands: Hands, dealer: str, players: int = 5, stub: str = "") -> str:
    """The ``shuffle`` action dealing ``hands`` from ``dealer`` (every seat in play), ``stub`` next.

    With ``nocut`` after it, the deal (one card at a time from the dealer's left, P6) gives each
    seat its hand; seats not named get the unused cards in deck order. ``hands`` is a mapping or
    one line, ``"1: Jh Jd ... | 2: ..."`` (:func:`~pyapp.lessons.positions.hands_of`).
    """
    lowest = POKER_LOWEST.get(players)
    if lowest is None:
        raise PositionError("a poker table has 4 to 6 players (P1)")
    low = _FRENCH_ORDER.index(lowest)
    deck = [c.code for c in french_deck() if _FRENCH_ORDER.index(c.rank) >= low]
    labels = tuple(str(k) for k in range(1, players + 1))
    if dealer not in labels:
        raise PositionError(f"no seat {dealer!r} at a table of {players}")
    top = stub.split()
    for code in top:
        if code not in deck:
            raise PositionError(f"{code!r} is not in the deck of {players} players")
    rest = [c for c in deck if c not in top]
    cards = fill_hands(hands, labels, 5, rest)
    d = labels.index(dealer)
    order = [labels[(d + k) % players] for k in range(1, players + 1)]
    dealt = [cards[who][i] for i in range(5) for who in order]
    overlap = set(top) & set(dealt)
    if overlap:
        raise PositionError(f"stub cards also dealt: {' '.join(sorted(overlap))}")
    leftover = [c for c in rest if c not in dealt]
    return "shuffle " + " ".join(dealt + top + leftover)


def poker_deal(
    hands: Hands,
    dealer: str = "5",
    seat: str = "1",
    stub: str = "",
    options: Mapping[str, str | int] | None = None,
) -> Position:
    """Poker: the lot for ``dealer``, a shuffle dealing ``hands`` (:func:`poker_shuffle`) with
    ``stub`` next on top of the remaining deck, and no cut.

    ``options`` are the table's (``players`` 5 by default); the opening round is next, the
    dealer's left speaking first.
    """
    opts = dict(options or {})
    players = int(opts.get("players", 5))
    history = (f"dealer {dealer}", poker_shuffle(hands, dealer, players, stub), "nocut")
    return Position("poker", history, seat, opts)
