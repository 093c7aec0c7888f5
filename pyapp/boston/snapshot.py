"""What a Boston table snapshot adds (its spec's ``tricks``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.boston.rules import BostonState
from pyapp.core import GameState
from pyapp.tricks import Tricks, entries, history, trick


def tricks(state: GameState, view: Mapping[str, Any]) -> Tricks:
    """The trick-taking shape of ``view``, ``state``'s view of one seat (:mod:`pyapp.tricks`)."""
    assert isinstance(state, BostonState)
    current = entries(view.get("trick") or [])
    done = history(view)
    last = view.get("last_trick")
    holder = state.winning_seat()
    return {
        "deck": "fr",
        "total": 13,
        "number": len(done) + 1 if view.get("phase") == "play" else None,
        "current": current,
        "leader": current[0]["seat"] if current else None,
        "led_suit": view.get("led_suit") if current else None,
        "winning": state.seat_label(holder) if holder is not None else None,
        "last": trick(last, len(done)) if last else None,
        "history": done,
    }
