"""A tiny two-player card game used only to test the shared machinery (core, record, session).

Chance shuffles four Italian cards; each player in turn takes one card from the top two
(``take 3d``) until the deck is empty; the higher sum of ranks wins. Not part of the product.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyapp.cards import Card, CardError, italian_deck
from pyapp.core import (
    CHANCE,
    TERMINAL,
    GameState,
    IllegalAction,
    Option,
    permutation_rank,
    permutation_unrank,
)

CARDS = italian_deck()[:4]


@dataclass(frozen=True)
class Shuffle:
    """The stock's order, top card first."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "shuffle " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Take:
    """Take one of the top two cards."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


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

    def chance_count(self) -> int:
        if self.turn != CHANCE:
            raise IllegalAction("common.not_chance")
        return 24

    def chance_outcome(self, index: int) -> str:
        self.chance_count()
        return str(Shuffle(tuple(CARDS[i] for i in permutation_unrank(index, 4))))

    def chance_index(self, action: str) -> int:
        value = self.verify(action)
        assert isinstance(value, Shuffle)
        return permutation_rank([CARDS.index(c) for c in value.cards])

    def parse_action(self, text: str) -> Shuffle | Take:
        words = text.split()
        try:
            cards = tuple(Card.parse(w) for w in words[1:])
        except CardError:
            raise IllegalAction("common.unknown_action", action=text) from None
        if words[:1] == ["shuffle"] and sorted(c.index for c in cards) == sorted(c.index for c in CARDS):
            return Shuffle(cards)
        if words[:1] == ["take"] and len(cards) == 1:
            return Take(cards[0])
        raise IllegalAction("common.unknown_action", action=text)

    def check(self, action: object) -> None:
        if isinstance(action, Shuffle) != (self.turn == CHANCE):
            raise IllegalAction("common.unknown_action", action=str(action))
        if isinstance(action, Take) and action.card not in self.stock[:2]:
            raise IllegalAction("common.unknown_action", action=str(action))

    def _do(self, action: Shuffle | Take) -> None:
        if isinstance(action, Shuffle):
            self.stock = list(action.cards)
            self.turn = 0
            return
        self.stock.remove(action.card)
        self.taken[self.turn].append(action.card)
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
