"""The part every game table shares: session lifecycle, saving, computer players' turns, messages.

A game view subclasses :class:`TableController` and implements ``render_table(snapshot)`` (and
optionally ``pause_before(snapshot)`` and ``new_game_options()``). The controller

* restores the game in progress from ``localStorage`` (a corrupted save is reported, set aside
  under ``circolo.corrupt.<game>`` and never loses the text), or opens a replay link
  (``#r=...``) read-only;
* saves after every move, so a reload resumes exactly where the game was;
* runs chance and computer moves one at a time with a *fixed* delay (T11: the delay never
  depends on a computer player's hand) and yields to the browser between moves, so the page
  never freezes;
* shows refusals of the rules in a live region, in the current language.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import Mapping
from typing import Any, ClassVar

from pyscript import document, window

from pyapp.record import RecordError
from pyapp.session import FragmentError, TableSession, decode_fragment, encode_fragment
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn_link import howto_hook


def _catalog_keys() -> dict[str, str]:
    from pyapp.i18n import DEFAULT_LANG, catalogs

    return catalogs()[DEFAULT_LANG]


def ensure_stylesheet(href: str) -> None:
    """Add ``<link rel="stylesheet" href=href>`` to the page once."""
    for link in document.querySelectorAll("link[rel=stylesheet]"):
        if link.getAttribute("href") == href:
            return
    document.head.append(el("link", attrs={"rel": "stylesheet", "href": href}))


def focused_key() -> str | None:
    """The ``data-focus`` key (or id) of the focused element, to find it again after a redraw."""
    node = document.activeElement
    if not node:  # JS null arrives as a falsy JsNull, not None
        return None
    key = node.getAttribute("data-focus") if hasattr(node, "getAttribute") else None
    if not key and getattr(node, "id", None):
        key = "#" + str(node.id)
    return str(key) if key else None


def restore_focus(key: str | None) -> None:
    """Focus the element that had ``key`` before the redraw (if it still exists)."""
    if not key:
        return
    node = (
        document.getElementById(key[1:])
        if key.startswith("#")
        else document.querySelector(f'[data-focus="{key}"]')
    )
    if node and not node.isSameNode(document.activeElement):
        node.focus()


SPEED_KEY = "circolo.speed"
"""The ``localStorage`` key of the computer players' speed (shared by every table)."""

SPEEDS: dict[str, float] = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
"""Seconds before each computer move, by speed: one constant per speed, whatever the hand (T11)."""


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
        self.speed = "normal"
        self.acked_hands = 0
        """How many finished hands the human has dismissed the summary of."""

    # -- storage ------------------------------------------------------------------------------------
    @property
    def save_key(self) -> str:
        """The ``localStorage`` key of this game's save."""
        return f"circolo.save.{self.game}"

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
        return loaded

    def restored_acked(self, snapshot: dict[str, Any]) -> int:
        """Hands already dismissed in a restored game: all but one whose summary still waits."""
        return self.hands_done(snapshot)

    # -- lifecycle ---------------------------------------------------------------------------------
    def main(self) -> None:
        """Start the view: restore or create the game, render, let the computer players move."""
        ensure_stylesheet("./static/table.css")
        self.apply_speed(common.storage_get(SPEED_KEY) or "normal")
        if "fast" in str(window.location.search or ""):
            # ?fast: quick computer players (demos, tests); still one delay for every move (T11).
            self.bot_delay = self.chance_delay = 0.05
        self.load_settings()
        self.session = self.restore()
        if self.session is None:
            self.session = TableSession.new(self.game, humans=self.humans, options=self.default_options())
            self.save()
        common.on_lang_change(lambda _lang: self.render())
        self.render()
        self.schedule()

    # -- settings -----------------------------------------------------------------------------------
    @property
    def settings_key(self) -> str:
        """The ``localStorage`` key of the remembered table settings."""
        return f"circolo.{self.game}.settings"

    def load_settings(self) -> None:
        """Read the remembered settings (unknown names or values are ignored)."""
        stored = common.storage_get(self.settings_key) or ""
        for pair in stored.split(";"):
            name, _, raw = pair.partition("=")
            value = self._choice(name, raw)
            if value is not None:
                self.settings[name] = value

    def _choice(self, name: str, raw: str) -> str | int | None:
        """The offered value of option ``name`` whose text is ``raw`` (``None`` if not offered)."""
        return next((v for v in self.option_choices.get(name, ()) if str(v) == raw), None)

    def default_options(self) -> dict[str, str | int]:
        """Options of a new game: the remembered settings."""
        return dict(self.settings)

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
        self.new_game(dict(chosen))

    def settings_form(self, snapshot: dict[str, Any]) -> Any:
        """A folded form of radio groups, one per option, that starts a new game."""
        form = el("form", cls="settings", attrs={"id": "settings"})
        form.append(el("h2", text=tr("table.settings")))
        current = snapshot["options"]
        for name, values in self.option_choices.items():
            form.append(self.settings_field(name, values, self.settings.get(name, current.get(name))))

        def submit(event: Any) -> None:
            event.preventDefault()
            self.start_with_settings(form)

        form.append(
            el("button", cls="button", text=tr("table.start_with_settings"), attrs={"type": "submit"})
        )
        common.listen(form, "submit", submit)
        return el(
            "details",
            el("summary", text=tr("table.settings")),
            form,
            cls="settings-box",
            attrs={"id": "settings-panel"},
        )

    def settings_field(self, name: str, values: tuple[str | int, ...], chosen: object) -> Any:
        """The form control of one option: a group of radio buttons (subclasses may use a select)."""
        group = el("fieldset")
        group.append(el("legend", text=tr(f"{self.option_prefix}.{name}")))
        for value in values:
            field_id = f"opt-{name}-{value}"
            radio = el(
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
                el("label", radio, " " + tr(f"{self.option_prefix}.{name}.{value}"), attrs={"for": field_id})
            )
        return group

    # -- how to play ---------------------------------------------------------------------------------
    def howto(self) -> Any:
        """A folded "How to play" panel: the game's rules in a few lines (``table.howto.<game>.N``)."""
        items = el("ul", cls="howto-list")
        number = 1
        while f"table.howto.{self.game}.{number}" in _catalog_keys():
            items.append(el("li", text=tr(f"table.howto.{self.game}.{number}")))
            number += 1
        return el(
            "details",
            el("summary", text=tr("table.howto")),
            items,
            howto_hook({"game": self.game}),  # the lessons of this game (pyapp/views/learn_link.py)
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
    ) -> Any:
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
        image = common.card_element(card, attrs={"alt": "", "aria-hidden": "true", "aria-label": None})
        return el(
            "button",
            image,
            cls=cls,
            attrs=merged,
            on={"click": lambda _e: self.click_card(code), "keydown": self.hand_keys},
        )

    def click_card(self, code: str) -> None:
        """A card of the human's hand was clicked or activated (subclasses)."""
        raise NotImplementedError

    # -- keyboard ------------------------------------------------------------------------------------
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

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        """Abandon the current game and start a fresh one (leaves replay mode)."""
        self._generation += 1
        self.running = False
        if self.replay:
            self.replay = False
            window.history.replaceState(None, "", window.location.pathname)
        self.session = TableSession.new(
            self.game, humans=self.humans, options=options or self.default_options()
        )
        self.acked_hands = 0
        self.notice = None
        self.error = None
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
        self.save()
        self.render()
        self.schedule()
        return True

    def undo(self) -> None:
        """Take back to the human's previous decision."""
        if self.session is None or self.replay:
            return
        self._generation += 1
        self.running = False
        if self.session.undo():
            self.error = None
            self.save()
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
        """An absolute replay link of the game so far."""
        assert self.session is not None
        base = str(window.location.href).split("#", 1)[0]
        return f"{base}#{encode_fragment(self.session.save())}"

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
                await asyncio.sleep(self.chance_delay if chance else self.bot_delay)
                if generation != self._generation or self.session is None:
                    return
                self.session.step()
                self.save()
                self.render()
        except Exception:  # noqa: BLE001 - a failure must be visible, never a silent stall
            common.show_error(traceback.format_exc())
        finally:
            if generation == self._generation:
                self.running = False

    # -- rendering ------------------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw the table from a fresh snapshot, keeping keyboard focus where it was."""
        if self.session is None:
            return
        focused = focused_key()
        folds = self._folds()
        snapshot = self.session.snapshot(common.get_lang())
        self.render_table(snapshot)
        for key, node in self._details():
            if key in folds:
                node.open = folds[key]
        restore_focus(focused)

    def _details(self) -> list[tuple[str, Any]]:
        """The table's foldable panels with a key that survives a redraw."""
        out = []
        for node in common.app_root().querySelectorAll("details"):
            summary = node.querySelector("summary")
            label = str(summary.textContent) if summary else ""
            out.append((str(node.id or "") or f"summary:{label}", node))
        return out

    def _folds(self) -> dict[str, bool]:
        """Which panels are open now, so that a redraw (every move) keeps them as the user left them."""
        return {key: bool(node.open) for key, node in self._details()}

    def render_table(self, snapshot: dict[str, Any]) -> None:
        """Draw the whole table into ``#app`` (subclasses)."""
        raise NotImplementedError

    def messages(self) -> Any:
        """The live regions: the last refusal (alert) and any notice (status)."""
        box = el("div", cls="table-messages")
        alert = el("p", cls="table-alert", attrs={"role": "alert", "id": "table-alert"})
        if self.error:
            alert.textContent = self.error
        box.append(alert)
        if self.notice:
            key, params = self.notice
            box.append(el("p", cls="table-notice", text=tr(key, **params), attrs={"role": "status"}))
        return box

    def toolbar(self, snapshot: dict[str, Any], undo: bool = True) -> Any:
        """The buttons every table has: new game, undo, share replay link."""
        bar = el("div", cls="table-toolbar", attrs={"role": "toolbar", "aria-label": tr("table.toolbar")})
        if self.replay:
            total = self.replay_full.move_count if self.replay_full else 0
            steps = (
                ("replay-start", "table.replay.start", 0),
                ("replay-back", "table.replay.back", self.replay_pos - 1),
                ("replay-forward", "table.replay.forward", self.replay_pos + 1),
                ("replay-end", "table.replay.end", total),
            )
            for ident, key, target in steps:
                bar.append(
                    el(
                        "button",
                        cls="button button-quiet",
                        text=tr(key),
                        attrs={
                            "type": "button",
                            "id": ident,
                            "data-focus": ident,
                            "disabled": target == self.replay_pos or not 0 <= target <= total,
                        },
                        on={"click": common.bind(self.replay_step, target)},
                    )
                )
            bar.append(
                el(
                    "span",
                    cls="replay-pos",
                    text=tr("table.replay.position", n=self.replay_pos, total=total),
                    attrs={"aria-live": "polite"},
                ),
                el("span", cls="badge", text=tr("table.replay.badge")),
                el(
                    "button",
                    cls="button",
                    text=tr("table.replay.play_own"),
                    attrs={"type": "button"},
                    on={"click": lambda _e: self.new_game()},
                ),
            )
            return bar
        bar.append(
            el(
                "button",
                cls="button",
                text=tr("table.new_game"),
                attrs={"type": "button", "id": "new-game"},
                on={"click": lambda _e: self.confirm_new_game(snapshot)},
            ),
        )
        if undo:
            bar.append(
                el(
                    "button",
                    cls="button button-quiet",
                    text=tr("table.undo"),
                    attrs={"type": "button", "id": "undo", "disabled": snapshot["moves"] == 0},
                    on={"click": lambda _e: self.undo()},
                ),
            )
        bar.append(
            el(
                "button",
                cls="button button-quiet",
                text=tr("table.share"),
                attrs={"type": "button", "id": "share"},
                on={"click": lambda _e: self.copy_link()},
            ),
            self.speed_control(),
        )
        return bar

    def apply_speed(self, speed: str) -> None:
        """Set the computer players' delay from a speed name (unknown names mean normal)."""
        self.speed = speed if speed in SPEEDS else "normal"
        self.bot_delay = SPEEDS[self.speed]

    def speed_control(self) -> Any:
        """A select for the computer players' speed, remembered across pages and visits."""
        select = el("select", attrs={"id": "speed", "data-focus": "speed"})
        for name in SPEEDS:
            select.append(
                el(
                    "option",
                    text=tr(f"table.speed.{name}"),
                    attrs={"value": name, "selected": name == self.speed},
                )
            )

        def changed(event: Any) -> None:
            self.apply_speed(str(event.target.value))
            common.storage_set(SPEED_KEY, self.speed)

        common.listen(select, "change", changed)
        return el("label", tr("table.speed"), " ", select, cls="speed", attrs={"for": "speed"})

    def confirm_new_game(self, snapshot: dict[str, Any]) -> None:
        """Ask before abandoning a game in progress; start at once when it is over or untouched."""
        if snapshot["terminal"] or snapshot["moves"] < 4 or window.confirm(tr("table.confirm_new")):
            self.new_game()

    def copy_link(self) -> None:
        """Copy the replay link to the clipboard (or show it when the clipboard is unavailable)."""
        link = self.share_link()
        try:
            window.navigator.clipboard.writeText(link)
            self.notice = ("table.share.copied", {})
        except Exception:  # noqa: BLE001 - no clipboard (insecure context, permissions)
            window.prompt(tr("table.share.prompt"), link)
        self.render()
