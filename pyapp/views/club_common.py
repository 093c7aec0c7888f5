"""What the club page and its game panels share: the page's interface, forms, alerts, tables.

The page (:mod:`pyapp.views.club`) is generic; each game with tournament rules has a panel module
``pyapp.views.club_<game>`` with ``setup``, ``scorekeeper``, ``standings``, ``grid`` and
``status`` (its tournament's ``view``, so the page names no game). Panels build virtual trees
(:func:`pyapp.views.vdom.h`) and send entries through the page, which owns the
:class:`~pyapp.club.session.ClubSession`: a refusal comes back as data and is said next to the
form that sent it (``alert(page, form)``), again in the new language when the language changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pyapp.club.session import ClubSession
from pyapp.i18n import say
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h

MINUS = "\u2212"

Said = dict[str, Any]
"""A refusal kept as plain data, ``{"key", "params"}`` (the session's ``refusal``, an error's
``data()``): said in the page's language at every drawing, so a language switch re-translates it."""


class Page(Protocol):
    """The page as its panels see it."""

    session: ClubSession | None
    readonly: bool
    errors: dict[str, Said]
    ui: dict[str, Any]

    def send(self, form: str, result: dict[str, Any], clear: Sequence[str] = ()) -> bool:
        """Handle an entry's result for ``form``: save and redraw, or show the refusal there."""

    def render(self) -> None:
        """Redraw the page."""


def value(element_id: str) -> str:
    """The current value of an input, select or textarea (``""`` when it is not on the page)."""
    node = common.by_id(element_id)
    return str(node.value or "") if node else ""


def checked(name: str) -> list[str]:
    """The values of the checked boxes named ``name``."""
    nodes = common.app_root().querySelectorAll(f"input[name='{name}']:checked")
    return [str(nodes.item(i).value) for i in range(nodes.length)]


def clear_fields(ids: Sequence[str]) -> None:
    """Empty these inputs (after an entry they made was accepted)."""
    for ident in ids:
        node = common.by_id(ident)
        if node:
            node.value = ""


def alert(page: Page, form: str) -> VNode:
    """The place next to a form where its refusal is said (an ``alert``, empty when none), in the
    page's language of now."""
    said = page.errors.get(form)
    text = say(said, common.get_lang()) if said else ""
    return h("p", text=text, cls="club-alert", attrs={"role": "alert", "id": f"{form}-alert"})


def submit_form(
    form: str, handler: Callable[[], None], *children: VNode | None, cls: str = "club-form"
) -> VNode:
    """A ``<form>`` whose submit (button or Enter) calls ``handler``."""

    def on_submit(event: Any) -> None:
        event.preventDefault()
        handler()

    node = h("form", *children, cls=cls, attrs={"id": form, "novalidate": True})
    node.handlers["submit"] = on_submit
    return node


def field(label: str, control: VNode, cls: str = "club-field") -> VNode:
    """A labelled control (the label names the control's ``id``)."""
    return h("div", h("label", text=label, attrs={"for": control.attrs.get("id")}), control, cls=cls)


def text_input(
    ident: str, required: bool = True, size: int | None = None, autocomplete: str = "off"
) -> VNode:
    """A one-line text input."""
    return h(
        "input",
        attrs={"id": ident, "type": "text", "required": required, "size": size, "autocomplete": autocomplete},
    )


def number_input(ident: str, low: int, high: int, on_input: Callable[[Any], None] | None = None) -> VNode:
    """A whole-number input (the engine still checks and refuses what the browser lets through)."""
    return h(
        "input",
        attrs={"id": ident, "type": "number", "inputmode": "numeric", "min": low, "max": high, "step": 1},
        on={"input": on_input} if on_input else None,
    )


def select(ident: str, options: Sequence[tuple[str, str]], chosen: str = "") -> VNode:
    """A ``<select>`` of ``(value, label)`` options."""
    return h(
        "select",
        *(h("option", text=label, attrs={"value": val, "selected": val == chosen}) for val, label in options),
        attrs={"id": ident},
    )


def button(
    text: str,
    handler: Callable[[Any], None],
    ident: str | None = None,
    quiet: bool = False,
    submit: bool = False,
) -> VNode:
    """A button of the page's look."""
    return h(
        "button",
        text=text,
        cls="button button-quiet" if quiet else "button",
        attrs={"type": "submit" if submit else "button", "id": ident},
        on=None if submit else {"click": handler},
    )


def signed(number: int, plus: bool = True) -> str:
    """``+5``, ``−3`` (a real minus sign), ``0``."""
    if number < 0:
        return f"{MINUS}{-number}"
    return f"+{number}" if plus and number > 0 else str(number)


def table(
    caption: str | None,
    headers: Sequence[tuple[str, str]],
    rows: Sequence[Sequence[str | VNode]],
    cls: str = "club-table",
) -> VNode:
    """A data table: ``headers`` are ``(text, title)`` pairs (the title spells an abbreviation out)."""
    head = h(
        "tr",
        *(
            h("th", h("abbr", text=text, attrs={"title": title}) if title else text, attrs={"scope": "col"})
            for text, title in headers
        ),
    )
    body = [
        h("tr", *(h("td", cell) if not isinstance(cell, str) else h("td", text=cell) for cell in row))
        for row in rows
    ]
    return h(
        "div",
        h(
            "table",
            h("caption", text=caption) if caption else None,
            h("thead", head),
            h("tbody", *body),
            cls=cls,
        ),
        cls="club-table-wrap",
        attrs={"tabindex": 0, "role": "region", "aria-label": caption or headers[0][0]},
    )


def standings_headers(prefix: str, name: str, *columns: str | tuple[str, str]) -> list[tuple[str, str]]:
    """A standings table's headers: the rank (``#``, titled ``<prefix>.rank``), the name column
    (``<prefix>.<name>``), then each column: a key, shown by its short label ``<prefix>.<key>_short``
    titled ``<prefix>.<key>``, or a ``(label, key)`` pair whose label is written as it is."""
    out = [("#", tr(f"{prefix}.rank")), (tr(f"{prefix}.{name}"), "")]
    for column in columns:
        label, key = column if isinstance(column, tuple) else (tr(f"{prefix}.{column}_short"), column)
        out.append((label, tr(f"{prefix}.{key}")))
    return out


def rank_cell(row: dict[str, Any]) -> str:
    """A standings row's rank, ``3=`` when tied."""
    return f"{row['rank']}=" if row["tied"] else str(row["rank"])


def lot_cell(row: dict[str, Any]) -> str:
    """A standings row's lot number, empty when no lot was drawn."""
    return "" if row["lot"] is None else str(row["lot"])


def section(ident: str, title: str, *children: VNode | None, cls: str = "club-section") -> VNode:
    """A titled section of the page."""
    return h(
        "section",
        h("h2", text=title, attrs={"id": f"{ident}-title"}),
        *children,
        cls=cls,
        attrs={"id": ident, "aria-labelledby": f"{ident}-title"},
    )


def details(ident: str, summary: str, *children: VNode | None, opened: bool = False) -> VNode:
    """A folded panel (``<details>``)."""
    return h(
        "details", h("summary", text=summary), *children, cls="club-more", attrs={"id": ident, "open": opened}
    )


def import_box(page: Page, form: str, hint: str, on_text: Callable[[str], None]) -> VNode:
    """Paste a Circolo game record, or choose its file, and enter it."""

    def go() -> None:
        on_text(value(f"{form}-text"))

    def picked(event: Any) -> None:
        files = event.target.files
        if files and files.length:
            common_read(files.item(0), on_text)

    return submit_form(
        form,
        go,
        h("p", text=hint, cls="club-hint"),
        field(
            tr("club.ui.import.paste"),
            h("textarea", attrs={"id": f"{form}-text", "rows": 3, "spellcheck": "false"}),
        ),
        h(
            "div",
            button(tr("club.ui.import.enter"), lambda _e: None, submit=True),
            h(
                "input",
                cls="club-file-input",
                attrs={"type": "file", "id": f"{form}-file", "accept": ".txt,text/plain"},
                on={"change": picked},
            ),
            h(
                "label",
                text=tr("club.ui.import.file"),
                cls="button button-quiet",
                attrs={"for": f"{form}-file"},
            ),
            cls="panel-actions",
        ),
        alert(page, form),
    )


def common_read(file: Any, on_text: Callable[[str], None]) -> None:
    """Read a chosen file's text and hand it over (an unreadable file hands over ``""``)."""
    import asyncio

    async def read() -> None:
        try:
            text = str(await file.text())
        except Exception:  # noqa: BLE001 - an unreadable file: the receiver says it is empty
            text = ""
        on_text(text)

    asyncio.ensure_future(read())
