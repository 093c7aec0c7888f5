"""The registry of games: one self-describing :class:`GameSpec` per game, registered by its package.

Every game is a package (``pyapp/tressette/``...) that says, in one :class:`GameSpec`, everything
the rest of Circolo needs to know about it: its state class, start positions, computer players by
level, how replay links weigh its choices, what its snapshots add, which seat the viewer takes,
its arena settings, lessons and drills, its table view and, later, its club events. Code outside
a game's package asks the registry and never names a game.

:data:`INSTALLED` is the one list of games: the packages imported (lazily, on the first question)
so that each registers its spec with :func:`register`. A test registers a game of its own the
same way. Parts are :class:`Ref` s, ``module:attribute`` names imported on first use, so asking
for a game's name or options does not load its computer players or lessons.

``game_class("tressette")`` returns the state class; ``new_game("boston", boston_suit="natural")``
a fresh state; :func:`spec` the whole description.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from pyapp.core import GameState

INSTALLED: Final[tuple[str, ...]] = ("pyapp.tressette", "pyapp.boston", "pyapp.poker")
"""The installed game packages, in the order the site lists their games."""

T = TypeVar("T")


class UnknownGame(KeyError):
    """Raised for a game name that is not registered (or whose package is missing)."""


@dataclass(frozen=True)
class Ref:
    """Where a part of a game lives: ``"module:attribute"``, imported on first use."""

    path: str

    def __post_init__(self) -> None:
        module, colon, attr = self.path.partition(":")
        if not (module and colon and attr):
            raise ValueError(f"a reference is 'module:attribute', not {self.path!r}")

    def load(self) -> object:
        """The attribute (its module imported if need be)."""
        module, _, attr = self.path.partition(":")
        return getattr(importlib.import_module(module), attr)

    def load_class(self, base: type[T]) -> type[T]:
        """The attribute, which must be a subclass of ``base``."""
        found = self.load()
        if not (isinstance(found, type) and issubclass(found, base)):
            raise TypeError(f"{self.path} is not a {base.__name__}")
        return found


@dataclass(frozen=True)
class GameSpec:
    """Everything game-specific, in one place: what a game package registers.

    Only ``name``, ``state`` and ``link_number`` are required; a game without start positions,
    link weights, snapshot extras, tricks, arena settings, lessons or a club simply leaves them out.
    """

    name: str
    """The registry name: the record's ``Game:`` header, ``GameState.game``."""
    state: Ref
    """The :class:`~pyapp.core.GameState` subclass."""
    link_number: int
    """The game's number in replay links (0-7; append only: a number, once given, keeps its game)."""
    players: Mapping[str, Ref] = field(default_factory=dict)
    """Computer players by level (``easy``, ``medium``, ``hard``): :class:`~pyapp.core.Bot` classes."""
    start: Ref | None = None
    """The :class:`~pyapp.start.Start` subclass: a position at the start of a hand (hand records)."""
    link_model: Ref | None = None
    """The :class:`~pyapp.links.model.Model` subclass: how links weigh choices, pack start positions."""
    extras: Ref | None = None
    """``(state, seat) -> dict``: game-specific help added to the table snapshot (``extras``)."""
    tricks: Ref | None = None
    """``(state, view) -> Tricks``: the trick-taking shape of a snapshot (:mod:`pyapp.tricks`)."""
    viewer_seat: int = 0
    """The seat drawn at the bottom of the table (a replay's default viewer)."""
    cards_key: str = "hand"
    """Where a seat's view lists its cards."""
    arena: Ref | None = None
    """The :class:`~pyapp.arena.ArenaGame` subclass: seatings, deals and scores of the arena."""
    lessons: Ref | None = None
    """The game's :class:`~pyapp.lessons.course.Course`: lessons, drills and their answer keys."""
    view: str | None = None
    """The table view, ``module:Class`` under ``pyapp.views`` (the browser side imports it)."""
    club: str | None = None
    """The module of the game's club events (tournaments, serate), when the game has them."""


_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(game: GameSpec) -> GameSpec:
    """Add ``game`` to the registry (a game package calls this once, when imported)."""
    other = next((s for s in _SPECS.values() if s.link_number == game.link_number), None)
    if other is not None and other.name != game.name:
        raise ValueError(f"link number {game.link_number} is {other.name}'s")
    _SPECS[game.name] = game
    return game


def unregister(name: str) -> None:
    """Remove a game (tests that registered one of their own)."""
    _SPECS.pop(name, None)


def _load_installed() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for package in INSTALLED:
        try:
            importlib.import_module(package)
        except ModuleNotFoundError as exc:  # a game left out of this build
            if not (exc.name and package.startswith(exc.name)):
                raise


def specs() -> list[GameSpec]:
    """Every registered game, by link number (the order games were added to Circolo)."""
    _load_installed()
    return sorted(_SPECS.values(), key=lambda s: s.link_number)


def spec(name: str) -> GameSpec:
    """The spec registered under ``name`` (raise :class:`UnknownGame`)."""
    _load_installed()
    found = _SPECS.get(name)
    if found is None:
        raise UnknownGame(name)
    return found


def game_class(name: str) -> type[GameState]:
    """The state class registered under ``name``."""
    return spec(name).state.load_class(GameState)  # type: ignore[type-abstract]


def new_game(name: str, **options: str | int) -> GameState:
    """A fresh state of game ``name`` with ``options`` (defaults for the others)."""
    return game_class(name)(**options)


def available_games() -> list[str]:
    """The names of the registered games."""
    return [s.name for s in specs()]


def by_link_number(number: int) -> GameSpec | None:
    """The game a replay link numbers ``number``, if there is one."""
    return next((s for s in specs() if s.link_number == number), None)
