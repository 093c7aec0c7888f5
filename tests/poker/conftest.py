"""Helpers for the Poker all'italiana tests: tables with chosen hands."""

from __future__ import annotations

import pytest

from pyapp.poker.rules import PokerState


def stacked(state: PokerState, hands: dict[str, str], stub: str = "") -> str:
    """A ``shuffle`` action giving each seat the five cards in ``hands`` (no cut), then ``stub``.

    Seats not named get the leftover cards; the stub order after the named cards is canonical.
    """
    n = state.n
    order = [((state.dealer + i) % n) for i in range(1, n + 1)]
    order = [q for q in order if state.seated[q]]
    named = {state.seat_of(k): v.split() for k, v in hands.items()}
    used = {c for v in named.values() for c in v} | set(stub.split())
    spare = [c.code for c in state.cards if c.code not in used]
    for q in order:
        if q not in named:
            named[q], spare = spare[:5], spare[5:]
    deck = [named[q][i] for i in range(5) for q in order] + stub.split() + spare
    assert len(deck) == len(state.cards) and len(set(deck)) == len(deck)
    return "shuffle " + " ".join(deck)


def play(state: PokerState, *actions: str) -> PokerState:
    """Apply each action (``"3 open 6"`` names the actor to check the turn; ``"* ..."`` chance)."""
    for text in actions:
        label, _, action = text.partition(" ")
        assert state.seat_label(state.current_player()) == label, (text, state.current_player())
        state.apply(action)
    return state


@pytest.fixture
def table():
    """Factory: a table after ``dealer``, a stacked shuffle and ``nocut`` (opening round begins)."""

    def make(hands: dict[str, str], stub: str = "", dealer: str = "5", **options) -> PokerState:
        state = PokerState(**options)
        state.apply(f"dealer {dealer}")
        state.apply(stacked(state, hands, stub))
        state.apply("nocut")
        return state

    return make
