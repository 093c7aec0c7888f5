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
from typing import Any

from pyscript import document, window

from pyapp.record import RecordError
from pyapp.session import FragmentError, TableSession, decode_fragment, encode_fragment
from pyapp.views import common
from pyapp.views.common import el, tr


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
    if not key and getattr(node, "id", ""):
        key = "#" + str(node.id)
    return str(key) if key else None


def restore_focus(key: str | None) -> None:
    """Focus the element that had ``key`` before the redraw (if it still exists)."""
    if not key:
        return
    node = document.getElementById(key[1:]) if key.startswith("#") else document.querySelector(
        f'[data-focus="{key}"]'
    )
    if node and not node.isSameNode(document.activeElement):
        node.focus()


class TableController:
    """Owns one game's :class:`TableSession` in the page and drives its rendering."""

    game: str = ""
    bot_delay: float = 0.8
    """Seconds before each computer move (constant: the same whatever the hand, T11)."""
    chance_delay: float = 0.2
    """Seconds before a shuffle or lot."""
    humans: tuple[int, ...] = (2,)

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
                text = decode_fragment(fragment)
                loaded = TableSession.load(text)
            except FragmentError as exc:
                self.notice = ("table.replay.bad_link", {"reason": exc.message(common.get_lang())})
            except RecordError as exc:
                self.notice = ("table.replay.bad_link", {"reason": exc.message(common.get_lang())})
            else:
                if loaded.state.game == self.game:
                    self.replay = True
                    self.replay_full = loaded
                    self.replay_pos = len(loaded.state.history)
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
        if loaded.state.game != self.game:
            self.set_aside(text, tr("table.replay.other_game"))
            return None
        return loaded

    # -- lifecycle ---------------------------------------------------------------------------------
    def main(self) -> None:
        """Start the view: restore or create the game, render, let the computer players move."""
        ensure_stylesheet("./static/table.css")
        if "fast" in str(window.location.search or ""):
            # ?fast: quick computer players (demos, tests); still one delay for every move (T11).
            self.bot_delay = self.chance_delay = 0.05
        self.session = self.restore()
        if self.session is None:
            self.session = TableSession.new(self.game, humans=self.humans, options=self.default_options())
            self.save()
        common.on_lang_change(lambda _lang: self.render())
        self.render()
        self.schedule()

    def default_options(self) -> dict[str, str | int]:
        """Options of a new game (subclasses read their settings form)."""
        return {}

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        """Abandon the current game and start a fresh one (leaves replay mode)."""
        self._generation += 1
        self.running = False
        if self.replay:
            self.replay = False
            window.history.replaceState(None, "", window.location.pathname)
        self.session = TableSession.new(self.game, humans=self.humans, options=options or self.default_options())
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
        self.replay_pos = max(0, min(position, len(self.replay_full.state.history)))
        self.session = self.replay_full.at_move(self.replay_pos)
        self.render()

    def share_link(self) -> str:
        """An absolute replay link of the game so far."""
        assert self.session is not None
        base = str(window.location.href).split("#", 1)[0]
        return f"{base}#{encode_fragment(self.session.save())}"

    # -- computer players ------------------------------------------------------------------------------
    def pause_before(self, snapshot: dict[str, Any]) -> bool:
        """Whether the computer players wait for the human (e.g. to read a hand summary)."""
        return False

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
        snapshot = self.session.snapshot(common.get_lang())
        self.render_table(snapshot)
        restore_focus(focused)

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
            total = len(self.replay_full.state.history) if self.replay_full else 0
            steps = (
                ("replay-start", "table.replay.start", 0),
                ("replay-back", "table.replay.back", self.replay_pos - 1),
                ("replay-forward", "table.replay.forward", self.replay_pos + 1),
                ("replay-end", "table.replay.end", total),
            )
            for ident, key, target in steps:
                bar.append(el("button", cls="button button-quiet", text=tr(key),
                              attrs={"type": "button", "id": ident, "data-focus": ident,
                                     "disabled": target == self.replay_pos or not 0 <= target <= total},
                              on={"click": lambda _e, pos=target: self.replay_step(pos)}))
            bar.append(
                el("span", cls="replay-pos", text=tr("table.replay.position", n=self.replay_pos, total=total),
                   attrs={"aria-live": "polite"}),
                el("span", cls="badge", text=tr("table.replay.badge")),
                el("button", cls="button", text=tr("table.replay.play_own"), attrs={"type": "button"},
                   on={"click": lambda _e: self.new_game()}),
            )
            return bar
        bar.append(
            el("button", cls="button", text=tr("table.new_game"), attrs={"type": "button", "id": "new-game"},
               on={"click": lambda _e: self.confirm_new_game(snapshot)}),
        )
        if undo:
            bar.append(
                el("button", cls="button button-quiet", text=tr("table.undo"),
                   attrs={"type": "button", "id": "undo", "disabled": snapshot["moves"] == 0},
                   on={"click": lambda _e: self.undo()}),
            )
        bar.append(
            el("button", cls="button button-quiet", text=tr("table.share"), attrs={"type": "button", "id": "share"},
               on={"click": lambda _e: self.copy_link()}),
        )
        return bar

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
