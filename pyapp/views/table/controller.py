"""The part every game table shares: session lifecycle, saving, computer players, the page frame.

A game view subclasses :class:`TableController` and draws the table as a virtual tree
(:mod:`pyapp.views.vdom`): ``board(snapshot)`` (the felt and the dock with the human's hand and
controls), ``score_items`` / ``score_sheet`` (the slim score bar and the full sheet),
``log_entries`` (the hand's log), ``status_text`` (the prompt next to the hand). The controller
is made of parts, each a module of this package, one above the other:

* :mod:`~pyapp.views.table.base`: what the game view declares and the state every part reads;
* :mod:`~pyapp.views.table.slots`: the save slots; it restores the game in progress from
  ``localStorage`` (a corrupted save is reported, set aside under ``circolo.corrupt.<game>`` and
  never loses the text), or opens a replay link (``#r=...``) read-only, or the game the replay
  viewer handed over (``#playon``);
* :mod:`~pyapp.views.table.settings`: the computer players' level (remembered per table, recorded
  in the ``Players`` tag and shown in the score bar), the mode, the game's options, view-only
  :attr:`preferences` applied at once, the speed;
* :mod:`~pyapp.views.table.moves`: the human's moves and undo, saving after every move, the
  computer players' loop (one fixed delay per move, T11; a search player thinks one slice per
  event-loop turn, so the page never freezes) and, in practice mode, "Suggest a move";
* :mod:`~pyapp.views.table.sharing`: links to the game and its hands;
* :mod:`~pyapp.views.table.render`: the page, patched instead of rebuilt, so focus, scroll, open
  panels and the live log stay put; it offers places for other features: :attr:`toolbar_hooks`
  (extra toolbar buttons), :attr:`summary_hooks` (extra actions in a hand summary),
  :attr:`howto_hooks` (links in the "how to play" panel), :attr:`sheet_hooks` (under the sheet).
"""

from __future__ import annotations

from pyscript import document, window

from pyapp.session import BROWSER_SLICE_MS, TableSession
from pyapp.views import common
from pyapp.views.motion import Motion
from pyapp.views.table.render import TableRendering
from pyapp.views.table.settings import SPEED_KEY
from pyapp.views.vdom import EVENTS, Patcher


class TableController(TableRendering):
    """Owns one game's :class:`TableSession` in the page and drives its rendering."""

    def main(self) -> None:
        """Start the view: restore or create the game, render, let the computer players move."""
        for href in self.stylesheets:
            common.ensure_stylesheet(href)
        root = common.app_root()
        root.classList.add("table-app")
        self.patcher = Patcher(document, root)
        for kind in EVENTS:
            common.listen(root, kind, self.patcher.dispatch)
        self.motion = Motion()
        TableSession.slice_ms = BROWSER_SLICE_MS
        self.apply_speed(common.storage_get(SPEED_KEY) or "normal")
        self.load_settings()
        self.load_prefs()
        self.install_sharing()  # share this hand / the game (sharing.py)
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
