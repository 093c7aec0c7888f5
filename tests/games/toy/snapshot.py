"""The trick shape of a Minitrick table snapshot (its spec's ``tricks``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.core import GameState
from pyapp.tricks import Tricks, shape
from tests.games.toy.rules import TRICKS, MinitrickState


def tricks(state: GameState, view: Mapping[str, Any]) -> Tricks:
    """The trick on the table (its holder by the engine), the last trick and the hand's tricks."""
    assert isinstance(state, MinitrickState)
    holder = state.winning_seat()
    number = len(view.get("tricks") or []) + 1 if view.get("phase") == "play" else None
    return shape(view, "it", TRICKS, number, None if holder is None else state.seat_label(holder))[0]
