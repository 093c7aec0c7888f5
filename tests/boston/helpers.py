"""Arranged deals and small builders shared by the Boston tests."""

from __future__ import annotations

from pyapp.boston.rules import SEAT_INDEX, BostonState, shuffle_for_hands

# Hands by seat N, E, S, W. In every deal N deals, so N's last card (2s) is turned: spades trump,
# the Boston is the Jd. E (the dealer's left) bids first and leads the first trick.
DEAL1 = (
    "Ah Kh Qh Jh Ac Kc Qc Ad Kd As Ks Qs 2s",
    "Js Ts 9s Th 9h 8h 7h Jc Tc 9c Qd Td 9d",
    "8s 7s 6s 5s 4s 3s 6h 5h 8c 7c 8d 7d 6d",
    "Jd 4h 3h 2h 6c 5c 4c 3c 2c 5d 4d 3d 2d",  # W: the Boston is his only trump
)
DEAL2 = (  # DEAL1 with the Jd and the 9d swapped: E holds the Boston and leads
    "Ah Kh Qh Jh Ac Kc Qc Ad Kd As Ks Qs 2s",
    "Js Ts 9s Th 9h 8h 7h Jc Tc 9c Qd Td Jd",
    "8s 7s 6s 5s 4s 3s 6h 5h 8c 7c 8d 7d 6d",
    "9d 4h 3h 2h 6c 5c 4c 3c 2c 5d 4d 3d 2d",
)
DEAL3 = (  # W holds the Jd and no other diamond; S has no hearts
    "Ah Kh Qh Jh Ac Kc Qc Ad Kd As Ks Qs 2s",
    "Js Ts 9s Th 9h 8h 7h Jc Tc 9c Qd Td 9d",
    "8s 7s 6s 5s 4s 3s 8d 7d 6d 5d 4d 3d 2d",
    "Jd 6h 5h 4h 3h 2h 6c 5c 4c 3c 2c 8c 7c",
)


def dealt(hands: tuple[str, ...], dealer: str = "N", **options: str) -> BostonState:
    """A game whose first hand is ``hands`` (by seat N E S W) dealt by ``dealer``."""
    state = BostonState(**options)
    state.apply(f"dealer {dealer}")
    state.apply(shuffle_for_hands([h.split() for h in hands], SEAT_INDEX[dealer]))
    return state


def at_play(
    hands: tuple[str, ...], bids: tuple[str, ...] = ("solo",), dealer: str = "N", **options: str
) -> BostonState:
    """``dealt`` followed by ``bids`` (by default the first speaker says SOLO)."""
    state = dealt(hands, dealer, **options)
    for bid in bids:
        state.apply(bid)
    return state


def play(state: BostonState, cards: str) -> BostonState:
    """Apply the space-separated ``cards`` (or bids) in order; return the state."""
    for action in cards.split():
        state.apply(action)
    return state
