"""The draw (P11, P12): survivors change cards in turn, served from the stub, the discards
reshuffled when it runs out; the state machine of :mod:`pyapp.poker.rules` calls these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyapp.core import CHANCE
from pyapp.poker.actions import PokerAction
from pyapp.poker.phases import DRAW, RESHUFFLE

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState


def start(s: PokerState) -> None:
    """P11: survivors change cards in turn from the dealer's left."""
    s.round_bet = [0] * s.n
    s.current_bet = 0
    s.raises = 0
    s.draw_order = [q for q in (((s.dealer + i) % s.n) for i in range(1, s.n + 1)) if q in s.live()]
    s.draw_index = 0
    s.set_phase(DRAW, s.draw_order[0])


def play(s: PokerState, p: int, act: PokerAction) -> None:
    """Seat ``p`` serves (stands pat) or draws ``act.cards``; the stub serves what is owed."""
    if act.verb == "serve":
        s.draws[p] = 0
        s.last[p] = "serve"
        s.log.append([s.seat_label(p), "serve"])
    else:
        cards = act.cards
        s.draws[p] = len(cards)
        s.last[p] = f"draw {len(cards)}"
        s.log.append([s.seat_label(p), f"draw {len(cards)}"])
        for c in cards:
            s.hand[p].remove(c)
            if p == s.opener and c in s.opener_cards:
                s.aside.append(c)  # P12: split openers are kept apart
            else:
                s.pool.append((p, c))
        s.serve_queue.append((p, 3 if len(cards) == 4 else len(cards)))
        if len(cards) == 4:
            s.later.append((p, 1))
    s.draw_index += 1
    if s.draw_index >= len(s.draw_order):
        s.serve_queue += s.later
        s.later = []
    serve(s)


def serve(s: PokerState) -> None:
    """Automation: deal the cards owed from the stub; reshuffle the discards when it runs out."""
    while s.serve_queue:
        q, k = s.serve_queue[0]
        while k and s.stub:
            s.hand[q].append(s.stub.pop(0))
            s.served_to.append(q)
            k -= 1
        if k:
            s.serve_queue[0] = (q, k)
            # P11: the discards, except the player's own still to be served, are reshuffled.
            s.reshuffle_cards = [c for owner, c in s.pool if owner != q]
            s.pool = [(owner, c) for owner, c in s.pool if owner == q]
            s.set_phase(RESHUFFLE, CHANCE)
            return
        s.serve_queue.pop(0)
    if s.draw_index < len(s.draw_order):
        s.set_phase(DRAW, s.draw_order[s.draw_index])
        return
    s.set_phase(DRAW, s.current_player())
    s.start_second_round()
