"""What a Boston table snapshot adds (its spec's ``tricks``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.boston.rules import BostonState
from pyapp.core import GameState
from pyapp.tricks import Tricks, shape


def tricks(state: GameState, view: Mapping[str, Any]) -> Tricks:
    """The trick-taking shape of ``view``, ``state``'s view of one seat (:mod:`pyapp.tricks`)."""
    assert isinstance(state, BostonState)
    holder = state.winning_seat()
    label = None if holder is None else state.seat_label(holder)
    playing = view.get("phase") == "play"
    out, _ = shape(view, "fr", 13, len(view.get("tricks") or []) + 1 if playing else None, label)
    out["led_suit"] = view.get("led_suit") if out["current"] else None
    return out
