"""``serata.html``: the club's poker evening, kept by the organiser (club.md PE1-PE14).

The page holds a :class:`~pyapp.poker.serata.session.SerataSession` and draws everything from
its snapshot: the sign-up list, the tables with their seats on a felt, the waiting list, the
resto ledger, the settlement and the record itself, each entry with its notes. Every button
adds one entry; a refusal (the rule's reason) is shown next to the control that made it and
changes nothing. The record is saved after every entry (``circolo.serata``) and survives a
reload; a damaged save is set aside and its good entries kept. Undo takes back the last entry;
"print" gives a clean paper copy; the read-only link (``#s=…``) shows the evening to anyone.
"Play this table" hands a table to ``poker.html`` (its own slot, ``#serata``) and the way back
(``#from-table``) brings its ledger home as entries (:mod:`pyapp.views.serata_link`).
"""

from __future__ import annotations

import random
import time
from typing import Any

from pyscript import document, window

from pyapp.i18n import say
from pyapp.poker.serata.session import ClubRecordError, SerataSession
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.serata_link import SLOT, SLOT_KEY
from pyapp.views.serata_parts import (
    ledger_section,
    record_section,
    settlement_section,
    signup_section,
    waiting_section,
)
from pyapp.views.serata_tables import tables_section
from pyapp.views.vdom import Patcher, VNode, h

SAVE_KEY = "circolo.serata"
"""The ``localStorage`` key of the evening in progress (its record text)."""


FROM_TABLE = "#from-table"


Said = dict[str, Any]
"""A message kept as plain data, ``{"key", "params"}`` (a refusal's ``data()``, the session's
``refusal`` and ``notes``): said in the page's language at every drawing."""


def said(key: str, **params: object) -> Said:
    """The message ``key`` with ``params`` as data (a parameter may be such a message itself)."""
    return {"key": key, "params": params}


def now_text() -> str:
    """The device's time, ``HH:MM``."""
    date = window.Date.new()
    return f"{int(date.getHours()):02d}:{int(date.getMinutes()):02d}"


class SerataPage:
    """The page: the session, what the organiser is doing, and the rendering."""

    def __init__(self) -> None:
        self.session: SerataSession | None = None
        self.readonly = False
        self.patcher: Patcher | None = None
        self.alert: tuple[str, str, list[Said]] | None = None
        """Where the last refusal or warnings go (a section's key), their kind and the messages as
        data (:func:`pyapp.i18n.say`: said in the language of every drawing)."""
        self.notice: tuple[str, Said] | None = None
        """A message at the top of the page (kind, the message as data)."""
        self.clock: str | None = None
        """The time the organiser typed; ``None`` follows the device's clock."""
        self.link: str | None = None
        self.rng = random.Random()

    # -- start ----------------------------------------------------------------------------------------
    def main(self) -> None:
        """Restore the evening, draw the page, follow language switches."""
        root = common.app_root()
        root.classList.add("serata-page")
        self.patcher = Patcher(document, root)
        for kind in ("click", "input", "change", "submit", "keydown"):
            common.listen(root, kind, self.patcher.dispatch)
        self.restore()
        common.on_lang_change(lambda _lang: self.render())
        self.render()

    def restore(self) -> None:
        """A shared link (read-only), else the saved evening, else a new one; then a table's
        ledger coming back (``#from-table``)."""
        fragment = str(window.location.hash or "")
        if fragment.startswith("#s="):
            shared, why = SerataSession.from_link(fragment)
            if shared is not None:
                self.session, self.readonly = shared, True
                return
            self.notice = ("error", said("serata.ui.bad_link", reason=why or ""))
        text = common.storage_get(SAVE_KEY)
        if text:
            loaded, error = SerataSession.load(text)
            if error is not None:
                common.storage_set(f"circolo.corrupt.serata.{int(time.time())}", text)
                self.notice = ("error", said("serata.ui.corrupt", reason=error.data()))
                self.session = loaded
                self.save()
            else:
                self.session = loaded
        if self.session is None:
            self.session = SerataSession.new(tags={"Date": self.today()})
            self.save()
        if fragment == FROM_TABLE:
            self.bring_back()
            window.history.replaceState(None, "", "./serata.html")

    def today(self) -> str:
        date = window.Date.new()
        return f"{int(date.getFullYear()):04d}-{int(date.getMonth()) + 1:02d}-{int(date.getDate()):02d}"

    def bring_back(self) -> None:
        """The game of a table played at ``poker.html``: its ledger becomes entries."""
        record = common.storage_get(SLOT_KEY)
        if not record or self.session is None:
            return
        done = self.session.import_game(record, self.time(), common.get_lang())
        if done["ok"]:
            common.storage_remove(SLOT_KEY)
            self.save()
            self.notice = ("info", said("serata.ui.imported", table=done["table"], n=done["added"]))
        else:
            self.notice = ("error", said("serata.ui.import_failed", reason=done["refusal"]))
            self.alert = ("play", "error", [done["refusal"]])

    # -- the evening ------------------------------------------------------------------------------------
    def save(self) -> None:
        """Store the record (never a shared evening's)."""
        if self.session is not None and not self.readonly:
            common.storage_set(SAVE_KEY, self.session.save())

    def time(self) -> str:
        """The time of the next entry: the organiser's, else the device's (never before the last)."""
        assert self.session is not None
        return self.session.default_time(self.clock or now_text())

    def add(self, where: str, verb: str, *args: str) -> bool:
        """Add one entry at the current time; say why not next to ``where``."""
        if self.session is None or self.readonly:
            return False
        done = self.session.add(verb, self.time(), *args, lang=common.get_lang())
        self.after(where, done)
        return bool(done["ok"])

    def after(self, where: str, done: dict[str, Any]) -> None:
        """Save and redraw after an entry; its refusal or warnings go next to ``where``."""
        if done["ok"]:
            self.save()
            notes = list(done.get("notes") or [])
            self.alert = (where, "warning", notes) if notes else None
            self.notice = None
        else:
            self.alert = (where, "error", [said("serata.ui.refused", reason=done["refusal"])])
        self.render()

    def add_text(self, line: str) -> None:
        """A typed entry (the record's spelling)."""
        if self.session is None or self.readonly or not line.strip():
            return
        done = self.session.add_text(line, common.get_lang())
        self.after("record", done)
        if done["ok"]:
            field = common.by_id("entry-text")
            if field:
                field.value = ""

    def draw(self, number: int, lot: bool) -> None:
        """PE7: the seats of a forming table, by lot or in list order."""
        if self.session is None or self.readonly:
            return
        done = self.session.draw(number, self.time(), self.rng, lot, common.get_lang())
        self.after(f"table-{number}", done)

    def undo(self) -> None:
        """Take back the last entry."""
        if self.session is None or self.readonly:
            return
        entry = self.session.undo()
        if entry is not None:
            self.save()
            self.notice = ("info", said("serata.ui.undone", entry=entry))
            self.alert = None
        self.render()

    def play_table(self, number: int, me: str) -> None:
        """Hand table ``number`` to ``poker.html`` with ``me`` in seat 1."""
        if self.session is None or self.readonly:
            return
        level = common.storage_get("circolo.poker.level") or "medium"
        done = self.session.table_game(number, me or None, level, common.get_lang())
        if not done["ok"]:
            self.alert = (f"table-{number}", "error", [said("serata.ui.refused", reason=done["refusal"])])
            self.render()
            return
        common.storage_set(SLOT_KEY, done["record"])
        fast = "?fast" if "fast" in str(window.location.search or "") else ""
        window.location.href = f"./poker.html{fast}#{SLOT}"

    def new_evening(self, form: Any) -> None:
        """Start a new evening with the settings form's options."""
        if self.session is not None and not self.session.empty:
            if not window.confirm(tr("serata.ui.new_confirm")):
                return
        options = {}
        for name in ("seats", "passata", "stakes", "ante", "dealer_ante", "tables"):
            field = form.querySelector(f"[name={name}]")
            if field and str(field.value).strip():
                options[name] = str(field.value).strip()
        tags = {"Date": self.today()}
        title = form.querySelector("[name=title]")
        if title and " ".join(str(title.value).split()):
            tags["Title"] = " ".join(str(title.value).split())
        try:
            self.session = SerataSession.new(options, tags)
        except ClubRecordError as exc:
            self.alert = ("settings", "error", [said("serata.ui.refused", reason=exc.data())])
            self.render()
            return
        self.readonly = False
        self.alert = self.notice = None
        self.save()
        self.render()

    def share(self) -> None:
        """Show (and try to copy) the read-only link of the evening as it is now."""
        if self.session is None:
            return
        base = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
        self.link = base + "#" + self.session.link()
        self.render()
        try:
            window.navigator.clipboard.writeText(self.link)
        except Exception:  # noqa: BLE001 - no clipboard: the link is on the page to copy by hand
            pass

    def download(self) -> None:
        """Save the record as a text file."""
        if self.session is None:
            return
        from pyapp.views.share import download

        download(self.session.save(), "serata.txt")

    # -- drawing ---------------------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the page from the session's snapshot."""
        if self.session is None or self.patcher is None:
            return
        snap = self.session.snapshot(common.get_lang())
        self.patcher.patch([self.page(snap)])

    def alert_for(self, where: str) -> VNode | None:
        """The refusal or warning of the last entry made from ``where``, if any."""
        if self.alert is None or self.alert[0] != where:
            return None
        _where, kind, messages = self.alert
        text = " ".join(say(message, common.get_lang()) for message in messages)
        return h(
            "p", text=text, cls=f"serata-alert serata-{kind}", attrs={"role": "alert"}, key=f"alert-{where}"
        )

    def page(self, snap: dict[str, Any]) -> VNode:
        title = snap["tags"].get("Title") or tr("serata.ui.title")
        date = snap["tags"].get("Date")
        head = h(
            "header",
            h("h1", text=title, cls="page-title"),
            h("p", text=tr("serata.ui.lead"), cls="serata-lead"),
            h("p", text=tr("serata.ui.printed_at", time=snap["clock"] or ""), cls="print-only"),
            h("p", text=date, cls="serata-date") if date else None,
            cls="serata-head",
        )
        parts: list[VNode | None] = [head]
        if self.readonly:
            parts.append(
                h(
                    "p",
                    tr("serata.ui.readonly"),
                    " ",
                    h("a", text=tr("serata.ui.readonly_own"), attrs={"href": "./serata.html"}),
                    cls="serata-readonly",
                    attrs={"role": "status"},
                )
            )
        else:
            parts.append(self.toolbar(snap))
        if self.notice is not None:
            kind, message = self.notice
            text = say(message, common.get_lang())
            parts.append(
                h("p", text=text, cls=f"serata-notice serata-{kind}", attrs={"role": "status"}, key="notice")
            )
        ro = self.readonly or snap["closed"]
        parts += [
            signup_section(self, snap, ro),
            tables_section(self, snap, ro),
            waiting_section(self, snap, ro),
            ledger_section(self, snap, ro),
            settlement_section(self, snap, ro),
            record_section(self, snap, self.readonly),
        ]
        if not self.readonly:
            parts.append(self.settings(snap))
        return h("div", *parts, cls="serata", key="serata")

    def toolbar(self, snap: dict[str, Any]) -> VNode:
        clock = self.time()
        return h(
            "div",
            h(
                "label",
                h("span", text=tr("serata.ui.clock")),
                h(
                    "input",
                    attrs={"type": "time", "id": "clock", "value": clock, "required": True},
                    on={"change": self.set_clock},
                ),
                cls="serata-clock",
            ),
            h(
                "button",
                text=tr("serata.ui.now"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "clock-now"},
                on={"click": self.live_clock},
            ),
            *[
                h(
                    "button",
                    text=tr(label),
                    cls="button button-quiet",
                    attrs={"type": "button", "id": ident, "disabled": ident == "undo" and not snap["record"]},
                    on={"click": handler},
                )
                for label, ident, handler in (
                    ("serata.ui.undo", "undo", lambda _e: self.undo()),
                    ("serata.ui.print", "print", lambda _e: window.print()),
                    ("serata.ui.share", "share", lambda _e: self.share()),
                    ("serata.ui.download", "download", lambda _e: self.download()),
                )
            ],
            self.link_field(),
            cls="serata-toolbar no-print",
            attrs={"role": "toolbar", "aria-label": tr("serata.ui.title")},
            key="toolbar",
        )

    def link_field(self) -> VNode | None:
        if not self.link:
            return None
        return h(
            "label",
            h("span", text=tr("serata.ui.share_label")),
            h("input", attrs={"type": "url", "id": "share-link", "readonly": True, "value": self.link}),
            cls="serata-link",
        )

    def set_clock(self, event: Any) -> None:
        value = str(event.currentTarget.value or "")
        self.clock = value or None
        self.render()

    def live_clock(self, _event: Any) -> None:
        self.clock = None
        field = common.by_id("clock")
        if field:
            field.value = self.time()
        self.render()

    def settings(self, snap: dict[str, Any]) -> VNode:
        opts = snap["options"]
        fields: list[VNode] = []
        for name in ("seats", "passata", "stakes", "ante", "dealer_ante", "tables"):
            kind = "text" if name == "stakes" else "number"
            fields.append(
                h(
                    "label",
                    h("span", text=tr(f"serata.ui.opt.{name}")),
                    h(
                        "input",
                        attrs={
                            "type": kind,
                            "name": name,
                            "value": opts[name],
                            "inputmode": "decimal" if name == "stakes" else None,
                        },
                    ),
                )
            )
        fields.append(
            h(
                "label",
                h("span", text=tr("serata.ui.opt.title")),
                h("input", attrs={"type": "text", "name": "title", "maxlength": 80}),
            )
        )

        def submit(event: Any) -> None:
            event.preventDefault()
            self.new_evening(event.currentTarget)

        return h(
            "details",
            h("summary", text=tr("serata.ui.settings")),
            h(
                "form",
                *fields,
                h(
                    "button",
                    text=tr("serata.ui.new"),
                    cls="button",
                    attrs={"type": "submit", "id": "new-evening"},
                ),
                cls="serata-settings",
                on={"submit": submit},
            ),
            self.alert_for("settings"),
            cls="serata-section no-print",
            attrs={"id": "settings"},
            key="settings",
        )


_page = SerataPage()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``serata.html``."""
    _page.main()
