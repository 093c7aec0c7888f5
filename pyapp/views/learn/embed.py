""" "Copy embed code" of a lesson or a drill: the snippet a club pastes, its language, a live preview."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from pyscript import document, window

from pyapp.views import common
from pyapp.views.common import el, tr

Node = Any


class Embedding(Protocol):
    """A lesson or drill player that can show the embed panel."""

    embed_panel: Node | None

    def render(self, _lang: str | None = None) -> None:
        """Redraw the player."""


def site_base() -> str:
    """The absolute URL of the site's folder (where ``embed.html`` lives)."""
    href = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
    return href.rsplit("/", 1)[0] + "/"


def embed_url(kind: str, item_id: str, lang: str | None) -> str:
    """The embed page's URL for a lesson (with its language) or a drill."""
    url = f"{site_base()}embed.html?{kind}={item_id}"
    return url + (f"&lang={lang}" if lang else "")


def embed_snippet(kind: str, item_id: str, title: str, lang: str) -> str:
    """The HTML a club's webmaster pastes: our iframe and the ``embed.js`` line."""
    src = embed_url(kind, item_id, lang).replace("&", "&amp;")
    frame_title = tr("lessons.ui.embed.frame_title", title=title).replace('"', "&quot;")
    return (
        f'<iframe src="{src}" title="{frame_title}" loading="lazy" '
        'style="width:100%;height:640px;border:0" allow="clipboard-write"></iframe>\n'
        f'<script src="{site_base()}static/embed.js" defer></script>'
    )


def embed_button(player: Embedding, kind: str, item_id: str, title: str) -> Node:
    """The "Copy embed code" button of a lesson or drill (opens the panel)."""

    def toggle(_event: Any) -> None:
        if player.embed_panel is None:
            player.embed_panel = embed_panel(kind, item_id, title)
        else:
            player.embed_panel = None
        player.render()
        code = common.by_id("embed-code")
        if code:
            code.focus()

    return el(
        "button",
        tr("lessons.ui.embed.open"),
        cls="button button-quiet lp-embed-open",
        attrs={
            "type": "button",
            "id": "embed-open",
            "aria-expanded": "true" if player.embed_panel is not None else "false",
        },
        on={"click": toggle},
    )


def embed_panel(kind: str, item_id: str, title: str) -> Node:
    """The snippet to copy, its language, a copy button and a live preview."""
    panel = el("section", cls="lp-embed", attrs={"id": "embed-panel", "aria-labelledby": "embed-title"})
    panel.append(el("h2", tr("lessons.ui.embed.title"), attrs={"id": "embed-title"}))
    panel.append(el("p", tr("lessons.ui.embed.help")))
    lang_box = el("select", attrs={"id": "embed-lang"})
    for code in ("it", "en"):
        lang_box.append(
            el(
                "option",
                tr(f"ui.lang.{code}_label"),
                attrs={"value": code, "selected": code == common.get_lang()},
            )
        )
    code = el("textarea", attrs={"id": "embed-code", "readonly": True, "rows": 4, "spellcheck": "false"})
    status = el("p", cls="lp-hint", attrs={"role": "status", "id": "embed-status"})
    preview = el("div", cls="lp-embed-preview", attrs={"id": "embed-preview"})

    def refresh(_event: Any = None) -> None:
        lang = str(lang_box.value) if kind == "lesson" else common.get_lang()
        code.value = embed_snippet(kind, item_id, title, lang)
        common.clear(preview)

    async def write(text: str) -> None:
        # "Copied" only once the clipboard has really taken the text (the write is a promise).
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context): Ctrl+C
            code.select()
            status.textContent = tr("lessons.ui.embed.select")
            return
        status.textContent = tr("lessons.ui.embed.copied")

    def copy(_event: Any) -> None:
        status.textContent = ""
        asyncio.ensure_future(write(str(code.value)))

    def show_preview(_event: Any) -> None:
        common.clear(preview)
        lang = str(lang_box.value) if kind == "lesson" else None
        load_embed_script()
        preview.append(
            el(
                "iframe",
                attrs={
                    "src": embed_url(kind, item_id, lang),
                    "title": tr("lessons.ui.embed.frame_title", title=title),
                    "loading": "lazy",
                    "id": "embed-frame",
                },
            )
        )

    common.listen(lang_box, "change", refresh)
    if kind == "lesson":
        panel.append(
            el(
                "label",
                tr("lessons.ui.embed.lang") + " ",
                lang_box,
                cls="lp-field",
                attrs={"for": "embed-lang"},
            )
        )
    panel.append(el("label", tr("lessons.ui.embed.code_label"), cls="lp-field", attrs={"for": "embed-code"}))
    panel.append(code)
    panel.append(
        el(
            "div",
            el(
                "button",
                tr("lessons.ui.embed.copy"),
                cls="button",
                attrs={"type": "button", "id": "embed-copy"},
                on={"click": copy},
            ),
            el(
                "button",
                tr("lessons.ui.embed.preview"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "embed-show-preview"},
                on={"click": show_preview},
            ),
            cls="lp-buttons",
        )
    )
    panel.append(status)
    panel.append(preview)
    refresh()
    return panel


def load_embed_script() -> None:
    """Load ``static/embed.js`` once, so that the preview resizes like on a club's page."""
    if document.querySelector("script[data-circolo-embed]"):
        return
    script = el("script", attrs={"src": "./static/embed.js", "data-circolo-embed": "true"})
    document.head.append(script)
