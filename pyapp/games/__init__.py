"""The registry of games: name -> GameState class, imported lazily.

``game_class("tressette")`` returns the class; ``new_game("boston", boston_suit="natural")`` a fresh
state. A game whose module is not present yet is simply not listed by :func:`available_games`.
"""

from __future__ import annotations

import importlib
from typing import Final

from pyapp.core import GameState

REGISTRY: Final[dict[str, str]] = {
    "tressette": "pyapp.tressette.rules:TressetteState",
    "boston": "pyapp.boston.rules:BostonState",
    "poker": "pyapp.poker.rules:PokerState",
}


class UnknownGame(KeyError):
    """Raised for a game name that is not registered (or whose module is missing)."""


def game_class(name: str) -> type[GameState]:
    """The state class registered under ``name``."""
    target = REGISTRY.get(name)
    if target is None:
        raise UnknownGame(name)
    module_name, _, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(name) from None
        raise
    cls: type[GameState] = getattr(module, attr)
    return cls


def new_game(name: str, **options: str | int) -> GameState:
    """A fresh state of game ``name`` with ``options`` (defaults for the others)."""
    return game_class(name)(**options)


def available_games() -> list[str]:
    """The registered games whose engine is importable."""
    out = []
    for name in REGISTRY:
        try:
            game_class(name)
        except UnknownGame:
            continue
        out.append(name)
    return out
