"""Lesson positions: the record that deals the hands a lesson wants, and positions from records.

Each game's deal builder (``pyapp/<game>/deals.py``) returns a
:class:`~pyapp.lessons.model.Position` whose history is the real start of a game in the
ordinary notation (the lot, a ``shuffle`` that deals exactly the given hands, the cut), so it
replays on the engine like any record. Hands not given get the remaining cards in canonical deck
order (:func:`fill_hands`): no random numbers, the same record every time.
"""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.lessons.model import Position


class PositionError(ValueError):
    """A builder was given hands that cannot be dealt (a card twice, too many cards...)."""


Hands = Mapping[str, str] | str
"""The hands a lesson gives, by seat: ``{"S": "Ac 2s ...", ...}`` or one line ``"S: Ac 2s ... | E: ..."``."""


def hands_of(given: Hands) -> dict[str, str]:
    """The hands by seat, from a mapping or from one line of ``seat: cards`` parts split by ``|``."""
    if not isinstance(given, str):
        return dict(given)
    out: dict[str, str] = {}
    for part in given.split("|"):
        seat, colon, cards = part.partition(":")
        seat = seat.strip()
        if not colon or not seat:
            raise PositionError(f"{part.strip()!r} is not 'seat: cards'")
        if seat in out:
            raise PositionError(f"seat {seat} is given twice")
        out[seat] = " ".join(cards.split())
    return out


def fill_hands(given: Hands, seats: tuple[str, ...], size: int, deck: list[str]) -> dict[str, list[str]]:
    """Every seat's cards: the given ones, the others from the unused cards in deck order."""
    hands = {seat: cards.split() for seat, cards in hands_of(given).items()}
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
