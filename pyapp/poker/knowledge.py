"""What each seat knows of a hand's shuffles: the masking of poker's public history.

A shuffle or reshuffle is recorded whole (``shuffle 7c Qh ...``), but a seat knows the place of
only some of its cards: those dealt or served to it, the hands shown at the showdown, and the
openers shown at the end of the hand (P15). The state keeps, per hand, a small
:class:`HandTrace` of public facts (the cut, the deal order, who was served each card from the
stub, who showed what); :func:`known_positions` rebuilds from it, on demand, which tokens of each
chance action a seat may see. Applying actions stays cheap; the work is done only when an
information state is asked for (computer players), once per finished hand and seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from pyapp.core import CHANCE, HIDDEN

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState

RESHUFFLED = -1
"""In :attr:`HandTrace.served`: the stub ran out and the next chance action of the hand (a
reshuffle) became the stub."""


class HandTrace(NamedTuple):
    """The public course of one hand, enough to place every card a seat saw (all plain tuples)."""

    chance: tuple[int, ...]
    """History indices of the hand's shuffle, then of its reshuffles in order."""
    cut: int
    """How many cards the cut moved from the top to the bottom (0: no cut)."""
    order: tuple[int, ...]
    """The seats dealt in, from the dealer's left (empty before the deal)."""
    served: tuple[int, ...]
    """For every card served from the stub at the draw, in order, the seat served;
    :data:`RESHUFFLED` where the discards were reshuffled into a new stub."""
    shown: tuple[tuple[int, tuple[str, ...]], ...]
    """Each showdown ``show``: the seat and the codes of the cards shown."""
    opener: int
    """The opener (``-1``: nobody opened)."""
    openers: tuple[str, ...]
    """The openers shown at the end of the hand (empty while the hand is on)."""


def known_positions(trace: HandTrace, history: Sequence[str], seat: int) -> dict[int, set[int]]:
    """For each chance action of the hand (history index), the token indices ``seat`` may see
    (1 = the first card code after the verb)."""
    known: dict[int, set[int]] = {i: set() for i in trace.chance}
    if not trace.chance or not trace.order:
        return known
    shuffle_at = trace.chance[0]
    codes = history[shuffle_at].split(" ")[1:]
    size = len(codes)
    received: dict[int, list[tuple[str, int, int]]] = {q: [] for q in trace.order}
    dealt = 5 * len(trace.order)
    for j in range(dealt):  # one card at a time from the dealer's left (P6), after the cut
        token = (j + trace.cut) % size + 1
        received[trace.order[j % len(trace.order)]].append((codes[token - 1], shuffle_at, token))
    source, source_codes, top = shuffle_at, codes, dealt
    reshuffles = iter(trace.chance[1:])
    for q in trace.served:
        if q == RESHUFFLED:
            source = next(reshuffles)
            source_codes = history[source].split(" ")[1:]
            top = 0
            continue
        if source == shuffle_at:
            token = (top + trace.cut) % size + 1
        else:
            token = top + 1
        top += 1
        received.setdefault(q, []).append((source_codes[token - 1], source, token))
    for _, at, token in received.get(seat, ()):
        known[at].add(token)
    for shower, cards in trace.shown:  # where the shower got each card he shows (the latest time)
        latest = {code: (at, token) for code, at, token in received.get(shower, ())}
        for code in cards:
            at, token = latest[code]
            known[at].add(token)
    if trace.openers:  # the openers were dealt to the opener
        first: dict[str, tuple[int, int]] = {}
        for code, at, token in received.get(trace.opener, ()):
            first.setdefault(code, (at, token))
        for code in trace.openers:
            at, token = first[code]
            known[at].add(token)
    return known


def masked(action: str, visible: set[int]) -> str:
    """A chance action with every card code masked but those at the ``visible`` token indices."""
    verb, *codes = action.split(" ")
    return " ".join([verb, *(c if k in visible else HIDDEN for k, c in enumerate(codes, 1))])


def public_history(s: PokerState, seat: int) -> tuple[tuple[int, str], ...]:
    """The history as ``seat`` knows it (docs/notation/poker.md): the lot, cuts, bets and buy-ins
    are public; another seat's ``draw`` shows how many cards he changed, not which (``draw ? ?``),
    the seat's own draws are shown in full; in a ``shuffle`` or ``reshuffle`` every card is masked
    (``?``) but those the seat knows where they were: the cards dealt or served to it, the hands
    shown at the showdown and the openers shown at the end (P15)."""
    if not 0 <= seat < s.n:
        return tuple(s.public_log)
    seen = s.seen_by[seat]  # brought up to date: a cache, nothing observable changes
    seen.extend(s.public_log[len(seen) :])
    draws = s.own_draws[seat]
    for i in draws[s.seen_draws[seat] :]:
        seen[i] = (seat, s.history[i])
    s.seen_draws[seat] = len(draws)
    for past in s.finished_hands[s.seen_hands[seat] :]:
        for i, visible in known_positions(past, s.history, seat).items():
            seen[i] = (CHANCE, masked(s.history[i], visible))
    s.seen_hands[seat] = len(s.finished_hands)
    if not s.hand_chance:
        return tuple(seen)
    out = list(seen)
    for i, visible in known_positions(trace(s, final=False), s.history, seat).items():
        out[i] = (CHANCE, masked(s.history[i], visible))
    return tuple(out)


def trace(s: PokerState, final: bool) -> HandTrace:
    """The public course of the current hand; the openers only once it is over (P15)."""
    openers = tuple(c.code for c in s.opener_cards) if final else ()
    return HandTrace(
        tuple(s.hand_chance),
        s.cut_depth,
        s.dealt_order,
        tuple(s.served_to),
        tuple(s.shown_hands),
        s.opener,
        openers,
    )


def forget(s: PokerState, seat: int) -> None:
    """A new player sits in ``seat`` (P4): he knows only what is public."""
    s.seen_by[seat] = list(s.public_log)
    s.seen_draws[seat] = len(s.own_draws[seat])
    s.seen_hands[seat] = len(s.finished_hands)
