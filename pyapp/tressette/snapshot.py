"""What a Tressette table snapshot adds (its spec's ``extras`` and ``tricks``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pyapp.core import GameState
from pyapp.tressette.actions import Play
from pyapp.tressette.declarations import canonical_declaration, truthful_declarations
from pyapp.tressette.rules import TressetteState
from pyapp.tricks import Tricks, shape


def extras(state: GameState, seat: int | None) -> dict[str, Any]:
    """For a human about to lead: the truthful declarations of each card and the canonical one."""
    assert isinstance(state, TressetteState)
    if seat is None or state.current_player() != seat:
        return {}
    calls: dict[str, dict[str, Any]] = {}
    for value in state.legal_values():
        if isinstance(value, Play) and not value.calls:
            card = str(value)
            tokens = truthful_declarations(state, card)
            if tokens:
                calls[card] = {"calls": tokens, "canonical": canonical_declaration(state, card)}
    return {"declarations": calls}


def tricks(state: GameState, view: Mapping[str, Any]) -> Tricks:
    """The trick-taking shape of ``view``, ``state``'s view of one seat (:mod:`pyapp.tricks`)."""
    assert isinstance(state, TressetteState)
    holder = state.winning_seat()
    out, done = shape(
        view, "it", 10, view.get("trick_number"), None if holder is None else state.seat_label(holder)
    )
    if out["last"] is not None and not out["number"] and not done:
        out["last"]["number"] = 10
    return out
