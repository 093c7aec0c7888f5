"""The replay page without a viewer: paste a record or a link, or open a record file.

:func:`open_panel` is also the viewer's folded "open another" panel. A text that cannot be
opened is said next to the form; a good one becomes the page's address, which opens it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window

from pyapp.links.session import LinkError, RecordError, open_text
from pyapp.views import common, widgets
from pyapp.views.common import tr
from pyapp.views.vdom import EVENTS, Patcher, VNode, h


def open_panel(folded: bool = False, error: str = "") -> VNode:
    """Paste a record or a link, or open a record file."""

    def submit(event: Any) -> None:
        event.preventDefault()
        text = str(common.need_id("open-text").value or "")
        open_given(text)

    def picked(event: Any) -> None:
        files = event.target.files
        if files and files.length:
            asyncio.ensure_future(read_file(files.item(0)))

    form = h(
        "form",
        h("label", tr("links.viewer.open.paste"), attrs={"for": "open-text"}),
        h("textarea", attrs={"id": "open-text", "rows": 4, "spellcheck": "false", "autocomplete": "off"}),
        h(
            "div",
            h(
                "button",
                cls="button",
                text=tr("links.viewer.open.button"),
                attrs={"type": "submit", "id": "open-go"},
            ),
            # The browser's own file button speaks the browser's language ("Choose File"):
            # it stays in the page for the keyboard, drawn as a button of ours.
            h(
                "input",
                cls="open-file-input",
                attrs={"type": "file", "id": "open-file", "accept": ".txt,.pgn,text/plain"},
                on={"change": picked},
            ),
            h(
                "label",
                tr("links.viewer.open.file"),
                cls="button button-quiet open-file",
                attrs={"for": "open-file"},
            ),
            cls="panel-actions",
        ),
        h("p", text=error, cls="table-alert", attrs={"role": "alert", "id": "open-error"}),
        cls="open-form",
        attrs={"id": "open-form"},
    )
    form.handlers["submit"] = submit
    if folded:
        return widgets.folded(tr("links.viewer.open.title"), form, ident="open-panel")
    return h(
        "section",
        h("h2", text=tr("links.viewer.open.title")),
        h("p", text=tr("links.viewer.open.text")),
        form,
        h("p", text=tr("links.viewer.open.where"), cls="open-where"),
        cls="settings-box open-page",
        attrs={"id": "open-panel"},
    )


async def read_file(file: Any) -> None:
    """Open the record in a file chosen by the visitor."""
    try:
        text = str(await file.text())
    except Exception:  # noqa: BLE001 - an unreadable file: say so, keep the page
        show_open_error(tr("links.viewer.open.unreadable"))
        return
    open_given(text)


def open_given(text: str) -> None:
    """Open pasted text (a record or a link), or say why it cannot be opened."""
    if not text.strip():
        show_open_error(tr("links.viewer.open.empty"))
        return
    try:
        session, position = open_text(text)
        target = "#" + session.link(position, "viewed").split("#", 1)[1]
    except (LinkError, RecordError) as exc:
        show_open_error(tr("links.viewer.bad", reason=exc.message(common.get_lang())))
        return
    if target == str(window.location.hash or ""):
        window.location.reload()
    else:
        window.location.hash = target  # the page opens it afresh (see main: hashchange)


def show_open_error(text: str) -> None:
    """Show why a pasted record or link cannot be opened (next to the form)."""
    node = common.by_id("open-error")
    if node:
        node.textContent = text
        return
    window.alert(text)


_start_page: list[Patcher] = []


def show_start_page(error_key: str = "", reason: LinkError | RecordError | None = None) -> None:
    """No link (or a bad one): the page to paste or open a record, and why the link failed."""
    root = common.app_root()
    if not _start_page:
        common.clear(root)
        root.classList.add("table-app")
        patcher = Patcher(document, root)
        for kind in EVENTS:
            common.listen(root, kind, patcher.dispatch)
        _start_page.append(patcher)
        common.on_lang_change(lambda _lang: show_start_page(error_key, reason))
    nodes = [h("h1", cls="page-title", text=tr("links.viewer.title"))]
    if error_key:
        text = tr(error_key, reason=reason.message(common.get_lang()) if reason is not None else "")
        nodes.append(
            h("p", text=text, cls="table-notice viewer-error", attrs={"role": "alert", "id": "link-error"})
        )
    nodes.append(open_panel())
    _start_page[0].patch(nodes)
