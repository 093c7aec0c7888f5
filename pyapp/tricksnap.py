"""One snapshot shape for the trick-taking games (Tressette, Boston), made from an engine view.

The engines describe tricks their own way (Tressette ``{"seat", "card"}`` entries, Boston
``[seat, card]`` pairs); :func:`trick_snapshot` turns either view into the shape the shared
trick-taking table draws::

    {"deck": "it", "total": 10, "number": 3,            # trick in progress (None between hands)
     "current": [{"seat": "E", "card": "3d"}, ...],     # cards on the table, in playing order
     "leader": "E", "led_suit": "d", "winning": "E",    # who leads it, its suit, who wins it so far
     "last": {"number": 2, "leader": "S", "winner": "N", "cards": [...]} | None,
     "history": [same as last, for every trick the viewer may review]}

``winning`` is computed from public cards only, with the game's rule (Tressette: the highest
card of the suit led; Boston B10: the Boston, else the highest trump, else the highest of the
suit led). Pure standard library: the session adds it to every snapshot.
"""

from __future__ import annotations

from typing import Any

TRESSETTE_STRENGTH = "4567FCRA23"
"""Tressette trick order from weakest to strongest (T9): 4 5 6 7 F C R A 2 3."""
FRENCH_RANKS = "23456789TJQKA"


def _entries(cards: list[Any]) -> list[dict[str, str]]:
    out = []
    for entry in cards:
        if isinstance(entry, dict):
            out.append({"seat": str(entry["seat"]), "card": str(entry["card"])})
        else:
            seat, card = entry
            out.append({"seat": str(seat), "card": str(card)})
    return out


def _trick(record: dict[str, Any], number: int) -> dict[str, Any]:
    cards = _entries(record.get("cards") or [])
    return {
        "number": number,
        "leader": record.get("leader") or (cards[0]["seat"] if cards else None),
        "winner": record.get("winner"),
        "cards": cards,
    }


def tressette_winning(cards: list[dict[str, str]]) -> str | None:
    """The seat winning the Tressette trick ``cards`` so far: the highest card of the suit led."""
    if not cards:
        return None
    led = cards[0]["card"][1]
    best = max(
        (c for c in cards if c["card"][1] == led), key=lambda c: TRESSETTE_STRENGTH.index(c["card"][0])
    )
    return best["seat"]


def boston_led_suit(card: str, trump: str | None, boston: str | None, natural: bool) -> str:
    """The suit a Boston card counts as (B3: the Boston is a trump unless the natural option)."""
    if card == boston and trump and not natural:
        return trump
    return card[1]


def boston_winning(
    cards: list[dict[str, str]], trump: str | None, boston: str | None, natural: bool
) -> str | None:
    """The seat winning the Boston trick ``cards`` so far (B10)."""
    if not cards:
        return None
    led = boston_led_suit(cards[0]["card"], trump, boston, natural)
    best_seat, best = None, -1
    for entry in cards:
        card = entry["card"]
        if card == boston:
            return entry["seat"]
        if trump and card[1] == trump:
            value = 100 + FRENCH_RANKS.index(card[0])
        elif boston_led_suit(card, trump, boston, natural) == led:
            value = FRENCH_RANKS.index(card[0])
        else:
            continue
        if value > best:
            best_seat, best = entry["seat"], value
    return best_seat


def trick_snapshot(game: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """The trick-taking shape of ``view`` (``None`` for a game without tricks)."""
    if game == "tressette":
        current = _entries(view.get("trick") or [])
        number = view.get("trick_number")
        history = [_trick(t, k + 1) for k, t in enumerate(view.get("tricks") or [])]
        last = view.get("last_trick")
        last_number = (number - 1) if number else len(history) or 10
        winning = tressette_winning(current)
        led = current[0]["card"][1] if current else None
        return {
            "deck": "it",
            "total": 10,
            "number": number,
            "current": current,
            "leader": current[0]["seat"] if current else None,
            "led_suit": led,
            "winning": winning,
            "last": _trick(last, last_number) if last else None,
            "history": history,
        }
    if game == "boston":
        current = _entries(view.get("trick") or [])
        history = [_trick(t, k + 1) for k, t in enumerate(view.get("tricks") or [])]
        trump, boston = view.get("trump_suit"), view.get("boston")
        natural = (view.get("options") or {}).get("boston_suit") == "natural"
        playing = view.get("phase") == "play"
        last = view.get("last_trick")
        return {
            "deck": "fr",
            "total": 13,
            "number": len(history) + 1 if playing else None,
            "current": current,
            "leader": current[0]["seat"] if current else None,
            "led_suit": boston_led_suit(current[0]["card"], trump, boston, natural) if current else None,
            "winning": boston_winning(current, trump, boston, natural),
            "last": _trick(last, len(history)) if last else None,
            "history": history,
        }
    return None
