"""The one game-state interface shared by Tressette, Boston and Poker.

A game is exactly its action history. Every state starts from its options alone; every change,
including shuffles and lots (*chance* actions, made by nobody), is an action: a short string in
the game's notation (``"3d"``, ``"cut 17"``, ``"shuffle 3d 4c ..."``). Replaying the history on a
fresh state reproduces the game exactly; nothing depends on a random seed.

The interface (in the spirit of OpenSpiel's State and PokerKit's verify/can/do triple):

* ``current_player()`` -> seat index ``0..n-1``, :data:`CHANCE` or :data:`TERMINAL`;
* ``legal_actions()`` -> the actions the current player may take (empty at chance and terminal
  nodes: chance outcomes are too many to list; draw one with ``chance_sample(rng)``);
* ``verify(action)`` raises :class:`IllegalAction` with a reason in Italian and English;
  ``can(action)`` is its boolean form; ``apply(action)`` verifies, then plays it;
* ``clone()``, ``history``, ``view(player)`` (what that player may see, as plain JSON data),
  ``result()`` (the outcome so far, plain JSON data), ``returns()`` (per-seat score numbers).

Chores that need no decision (gathering a trick, dealing after the cut, scoring a hand) are
automations performed inside ``apply``; they are not separate actions.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pyapp.cards import Card, Deck
from pyapp.i18n import DEFAULT_LANG, t

CHANCE: int = -1
"""``current_player()`` at a chance node: the next action is a shuffle, a lot or a draw."""

TERMINAL: int = -2
"""``current_player()`` once the game (the whole match or session) is over."""

CHANCE_LABEL = "*"
"""How records name the actor of a chance action."""


class IllegalAction(Exception):
    """An action refused by the rules, with a reason a player understands in Italian or English.

    ``key`` names a message of the i18n catalogs and ``params`` fills it in; ``message(lang)``
    renders it. ``str()`` gives the English text (for logs and tracebacks).
    """

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The refusal rendered in ``lang`` (``"it"`` or ``"en"``)."""
        params = {k: _render_param(v, lang) for k, v in self.params.items()}
        return t(self.key, lang, **params)

    def __str__(self) -> str:
        return self.message("en")


def _render_param(value: object, lang: str) -> object:
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, SeatRef):
        return (
            t(f"seat.{value.label}", lang)
            if value.label in ("N", "E", "S", "W")
            else t("seat.player", lang, n=value.label)
        )
    return value


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat named in a message; rendered as the seat's localised name (``"Nord"``)."""

    label: str


def card_name(card: Card, lang: str = DEFAULT_LANG) -> str:
    """The full localised name of a card: ``"Tre di denari"``, ``"Ten of hearts"``."""
    rank = t(f"card.{card.deck}.rank.{card.rank}", lang)
    suit = t(f"card.{card.deck}.suit.{card.suit}", lang)
    return t("card.name", lang, rank=rank, suit=suit)


class OptionError(ValueError):
    """An option name or value a game does not accept."""


@dataclass(frozen=True, slots=True)
class Option:
    """One table setting of a game: its default and the values it accepts.

    ``choices`` lists the accepted values for a text option (default included); an integer
    option gives ``low``/``high`` bounds instead.
    """

    name: str
    default: str | int
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def parse(self, value: str | int) -> str | int:
        """Convert a value (text from a record, or already typed) and check that it is allowed."""
        if isinstance(self.default, int):
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise OptionError(f"{self.name}={value!r}: a whole number is expected") from None
            if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
                raise OptionError(f"{self.name}={number}: must be between {self.low} and {self.high}")
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError(f"{self.name}={text!r}: expected one of {', '.join(self.choices)}")
        return text


class GameState(ABC):
    """The state of one game (a whole match or session), built from options and actions.

    Subclasses set the class attributes, implement the abstract methods, and keep every piece of
    state derivable from ``options`` + ``history`` so that replays are exact.
    """

    game: ClassVar[str]
    """Registry name of the game (``"tressette"``); the record's ``Game:`` header."""
    deck: ClassVar[Deck]
    option_spec: ClassVar[tuple[Option, ...]] = ()

    options: dict[str, str | int]
    history: list[str]

    def __init__(self, **options: str | int) -> None:
        self.options = self.parse_options(options)
        self.history = []

    @classmethod
    def parse_options(cls, given: dict[str, str | int]) -> dict[str, str | int]:
        """Fill in defaults and validate ``given``; raise :class:`OptionError` on a bad one."""
        spec = {o.name: o for o in cls.option_spec}
        for name in given:
            if name not in spec:
                raise OptionError(f"unknown option {name!r} for {cls.game}")
        return {o.name: o.parse(given[o.name]) if o.name in given else o.default for o in cls.option_spec}

    # -- seats ---------------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the table has."""

    def seat_label(self, player: int) -> str:
        """The label records use for a seat (``"N"``, ``"E"``...), ``"*"`` for :data:`CHANCE`."""
        if player == CHANCE:
            return CHANCE_LABEL
        return str(player + 1)

    def seat_of(self, label: str) -> int:
        """Inverse of :meth:`seat_label`; raise ``KeyError`` for an unknown label."""
        for p in range(self.num_players):
            if self.seat_label(p) == label:
                return p
        if label == CHANCE_LABEL:
            return CHANCE
        raise KeyError(label)

    # -- the state machine -----------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """Every action the current player may take now (``[]`` at chance/terminal nodes)."""

    @abstractmethod
    def chance_sample(self, rng: random.Random) -> str:
        """A random outcome for the chance node the game is at (shuffle, lot...)."""

    @abstractmethod
    def verify(self, action: str) -> None:
        """Raise :class:`IllegalAction` unless ``action`` may be applied now."""

    @abstractmethod
    def _do(self, action: str) -> None:
        """Play an already verified action (subclasses' mutation; never called directly)."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see now (``None``: a spectator), as JSON-serialisable data."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """The outcome so far (per hand, per partita/game, winner), as JSON-serialisable data."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's current score number (points, chips, standings), for invariant checks."""

    def can(self, action: str) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: str) -> None:
        """Verify ``action`` and play it; the state is unchanged when it is refused."""
        self.verify(action)
        self._do(action)
        self.history.append(action)

    def is_terminal(self) -> bool:
        """Whether the whole game is over."""
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome."""
        return self.current_player() == CHANCE

    def clone(self) -> Self:
        """An independent copy (by replaying the history; subclasses may do it faster)."""
        return self.replay(self.history, **self.options)

    @classmethod
    def replay(cls, history: list[str] | tuple[str, ...], **options: str | int) -> Self:
        """The state reached by applying ``history`` to a fresh game with ``options``."""
        state = cls(**options)
        for action in history:
            state.apply(action)
        return state

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, GameState)
            and self.options == other.options
            and self.history == other.history
        )

    __hash__ = None  # type: ignore[assignment]


class Bot(ABC):
    """A computer player: picks one legal action for the seat to act."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, state: GameState, rng: random.Random) -> str:
        """An action for ``state.current_player()``; only ``state.view(player)`` may be used.

        Bots must not read hidden information (other hands, the deck order): they take the
        view of their own seat and nothing else.
        """


class RandomBot(Bot):
    """Plays a uniformly random legal action (the baseline every smarter player must beat)."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> str:
        return rng.choice(state.legal_actions())


def play_out(
    state: GameState, bots: list[Bot], rng: random.Random, max_actions: int = 1_000_000
) -> GameState:
    """Play ``state`` to the end in place: chance from ``rng``, seat ``p`` by ``bots[p]``."""
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
        else:
            state.apply(bots[player].choose(state, rng))
    raise RuntimeError("game did not end")
