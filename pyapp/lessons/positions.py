"""Builders of lesson positions: the record that deals the hands a lesson wants.

Each builder returns a :class:`~pyapp.lessons.model.Position` whose history is the real start of
a game in the ordinary notation (the lot, a ``shuffle`` that deals exactly the given hands, the
cut), so it replays on the engine like any record. Hands not given get the remaining cards in
canonical deck order: no random numbers, the same record every time.

* :func:`tressette_deal` -- ``hands`` by seat (``{"S": "3d 2d Ad ..."}``), dealer N or E;
* :func:`boston_deal` -- ``hands`` by seat, the dealer and the turned trump card;
* :func:`poker_deal` -- ``hands`` by seat label (``{"1": "Ah Ad ..."}``), the dealer and the
  table options (``players=5`` ...).
"""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.cards import french_deck, italian_deck
from pyapp.core import COMPASS
from pyapp.lessons.model import Position

TRESSETTE_SEATS = COMPASS
BOSTON_SEATS = COMPASS

_TRESSETTE_LOTS = {"N": "draw 3d 4c", "E": "draw 4c 3d"}
"""T3: the lot's two cards (N's then E's); the higher in trick order deals the first hand."""


class PositionError(ValueError):
    """A builder was given hands that cannot be dealt (a card twice, too many cards...)."""


def _fill(
    given: Mapping[str, str], seats: tuple[str, ...], size: int, deck: list[str]
) -> dict[str, list[str]]:
    """Every seat's cards: the given ones, the others from the unused cards in deck order."""
    hands = {seat: given[seat].split() for seat in given}
    for seat in hands:
        if seat not in seats:
            raise PositionError(f"unknown seat {seat!r}")
        if len(hands[seat]) > size:
            raise PositionError(f"seat {seat} gets {len(hands[seat])} cards, at most {size}")
    used = [c for cards in hands.values() for c in cards]
    for code in used:
        if code not in deck:
            raise PositionError(f"{code!r} is not a card of this deck")
        if used.count(code) > 1:
            raise PositionError(f"{code} is given twice")
    spare = [c for c in deck if c not in used]
    out: dict[str, list[str]] = {}
    for seat in seats:
        cards = hands.get(seat, [])
        missing = size - len(cards)
        out[seat] = cards + spare[:missing]
        spare = spare[missing:]
    return out


def tressette_deal(
    hands: Mapping[str, str],
    dealer: str = "E",
    seat: str = "S",
    options: Mapping[str, str | int] | None = None,
) -> Position:
    """Tressette: the lot making ``dealer`` (N or E) deal, a shuffle dealing ``hands``, no cut.

    The deal (T5) gives 5 + 5 cards counter-clockwise from the dealer's right; the dealer's right
    leads (T7): W when N deals, N when E deals. Play is the next action.
    """
    if dealer not in _TRESSETTE_LOTS:
        raise PositionError("the first hand of a match is dealt by N or E (T3)")
    deck = [c.code for c in italian_deck()]
    cards = _fill(hands, TRESSETTE_SEATS, 10, deck)
    d = TRESSETTE_SEATS.index(dealer)
    order = [TRESSETTE_SEATS[(d + k) % 4] for k in (3, 2, 1, 0)]
    shuffled: list[str] = []
    for batch in range(2):
        for who in order:
            shuffled += cards[who][5 * batch : 5 * batch + 5]
    history = (_TRESSETTE_LOTS[dealer], "shuffle " + " ".join(shuffled), "nocut")
    return Position("tressette", history, seat, dict(options or {}))


def boston_deal(
    hands: Mapping[str, str],
    dealer: str = "E",
    trump: str | None = None,
    seat: str = "S",
    options: Mapping[str, str | int] | None = None,
) -> Position:
    """Boston: the lot for ``dealer``, a shuffle dealing ``hands`` (3-3-3-4 from his left, B4).

    ``trump`` is the card turned up (the dealer's 13th card, B4); it must be one of the dealer's
    cards when his hand is given. The first to bid and to lead is the dealer's left (B6, B10).
    """
    deck = [c.code for c in french_deck()]
    given = dict(hands)
    if trump is not None and dealer not in given:
        # keep the turned card for the dealer: give it to him first, the rest is filled in
        given[dealer] = trump
    cards = _fill(given, BOSTON_SEATS, 13, deck)
    own = cards[dealer]
    if trump is not None:
        if trump not in own:
            raise PositionError(f"the turned card {trump} is not in the dealer's hand")
        own.remove(trump)
        own.append(trump)
    d = BOSTON_SEATS.index(dealer)
    order = [BOSTON_SEATS[(d + k) % 4] for k in (1, 2, 3, 4)]
    queues = {who: list(cards[who]) for who in BOSTON_SEATS}
    shuffled: list[str] = []
    for size in (3, 3, 3, 4):
        for who in order:
            shuffled += [queues[who].pop(0) for _ in range(size)]
    history = (f"dealer {dealer}", "shuffle " + " ".join(shuffled))
    return Position("boston", history, seat, dict(options or {}))


POKER_LOWEST = {4: "7", 5: "6", 6: "5"}
"""P2: the lowest rank of the deck for 4, 5 and 6 players."""

_FRENCH_ORDER = "23456789TJQKA"


def poker_shuffle(hands: Mapping[str, str], dealer: str, players: int = 5, stub: str = "") -> str:
    """The ``shuffle`` action dealing ``hands`` from ``dealer`` (every seat in play), ``stub`` next.

    With ``nocut`` after it, the deal (one card at a time from the dealer's left, P6) gives each
    seat its hand; seats not named get the unused cards in deck order.
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
    cards = _fill(hands, labels, 5, rest)
    d = labels.index(dealer)
    order = [labels[(d + k) % players] for k in range(1, players + 1)]
    dealt = [cards[who][i] for i in range(5) for who in order]
    overlap = set(top) & set(dealt)
    if overlap:
        raise PositionError(f"stub cards also dealt: {' '.join(sorted(overlap))}")
    leftover = [c for c in rest if c not in dealt]
    return "shuffle " + " ".join(dealt + top + leftover)


def poker_deal(
    hands: Mapping[str, str],
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


def record_position(text: str, seat: str) -> Position:
    """A position from record text (``docs/notation.md``): the header's game and options, the
    body's actions (the actor labels are left to the engine's check). No replay happens here."""
    lines = text.strip("\n").splitlines()
    game = ""
    options: dict[str, str | int] = {}
    history: list[str] = []
    body = False
    for raw in lines:
        line = raw.strip()
        if not body:
            if not line:
                body = True
            elif line.startswith("Game:"):
                game = line.partition(":")[2].strip()
            elif line.startswith("Option:"):
                name, _, value = line.partition(":")[2].strip().partition("=")
                options[name.strip()] = int(value) if value.strip().isdigit() else value.strip()
            continue
        if line and not line.startswith("#"):
            history.append(line.partition(" ")[2])
    if not game:
        raise PositionError("a record starts with its Game: line")
    return Position(game, tuple(history), seat, options)
