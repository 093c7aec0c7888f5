"""One snapshot shape for the trick-taking games, which the shared trick-taking table draws.

A trick-taking game's package makes it from its state and a view (its spec's ``tricks``), asking
its own engine who holds the trick::

    {"deck": "it", "total": 10, "number": 3,            # trick in progress (None between hands)
     "current": [{"seat": "E", "card": "3d"}, ...],     # cards on the table, in playing order
     "leader": "E", "led_suit": "d", "winning": "E",    # who leads it, its suit, who holds it so far
     "last": {"number": 2, "leader": "S", "winner": "N", "cards": [...]} | None,
     "history": [same as last, for every trick the viewer may review]}

This module holds the shape and the helpers that read the engines' trick records into it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict


class TrickCard(TypedDict):
    """One card of a trick and the seat that played it."""

    seat: str
    card: str


class Trick(TypedDict):
    """A trick played: its number in the hand, who led, who took it, its cards in playing order."""

    number: int
    leader: str | None
    winner: str | None
    cards: list[TrickCard]


class Tricks(TypedDict):
    """The trick-taking part of a table snapshot (``snapshot["tricks"]``)."""

    deck: str
    total: int
    """Tricks in a hand."""
    number: int | None
    """The trick in progress (``None`` between hands)."""
    current: list[TrickCard]
    leader: str | None
    led_suit: str | None
    winning: str | None
    """The seat holding the trick so far (the engine's rule)."""
    last: Trick | None
    history: list[Trick]


def entries(cards: Sequence[Any]) -> list[TrickCard]:
    """Trick cards from an engine's view: ``{"seat", "card"}`` entries or ``[seat, card]`` pairs."""
    out: list[TrickCard] = []
    for entry in cards:
        if isinstance(entry, Mapping):
            out.append({"seat": str(entry["seat"]), "card": str(entry["card"])})
        else:
            seat, card = entry
            out.append({"seat": str(seat), "card": str(card)})
    return out


def trick(record: Mapping[str, Any], number: int) -> Trick:
    """A trick record of an engine's view (``leader``, ``winner``, ``cards``) as numbered :class:`Trick`."""
    cards = entries(record.get("cards") or [])
    return {
        "number": number,
        "leader": record.get("leader") or (cards[0]["seat"] if cards else None),
        "winner": record.get("winner"),
        "cards": cards,
    }


def history(view: Mapping[str, Any]) -> list[Trick]:
    """Every trick the view lets its seat review, numbered from 1."""
    return [trick(t, k + 1) for k, t in enumerate(view.get("tricks") or [])]


def shape(
    view: Mapping[str, Any], deck: str, total: int, number: int | None, holder: str | None
) -> tuple[Tricks, list[Trick]]:
    """The trick shape of a game's ``view``: the trick on the table (``number``, held so far by
    ``holder``, as the game's engine says), the last trick (numbered ``number - 1``, or after the
    tricks reviewed) and every trick reviewed. The game fills in what is its own (the suit led)."""
    current = entries(view.get("trick") or [])
    done = history(view)
    last = view.get("last_trick")
    last_number = number - 1 if number else len(done)
    out: Tricks = {
        "deck": deck,
        "total": total,
        "number": number,
        "current": current,
        "leader": current[0]["seat"] if current else None,
        "led_suit": current[0]["card"][1] if current else None,
        "winning": holder,
        "last": trick(last, last_number) if last else None,
        "history": done,
    }
    return out, done
