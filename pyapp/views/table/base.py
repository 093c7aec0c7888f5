"""The state every part of a game table shares, and the settings a game view declares.

:class:`TableBase` is the bottom of :class:`~pyapp.views.table.TableController`: the class
attributes a game view sets (its name, seats, options, preferences, stylesheets, extension hooks)
and the state the other parts read and change (the session, replay mode, the notice and the
alert, the level, the advice...). The parts stand on it one above the other, each using only those
below it: :mod:`~pyapp.views.table.slots` (saving and restoring), :mod:`~pyapp.views.table.settings`
(settings, preferences, speed), :mod:`~pyapp.views.table.moves` (moves, the computer players'
loop, advice), :mod:`~pyapp.views.table.sharing` (links and hooks) and
:mod:`~pyapp.views.table.render` (the page). Two methods of the upper parts are called from below;
they are declared here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import ClassVar, TypedDict

from pyapp.i18n import DEFAULT_LANG
from pyapp.session import DEFAULT_LEVEL, TableSession
from pyapp.session_types import Snapshot
from pyapp.views.learn_link import howto_hook
from pyapp.views.motion import Motion
from pyapp.views.vdom import Patcher, VNode

Hook = Callable[[Snapshot], "VNode | None"]


class Advice(TypedDict):
    """The hard player's advice in a practice game: the action, for the position after ``moves``."""

    action: str
    moves: int


def snapshot_of(session: TableSession, lang: str = DEFAULT_LANG) -> Snapshot:
    """``session.snapshot(lang)`` (a :class:`~pyapp.session_types.Snapshot`)."""
    return session.snapshot(lang)


PRACTICE = "practice"
"""The value of the record's ``Mode`` tag (and of the settings' mode) for practice games."""

MODES: tuple[str, ...] = ("tournament", PRACTICE)
"""The modes a table without its own practice option offers: tournament first (the default)."""


class TableBase:
    """What every part of a table reads: the game view's declarations and the table's state."""

    game: str = ""
    bot_delay: float = 0.8
    """Seconds before each computer move (constant: the same whatever the hand, T11)."""
    chance_delay: float = 0.2
    """Seconds before a shuffle or lot."""
    humans: tuple[int, ...] = (2,)
    option_choices: ClassVar[Mapping[str, tuple[str | int, ...]]] = {}
    """The text options the settings form offers, with their values (engine option names)."""
    option_prefix: ClassVar[str] = ""
    """Catalog prefix of the settings labels: ``<prefix>.<name>`` and ``<prefix>.<name>.<value>``."""
    preferences: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """View-only settings (no new game needed): name -> values, the first is the default.
    Labels: ``table.pref.<name>`` and ``table.pref.<name>.<value>``."""
    stylesheets: ClassVar[tuple[str, ...]] = ("./static/table.css",)
    mode_setting: ClassVar[bool] = True
    """Whether the settings offer a tournament / practice mode (recorded as the ``Mode`` tag);
    a game whose rules have a practice option of their own (Tressette) says ``False``."""

    toolbar_hooks: ClassVar[list[Hook]] = []
    """Functions ``(snapshot) -> node or None`` adding buttons to the toolbar (e.g. a hint)."""
    summary_hooks: ClassVar[list[Hook]] = []
    """Functions ``(snapshot) -> node or None`` adding actions to a hand summary (e.g. share)."""
    howto_hooks: ClassVar[list[Hook]] = [howto_hook]
    """Functions ``(snapshot) -> node or None`` adding links to the "how to play" panel."""
    sheet_hooks: ClassVar[list[Hook]] = []
    """Functions ``(snapshot) -> node or None`` adding content under the score sheet (e.g. share)."""

    def __init__(self) -> None:
        self.session: TableSession | None = None
        self.running = False
        self.replay = False
        self.notice: tuple[str, dict[str, object]] | None = None
        self.error: str | None = None
        self._generation = 0
        self._task: asyncio.Future[None] | None = None  # keep the running loop referenced
        self.replay_full: TableSession | None = None
        self.replay_pos = 0
        self.settings: dict[str, str | int] = {}
        self.prefs: dict[str, str] = {}
        self.speed = "normal"
        self.acked_hands = 0
        """How many finished hands the human has dismissed the summary of."""
        self.motion: Motion | None = None
        self.patcher: Patcher | None = None
        self.previous: Snapshot | None = None
        """The snapshot drawn last (animations compare it with the new one)."""
        self._autofocused = ""
        self.playon = False
        """Whether this game was handed over by the replay viewer ("play on from here"): it is
        kept in a save slot of its own, never over the game saved in progress."""
        self._log_stick = True
        """Whether the log follows its newest line (the reader has not scrolled it back)."""
        self.level = DEFAULT_LEVEL
        """The computer players' level of new games (``circolo.<game>.level``)."""
        self.mode = MODES[0]
        """The mode of new games (``circolo.<game>.mode``; only when :attr:`mode_setting`)."""
        self.advice: Advice | None = None
        """The hard player's last advice: ``{"action": ..., "moves": n}`` (shown while current)."""
        self.advising = False
        self._advice_task: asyncio.Future[None] | None = None

    def hands_done(self, snapshot: Snapshot) -> int:
        """How many hands have finished (subclasses read their game's view or result)."""
        return 0

    # -- declared here, made above ---------------------------------------------------------------------
    def render(self) -> None:
        """Patch the page to the current snapshot (:mod:`~pyapp.views.table.render`)."""
        raise NotImplementedError

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        """Abandon the current game and start a fresh one (:mod:`~pyapp.views.table.moves`)."""
        raise NotImplementedError
