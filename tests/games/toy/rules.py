"""Minitrick's rules (see the package): its action values and its :class:`~pyapp.core.GameState`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from pyapp.cards import Card
from pyapp.core import (
    CHANCE,
    GAME_OVER,
    HAND_OVER,
    HIDDEN,
    PLAY,
    SHUFFLE,
    TERMINAL,
    GameState,
    IllegalAction,
    Option,
    factorial,
    permutation_rank,
    permutation_unrank,
)

if TYPE_CHECKING:
    from tests.games.toy.start import MinitrickStart

CODES: Final[tuple[str, ...]] = ("Rd", "Ad", "2d", "3d", "Rc", "Ac", "2c", "3c")
"""The eight cards in card order: by suit, weakest first (trick order R < A < 2 < 3)."""
CARDS: Final[tuple[Card, ...]] = tuple(Card.parse(code) for code in CODES)
TRICKS: Final = 3
"""Tricks in a hand (three cards each)."""


@dataclass(frozen=True, slots=True)
class Shuffle:
    """The deck order of the next hand: card indices (:data:`CODES`), top card first."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "shuffle " + " ".join(CODES[i] for i in self.order)


@dataclass(frozen=True, slots=True)
class Play:
    """Play the card with index ``card``."""

    card: int

    def __str__(self) -> str:
        return CODES[self.card]


Action = Shuffle | Play


def parse(text: str) -> Action:
    """The action ``text`` stands for (blanks are lenient; ``str()`` is the canonical spelling)."""
    words = text.split()
    if len(words) == 1 and words[0] in CODES:
        return Play(CODES.index(words[0]))
    if words[:1] == ["shuffle"] and sorted(words[1:]) == sorted(CODES):
        return Shuffle(tuple(CODES.index(w) for w in words[1:]))
    raise IllegalAction("common.unknown_action", action=text)


def trick_winner(leader: int, cards: Sequence[int]) -> int:
    """The seat taking (or holding) a trick led by ``leader``: the highest card of the suit led."""
    suit = cards[0] // 4
    best = max(range(len(cards)), key=lambda k: cards[k] if cards[k] // 4 == suit else -1)
    return (leader + best) % 2


class MinitrickState(GameState):
    """A game of Minitrick: ``hands`` hands of three tricks between two players."""

    game = "minitrick"
    deck = "it"
    option_spec: ClassVar[tuple[Option, ...]] = (Option("hands", 2, low=1, high=5),)
    phases: ClassVar[tuple[str, ...]] = (SHUFFLE, PLAY, HAND_OVER, GAME_OVER)

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        self._turn = CHANCE
        self._dealer = 0
        self._hand_no = 0
        self._tricks_won = [0, 0]
        self._hands: list[list[int]] = [[], []]
        self._trick: list[int] = []
        self._leader = -1
        self._done: list[tuple[int, tuple[int, ...], int]] = []
        self._log: list[dict[str, Any]] = []
        self._shuffles: list[tuple[int, int]] = []
        """Per shuffle: (history index, dealer), to mask it."""

    @classmethod
    def at_hand(cls, options: Mapping[str, str | int], start: MinitrickStart) -> Self:
        """A game about to shuffle for the hand ``start`` describes (:mod:`tests.games.toy.start`)."""
        state = cls(**options)
        state._dealer = start.dealer
        state._hand_no = start.hands
        state._tricks_won = list(start.tricks)
        return state

    def hand_start(self) -> tuple[int, int, tuple[int, int]]:
        """The game before the coming hand: the dealer, the hands played, the tricks won in them."""
        return self._dealer, self._hand_no, (self._tricks_won[0], self._tricks_won[1])

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self._turn

    def phase(self) -> str:
        if self._turn == TERMINAL:
            return GAME_OVER
        if self._turn == CHANCE:
            return HAND_OVER if self._log else SHUFFLE
        return PLAY

    def legal_actions(self) -> list[str]:
        if self._turn < 0:
            return []
        hand = self._hands[self._turn]
        if self._trick:
            suit = self._trick[0] // 4
            follow = [c for c in hand if c // 4 == suit]
            hand = follow or hand
        return [CODES[c] for c in sorted(hand)]

    def chance_count(self) -> int:
        if self._turn != CHANCE:
            raise IllegalAction("common.not_chance")
        return factorial(len(CODES))

    def chance_outcome(self, index: int) -> str:
        count = self.chance_count()
        if not 0 <= index < count:
            raise IllegalAction("common.no_outcome", index=index, last=count - 1)
        return str(Shuffle(tuple(permutation_unrank(index, len(CODES)))))

    def chance_index(self, action: str) -> int:
        value = self.verify(action)
        if not isinstance(value, Shuffle):
            raise IllegalAction("common.not_chance")
        return permutation_rank(value.order)

    def chance_sample(self, rng: random.Random) -> str:
        return self.chance_outcome(rng.randrange(self.chance_count()))

    def winning_seat(self) -> int | None:
        """The seat holding the trick on the table so far."""
        return trick_winner(self._leader, self._trick) if self._trick else None

    parse_action = staticmethod(parse)

    def check(self, action: object) -> None:
        if isinstance(action, Shuffle):
            if self._turn != CHANCE:
                raise IllegalAction("common.unknown_action", action=str(action))
            return
        if not isinstance(action, Play) or self._turn < 0 or str(action) not in self.legal_actions():
            raise IllegalAction("common.unknown_action", action=str(action))

    def _do(self, action: Action) -> None:
        if isinstance(action, Shuffle):
            self._shuffles.append((len(self.history), self._dealer))
            first = 1 - self._dealer
            self._hands = [[], []]
            for k in range(2 * TRICKS):
                self._hands[(first + k) % 2].append(action.order[k])
            self._trick, self._done = [], []
            self._leader = self._turn = first
            return
        seat = self._turn
        self._hands[seat].remove(action.card)
        self._trick.append(action.card)
        if len(self._trick) < 2:
            self._turn = 1 - seat
            return
        winner = trick_winner(self._leader, self._trick)
        self._done.append((self._leader, tuple(self._trick), winner))
        self._trick = []
        self._leader = self._turn = winner
        if len(self._done) == TRICKS:
            self._hand_no += 1
            taken = [sum(1 for t in self._done if t[2] == p) for p in (0, 1)]
            self._tricks_won = [self._tricks_won[p] + taken[p] for p in (0, 1)]
            self._log.append({"hand": self._hand_no, "dealer": self._dealer + 1, "tricks": taken})
            self._dealer = 1 - self._dealer
            self._turn = TERMINAL if self._hand_no >= int(self.options["hands"]) else CHANCE

    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """Plays are public; in a shuffle only the cards dealt to ``seat`` are shown."""
        masked = dict(self._shuffles)
        out = []
        for index, (actor, action) in enumerate(zip(self.actors, self.history, strict=True)):
            if index in masked:
                first = 1 - masked[index]
                words = action.split(" ")
                shown = ["shuffle"] + [
                    w if k < 2 * TRICKS and (first + k) % 2 == seat else HIDDEN
                    for k, w in enumerate(words[1:])
                ]
                action = " ".join(shown)
            out.append((actor, action))
        return tuple(out)

    def _trick_json(self, leader: int, cards: Sequence[int], winner: int | None) -> dict[str, Any]:
        return {
            "leader": self.seat_label(leader),
            "cards": [
                {"seat": self.seat_label((leader + k) % 2), "card": CODES[c]} for k, c in enumerate(cards)
            ],
            "winner": self.seat_label(winner) if winner is not None else None,
        }

    def view(self, player: int | None) -> dict[str, Any]:
        last = self._done[-1] if self._done else None
        return {
            "phase": self.phase(),
            "dealer": self.seat_label(self._dealer),
            "turn": self.seat_label(self._turn) if self._turn >= 0 else None,
            "hand": [CODES[c] for c in sorted(self._hands[player])] if player is not None else None,
            "counts": {self.seat_label(p): len(self._hands[p]) for p in (0, 1)},
            "trick": self._trick_json(self._leader, self._trick, None)["cards"] if self._trick else [],
            "last_trick": self._trick_json(*last) if last else None,
            "tricks": [self._trick_json(*t) for t in self._done],
            "tricks_won": {self.seat_label(p): self._tricks_won[p] for p in (0, 1)},
            "hands": [dict(h, tricks=list(h["tricks"])) for h in self._log],
        }

    def result(self) -> dict[str, Any]:
        return {
            "hands": [dict(h, tricks=list(h["tricks"])) for h in self._log],
            "tricks": list(self._tricks_won),
            "winner": None
            if self._turn != TERMINAL
            else self.seat_label(max((0, 1), key=self.returns().__getitem__)),
        }

    def returns(self) -> list[float]:
        return [float(t) for t in self._tricks_won]
