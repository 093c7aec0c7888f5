"""Helpers for the Tressette tests: build shuffles that deal chosen hands, play scripted hands."""

from __future__ import annotations

import random

from pyapp.core import RandomBot
from pyapp.tressette import CODES, SEAT_LABELS
from pyapp.tressette.rules import TressetteState

DRAW_N_DEALS = "draw 3d 4c"
"""Lot won by N (the 3 beats the 4): N deals, W is di mano, E cuts."""

DRAW_E_DEALS = "draw 4c 3d"
"""Lot won by E: E deals, N is di mano (leads first), S cuts."""


def shuffle_for(hands: dict[str, str], dealer: int) -> str:
    """The ``shuffle`` action that, with ``nocut``, deals ``hands`` (label -> 10 codes) from ``dealer``."""
    order = ((dealer + 3) % 4, (dealer + 2) % 4, (dealer + 1) % 4, dealer)
    cards = {label: text.split() for label, text in hands.items()}
    given = [c for cs in cards.values() for c in cs]
    rest = [c for c in CODES if c not in given]
    for label in SEAT_LABELS:
        if label not in cards:
            cards[label], rest = rest[:10], rest[10:]
    assert all(len(cs) == 10 for cs in cards.values()), cards
    deck: list[str] = []
    for r in range(2):
        for seat in order:
            deck += cards[SEAT_LABELS[seat]][5 * r : 5 * r + 5]
    assert sorted(deck) == sorted(CODES)
    return "shuffle " + " ".join(deck)


def deal(hands: dict[str, str], draw: str = DRAW_E_DEALS, **options: str | int) -> TressetteState:
    """A fresh match after the lot, a shuffle dealing ``hands`` and ``nocut``: play is next."""
    state = TressetteState(**options)
    state.apply(draw)
    dealer = SEAT_LABELS.index(state.view(None)["dealer"])
    state.apply(shuffle_for(hands, dealer))
    state.apply("nocut")
    return state


CAPPOTTO_HANDS = {
    # one partner holds every 3, 2, A, R, C of denari and coppe, the other of spade and bastoni
    0: ("3d 2d Ad Rd Cd 3c 2c Ac Rc Cc", "3s 2s As Rs Cs 3b 2b Ab Rb Cb"),
    1: ("3d 2d Ad Rd Cd 3c 2c Ac Rc Cc", "3s 2s As Rs Cs 3b 2b Ab Rb Cb"),
}


def cappotto_shuffle(state: TressetteState, team: int) -> str:
    """A shuffle (for the state's dealer) giving ``team`` (0 NS, 1 EW) every card that beats the others."""
    a, b = CAPPOTTO_HANDS[team]
    seats = (0, 2) if team == 0 else (1, 3)
    dealer = SEAT_LABELS.index(state.view(None)["dealer"])
    return shuffle_for({SEAT_LABELS[seats[0]]: a, SEAT_LABELS[seats[1]]: b}, dealer)


def play_hand(state: TressetteState, rng: random.Random | None = None, shuffle: str | None = None) -> None:
    """Shuffle (``shuffle`` or a random one), decline the cut, play the hand out with random players."""
    rng = rng or random.Random(0)
    bot = RandomBot()
    if state.phase() in ("shuffle", "hand_over"):
        state.apply(shuffle or state.chance_sample(rng))
    if state.phase() == "cut":
        state.apply("nocut")
    start = len(state.result()["hands"])
    while len(state.result()["hands"]) == start:
        state.apply(bot.choose(state.info_state(state.current_player()), rng))
