"""Saving and restoring a table's game: one save slot per game, a slot of its own for a game played
on from a replay, replay links opened read-only, unreadable saves set aside.

* the game in progress is saved after every move under ``circolo.save.<game>``, so a reload
  resumes exactly where it was;
* ``#playon`` opens the game the replay viewer handed over ("play on from here"), kept under
  ``circolo.save.<game>.playon``, never over the game saved in progress;
* ``#r=...`` (an old replay link) opens read-only; ``#v2.…`` goes to the replay viewer;
* a save that cannot be read is reported and kept under ``circolo.corrupt.<game>.<time>``: the
  text is never lost.
"""

from __future__ import annotations

import time

from pyscript import window

from pyapp.links.legacy import FragmentError, decode_fragment
from pyapp.record import RecordError
from pyapp.session import TableSession
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.table.base import TableBase, snapshot_of

PLAYON_HASH = "#playon"
"""The address of a table playing on from a replay (the viewer's "Gioca da qui")."""


class TableSlots(TableBase):
    """Where a table's game is kept, and how the table finds it again."""

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
        """The session handed over by the viewer (``#playon``), else from a replay link, else from
        the save, else ``None``."""
        fragment = str(window.location.hash or "")
        if fragment.startswith("#v") and fragment[2:3].isdigit():
            window.location.replace("./replay.html" + fragment)  # a viewer link: the viewer opens it
        elif fragment == PLAYON_HASH:
            self.playon = True
            text = common.storage_get(self.save_key)
            if not text:
                self.notice = ("links.playon.missing", {})
                return None
            return self.load_saved(text)
        if fragment.startswith("#r="):
            try:
                loaded = TableSession.load(decode_fragment(fragment))
            except (FragmentError, RecordError) as exc:
                self.notice = ("table.replay.bad_link", {"reason": exc.message(common.get_lang())})
            else:
                if loaded.game == self.game:
                    self.replay = True
                    self.replay_full = loaded
                    self.replay_pos = loaded.move_count
                    return loaded
                self.notice = ("table.replay.other_game", {})
        saved = self.load_saved(common.storage_get(self.save_key))
        if saved is not None and saved.migrated:
            self.notice = ("common.save.migrated", {"n": saved.migrated})
        return saved

    def load_saved(self, text: str | None) -> TableSession | None:
        """The game saved as ``text`` (``None`` when there is none); one that cannot be read, or is
        another game's, is set aside with the reason."""
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
        self.acked_hands = self.restored_acked(snapshot_of(loaded, common.get_lang()))
        return loaded

    def restored_acked(self, snapshot: Snapshot) -> int:
        """Hands already dismissed in a restored game: all but one whose summary still waits."""
        return self.hands_done(snapshot)
