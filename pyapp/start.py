"""Start positions: a game that begins at the start of a hand, with the scores before that hand.

A hand record (what a hand link opens) holds one hand, not the whole game; to replay it the
engine must start *at that hand*: who deals, the score of the match so far, the chips of every
seat. The header tag ``Start:`` says so, one ``key=value`` per field, in a fixed order (like a
chess FEN)::

    Start: dealer=E hands=2 score=12,7 partite=31,24,5
    Start: dealer=W hands=1 points=6,-2,-2,-2 mani=1,-1,-1,-1
    Start: dealer=3 hands=7 requirement=Q carry=12 resto=100,87,0,113,100 passate=1,1,1,1,2 seated=1,1,0,1,1 players=1,1,1,1,2

Each game with start positions defines a :class:`Start` in its package (``pyapp/<game>/start.py``,
named by its spec's ``start``): reading one from a state about to shuffle, its text, its checks,
and building the state it describes through the game's public API. The record reader
(:func:`pyapp.record.read_record`), the links and the table session honour the tag, so a hand
record is checked, replayed, saved and played on like any record. The fields of each game:
``docs/notation.md``, "Hand records".
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Final, Self

from pyapp.core import CHANCE, HAND_OVER, SHUFFLE, GameState, parse_int
from pyapp.errors import Refusal
from pyapp.games import spec

START_TAG: Final = "Start"
"""The header tag of a record that begins at the start of a hand."""

LIMIT: Final = 10**12
"""The largest magnitude a number of a start position may have (keeps damaged input bounded)."""


class StartError(Refusal, ValueError):
    """A ``Start:`` tag that cannot begin a game: ``key`` and ``params`` name the it/en reason."""


# -- reading the text ------------------------------------------------------------------------------


def signed(text: str, key: str) -> int:
    """A canonical integer, maybe negative (``-3``), bounded by :data:`LIMIT`."""
    body = text[1:] if text.startswith("-") else text
    value = parse_int(body)
    if value is None or (text.startswith("-") and value == 0) or value > LIMIT:
        raise StartError("links.start.number", field=key, value=text)
    return -value if text.startswith("-") else value


def unsigned(text: str, key: str) -> int:
    """A canonical integer, not negative."""
    value = signed(text, key)
    if value < 0:
        raise StartError("links.start.number", field=key, value=text)
    return value


def ints(text: str, key: str, count: int | None = None, negative: bool = False) -> list[int]:
    """Comma-separated integers (``count`` of them, when given); ``negative`` ones allowed or not."""
    parts = text.split(",")
    if count is not None and len(parts) != count:
        raise StartError("links.start.count", field=key, count=count)
    return [signed(p, key) if negative else unsigned(p, key) for p in parts]


def fields(text: str, required: Sequence[str], optional: Sequence[str] = ()) -> dict[str, str]:
    """The ``key=value`` fields of ``text`` (single spaces), every required key once."""
    out: dict[str, str] = {}
    known = (*required, *optional)
    for token in text.split(" "):
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise StartError("links.start.syntax", text=token)
        if key not in known:
            raise StartError("links.start.unknown", field=key, known=", ".join(known))
        if key in out:
            raise StartError("links.start.repeated", field=key)
        out[key] = value
    for key in required:
        if key not in out:
            raise StartError("links.start.missing", field=key)
    return out


def seat(text: str, labels: Sequence[str]) -> int:
    """The index of the seat labelled ``text``."""
    if text not in labels:
        raise StartError("links.start.seat", value=text, seats=" ".join(labels))
    return list(labels).index(text)


# -- positions ---------------------------------------------------------------------------------------


class Start(ABC):
    """The context of one hand: what a fresh state needs to begin at that hand's shuffle."""

    @classmethod
    @abstractmethod
    def read(cls, state: GameState) -> Self:
        """The context of ``state``, which is about to shuffle for a hand."""

    @classmethod
    @abstractmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        """The context a ``Start:`` tag spells (syntax and values checked)."""

    @abstractmethod
    def text(self) -> str:
        """The canonical ``Start:`` text."""

    @abstractmethod
    def check(self, options: Mapping[str, str | int]) -> None:
        """Raise :class:`StartError` unless a game with ``options`` can be at this position."""

    @abstractmethod
    def begin(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        """A fresh state of ``cls`` with ``options`` at this position, built through the game's
        public API (the position is already checked)."""

    def build(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        """A fresh state of ``cls`` with ``options``, at this position (next: the shuffle)."""
        self.check(options)
        return self.begin(cls, options)


def start_class(game: str) -> type[Start] | None:
    """The start position of ``game`` (its spec's ``start``), if it has one."""
    ref = spec(game).start
    return ref.load_class(Start) if ref is not None else None  # type: ignore[type-abstract]


def between_hands(state: GameState) -> bool:
    """Whether no hand is in progress: before the first deal, after a hand, or at the end."""
    return state.phase() in state.between_phases


def at_hand_start(state: GameState) -> bool:
    """Whether ``state`` is about to shuffle for a hand (its start position can be read)."""
    return (
        state.current_player() == CHANCE
        and state.phase() in (SHUFFLE, HAND_OVER)
        and start_class(state.game) is not None
    )


def start_of(state: GameState) -> Start:
    """The start position of ``state``, which must be about to shuffle (:func:`at_hand_start`)."""
    kind = start_class(state.game)
    if kind is None or not at_hand_start(state):
        raise ValueError("not at the start of a hand")
    return kind.read(state)


def parse_start(cls: type[GameState], options: Mapping[str, str | int], text: str) -> Start:
    """The start position spelled by ``text`` for a game of ``cls``; refuse bad or non-canonical text.

    ``options`` may leave out options at their defaults.
    """
    options = cls.parse_options(options)
    kind = start_class(cls.game)
    if kind is None:
        raise StartError("links.start.no_game", game=cls.game)
    start = kind.parse(text, options)
    if start.text() != text:
        raise StartError("links.start.non_canonical", canonical=start.text())
    start.check(options)
    return start


def start_state(cls: type[GameState], options: Mapping[str, str | int], text: str) -> GameState:
    """A fresh game of ``cls`` with ``options`` at the start position ``text`` (a ``Start:`` tag)."""
    return parse_start(cls, options, text).build(cls, cls.parse_options(options))


def fresh_state(cls: type[GameState], options: Mapping[str, str | int], start: str | None) -> GameState:
    """A fresh game: from the beginning, or at the start position ``start`` when there is one."""
    if start is None:
        return cls(**options)
    return start_state(cls, options, start)
