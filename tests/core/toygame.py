"""A tiny two-player card game used only to test the shared machinery (core, record, session).

Chance shuffles four Italian cards; each player in turn takes one card from the top two
(``take 3d``) until the deck is empty; the higher sum of ranks wins. Not part of the product.
"""

from __future__ import annotations

import random
from typing import Any

from pyapp.cards import Card, italian_deck
from pyapp.core import CHANCE, TERMINAL, GameState, IllegalAction, Option, SeatRef

CARDS = italian_deck()[:4]


class ToyState(GameState):
    """Two seats, one shuffle, alternating takes."""

    game = "toy"
    deck = "it"
    option_spec = (Option("rounds", 1, low=1, high=3), Option("style", "plain", ("plain", "fancy")))

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        self.stock: list[Card] = []
        self.taken: list[list[Card]] = [[], []]
        self.turn = CHANCE
        self.round = 0

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self.turn

    def legal_actions(self) -> list[str]:
        if self.turn < 0:
            return []
        return [f"take {c}" for c in self.stock[:2]]

    def chance_sample(self, rng: random.Random) -> str:
        cards = list(CARDS)
        rng.shuffle(cards)
        return "shuffle " + " ".join(map(str, cards))

    def verify(self, action: str) -> None:
        if self.turn == TERMINAL:
            raise IllegalAction("common.game_over")
        if self.turn == CHANCE:
            words = action.split()
            if words[:1] != ["shuffle"] or sorted(words[1:]) != sorted(map(str, CARDS)):
                raise IllegalAction("common.unknown_action", action=action)
            return
        if action not in self.legal_actions():
            raise IllegalAction("common.unknown_action", action=action)

    def _do(self, action: str) -> None:
        words = action.split()
        if self.turn == CHANCE:
            self.stock = [Card.parse(w) for w in words[1:]]
            self.turn = 0
            return
        card = Card.parse(words[1])
        self.stock.remove(card)
        self.taken[self.turn].append(card)
        if self.stock:
            self.turn = 1 - self.turn
        else:
            self.round += 1
            self.turn = TERMINAL if self.round >= self.options["rounds"] else CHANCE

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "stock": len(self.stock),
            "top": [str(c) for c in self.stock[:2]] if player is not None else [],
        }

    def result(self) -> dict[str, Any]:
        return {"sums": self.returns()}

    def returns(self) -> list[float]:
        return [float(sum(c.rank_index for c in cards)) for cards in self.taken]

    def not_your_turn(self, player: int) -> IllegalAction:
        return IllegalAction("common.not_your_turn", player=SeatRef("N" if player == 0 else "S"))
