"""The part every game table shares: session lifecycle, saving, computer players, the page frame.

A game view subclasses :class:`TableController` and draws the table as a virtual tree
(:mod:`pyapp.views.vdom`): ``board(snapshot)`` (the felt and the dock with the human's hand and
controls), ``score_items`` / ``score_sheet`` (the slim score bar and the full sheet),
``log_entries`` (the hand's log), ``status_text`` (the prompt next to the hand). The controller

* restores the game in progress from ``localStorage`` (a corrupted save is reported, set aside
  under ``circolo.corrupt.<game>`` and never loses the text), or opens a replay link
  (``#r=...``) read-only;
* saves after every move, so a reload resumes exactly where the game was;
* runs chance and computer moves one at a time with a *fixed* delay (T11: the delay never
  depends on a computer player's hand); a search player thinks one slice (about 5 ms) per
  event-loop turn (``TableSession.think``), so the page never freezes, and a decision under way
  is dropped by undo, a new game or leaving (the loop's generation counter);
* offers the computer players' level (remembered per table, recorded in the ``Players`` tag and
  shown in the score bar) and, in practice mode, "Suggest a move" (the hard player's advice from
  the human's seat, sliced the same way, highlighted and said in the hand's log);
* patches the page instead of rebuilding it, so focus, scroll, open panels and the live log stay
  put; one live region (the hand's log, ``role="log"``) announces every move, every trick, every
  score change and "your turn"; refusals go to an alert next to the hand;
* offers places for other features: :attr:`toolbar_hooks` (extra toolbar buttons),
  :attr:`summary_hooks` (extra actions in a hand summary), :attr:`howto_hooks` (links in the
  "how to play" panel) and :attr:`preferences` (view-only settings applied at once).
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pyscript import document, window

from pyapp.links.legacy import FragmentError, decode_fragment
from pyapp.links.session import game_fragment
from pyapp.record import RecordError
from pyapp.session import (
    BROWSER_SLICE_MS,
    DEFAULT_LEVEL,
    LEVELS,
    TableSession,
    normalize_level,
)
from pyapp.views import common, replay_share
from pyapp.views.common import tr
from pyapp.views.learn_link import howto_hook
from pyapp.views.motion import Motion
from pyapp.views.vdom import Patcher, VNode, h

Hook = Callable[[dict[str, Any]], "VNode | None"]


def _catalog_keys() -> dict[str, str]:
    from pyapp.i18n import DEFAULT_LANG, catalogs

    return catalogs()[DEFAULT_LANG]


def ensure_stylesheet(href: str) -> None:
    """Add ``<link rel="stylesheet" href=href>`` to the page once."""
    for link in document.querySelectorAll("link[rel=stylesheet]"):
        if link.getAttribute("href") == href:
            return
    document.head.append(common.el("link", attrs={"rel": "stylesheet", "href": href}))


SPEED_KEY = "circolo.speed"
"""The ``localStorage`` key of the computer players' speed (shared by every table)."""

PRACTICE = "practice"
"""The value of the record's ``Mode`` tag (and of the settings' mode) for practice games."""

MODES: tuple[str, ...] = ("tournament", PRACTICE)
"""The modes a table without its own practice option offers: tournament first (the default)."""

MOVE_MARK = "circolo-computer-move"
"""Performance mark and measure around each computer player's thinking, from its first slice to
the move made (tests check that no long task falls inside; the render follows in its own task)."""

ADVICE_MARK = "circolo-advice"
"""Performance mark and measure around the thinking of "Suggest a move" (its first slice to the advice)."""

SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
"""Seconds before each computer move, by speed: one constant per speed, whatever the hand (T11)."""

MOTION_FACTORS: dict[str, float] = {"slow": 1.4, "normal": 1.0, "fast": 0.55}
"""How the speed setting scales every animation (and the pause of a finished trick)."""

FAST_MOTION = 0.3
"""The motion factor under ``?fast`` (demos, tests): animations stay, but brief."""

ICONS: dict[str, str] = {
    "first": "M5 5h2.5v14H5zM19 5v14L9 12z",
    "back": "M17 5v14L7 12z",
    "forward": "M7 5l10 7-10 7z",
    "last": "M5 5l10 7-10 7zM16.5 5H19v14h-2.5z",
    "sheet": "M5 3h14v18H5zM8 7v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z",
}
"""Our own icons (SVG path data on a 24x24 grid): symbols such as ⏮ are missing from some fonts."""


def icon(name: str) -> VNode:
    """An inline SVG icon, hidden from assistive technology (the button carries the words)."""
    return h(
        "svg",
        h("path", attrs={"d": ICONS[name], "fill": "currentColor"}),
        cls="icon",
        attrs={
            "viewBox": "0 0 24 24",
            "width": 18,
            "height": 18,
            "aria-hidden": "true",
            "focusable": "false",
        },
    )


class TableController:
    """Owns one game's :class:`TableSession` in the page and drives its rendering."""

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
        self.previous: dict[str, Any] | None = None
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
        self.advice: dict[str, Any] | None = None
        """The hard player's last advice: ``{"action": ..., "moves": n}`` (shown while current)."""
        self.advising = False
        self._advice_task: asyncio.Future[None] | None = None

    # -- storage ------------------------------------------------------------------------------------
    @property
    def save_key(self) -> str:
        """The ``localStorage`` key of this game's save."""
        return f"circolo.save.{self.game}" + (".playon" if self.playon else "")

    def save(self) -> None:
        """Store the game in progress (not in replay mode)."""
        if self.session is not None and not self.replay:
            common.storage_set(self.save_key, self.session.save())

    def set_aside(self, text: str, reason: str) -> None:
        """Keep an unreadable save under a separate key and tell the player why."""
        common.storage_set(f"circolo.corrupt.{self.game}.{int(time.time())}", text)
        common.storage_remove(self.save_key)
        self.notice = ("common.save.corrupt", {"reason": reason})

    def restore(self) -> TableSession | None:
        """The session from a replay link, else from the save, else ``None``."""
        handed = replay_share.restore_hook(self)  # #playon, or #v2. sent to the viewer (links)
        if handed is not None or self.playon:
            return handed
        fragment = str(window.location.hash or "")
        if fragment.startswith("#r="):
            try:
                loaded = TableSession.load(decode_fragment(fragment))
            except FragmentError as exc:
                self.notice = ("table.replay.bad_link", {"reason": exc.message(common.get_lang())})
            except RecordError as exc:
                self.notice = ("table.replay.bad_link", {"reason": exc.message(common.get_lang())})
            else:
                if loaded.game == self.game:
                    self.replay = True
                    self.replay_full = loaded
                    self.replay_pos = loaded.move_count
                    return loaded
                self.notice = ("table.replay.other_game", {})
        text = common.storage_get(self.save_key)
        if not text:
            return None
        try:
            loaded = TableSession.load(text)
        except RecordError as exc:
            self.set_aside(text, exc.message(common.get_lang()))
            return None
        if loaded.game != self.game:
            self.set_aside(text, tr("table.replay.other_game"))
            return None
        self.acked_hands = self.restored_acked(loaded.snapshot(common.get_lang()))
        if loaded.migrated:
            self.notice = ("common.save.migrated", {"n": loaded.migrated})
        return loaded

    def restored_acked(self, snapshot: dict[str, Any]) -> int:
        """Hands already dismissed in a restored game: all but one whose summary still waits."""
        return self.hands_done(snapshot)

    # -- lifecycle ---------------------------------------------------------------------------------
    def main(self) -> None:
        """Start the view: restore or create the game, render, let the computer players move."""
        for href in self.stylesheets:
            ensure_stylesheet(href)
        root = common.app_root()
        root.classList.add("table-app")
        self.patcher = Patcher(document, root)
        for kind in ("click", "input", "change", "submit", "keydown"):
            common.listen(root, kind, self.patcher.dispatch)
        self.motion = Motion()
        TableSession.slice_ms = BROWSER_SLICE_MS
        self.apply_speed(common.storage_get(SPEED_KEY) or "normal")
        self.load_settings()
        self.load_prefs()
        replay_share.install(self)  # share this hand / the game (pyapp/views/replay_share.py)
        self.session = self.restore()
        if self.session is None:
            self.session = self.fresh_session(self.default_options())
            self.save()
        common.on_lang_change(lambda _lang: self.render())
        window.addEventListener("resize", common.proxy(lambda _e: self.fit()))
        self.render()
        self.schedule()
        for delay in (0.3, 0.7, 1.5, 3.0):  # the start-up loader above the table folds away
            self.motion.later(delay, self.fit)

    def fit(self) -> None:
        """Size the board to the viewport below it (``--board-top``): the table is one screen."""
        board = common.app_root().querySelector(".board")
        if not board:
            return
        log = common.by_id("hand-log")
        if log and self._log_stick:
            log.scrollTop = log.scrollHeight
        top = float(board.getBoundingClientRect().top) + float(window.scrollY or 0)
        value = f"{top:.0f}px"
        root = common.app_root()
        if str(root.style.getPropertyValue("--board-top")) != value:
            root.style.setProperty("--board-top", value)

    @property
    def fast(self) -> bool:
        """Whether the page runs with ``?fast`` (quick computer players and brief motion)."""
        return "fast" in str(window.location.search or "")

    # -- settings -----------------------------------------------------------------------------------
    @property
    def settings_key(self) -> str:
        """The ``localStorage`` key of the remembered table settings."""
        return f"circolo.{self.game}.settings"

    def load_settings(self) -> None:
        """Read the remembered settings (unknown names or values are ignored)."""
        level = common.storage_get(f"circolo.{self.game}.level") or ""
        self.level = level if level in LEVELS else DEFAULT_LEVEL
        mode = common.storage_get(f"circolo.{self.game}.mode") or ""
        self.mode = mode if mode in MODES else MODES[0]
        stored = common.storage_get(self.settings_key) or ""
        for pair in stored.split(";"):
            name, _, raw = pair.partition("=")
            value = self._choice(name, raw)
            if value is not None:
                self.settings[name] = value

    def load_prefs(self) -> None:
        """Read the remembered view-only preferences (defaults: the first value of each)."""
        stored = common.storage_get(f"circolo.{self.game}.prefs") or ""
        given = dict(pair.partition("=")[::2] for pair in stored.split(";") if "=" in pair)
        for name, values in self.preferences.items():
            self.prefs[name] = given[name] if given.get(name) in values else values[0]

    def set_pref(self, name: str, value: str) -> None:
        """Change one preference, remember it and redraw."""
        if value in self.preferences.get(name, ()):
            self.prefs[name] = value
            common.storage_set(
                f"circolo.{self.game}.prefs", ";".join(f"{k}={v}" for k, v in self.prefs.items())
            )
            self.pref_changed(name)
            self.render()

    def pref_changed(self, name: str) -> None:
        """A preference changed (subclasses reset what depends on it)."""

    def _choice(self, name: str, raw: str) -> str | int | None:
        """The offered value of option ``name`` whose text is ``raw`` (``None`` if not offered)."""
        return next((v for v in self.option_choices.get(name, ()) if str(v) == raw), None)

    def default_options(self) -> dict[str, str | int]:
        """Options of a new game: the remembered settings."""
        return dict(self.settings)

    def fresh_session(self, options: dict[str, str | int]) -> TableSession:
        """A new game with ``options``, the remembered level and (when offered) mode."""
        tags = {"Mode": PRACTICE} if self.mode_setting and self.mode == PRACTICE else {}
        return TableSession.new(self.game, humans=self.humans, bot=self.level, options=options, tags=tags)

    def practice(self, snapshot: dict[str, Any]) -> bool:
        """Whether the game in progress is a practice game (undo and "Suggest a move")."""
        return bool(snapshot["tags"].get("Mode") == PRACTICE)

    def start_with_settings(self, form: Any) -> None:
        """Read the settings form, remember it and start a new game with it."""
        chosen: dict[str, str | int] = {}
        for name in self.option_choices:
            field = form.querySelector(f"[name={name}]:checked") or form.querySelector(f"select[name={name}]")
            value = self._choice(name, str(field.value)) if field else None
            if value is not None:
                chosen[name] = value
        self.settings = chosen
        common.storage_set(self.settings_key, ";".join(f"{k}={v}" for k, v in chosen.items()))
        level = form.querySelector("[name=level]:checked")
        if level and str(level.value) in LEVELS:
            self.level = str(level.value)
            common.storage_set(f"circolo.{self.game}.level", self.level)
        mode = form.querySelector("[name=mode]:checked")
        if self.mode_setting and mode and str(mode.value) in MODES:
            self.mode = str(mode.value)
            common.storage_set(f"circolo.{self.game}.mode", self.mode)
        self.new_game(dict(chosen))

    def settings_form(self, snapshot: dict[str, Any]) -> VNode:
        """A folded panel: preferences applied at once, then the options of a new game."""
        form = h("form", cls="settings", attrs={"id": "settings"})
        current = snapshot["options"]
        form.append(self.table_field("level", LEVELS, self.level))
        if self.mode_setting:
            form.append(self.table_field("mode", MODES, self.mode))
        for name, values in self.option_choices.items():
            form.append(self.settings_field(name, values, self.settings.get(name, current.get(name))))

        def submit(event: Any) -> None:
            event.preventDefault()
            self.start_with_settings(event.currentTarget)

        form.handlers["submit"] = submit
        form.append(h("button", cls="button", text=tr("table.start_with_settings"), attrs={"type": "submit"}))
        prefs = [self.pref_field(name, values) for name, values in self.preferences.items()]
        return h(
            "details",
            h("summary", text=tr("table.settings")),
            h("div", *prefs, cls="prefs") if prefs else None,
            h("h3", text=tr("table.new_game_options"), cls="settings-sub"),
            form,
            cls="settings-box",
            attrs={"id": "settings-panel"},
        )

    def pref_field(self, name: str, values: tuple[str, ...]) -> VNode:
        """A select for one view-only preference, applied as soon as it changes."""
        field_id = f"pref-{name}"
        select = h(
            "select",
            *[
                h(
                    "option",
                    text=tr(f"table.pref.{name}.{value}"),
                    attrs={"value": value, "selected": self.prefs.get(name) == value},
                )
                for value in values
            ],
            attrs={"id": field_id, "name": field_id, "data-pref": name},
            on={"change": lambda event: self.set_pref(name, str(event.target.value))},
        )
        return h("label", tr(f"table.pref.{name}"), " ", select, cls="pref", attrs={"for": field_id})

    def settings_field(self, name: str, values: tuple[str | int, ...], chosen: object) -> VNode:
        """The form control of one option: a group of radio buttons (subclasses may use a select)."""
        group = h("fieldset")
        group.append(h("legend", text=tr(f"{self.option_prefix}.{name}")))
        for value in values:
            field_id = f"opt-{name}-{value}"
            radio = h(
                "input",
                attrs={
                    "type": "radio",
                    "name": name,
                    "value": value,
                    "id": field_id,
                    "checked": str(chosen) == str(value),
                },
            )
            group.append(
                h("label", radio, " " + tr(f"{self.option_prefix}.{name}.{value}"), attrs={"for": field_id})
            )
        return group

    def table_field(self, name: str, values: tuple[str, ...], chosen: str) -> VNode:
        """Radio buttons for a setting of the table itself (``table.<name>.<value>`` labels)."""
        group = h("fieldset", h("legend", text=tr(f"table.{name}")), attrs={"id": f"table-{name}"})
        for value in values:
            field_id = f"table-{name}-{value}"
            radio = h(
                "input",
                attrs={
                    "type": "radio",
                    "name": name,
                    "value": value,
                    "id": field_id,
                    "checked": value == chosen,
                },
            )
            group.append(h("label", radio, " " + tr(f"table.{name}.{value}"), attrs={"for": field_id}))
        return group

    # -- how to play ---------------------------------------------------------------------------------
    def howto(self, snapshot: dict[str, Any]) -> VNode:
        """A folded "How to play" panel: the game's rules in a few lines (``table.howto.<game>.N``)."""
        items = h("ul", cls="howto-list")
        number = 1
        while f"table.howto.{self.game}.{number}" in _catalog_keys():
            items.append(h("li", text=tr(f"table.howto.{self.game}.{number}")))
            number += 1
        extras = [node for hook in self.howto_hooks if (node := hook(snapshot)) is not None]
        return h(
            "details",
            h("summary", text=tr("table.howto")),
            items,
            *extras,
            cls="settings-box howto",
            attrs={"id": "howto"},
        )

    # -- the human's hand -----------------------------------------------------------------------------
    def card_button(
        self,
        card: Any,
        index: int,
        label: str,
        *,
        disabled: bool = False,
        pressed: bool | None = None,
        cls: str = "card-button",
        attrs: dict[str, str | int | bool | None] | None = None,
        on_click: Callable[[str], None] | None = None,
    ) -> VNode:
        """One card of the human's hand as a button: click/Enter/Space call ``click_card(code)``.

        ``disabled`` marks it ``aria-disabled`` (it stays clickable so the rules can say why not);
        ``pressed`` (``True``/``False``) makes it a toggle; arrow keys move along the hand.
        """
        code = card.code
        merged: dict[str, str | int | bool | None] = {
            "type": "button",
            "data-card": code,
            "data-focus": f"card-{code}",
            "aria-label": label,
            "aria-disabled": "true" if disabled else None,
            "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
            "data-index": index,
        }
        merged.update(attrs or {})
        image = h(
            "img",
            cls="card",
            attrs={
                "src": common.card_url(card),
                "alt": "",
                "aria-hidden": "true",
                "draggable": "false",
                "width": 100,
                "height": 150,
                "data-deck": card.deck,
            },
        )
        action = on_click or self.click_card
        return h(
            "button",
            image,
            cls=cls,
            attrs=merged,
            key=f"card-{code}",
            on={"click": lambda _e: action(code), "keydown": self.hand_keys},
        )

    def click_card(self, code: str) -> None:
        """A card of the human's hand was clicked or activated (subclasses)."""
        raise NotImplementedError

    def hand_keys(self, event: Any) -> None:
        """Arrow keys move along the human's hand; Home/End jump to its ends (Enter/Space play)."""
        moves = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
        key = str(event.key)
        if key not in moves and key not in ("Home", "End"):
            return
        buttons = list(common.app_root().querySelectorAll(".hand-own .card-button"))
        if not buttons:
            return
        index = int(event.currentTarget.getAttribute("data-index") or 0)
        target = 0 if key == "Home" else len(buttons) - 1 if key == "End" else index + moves[key]
        buttons[max(0, min(len(buttons) - 1, target))].focus()
        event.preventDefault()

    # -- moves ----------------------------------------------------------------------------------------
    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        """Abandon the current game and start a fresh one (leaves replay mode)."""
        self._generation += 1
        self.running = False
        if self.replay:
            self.replay = False
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        self.session = self.fresh_session(options or self.default_options())
        self.advice = None
        self.acked_hands = 0
        self.notice = None
        self.error = None
        self.previous = None
        self.save()
        self.render()
        self.schedule()

    def act(self, action: str) -> bool:
        """A human move: play it or show the rules' refusal; then let the computer players move."""
        if self.session is None or self.replay:
            return False
        answer = self.session.act(action, common.get_lang())
        if not answer["ok"]:
            self.error = str(answer["error"])
            self.render()
            return False
        self.error = None
        self.notice = None
        self.advice = None
        self.save()
        self.render()
        self.schedule()
        return True

    def refuse(self, text: str) -> None:
        """Show ``text`` in the alert next to the hand (a move the table cannot make now)."""
        self.error = text
        self.render()

    def undo(self) -> None:
        """Take back to the human's previous decision."""
        if self.session is None or self.replay:
            return
        self._generation += 1
        self.running = False
        self.advice = None
        if self.session.undo():
            self.error = None
            self.save()
            played = self.hands_done(self.session.snapshot())
            self.acked_hands = min(self.acked_hands, played)
        self.render()
        self.schedule()

    def replay_step(self, position: int) -> None:
        """Show the replayed game after ``position`` actions."""
        if self.replay_full is None:
            return
        self.replay_pos = max(0, min(position, self.replay_full.move_count))
        self.session = self.replay_full.at_move(self.replay_pos)
        self.render()

    def share_link(self) -> str:
        """An absolute replay link of the game so far (``replay.html#v2.…``)."""
        assert self.session is not None
        return replay_share.absolute(game_fragment(self.session))

    # -- hand summaries ------------------------------------------------------------------------------
    def hands_done(self, snapshot: dict[str, Any]) -> int:
        """How many hands have finished (subclasses read their game's view or result)."""
        return 0

    def summary_waits(self, snapshot: dict[str, Any]) -> bool:
        """Whether a finished hand's summary is waiting for the human's "Next hand"."""
        return self.hands_done(snapshot) > self.acked_hands

    def continue_after_summary(self) -> None:
        """The human has read the hand summary: the computer players go on with the next hand."""
        assert self.session is not None
        self.acked_hands = self.hands_done(self.session.snapshot(common.get_lang()))
        self.error = None
        self.render()
        self.schedule()

    def summary_actions(self, snapshot: dict[str, Any]) -> list[VNode]:
        """Extra actions of a hand summary (from :attr:`summary_hooks`)."""
        return [node for hook in self.summary_hooks if (node := hook(snapshot)) is not None]

    def next_hand_button(self, text: str | None = None) -> VNode:
        """The "Next hand" button of a summary (focused when the summary appears)."""
        return h(
            "button",
            cls="button",
            text=text or tr("table.next_hand"),
            attrs={"type": "button", "id": "next-hand", "data-autofocus": "next-hand"},
            on={"click": lambda _e: self.continue_after_summary()},
        )

    # -- computer players ------------------------------------------------------------------------------
    def pause_before(self, snapshot: dict[str, Any]) -> bool:
        """Whether the computer players wait for the human (by default: to read a hand summary)."""
        return self.summary_waits(snapshot)

    def schedule(self) -> None:
        """Start the computer players' loop unless it is running or nothing is due."""
        if self.running or self.session is None or self.replay or not self.session.pending():
            return
        self.running = True
        self._task = asyncio.ensure_future(self._run(self._generation))

    async def _run(self, generation: int) -> None:
        try:
            while self.session is not None and generation == self._generation and self.session.pending():
                snapshot = self.session.snapshot(common.get_lang())
                if self.pause_before(snapshot):
                    break
                chance = snapshot["to_act"] < 0
                await asyncio.sleep(0)  # a new turn: the last render's task ends here
                if generation != self._generation or self.session is None:
                    return
                started = time.monotonic()
                if not chance:
                    window.performance.mark(MOVE_MARK)
                if not await self.think(generation):
                    return
                if not chance:  # the thinking is over: the render below is a task of its own
                    window.performance.measure(MOVE_MARK, MOVE_MARK)
                    window.performance.clearMarks(MOVE_MARK)
                # the same delay for every move (T11): the thinking happened inside it
                thought = time.monotonic() - started
                await asyncio.sleep(max(0.0, (self.chance_delay if chance else self.bot_delay) - thought))
                if self.motion is not None:
                    await self.motion.idle()  # a finished trick on show: the same pause for every trick
                if generation != self._generation or self.session is None:
                    return
                self.save()
                self.render()
        except Exception:  # noqa: BLE001 - a failure must be visible, never a silent stall
            common.show_error(traceback.format_exc())
        finally:
            if generation == self._generation:
                self.running = False

    async def think(self, generation: int) -> bool:
        """Let the due computer (or chance) move be decided and made, one slice per event-loop
        turn; ``False`` if the loop went stale (undo, new game) or no such move was due.

        The move is made by the session at the end of the last slice, never after the
        generation changed: a stale decision is simply abandoned.
        """
        while True:
            if generation != self._generation or self.session is None:
                return False
            answer = self.session.think()
            if answer is None:
                return False
            if answer["done"]:
                return True
            await asyncio.sleep(0)  # one slice per turn: the page stays responsive

    # -- advice (practice) ----------------------------------------------------------------------------
    def advice_current(self, snapshot: dict[str, Any]) -> str | None:
        """The advised action if it still applies to ``snapshot`` (the human's turn, same move)."""
        advice = self.advice
        if (
            advice is None
            or self.replay
            or not snapshot["human_turn"]
            or advice["moves"] != snapshot["moves"]
        ):
            return None
        return str(advice["action"])

    def suggest(self) -> None:
        """Ask the hard player for a move from the human's seat (practice): sliced, never played."""
        if self.session is None or self.replay or self.advising:
            return
        snapshot = self.session.snapshot(common.get_lang())
        if not self.advisable(snapshot) or not self.practice(snapshot):
            return
        self.advice = None
        self.advising = True
        self.render()
        self._advice_task = asyncio.ensure_future(self._advise(self._generation, snapshot["moves"]))

    async def _advise(self, generation: int, moves: int) -> None:
        """Run the advice to its end (or until the game moves on), then show it."""
        await asyncio.sleep(0)  # the click's own task (and its render) ends here
        try:
            await self._advice_slices(generation, moves)
        except Exception:  # noqa: BLE001 - a failure must be visible, never a silent stall
            common.show_error(traceback.format_exc())
        self.advising = False
        await asyncio.sleep(0)  # the advice is shown in a task of its own
        self.render()  # also after a new game or an undo: the button leaves its busy state

    async def _advice_slices(self, generation: int, moves: int) -> None:
        window.performance.mark(ADVICE_MARK)
        while True:
            session = self.session
            if generation != self._generation or session is None or session.move_count != moves:
                return
            answer = session.suggest()
            if answer is None:
                return
            if answer["done"]:
                window.performance.measure(ADVICE_MARK, ADVICE_MARK)
                window.performance.clearMarks(ADVICE_MARK)
                self.advice = {"action": answer["action"], "moves": answer["moves"]}
                self.show_advice(str(answer["action"]))
                return
            await asyncio.sleep(0)  # one slice per turn

    def advisable(self, snapshot: dict[str, Any]) -> bool:
        """Whether "Suggest a move" may answer now: the human's turn at a real decision
        (subclasses leave out cuts and the like)."""
        return bool(snapshot["human_turn"])

    def show_advice(self, action: str) -> None:
        """Prepare the controls for the advised ``action`` without playing it (subclasses: e.g.
        fill in an amount or mark the cards to change)."""

    def advice_text(self, snapshot: dict[str, Any], action: str) -> str:
        """The advised action in words (subclasses; the default plays a card)."""
        return tr("table.suggest.play", card=action)

    def advice_targets(self, snapshot: dict[str, Any], action: str) -> list[str]:
        """CSS selectors of what to highlight for ``action`` (the default: the card to play)."""
        code = action.split(" ")[0]
        return [f'.hand-own [data-card="{code}"]']

    def mark_advice(self, snapshot: dict[str, Any]) -> None:
        """Highlight the advised card or button (``.is-suggested``, ``data-suggested``)."""
        root = common.app_root()
        for node in root.querySelectorAll("[data-suggested]"):
            node.classList.remove("is-suggested")
            node.removeAttribute("data-suggested")
        action = self.advice_current(snapshot)
        if action is None:
            return
        for selector in self.advice_targets(snapshot, action):
            for node in root.querySelectorAll(selector):
                node.classList.add("is-suggested")
                node.setAttribute("data-suggested", "true")

    def suggest_button(self, snapshot: dict[str, Any]) -> VNode | None:
        """ "Suggest a move" in practice games: enabled on the human's turn, busy while it thinks."""
        if self.replay or not self.practice(snapshot):
            return None
        return h(
            "button",
            cls="button button-quiet",
            text=tr("table.suggest.thinking") if self.advising else tr("table.suggest"),
            attrs={
                "type": "button",
                "id": "suggest",
                "disabled": not self.advisable(snapshot),
                "aria-busy": "true" if self.advising else None,
                "aria-describedby": "advice" if self.advice_current(snapshot) else None,
            },
            on={"click": lambda _e: self.suggest()},
        )

    # -- rendering ------------------------------------------------------------------------------------
    def render(self) -> None:
        """Patch the table to the current snapshot, keeping focus, scroll and open panels."""
        if self.session is None or self.patcher is None:
            return
        root = common.app_root()
        active = document.activeElement
        focus_inside = bool(active) and bool(root.contains(active)) and not active.isSameNode(root)
        focus_index = str(active.getAttribute("data-index") or "") if focus_inside else ""
        log = common.by_id("hand-log")
        at_bottom = not log or float(log.scrollTop) + float(log.clientHeight) >= float(log.scrollHeight) - 24
        snapshot = self.session.snapshot(common.get_lang())
        self.before_patch(snapshot)
        self.patcher.patch(self.page(snapshot))
        self.mark_advice(snapshot)
        self.fit()
        self.after_patch(self.previous, snapshot)
        self.previous = snapshot
        log = common.by_id("hand-log")
        if log and at_bottom:
            log.scrollTop = log.scrollHeight
        self.settle_focus(focus_inside, focus_index)

    def before_patch(self, snapshot: dict[str, Any]) -> None:
        """Measure what animations need before the page changes (subclasses)."""

    def after_patch(self, previous: dict[str, Any] | None, snapshot: dict[str, Any]) -> None:
        """Start animations for what changed between ``previous`` and ``snapshot`` (subclasses)."""

    def settle_focus(self, had_focus: bool, index: str) -> None:
        """Focus a new summary's button once; if the focused element went away, focus a neighbour."""
        root = common.app_root()
        auto = root.querySelector("[data-autofocus]")
        if auto:
            key = f"{auto.getAttribute('data-autofocus')}:{self.acked_hands}:{self._generation}"
            if key != self._autofocused:
                self._autofocused = key
                auto.focus()
                return
        else:
            self._autofocused = ""
        active = document.activeElement
        if not had_focus or (active and root.contains(active) and not active.isSameNode(root)):
            return
        cards = list(root.querySelectorAll(".hand-own .card-button"))
        if cards:
            position = int(index) if index.isdigit() else 0
            cards[max(0, min(len(cards) - 1, position))].focus()
            return
        target = root.querySelector(".dock button, .dock input, #status")
        if target:
            target.focus()

    def page(self, snapshot: dict[str, Any]) -> list[VNode]:
        """The whole table: title, score bar, the play area, the side column, the score sheet."""
        turn = snapshot["human_turn"] and not self.replay
        return [
            h("h1", cls="page-title visually-hidden", text=tr(f"ui.game.{self.game}.name"), key="title"),
            h(
                "div",
                self.score_bar(snapshot),
                h("div", self.board(snapshot), cls="tbl-play", key="play"),
                self.side(snapshot),
                cls=f"tbl tbl-{self.game}",
                key="tbl",
                attrs={"data-turn": "you" if turn else None, "data-replay": "true" if self.replay else None},
            ),
            self.score_dialog(snapshot),
        ]

    def board(self, snapshot: dict[str, Any]) -> VNode:
        """The felt, the human's hand and the controls next to it (subclasses)."""
        raise NotImplementedError

    def status_text(self, snapshot: dict[str, Any]) -> str:
        """The one-line prompt next to the hand: whose turn, what to do (subclasses)."""
        return ""

    def messages(self, snapshot: dict[str, Any]) -> VNode:
        """Next to the hand: the prompt, the last refusal (alert) and any notice."""
        if self.replay:
            prompt = tr("table.replay.explain")
        elif self.summary_waits(snapshot):
            prompt = tr("table.summary_prompt")
        else:
            prompt = self.status_text(snapshot)
        advised = self.advice_current(snapshot)
        advice = None
        if advised is not None:
            text = tr("table.suggest.says", move=self.advice_text(snapshot, advised))
            advice = h("p", cls="table-advice", text=text, attrs={"id": "advice", "data-action": advised})
        notice = None
        if self.notice:
            key, params = self.notice
            notice = h("p", cls="table-notice", text=tr(key, **params), attrs={"role": "status"})
        return h(
            "div",
            h("p", cls="status", text=prompt, attrs={"id": "status", "tabindex": "-1"}),
            h("p", cls="table-alert", text=self.error or "", attrs={"role": "alert", "id": "table-alert"}),
            advice,
            notice,
            cls="table-messages",
            key="messages",
        )

    # -- the score bar and sheet ----------------------------------------------------------------------
    def score_items(self, snapshot: dict[str, Any]) -> list[VNode]:
        """The slim score bar's content (subclasses)."""
        return []

    def score_sheet(self, snapshot: dict[str, Any]) -> VNode:
        """The full score sheet shown in a dialog (subclasses)."""
        return h("p", text="")

    def score_bar(self, snapshot: dict[str, Any]) -> VNode:
        """One slim line of score, with the full sheet a tap away."""
        return h(
            "section",
            h("div", *self.score_items(snapshot), self.level_item(snapshot), cls="scorebar-items"),
            h(
                "button",
                icon("sheet"),
                h("span", text=tr("table.sheet.open"), cls="label"),
                cls="button button-quiet button-small",
                attrs={
                    "type": "button",
                    "id": "score-open",
                    "aria-haspopup": "dialog",
                    "aria-label": tr("table.sheet.open"),
                },
                on={"click": lambda _e: self.open_sheet()},
            ),
            cls="scorebar",
            key="scorebar",
            attrs={"aria-label": tr("table.sheet.bar")},
        )

    def level_item(
        self, snapshot: dict[str, Any], tag: str = "span", cls: str = "score-meta score-level"
    ) -> VNode | None:
        """The computer players' level (each level once, in seat order): in the score bar, and on
        phones, where the bar has no room left, above the side column's toolbar."""
        levels: list[str] = []
        for kind in snapshot["players"]:
            level = normalize_level(kind)
            if kind != "human" and level not in levels:
                levels.append(level)
        if not levels:
            return None
        words = " / ".join(tr(f"table.level.{level}") for level in levels)
        return h(
            tag,
            text=tr("table.level.bar", level=words),
            cls=cls,
            attrs={"title": tr("table.level.bar_title", level=words), "data-levels": " ".join(levels)},
        )

    def open_sheet(self) -> None:
        """Open the score sheet dialog."""
        dialog = common.by_id("score-sheet")
        if dialog and not dialog.open:
            dialog.showModal()

    def score_dialog(self, snapshot: dict[str, Any]) -> VNode:
        """The score sheet as a modal dialog (closed with its button or Escape)."""
        return h(
            "dialog",
            h("h2", text=tr("table.sheet.title"), attrs={"id": "score-title"}),
            h(
                "div",
                self.score_sheet(snapshot),
                *[node for hook in self.sheet_hooks if (node := hook(snapshot)) is not None],
                cls="sheet-body",
            ),
            h(
                "form",
                h("button", cls="button", text=tr("table.sheet.close"), attrs={"type": "submit"}),
                attrs={"method": "dialog"},
            ),
            cls="score-sheet",
            key="score-sheet",
            attrs={"id": "score-sheet", "aria-labelledby": "score-title"},
        )

    # -- the side column -------------------------------------------------------------------------------
    def side(self, snapshot: dict[str, Any]) -> VNode:
        """The hand's log, the game's own panels, the toolbar, how to play and the settings."""
        return h(
            "aside",
            self.log_panel(snapshot),
            *self.side_panels(snapshot),
            self.level_item(snapshot, "p", "side-level"),
            self.toolbar(snapshot),
            self.howto(snapshot),
            self.settings_form(snapshot),
            cls="tbl-side",
            key="side",
            attrs={"aria-label": tr("table.side")},
        )

    def side_panels(self, snapshot: dict[str, Any]) -> list[VNode]:
        """The game's own panels in the side column (subclasses)."""
        return []

    def log_entries(self, snapshot: dict[str, Any]) -> list[tuple[str, str, str]]:
        """The hand so far as ``(key, text, kind)`` lines, oldest first (subclasses)."""
        return []

    def log_panel(self, snapshot: dict[str, Any]) -> VNode:
        """The visible, scrollable log of the hand: also the one live region that announces moves."""
        entries = list(self.log_entries(snapshot))
        if snapshot["human_turn"] and not self.replay:
            entries.append((f"turn-{snapshot['moves']}", tr("table.your_turn"), "turn"))
        advised = self.advice_current(snapshot)
        if advised is not None:
            text = tr("table.suggest.says", move=self.advice_text(snapshot, advised))
            entries.append((f"advice-{snapshot['moves']}", text, "advice"))
        items = [h("li", text=text, cls=f"log-{kind}", key=key) for key, text, kind in entries]
        return h(
            "section",
            h("h2", text=tr("table.log"), attrs={"id": "hand-log-title"}),
            h(
                "div",
                h("ol", *items),
                cls="hand-log-list",
                attrs={
                    "id": "hand-log",
                    "role": "log",
                    "aria-live": "polite",
                    "aria-labelledby": "hand-log-title",
                    "tabindex": "0",
                },
            ),
            cls="log-box",
            key="log-box",
        )

    def toolbar(self, snapshot: dict[str, Any], undo: bool = True) -> VNode:
        """The buttons every table has: new game, undo, share replay link, speed; or replay steps."""
        bar = h("div", cls="table-toolbar", attrs={"role": "toolbar", "aria-label": tr("table.toolbar")})
        if self.replay:
            total = self.replay_full.move_count if self.replay_full else 0
            steps = (
                ("replay-start", "table.replay.start", 0, "first"),
                ("replay-back", "table.replay.back", self.replay_pos - 1, "back"),
                ("replay-forward", "table.replay.forward", self.replay_pos + 1, "forward"),
                ("replay-end", "table.replay.end", total, "last"),
            )
            for ident, key, target, name in steps:
                bar.append(
                    h(
                        "button",
                        icon(name),
                        h("span", text=tr(key)),
                        cls="button button-quiet",
                        attrs={
                            "type": "button",
                            "id": ident,
                            "disabled": target == self.replay_pos or not 0 <= target <= total,
                        },
                        on={"click": common.bind(self.replay_step, target)},
                    )
                )
            bar.append(
                h(
                    "span",
                    cls="replay-pos",
                    text=tr("table.replay.position", n=self.replay_pos, total=total),
                    attrs={"aria-live": "polite"},
                ),
                h("span", cls="badge", text=tr("table.replay.badge")),
                h(
                    "button",
                    cls="button",
                    text=tr("table.replay.play_own"),
                    attrs={"type": "button", "id": "play-own"},
                    on={"click": lambda _e: self.new_game()},
                ),
            )
            return bar
        bar.append(
            h(
                "button",
                cls="button",
                text=tr("table.new_game"),
                attrs={"type": "button", "id": "new-game"},
                on={"click": lambda _e: self.confirm_new_game(snapshot)},
            )
        )
        if undo and self.can_undo(snapshot):
            bar.append(
                h(
                    "button",
                    cls="button button-quiet",
                    text=tr("table.undo"),
                    attrs={"type": "button", "id": "undo", "disabled": snapshot["moves"] == 0},
                    on={"click": lambda _e: self.undo()},
                )
            )
        bar.append(self.suggest_button(snapshot))
        bar.append(
            h(
                "button",
                cls="button button-quiet",
                text=tr("table.share"),
                attrs={"type": "button", "id": "share"},
                on={"click": lambda _e: self.copy_link()},
            ),
            *[node for hook in self.toolbar_hooks if (node := hook(snapshot)) is not None],
            self.speed_control(),
        )
        return bar

    def can_undo(self, snapshot: dict[str, Any]) -> bool:
        """Whether this table offers "undo": in practice games."""
        return self.practice(snapshot)

    def apply_speed(self, speed: str) -> None:
        """Set the computer players' delay and the animations' pace from a speed name."""
        self.speed = speed if speed in SPEEDS else "normal"
        self.bot_delay = SPEEDS[self.speed]
        if self.motion is not None:
            self.motion.factor = MOTION_FACTORS[self.speed]
        if self.fast:
            # ?fast: quick computer players (demos, tests); still one delay for every move (T11).
            self.bot_delay = self.chance_delay = 0.05
            if self.motion is not None:
                self.motion.factor = FAST_MOTION

    def speed_control(self) -> VNode:
        """A select for the game's speed (computer players and motion), remembered across pages."""

        def changed(event: Any) -> None:
            self.apply_speed(str(event.target.value))
            common.storage_set(SPEED_KEY, self.speed)

        select = h(
            "select",
            *[
                h(
                    "option",
                    text=tr(f"table.speed.{name}"),
                    attrs={"value": name, "selected": name == self.speed},
                )
                for name in SPEEDS
            ],
            attrs={"id": "speed"},
            on={"change": changed},
        )
        return h("label", tr("table.speed"), " ", select, cls="speed", attrs={"for": "speed"})

    def confirm_new_game(self, snapshot: dict[str, Any]) -> None:
        """Ask before abandoning a game in progress; start at once when it is over or untouched."""
        if snapshot["terminal"] or snapshot["moves"] < 4 or window.confirm(tr("table.confirm_new")):
            self.new_game()

    def copy_link(self) -> None:
        """Share the game: Web Share or the clipboard, confirmed once done (replay_share.py)."""
        replay_share.share_game(self)
