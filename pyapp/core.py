"""The one game-state interface shared by Tressette, Boston and Poker (engine contract v2).

A game is exactly its action history. Every state starts from its options alone; every change,
including shuffles and lots (*chance* actions, made by nobody), is an action: a short string in
the game's notation (``"3d"``, ``"cut 17"``, ``"shuffle 3d 4c ..."``). Replaying the history on a
fresh state reproduces the game exactly; nothing depends on a random seed.

The interface (in the spirit of OpenSpiel's State and PokerKit's verify/can/do triple):

* ``current_player()`` -> seat index ``0..n-1``, :data:`CHANCE` or :data:`TERMINAL`;
* ``legal_actions()`` -> **every** action the current player may take, canonical strings, no
  duplicates, in the game's documented order; ``[]`` at chance and terminal nodes (chance
  outcomes are numbered instead: ``chance_count()``, ``chance_outcome(i)``, ``chance_index(a)``;
  ``chance_sample(rng)`` draws one);
* ``verify(action)`` parses the string once into the game's typed action (a frozen value whose
  ``str()`` is the one canonical spelling), checks it against the state and returns it, or raises
  :class:`IllegalAction` with a reason in Italian and English; it changes nothing. ``can(action)``
  is its boolean form and is true exactly when ``action in legal_actions()`` (at a chance node:
  exactly for the outcomes ``chance_outcome(i)``). ``apply(action)`` verifies, then plays;
* ``verify_as(player, action)``: the same, refusing first when ``player`` is not the one to act;
* ``clone()``, ``history``, ``actors``, ``view(player)`` (what that player may see, plain JSON
  data), ``info_state(seat)`` (what a computer player is given), ``result()`` (the outcome so far,
  plain JSON data), ``returns()`` (per-seat score numbers).

A non-canonical spelling of a real action (``cut 017``, ``cut ١٧``, ``open +6``, declaration
tokens out of order, two blanks) is refused with ``common.non_canonical``, which names the
canonical form. Numbers in actions and options are read with :func:`parse_int` (ASCII digits only).

Chores that need no decision (gathering a trick, dealing after the cut, scoring a hand) are
automations performed inside ``apply``; they are not separate actions.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Final, Protocol, Self

from pyapp.cards import Card, Deck
from pyapp.errors import COMPASS_LABELS, Refusal
from pyapp.errors import SeatRef as SeatRef
from pyapp.errors import card_name as card_name
from pyapp.errors import render_param as render_param
from pyapp.errors import seat_name as seat_name

CHANCE: Final[int] = -1
"""``current_player()`` at a chance node: the next action is a shuffle, a lot or a draw."""

TERMINAL: Final[int] = -2
"""``current_player()`` once the game (the whole match or session) is over."""

CHANCE_LABEL: Final = "*"
"""How records name the actor of a chance action."""

COMPASS: Final[tuple[str, ...]] = COMPASS_LABELS
"""Seat labels of the four-handed games (Tressette, Boston); other tables number seats ``1..n``."""

HIDDEN: Final = "?"
"""In an information state's public history, one hidden card code (see :meth:`GameState.public_history`)."""

# The shared phase names: ``view()["phase"]`` uses these for the shared stages of a game; a game
# adds its own for the rest (Boston ``bidding``, Poker ``opening``...) and lists them all in its
# class attribute ``phases``.
LOT: Final = "lot"
"""Chance draws a lot (first dealer)."""
SHUFFLE: Final = "shuffle"
"""Chance shuffles the deck for the next deal (the deal itself is an automation)."""
CUT: Final = "cut"
"""A player cuts (or declines) before the deal."""
PLAY: Final = "play"
"""Cards are being played to tricks."""
HAND_OVER: Final = "hand_over"
"""A hand has just been scored; the next shuffle is due (a chance node)."""
GAME_OVER: Final = "game_over"
"""The game is over: ``current_player() == TERMINAL``. The one end-state name of every game."""


class ActionValue(Protocol):
    """A game's typed action: a frozen, hashable value whose ``str()`` is the one canonical spelling.

    Each game exposes its own (``pyapp.<game>.actions``: dataclasses or a named tuple) with a
    ``parse`` that reads the canonical text back; records, links, the command line and the pages
    carry the text, everything else the value.
    """

    def __hash__(self) -> int: ...

    def __str__(self) -> str: ...


@dataclass(frozen=True, slots=True)
class DeckOrder:
    """The shared shuffle action value: the deck order of the next hand, card indices top card
    first (``shuffle 3d 4c ...``, a chance action). A game subclasses it naming its card codes."""

    order: tuple[int, ...]
    codes: ClassVar[tuple[str, ...]] = ()
    """The game's card codes by index."""

    def __str__(self) -> str:
        return "shuffle " + " ".join([self.codes[c] for c in self.order])


class IllegalAction(Refusal):
    """An action refused by the rules, with a reason a player understands in Italian or English.

    ``key`` names a message of the i18n catalogs and ``params`` fills it in; ``message(lang)``
    renders it (cards, seats and suits by their localised names). ``str()`` gives the English text.
    """


def non_canonical(given: str, canonical: str) -> IllegalAction:
    """The refusal of a non-canonical spelling ``given`` of the action ``canonical``."""
    return IllegalAction("common.non_canonical", given=given, canonical=canonical)


# -- numbers --------------------------------------------------------------------------------------

MAX_DIGITS: Final = 18
"""The longest number an action or option may spell (keeps ``int()`` away from huge inputs)."""

_ASCII_DIGITS: Final = frozenset("0123456789")


def parse_int(text: str) -> int | None:
    """The value of ``text`` when it is a number in canonical spelling, else ``None``.

    Canonical: ASCII digits only, no sign, blank or underscore, no leading zero (``"0"`` itself
    is fine), at most :data:`MAX_DIGITS` digits. This is the only way the engine reads numbers:
    ``int()`` alone would accept ``"١٧"``, ``"+6"``, ``"1_0"`` and ``" 7"``.
    """
    if not text or len(text) > MAX_DIGITS or not _ASCII_DIGITS.issuperset(text):
        return None
    if text[0] == "0" and len(text) > 1:
        return None
    return int(text)


def read_int(text: str) -> int | None:
    """What a person most likely meant by ``text`` as a whole number, or ``None``.

    Lenient on purpose, so that a refusal can name the canonical spelling: accepts Unicode
    decimal digits (``"١٧"``, full-width ``"６"``), leading zeros, one leading ``+`` and single
    underscores between digits. Never accepts a ``-`` sign, superscripts (``"³"``) or blanks.
    Parsers compare ``str(value)`` with the text and refuse any difference.
    """
    body = text[1:] if text[:1] == "+" else text
    if "_" in body:
        if body.startswith("_") or body.endswith("_") or "__" in body:
            return None
        body = body.replace("_", "")
    if not body or len(body) > 2 * MAX_DIGITS:
        return None
    digits = []
    for ch in body:
        if not ch.isdecimal():
            return None
        digits.append(str(_decimal_value(ch)))
    return int("".join(digits))


def _decimal_value(ch: str) -> int:
    """The value of one Unicode decimal digit (``isdecimal()`` is true for ``ch``)."""
    if ch in _ASCII_DIGITS:
        return ord(ch) - 48
    import unicodedata

    return unicodedata.decimal(ch)


# -- options --------------------------------------------------------------------------------------


class OptionError(Refusal, ValueError):
    """An option name or value a game does not accept; ``key``/``params`` name the it/en message."""


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
            if isinstance(value, int) and not isinstance(value, bool):
                number: int | None = value
            else:
                text = str(value)
                number = parse_int(text)
                if number is None:
                    meant = read_int(text)
                    if meant is not None:
                        raise OptionError(
                            "common.option.non_canonical", name=self.name, value=text, canonical=meant
                        )
                    raise OptionError("common.option.not_number", name=self.name, value=text)
            assert number is not None
            if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
                raise OptionError(
                    "common.option.range", name=self.name, value=number, low=self.low, high=self.high
                )
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError(
                "common.option.choice", name=self.name, value=text, choices=", ".join(self.choices)
            )
        return text


# -- chance numbering -----------------------------------------------------------------------------


def permutation_rank(perm: Sequence[int]) -> int:
    """The lexicographic rank of ``perm``, a permutation of ``0..n-1`` (``0`` = sorted order).

    Shuffles are numbered by the rank of the deck order over the game's documented card order
    (``rank 0`` = the fresh deck, top card first). The rank of a 52-card deck is a big integer
    below ``52!``; Python integers hold it exactly.
    """
    n = len(perm)
    rank = 0
    remaining = list(range(n))
    for i, value in enumerate(perm):
        pos = remaining.index(value)
        rank = rank * (n - i) + pos
        del remaining[pos]
    return rank


def permutation_unrank(rank: int, n: int) -> list[int]:
    """The permutation of ``0..n-1`` with lexicographic rank ``rank`` (inverse of :func:`permutation_rank`)."""
    if not 0 <= rank < factorial(n):
        raise ValueError(f"rank {rank} out of range for {n} items")
    digits = []
    for radix in range(1, n + 1):  # factorial number system, least significant digit first
        rank, digit = divmod(rank, radix)
        digits.append(digit)
    remaining = list(range(n))
    return [remaining.pop(d) for d in reversed(digits)]


_FACTORIALS: list[int] = [1]


def factorial(n: int) -> int:
    """``n!`` (memoised: shuffles ask for 40! and 52! often)."""
    while len(_FACTORIALS) <= n:
        _FACTORIALS.append(_FACTORIALS[-1] * len(_FACTORIALS))
    return _FACTORIALS[n]


# -- information states ---------------------------------------------------------------------------


class FrozenDict(Mapping[str, Any]):
    """A read-only, hashable mapping of plain values (an information state's options)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


@dataclass(frozen=True, slots=True, eq=False)
class InfoState:
    """Everything one seat knows at one moment, built by the engine: what a computer player gets.

    Frozen, comparable and hashable: equality compares every field, the view by its canonical
    JSON (computed on first comparison). Two states that differ only in cards hidden from
    ``seat`` give equal information states.

    * ``game``, ``options``: the registry name and the table options;
    * ``seat``: whose information this is; ``to_act``: the seat to act (or CHANCE/TERMINAL);
    * ``view``: ``state.view(seat)``, a read-only mapping built for this information state alone
      (nested lists and dicts are plain data copied from the state: a player that changed them
      would change nothing but its own information state; do not);
    * ``legal``: ``legal_actions()`` when ``seat`` is to act, else ``()``;
    * ``history``: the public history, ``(actor, action)`` pairs with the hidden parts masked
      (:meth:`GameState.public_history`).
    """

    game: str
    options: FrozenDict
    seat: int
    to_act: int
    view_data: dict[str, Any] = field(repr=False)
    legal: tuple[str, ...]
    history: tuple[tuple[int, str], ...]
    _canonical: list[tuple[Any, ...]] = field(default_factory=list, repr=False)

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view, read-only."""
        return MappingProxyType(self.view_data)

    def key(self) -> tuple[Any, ...]:
        """The value compared and hashed: every field, the view as canonical JSON."""
        if not self._canonical:
            view = json.dumps(self.view_data, sort_keys=True, separators=(",", ":"))
            self._canonical.append(
                (self.game, self.options, self.seat, self.to_act, view, self.legal, self.history)
            )
        return self._canonical[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InfoState):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


# -- the state --------------------------------------------------------------------------------------


class GameState(ABC):
    """The state of one game (a whole match or session), built from options and actions.

    Subclasses set the class attributes, implement the abstract methods, and keep every piece of
    state derivable from ``options`` + ``history`` so that replays are exact. Fields are plain
    values, tuples (never mutated) or lists/dicts/sets of them, so that :meth:`clone` can copy
    them generically.
    """

    game: ClassVar[str]
    """Registry name of the game (``"tressette"``); the record's ``Game:`` header."""
    deck: ClassVar[Deck]
    option_spec: ClassVar[tuple[Option, ...]] = ()
    seat_labels: ClassVar[tuple[str, ...]] = ()
    """Seat labels by index (:data:`COMPASS` for four-handed games); empty: seats are ``1..n``."""
    phases: ClassVar[tuple[str, ...]] = ()
    """Every value ``view()["phase"]`` may take, in game order (shared names: :data:`LOT`...)."""
    between_phases: ClassVar[frozenset[str]] = frozenset({LOT, SHUFFLE, HAND_OVER, GAME_OVER})
    """The phases in which no hand is in progress (before the first deal, between hands, at the end)."""

    options: dict[str, str | int]
    history: list[str]
    actors: list[int]
    """The seat that made each action of ``history`` (:data:`CHANCE` for chance actions)."""

    def __init__(self, **options: str | int) -> None:
        self.options = self.parse_options(options)
        self.history = []
        self.actors = []

    @classmethod
    def parse_options(cls, given: Mapping[str, str | int]) -> dict[str, str | int]:
        """Fill in defaults and validate ``given``; raise :class:`OptionError` on a bad one."""
        spec = {o.name: o for o in cls.option_spec}
        for name in given:
            if name not in spec:
                raise OptionError("common.option.unknown", name=name, game=cls.game)
        return {o.name: o.parse(given[o.name]) if o.name in given else o.default for o in cls.option_spec}

    # -- seats ---------------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the table has."""

    def seat_label(self, player: int) -> str:
        """The label records use for a seat (``"N"``, ``"1"``...), ``"*"`` for :data:`CHANCE`."""
        if player == CHANCE:
            return CHANCE_LABEL
        labels = self.seat_labels
        return labels[player] if labels else str(player + 1)

    def seat_of(self, label: str) -> int:
        """Inverse of :meth:`seat_label`; raise ``KeyError`` for an unknown label."""
        if label == CHANCE_LABEL:
            return CHANCE
        labels = self.seat_labels
        if labels:
            if label in labels:
                return labels.index(label)
            raise KeyError(label)
        number = parse_int(label)
        if number is None or not 1 <= number <= self.num_players:
            raise KeyError(label)
        return number - 1

    def seat_ref(self, player: int) -> SeatRef:
        """A message parameter naming seat ``player``."""
        return SeatRef(self.seat_label(player))

    # -- the state machine -----------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def phase(self) -> str:
        """Where the game is: one of :attr:`phases` (``view()["phase"]`` says the same;
        :data:`GAME_OVER` exactly when :meth:`current_player` is :data:`TERMINAL`)."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """Every action the current player may take now, canonical, in the documented order.

        ``[]`` at chance nodes (outcomes are numbered by :meth:`chance_outcome`) and at the end.
        """

    def chance_count(self) -> int:
        """How many outcomes the chance node has (e.g. ``40!`` for a shuffle)."""
        raise IllegalAction("common.not_chance")

    def chance_outcome(self, index: int) -> str:
        """The chance action numbered ``index`` (``0 <= index < chance_count()``)."""
        raise IllegalAction("common.not_chance")

    def chance_index(self, action: str) -> int:
        """The number of chance action ``action`` (inverse of :meth:`chance_outcome`)."""
        raise IllegalAction("common.not_chance")

    def chance_sample(self, rng: random.Random) -> str:
        """A uniformly random outcome of the chance node (games may draw it faster)."""
        return self.chance_outcome(rng.randrange(self.chance_count()))

    def check_outcome(self, index: int) -> None:
        """Refuse (:class:`IllegalAction`) an outcome number out of ``0 .. chance_count() - 1``."""
        count = self.chance_count()
        if not 0 <= index < count:
            raise IllegalAction("common.no_outcome", index=index, last=count - 1)

    def legal_values(self) -> Sequence[ActionValue]:
        """:meth:`legal_actions` as the game's typed values, in the same order."""
        return [self.parse_action(a) for a in self.legal_actions()]

    def verify(self, action: str) -> ActionValue:
        """The typed action for ``action`` if it may be applied now; else raise :class:`IllegalAction`.

        Pure: the state is unchanged. Refusals come in this order: an action of no kind the game
        knows, an action the rules forbid now, a legal action spelled non-canonically
        (``common.non_canonical`` naming the canonical spelling).
        """
        if self.current_player() == TERMINAL:
            raise IllegalAction("common.game_over")
        value = self.parse_action(action)
        self.check(value)
        if str(value) != action:
            raise non_canonical(action, str(value))
        return value

    def parse_action(self, text: str) -> ActionValue:
        """The game's typed action for ``text`` (any canonical or lenient spelling), or refuse.

        Only the syntax: whether the action is allowed now is :meth:`check`'s business. The
        value's ``str()`` is the canonical spelling.
        """
        raise IllegalAction("common.unknown_action", action=text)

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` unless the typed ``action`` may be played now.

        Every game that implements :meth:`parse_action` overrides it; this default refuses.
        """
        raise IllegalAction("common.unknown_action", action=str(action))

    @abstractmethod
    def _do(self, action: Any) -> None:
        """Play an action :meth:`verify` returned (subclasses' mutation; never called directly)."""

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
        """Whether ``action`` may be applied now (``action in legal_actions()`` for a player)."""
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def verify_as(self, player: int, action: str) -> ActionValue:
        """:meth:`verify` for an action attempted by seat ``player``: refuses out of turn first."""
        turn = self.current_player()
        if turn == TERMINAL:
            raise IllegalAction("common.game_over")
        if player != turn:
            if turn == CHANCE:
                raise IllegalAction("common.chance_turn")
            raise IllegalAction("common.not_your_turn", player=self.seat_ref(turn))
        return self.verify(action)

    def apply(self, action: str) -> None:
        """Verify ``action`` and play it; the state is unchanged when it is refused."""
        player = self.current_player()
        self._do(self.verify(action))
        self.history.append(action)
        self.actors.append(player)

    def is_terminal(self) -> bool:
        """Whether the whole game is over."""
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        """Whether the next action is a chance outcome."""
        return self.current_player() == CHANCE

    def clone(self) -> Self:
        """An independent copy: every list, dict and set of the state is copied, the rest shared.

        The one way to copy a state (games do not override it): fields hold plain values,
        tuples or frozen values (shared), or lists/dicts/sets of them (copied, recursively).
        """
        new = object.__new__(type(self))
        new.__dict__.update({k: copy_containers(v) for k, v in self.__dict__.items()})
        return new

    @classmethod
    def replay(cls, history: Sequence[str], **options: str | int) -> Self:
        """The state reached by applying ``history`` to a fresh game with ``options``."""
        state = cls(**options)
        for action in history:
            state.apply(action)
        return state

    # -- information states ----------------------------------------------------------------------
    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The history as ``seat`` knows it: ``(actor, action)`` with hidden cards masked.

        Masking notation: every card code ``seat`` has not seen is replaced by :data:`HIDDEN`
        (``?``), token for token, so a masked action keeps its verb and its length
        (``shuffle ? ? 3d ? ...``). The default masks every argument of every chance action
        (always safe); games override it to show what is public (a lot, the turned trump) and the
        seat's own cards.
        """
        out = []
        for actor, action in zip(self.actors, self.history, strict=True):
            if actor == CHANCE:
                verb, *rest = action.split(" ")
                action = " ".join([verb, *([HIDDEN] * len(rest))])
            out.append((actor, action))
        return tuple(out)

    def info_state(self, seat: int) -> InfoState:
        """What seat ``seat`` knows now, as a frozen :class:`InfoState` (what a bot is given)."""
        to_act = self.current_player()
        return InfoState(
            game=self.game,
            options=FrozenDict(self.options),
            seat=seat,
            to_act=to_act,
            view_data=copy_containers(self.view(seat)),  # shares no list or dict with the state
            legal=tuple(self.legal_actions()) if to_act == seat else (),
            history=self.public_history(seat),
        )

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, GameState)
            and self.options == other.options
            and self.history == other.history
        )

    __hash__ = None  # type: ignore[assignment]


_ATOMIC: Final = (str, int, float, bool, type(None), tuple, frozenset, Card)


class CompassGame(GameState):
    """A four-handed game, seats N E S W (Tressette, Boston), whose seat to act is ``_turn``."""

    seat_labels: ClassVar[tuple[str, ...]] = COMPASS
    _turn: int

    @property
    def num_players(self) -> int:
        """Four seats, N E S W."""
        return 4

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` (a lot, a shuffle) or :data:`TERMINAL` (the end)."""
        return self._turn


def copy_containers(value: Any) -> Any:
    """``value`` with its lists, dicts and sets copied recursively (other values are shared).

    A list whose first item is not a container is assumed flat (lists are homogeneous), so the
    long flat lists of a state (history, hands) cost one C-level copy.
    """
    kind = type(value)
    if kind is list:
        if not value or isinstance(value[0], _ATOMIC):
            return list(value)
        return [copy_containers(v) for v in value]
    if kind is dict:
        return {k: copy_containers(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


class Bot(ABC):
    """A computer player: picks one legal action from an information state."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, info: InfoState, rng: random.Random) -> str:
        """An action among ``info.legal`` for ``info.seat`` (who is to act).

        A bot never sees the :class:`GameState`: only what the engine put in ``info`` (its view,
        its legal actions, the public history with hidden cards masked).
        """


class RandomBot(Bot):
    """Plays a uniformly random legal action (the baseline every smarter player must beat)."""

    name = "random"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A uniformly random element of ``info.legal``."""
        return rng.choice(info.legal)


def play_out(
    state: GameState, bots: Sequence[Bot], rng: random.Random, max_actions: int = 1_000_000
) -> GameState:
    """Play ``state`` to the end in place: chance from ``rng``, seat ``p`` by ``bots[p]``."""
    for _ in range(max_actions):
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
        else:
            state.apply(bots[player].choose(state.info_state(player), rng))
    raise RuntimeError("game did not end")
