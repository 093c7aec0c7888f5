"""The club's tournaments page (``club.html``): create, enter and correct, standings, print, share, embed.

* A tournament is its record (``docs/notation/club.md``), kept in ``localStorage`` after every
  entry, so a reload brings it back; a save that no longer reads is reported and set aside under
  ``circolo.corrupt.club.<time>``, never lost. Export downloads the record; import reads one
  (pasted or from a file), and the tournament it replaces is kept under
  ``circolo.club.archive.<time>``.
* Results are entered with forms of the game's panel (its tournament's ``view``,
  ``pyapp.views.club_<game>``); the engine checks each entry
  (:class:`~pyapp.club.session.ClubSession`) and a refusal is said next to the form that sent it. Undo removes the last entry; any entry can be corrected or cancelled from
  the history, which keeps everything.
* Share: ``club.html#c=…`` opens the tournament read-only (standings, results, meetings), with
  "edit a copy"; the embed code shows its standings in a club's site
  (``club.html?embed#c=…``, resized by ``static/embed-frame.js``, ``docs/embedding.md``); the
  frame follows a new link (``hashchange``).
* Print: the standings and the results grid on one A4 page (``static/club.css``, ``@media print``).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from pyscript import document, window

from pyapp.club.session import ClubLinkError, ClubRecordError, ClubSession, games
from pyapp.i18n import say
from pyapp.views import club_common as kit
from pyapp.views import common, embedcode
from pyapp.views.club_common import Said
from pyapp.views.common import get_lang, tr
from pyapp.views.share import copy_text, download, share_url
from pyapp.views.vdom import Patcher, VNode, h

SAVE_KEY = "circolo.club.current"
ARCHIVE_KEY = "circolo.club.archive.{time}"
CORRUPT_KEY = "circolo.corrupt.club.{time}"
NEW_GAME_KEY = "circolo.club.new_game"


def embedded() -> bool:
    """Whether the page is the embeddable standings (``club.html?embed``)."""
    return "embed" in str(window.location.search or "")


def panel_of(snap: dict[str, Any]) -> Any:
    """The panel module of the tournament's game (its tournament's ``view``, under ``pyapp.views``)."""
    return importlib.import_module(str(snap["view"]))


def default_game() -> str:
    """The game a new tournament is of, until the organiser chooses (the first with tournaments)."""
    return str(games()[0]["game"])


class ClubPage:
    """The page: the session, what the organiser is doing, and the drawing of it all."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.patcher = Patcher(document, root)
        for kind in ("click", "input", "change", "submit", "keydown"):
            common.listen(root, kind, self.patcher.dispatch)
        self.session: ClubSession | None = None
        self.readonly = False
        self.embed = embedded()
        self.errors: dict[str, Said] = {}
        """Each form's refusal on screen, as data (said in the language of every drawing)."""
        self.ui: dict[str, Any] = {"new_game": common.storage_get(NEW_GAME_KEY) or default_game()}
        self.notice: tuple[str, dict[str, object]] | None = None
        self.problem: Said | None = None
        """A link or save that could not be opened, as data: said at the top of the page."""

    # -- loading and saving ----------------------------------------------------------------------
    def open(self) -> None:
        """The tournament of the link in the address, else the saved one, else none."""
        self.session, self.readonly, self.problem = None, False, None
        fragment = str(window.location.hash or "")
        if fragment.startswith("#c="):
            try:
                self.session = ClubSession.open_link(fragment)
                self.readonly = True
                return
            except ClubLinkError as exc:
                self.problem = exc.data()
        if self.embed:
            return
        text = common.storage_get(SAVE_KEY)
        if not text:
            return
        try:
            self.session = ClubSession.load(text)
        except ClubRecordError as exc:
            common.storage_set(CORRUPT_KEY.format(time=int(time.time())), text)
            common.storage_remove(SAVE_KEY)
            self.problem = {"key": "club.ui.corrupt", "params": {"reason": exc.data()}}

    def save(self) -> None:
        """Keep the tournament in this browser (after every change)."""
        if self.session is not None and not self.readonly:
            if not common.storage_set(SAVE_KEY, self.session.save()):
                self.notice = ("club.ui.no_storage", {})

    def replace(self, session: ClubSession, notice: str) -> None:
        """Make ``session`` the tournament of this browser; the one it replaces is kept aside."""
        old = common.storage_get(SAVE_KEY)
        if old:
            common.storage_set(ARCHIVE_KEY.format(time=int(time.time())), old)
        self.session, self.readonly, self.problem = session, False, None
        self.errors = {}
        self.ui = {"new_game": self.ui.get("new_game") or default_game()}
        self.save()
        self.notice = (notice, {"kept": bool(old)})
        if str(window.location.hash or "").startswith("#c="):
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))

    def send(self, form: str, result: dict[str, Any], clear: Sequence[str] = ()) -> bool:
        """An entry's result from ``form``: saved and drawn, or its refusal shown next to the form."""
        if result.get("ok"):
            self.errors.pop(form, None)
            self.save()
            kit.clear_fields(list(clear))
            added = result.get("entries") or []
            self.notice = ("club.ui.entered", {"entry": added[-1] if added else ""}) if added else None
        else:
            self.errors[form] = dict(result["refusal"])
        self.render()
        return bool(result.get("ok"))

    # -- actions of the toolbar ---------------------------------------------------------------------
    def undo(self) -> None:
        """Remove the last entry."""
        if self.session is None:
            return
        result = self.session.undo(common.get_lang())
        if result.get("ok"):
            self.save()
            self.notice = ("club.ui.undone", {"entry": result["entry"]})
            self.errors = {}
        self.render()

    def link(self) -> str:
        """The share link of the tournament (absolute)."""
        assert self.session is not None
        base = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
        return f"{base}#{self.session.fragment()}"

    def share(self) -> None:
        """Share the standings by a link (the whole record, read-only)."""
        if self.session is not None:
            asyncio.ensure_future(
                share_url(self, self.link(), self.title(), "club.ui.link_copied", "club.ui.link_shared")
            )

    async def embed_code(self) -> str:
        """The code that shows the standings in a club's site: the inline kind of
        :mod:`pyapp.views.embedcode` (nothing fetched from our host to size the frame)."""
        url = self.link().replace("club.html#", "club.html?embed#", 1)
        title = tr("club.ui.embed_title", title=self.title())
        script = await embedcode.inline_script()
        return embedcode.snippet("inline", url, title, get_lang(), embedcode.STANDINGS, script)

    async def _copy_embed(self) -> None:
        await copy_text(self, await self.embed_code(), "club.ui.embed_copied")

    def copy_embed(self) -> None:
        """Copy the embed code of the standings."""
        if self.session is not None:
            asyncio.ensure_future(self._copy_embed())

    def export(self) -> None:
        """Download the record."""
        if self.session is not None:
            name = "-".join(self.title().lower().split())[:40] or "torneo"
            download(self.session.save(), f"circolo-{name}.txt")

    def title(self) -> str:
        """The tournament's title, or the game's tournament name."""
        if self.session is None:
            return tr("club.page.title")
        snap = self.session.snapshot(common.get_lang())
        return str(snap["title"]) or tr(f"club.ui.tournament.{snap['game']}")

    def import_text(self, text: str) -> None:
        """Open a record pasted or chosen by the organiser (it becomes the current tournament)."""
        if not text.strip():
            self.errors["import-form"] = {"key": "club.ui.import.empty", "params": {}}
            self.render()
            return
        if "#c=" in text or text.startswith("c="):
            self.adopt("import-form", partial(ClubSession.open_link, text.strip()), "club.ui.imported")
        else:
            self.adopt("import-form", partial(ClubSession.load, text), "club.ui.imported")

    def edit_copy(self) -> None:
        """A shared tournament becomes this browser's own, to go on with it."""
        if self.session is not None:
            self.replace(ClubSession.load(self.session.save()), "club.ui.copied_here")
            self.render()

    def create(self) -> None:
        """A new tournament from the form."""
        game = self.ui.get("new_game") or default_game()
        spec = next(g for g in games() if g["game"] == game)
        options = {
            o["name"]: kit.value(f"new-{o['name']}") for o in spec["options"] if kit.value(f"new-{o['name']}")
        }
        self.adopt(
            "new-form", partial(ClubSession.new, game, kit.value("new-title"), options), "club.ui.created"
        )

    def adopt(self, form: str, make: Callable[[], ClubSession], said: str) -> None:
        """Make the tournament ``make`` reads or creates the current one (saying ``said``), or say
        its refusal next to ``form``."""
        try:
            session = make()
        except (ClubRecordError, ClubLinkError) as exc:
            self.errors[form] = exc.data()
        else:
            self.replace(session, said)
        self.render()

    # -- drawing ---------------------------------------------------------------------------------------
    def render(self) -> None:
        """Draw the page from the session (only what changed is touched)."""
        lang = common.get_lang()
        snap = self.session.snapshot(lang) if self.session is not None else None
        if self.embed:
            self.patcher.patch(self.embed_view(snap))
            return
        nodes: list[VNode] = [h("h1", cls="page-title", text=self.title() if snap else tr("club.page.title"))]
        if self.problem:
            nodes.append(
                h(
                    "p",
                    text=say(self.problem, lang),
                    cls="club-problem",
                    attrs={"role": "alert", "id": "club-problem"},
                )
            )
        if snap is None:
            nodes += [
                h("p", text=tr("club.page.intro"), cls="club-intro"),
                self.new_form(),
                self.import_panel(opened=True),
            ]
            self.patcher.patch(nodes)
            return
        panel = panel_of(snap)
        nodes.append(h("p", text=panel.status(snap), cls="club-status", attrs={"id": "club-status"}))
        nodes.append(self.toolbar(snap))
        nodes.append(
            h(
                "p",
                text=tr(self.notice[0], **self.notice[1]) if self.notice else "",
                cls="club-notice",
                attrs={"role": "status", "id": "club-notice"},
            )
        )
        if self.readonly:
            nodes.append(
                h(
                    "div",
                    h("p", text=tr("club.ui.readonly")),
                    kit.button(tr("club.ui.edit_copy"), lambda _e: self.edit_copy(), ident="edit-copy"),
                    cls="club-readonly",
                )
            )
        else:
            nodes += panel.setup(self, snap)
            nodes += panel.scorekeeper(self, snap)
        nodes.append(
            h(
                "div",
                h("p", text=self.title(), cls="print-title"),
                *panel.standings(self, snap),
                *panel.grid(self, snap),
                cls="club-print",
                attrs={"id": "club-print"},
            )
        )
        nodes.append(self.history(snap))
        if not self.readonly:
            nodes.append(self.import_panel())
            nodes.append(self.new_panel())
        self.patcher.patch(nodes)

    def toolbar(self, snap: dict[str, Any]) -> VNode:
        """Undo, share, embed, print, export."""
        items = []
        if not self.readonly:
            items.append(
                h(
                    "button",
                    text=tr("club.ui.undo"),
                    cls="button",
                    attrs={"type": "button", "id": "club-undo", "disabled": not snap["can_undo"]},
                    on={"click": lambda _e: self.undo()},
                )
            )
        items += [
            kit.button(tr("club.ui.share"), lambda _e: self.share(), ident="club-share", quiet=True),
            kit.button(tr("club.ui.embed"), lambda _e: self.copy_embed(), ident="club-embed", quiet=True),
            kit.button(tr("club.ui.print"), lambda _e: window.print(), ident="club-print-button", quiet=True),
            kit.button(tr("club.ui.export"), lambda _e: self.export(), ident="club-export", quiet=True),
        ]
        return h(
            "div",
            *items,
            cls="club-toolbar panel-actions",
            attrs={"role": "group", "aria-label": tr("club.ui.tools")},
        )

    def history(self, snap: dict[str, Any]) -> VNode:
        """Every entry, numbered, with what became of it; correct or cancel any; write one by hand."""
        items = []
        editing = self.ui.get("editing")
        for item in reversed(snap["entries"]):
            number = item["number"]
            notes = []
            if item["cancelled_by"]:
                notes.append(tr("club.ui.history.cancelled", n=item["cancelled_by"]))
            elif item["corrected_by"]:
                notes.append(tr("club.ui.history.corrected", n=item["corrected_by"], now=item["now"] or ""))
            if item["target"]:
                notes.append(tr(f"club.ui.history.is_{item['verb']}", n=item["target"]))
            row = h(
                "li",
                h("span", text=f"{number}", cls="entry-number"),
                h("code", text=item["text"], cls="entry-text"),
                *(h("span", text=n, cls="entry-note") for n in notes),
                key=f"entry-{number}",
                cls="entry" + (" is-struck" if item["cancelled_by"] else ""),
                attrs={"id": f"entry-{number}"},
            )
            live = item["now"] is not None and not item["correction"]
            if live and not self.readonly:
                row.append(
                    h(
                        "span",
                        kit.button(
                            tr("club.ui.history.correct"),
                            common.bind(self.start_edit, number),
                            ident=f"correct-{number}",
                            quiet=True,
                        ),
                        kit.button(
                            tr("club.ui.history.cancel"),
                            common.bind(self.cancel, number),
                            ident=f"cancel-{number}",
                            quiet=True,
                        ),
                        cls="entry-actions",
                    )
                )
            if editing == number and live:
                form = f"fix-{number}"
                row.append(
                    kit.submit_form(
                        form,
                        partial(self.correct, number),
                        kit.field(
                            tr("club.ui.history.fix_label", n=number),
                            h(
                                "input",
                                attrs={
                                    "id": f"{form}-text",
                                    "type": "text",
                                    "value": item["now"],
                                    "autocomplete": "off",
                                },
                            ),
                        ),
                        h(
                            "div",
                            kit.button(tr("club.ui.history.fix"), lambda _e: None, submit=True),
                            kit.button(tr("club.ui.close"), lambda _e: self.stop_edit(), quiet=True),
                            cls="panel-actions",
                        ),
                        kit.alert(self, form),
                    )
                )
            items.append(row)
        children: list[VNode | None] = [
            h(
                "ol",
                *items,
                cls="entry-list",
                attrs={
                    "id": "entry-list",
                    "reversed": True,
                    "tabindex": 0,
                    "aria-labelledby": "club-history-title",
                },
            )
            if items
            else h("p", text=tr("club.ui.history.none"))
        ]
        if not self.readonly:
            children.append(
                kit.details(
                    "write-entry",
                    tr("club.ui.write.title"),
                    kit.submit_form(
                        "write-form",
                        self.write,
                        h("p", text=tr("club.ui.write.hint"), cls="club-hint"),
                        kit.field(tr("club.ui.write.label"), kit.text_input("write-text")),
                        kit.button(tr("club.ui.write.add"), lambda _e: None, submit=True),
                        kit.alert(self, "write-form"),
                    ),
                    opened="write-form" in self.errors,
                )
            )
        return kit.section("club-history", tr("club.ui.history.title"), *children)

    def start_edit(self, number: int) -> None:
        """Open the correction form of entry ``number``."""
        self.ui["editing"] = number
        self.render()
        node = common.by_id(f"fix-{number}-text")
        if node:
            node.focus()

    def stop_edit(self) -> None:
        """Close the correction form."""
        self.ui.pop("editing", None)
        self.render()

    def correct(self, number: int) -> None:
        """Send the correction of entry ``number``."""
        if self.session is None:
            return
        result = self.session.correct(number, kit.value(f"fix-{number}-text"), common.get_lang())
        if self.send(f"fix-{number}", result):
            self.ui.pop("editing", None)
            self.render()

    def cancel(self, number: int) -> None:
        """Strike out entry ``number``."""
        if self.session is not None:
            self.send("write-form", self.session.cancel(number, common.get_lang()))

    def write(self) -> None:
        """Add the entry written by hand."""
        if self.session is not None:
            self.send(
                "write-form",
                self.session.add(kit.value("write-text"), common.get_lang()),
                clear=["write-text"],
            )

    def new_form(self) -> VNode:
        """Create a tournament: the game, its title and the organiser's options."""
        game = self.ui.get("new_game") or default_game()
        spec = next((g for g in games() if g["game"] == game), games()[0])

        def choose(event: Any) -> None:
            self.ui["new_game"] = str(event.currentTarget.value)
            common.storage_set(NEW_GAME_KEY, self.ui["new_game"])
            self.render()

        radios = h(
            "fieldset",
            h("legend", text=tr("club.ui.new.game")),
            *(
                h(
                    "label",
                    h(
                        "input",
                        attrs={
                            "type": "radio",
                            "name": "new-game",
                            "value": g["game"],
                            "checked": g["game"] == game,
                            "id": f"new-game-{g['game']}",
                        },
                        on={"change": choose},
                    ),
                    tr(f"club.ui.tournament.{g['game']}"),
                    cls="club-radio",
                )
                for g in games()
            ),
            cls="club-fieldset",
        )
        fields = [kit.field(tr("club.ui.new.title"), kit.text_input("new-title", required=False))]
        for option in spec["options"]:
            name = option["name"]
            label = tr(f"club.ui.option.{name}")
            if option["choices"]:
                choices = [(c, tr(f"club.ui.option.{name}.{c}")) for c in option["choices"]]
                fields.append(kit.field(label, kit.select(f"new-{name}", choices, str(option["default"]))))
            else:
                control = kit.number_input(f"new-{name}", int(option["low"] or 0), int(option["high"] or 99))
                control.attrs["value"] = str(option["default"])
                fields.append(kit.field(label, control))
        return kit.section(
            "club-new",
            tr("club.ui.new.heading"),
            kit.submit_form(
                "new-form",
                self.create,
                radios,
                *fields,
                kit.button(tr("club.ui.new.create"), lambda _e: None, ident="new-create", submit=True),
                kit.alert(self, "new-form"),
            ),
        )

    def new_panel(self) -> VNode:
        """Start another tournament (the current one is kept aside)."""
        return kit.details(
            "club-new-more",
            tr("club.ui.new.another"),
            h("p", text=tr("club.ui.new.kept"), cls="club-hint"),
            self.new_form(),
        )

    def import_panel(self, opened: bool = False) -> VNode:
        """Open a tournament record or a shared link."""
        return kit.details(
            "club-import",
            tr("club.ui.import.title"),
            kit.import_box(self, "import-form", tr("club.ui.import.hint"), self.import_text),
            opened=opened or "import-form" in self.errors,
        )

    def embed_view(self, snap: dict[str, Any] | None) -> list[VNode]:
        """The embeddable standings: title, standings, a link to the whole tournament."""
        if snap is None:
            return [
                h(
                    "p",
                    text=say(self.problem, common.get_lang()) if self.problem else tr("club.ui.embed_none"),
                    cls="club-problem",
                    attrs={"role": "alert"},
                )
            ]
        panel = panel_of(snap)
        full = self.link().replace("?embed", "")
        return [
            h("h1", text=self.title(), cls="embed-title"),
            h("p", text=panel.status(snap), cls="club-status"),
            *panel.standings(self, snap),
            h(
                "p",
                h(
                    "a",
                    text=tr("club.ui.embed_open"),
                    attrs={"href": full, "target": "_blank", "rel": "noopener"},
                ),
                cls="embed-foot",
            ),
        ]


_page: list[ClubPage] = []


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``club.html``."""
    page = ClubPage(common.app_root())
    _page.append(page)
    if page.embed:
        document.body.classList.add("embed")
    page.open()
    page.render()
    common.on_lang_change(lambda _lang: page.render())

    def reopen(_event: Any) -> None:
        if str(window.location.hash or "").startswith("#c=") or page.embed:
            page.open()
            page.notice = None
            page.render()

    window.addEventListener("hashchange", common.proxy(reopen))
