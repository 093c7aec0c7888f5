"""The shapes of the plain data :class:`pyapp.session.TableSession` hands to the views.

``TypedDict`` only (plain dicts at run time): ``snapshot()`` (:class:`Snapshot`, with the trick
shape of :mod:`pyapp.tricks`, and what the replay viewer adds, :mod:`pyapp.links.session`),
``act()``, ``think()`` and ``suggest()``. A game's own ``view`` and ``result`` stay
``dict[str, Any]``: their keys are each game's (``docs/notation.md``, the games' ``view()``).
``tests/views/test_session_types.py`` holds these keys against the session's real data (no
``from __future__ import annotations`` here: the required and optional keys are read at run time).
"""

from typing import Any, NotRequired, TypedDict

from pyapp.tricks import Trick as Trick
from pyapp.tricks import TrickCard as TrickCard
from pyapp.tricks import Tricks as Tricks


class LastAction(TypedDict):
    """The move that led to a replay position."""

    actor: str
    action: str


class ReplayPlace(TypedDict):
    """Where the replay viewer stands (``snapshot["replay"]``)."""

    position: int
    total: int
    kind: str
    """``"game"`` or ``"hand"``."""
    seats: list[str]
    last_action: LastAction | None
    hand_end: bool
    """Whether a hand has just ended at this position."""


class Snapshot(TypedDict):
    """What a table shows now (``TableSession.snapshot(lang)``)."""

    game: str
    options: dict[str, Any]
    players: list[str]
    """Per seat: ``"human"`` or the computer player's level."""
    seat: int | None
    """The seat whose view this is (``None``: a spectator)."""
    to_act: int
    """The seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-2)."""
    to_act_label: str | None
    human_turn: bool
    legal: list[str]
    """The human's legal actions when it is the human's turn (else empty)."""
    terminal: bool
    view: dict[str, Any]
    """The game's own view of :attr:`seat` (never hidden cards)."""
    tricks: Tricks | None
    result: dict[str, Any]
    moves: int
    lang: str
    extras: dict[str, Any]
    tags: dict[str, str]
    hands: NotRequired[dict[str, list[str]]]
    """Replay only: every seat's cards, by seat label."""
    replay: NotRequired[ReplayPlace]
    """Replay only: the position in the record."""


class ActAnswer(TypedDict):
    """``act(action)``: the move made, or the rules' refusal (the state unchanged)."""

    ok: bool
    error: NotRequired[str]
    actor: NotRequired[str]
    action: NotRequired[str]


class ThinkAnswer(TypedDict):
    """One slice of ``think()`` or ``suggest()``: ``done`` once the move is made (or advised)."""

    done: bool
    actor: NotRequired[str]
    action: NotRequired[str]
    moves: NotRequired[int]
    """``suggest()`` only: the move count the advice is for."""
