"""A Minitrick computer player: the highest card that takes the trick, else the lowest."""

from __future__ import annotations

import random

from pyapp.core import Bot, InfoState
from tests.games.toy.rules import Play, parse, trick_winner


class HighCardBot(Bot):
    """Leads its highest card; follows with the highest card that wins, else its lowest."""

    name = "minitrick-high"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        cards = sorted(v.card for v in map(parse, info.legal) if isinstance(v, Play))
        trick = [parse(c["card"]) for c in info.view["trick"]]
        if not trick:
            return str(Play(cards[-1]))
        led = [v.card for v in trick if isinstance(v, Play)]
        winners = [c for c in cards if trick_winner(0, [*led, c]) == 1]
        return str(Play(winners[-1] if winners else cards[0]))
