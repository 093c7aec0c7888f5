"""The trick shape of a Minitrick table snapshot (its spec's ``tricks``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.core import GameState
from pyapp.tricks import Tricks, entries, history, trick
from tests.games.toy.rules import TRICKS, MinitrickState


def tricks(state: GameState, view: Mapping[str, Any]) -> Tricks:
    """The trick on the table (its holder by the engine), the last trick and the hand's tricks."""
    assert isinstance(state, MinitrickState)
    current = entries(view.get("trick") or [])
    done = history(view)
    last = view.get("last_trick")
    holder = state.winning_seat()
    return {
        "deck": "it",
        "total": TRICKS,
        "number": len(done) + 1 if view.get("phase") == "play" else None,
        "current": current,
        "leader": current[0]["seat"] if current else None,
        "led_suit": current[0]["card"][1] if current else None,
        "winning": state.seat_label(holder) if holder is not None else None,
        "last": trick(last, len(done)) if last else None,
        "history": done,
    }
