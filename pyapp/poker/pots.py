"""Pots of one poker hand: the main pot, the side pots and who may take each (P3, P15, P17).

Pure functions of the chips put in; :class:`~pyapp.poker.rules.PokerState` calls them at the
showdown and for its views. A player all'altezza (all-in, P3) can win from each opponent at most
what he put in himself, so the chips are cut in *levels*: one pot per distinct contribution of a
player still in the hand, each open to the live players who reached that level.

* Every chip put in is in exactly one pot: ``sum(amounts) == dead + sum(contrib)``.
* Dead money (the carried pot, the dealer's extra uscita) goes to the main pot.
* Chips of folded players above the highest live level (never the case in a played hand, where
  the last bet is always matched or folded to) go to the last pot.
* A bet nobody matched (an *uncalled* bet) is a last pot whose only claimant is the bettor: he
  takes it back.
* Adjacent pots with the same claimants are one pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """One pot: its chips and the seats that may win it (live players, in seat order)."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(contrib: Sequence[int], live: Sequence[int], dead: int = 0) -> list[Pot]:
    """The main pot first, then the side pots, for chips ``contrib`` put in by each seat.

    ``live`` lists the seats still contesting the hand (dealt in, not folded) in seat order;
    ``dead`` is money in the middle that belongs to nobody's share (it goes to the main pot).
    Without live seats there is no pot.
    """
    levels = sorted({contrib[q] for q in live})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contrib)
        pots.append(Pot(amount, tuple(q for q in live if contrib[q] >= level)))
        prev = level
    if pots:
        rest = sum(contrib) - sum(p.amount for p in pots)
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
    merged: list[Pot] = []
    for pot in pots:
        if merged and merged[-1].eligible == pot.eligible:
            merged[-1] = Pot(merged[-1].amount + pot.amount, pot.eligible)
        else:
            merged.append(pot)
    return merged


def pot_winner(pot: Pot, shown: Mapping[int, int]) -> int:
    """Who takes ``pot``: the best hand shown among its claimants (``shown``: seat -> hand key;
    keys never tie, P17). A pot nobody claims by showing goes to its claimants, the best first
    (one claimant: a pot won uncalled, or a bet nobody matched)."""
    claimants = [q for q in pot.eligible if q in shown] or list(pot.eligible)
    if len(claimants) == 1:
        return claimants[0]
    return max(claimants, key=lambda q: shown.get(q, -1))
