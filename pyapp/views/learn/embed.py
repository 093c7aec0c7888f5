""" "Copy embed code" of a lesson or a drill: the code a club pastes, its language and kind, a preview.

The panel (:class:`EmbedPanel`) keeps its state (the language and the kind of code chosen, the
copy status, the preview shown) and is drawn with the player that opened it. The code itself is
written by :mod:`pyapp.views.embedcode` (docs/embedding.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import document, window

from pyapp.views import common, embedcode
from pyapp.views.common import el, tr
from pyapp.views.share import absolute
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button, select_field


class Embedding(Protocol):
    """A lesson or drill player that can show the embed panel."""

    embed_panel: EmbedPanel | None

    def render(self, _lang: str | None = None) -> None:
        """Draw the player afresh."""

    def draw(self) -> None:
        """Draw the player as it is (fields keep what was typed)."""


def site_base() -> str:
    """The absolute URL of the site's folder (where ``embed.html`` lives)."""
    return absolute("")


def embed_url(kind: str, item_id: str, lang: str | None) -> str:
    """The embed page's URL for a lesson (with its language) or a drill."""
    url = f"{site_base()}embed.html?{kind}={item_id}"
    return url + (f"&lang={lang}" if lang else "")


def embed_snippet(
    kind: str, item_id: str, title: str, lang: str, code: str = "inline", script: str = ""
) -> str:
    """The HTML a club's webmaster pastes: our iframe and its script (:mod:`pyapp.views.embedcode`)."""
    frame_title = tr("lessons.ui.embed.frame_title", title=title)
    return embedcode.snippet(
        code, embed_url(kind, item_id, lang), frame_title, lang, embedcode.LESSON, script
    )


def embed_button(player: Embedding, kind: str, item_id: str, title: str) -> VNode:
    """The "Copy embed code" button of a lesson or drill (opens the panel)."""

    def toggle(_event: Any) -> None:
        if player.embed_panel is None:
            player.embed_panel = EmbedPanel(kind, item_id, title, player.draw)
        else:
            player.embed_panel = None
        player.render()
        code = common.by_id("embed-code")
        if code:
            code.focus()

    expanded = "true" if player.embed_panel is not None else "false"
    return button(
        tr("lessons.ui.embed.open"),
        toggle,
        ident="embed-open",
        cls="button button-quiet lp-embed-open",
        attrs={"aria-expanded": expanded},
    )


class EmbedPanel:
    """The snippet to copy, its language, a copy button and a live preview."""

    def __init__(self, kind: str, item_id: str, title: str, redraw: Callable[[], None]) -> None:
        self.kind = kind
        self.item_id = item_id
        self.title = title
        self.redraw = redraw
        self.lang = common.get_lang()
        """The language of the snippet (a lesson's is chosen in the panel)."""
        self.status = ""
        """Whether the snippet was copied (or is selected to copy by hand)."""
        self.preview: str | None = None
        """The address shown in the preview, if any."""
        self.previews = 0
        self.code = embedcode.KINDS[0]
        """The kind of code chosen (``embedcode.KINDS``)."""
        self.script: str | None = None
        """The inline script's text, once read (``""``: it could not be read)."""
        self.loading = asyncio.ensure_future(self.read_script())

    async def read_script(self) -> None:
        """Read the inline script once, then draw the code."""
        try:
            self.script = await embedcode.inline_script()
        except Exception:  # noqa: BLE001 - the script cannot be read: the fixed-height code instead
            self.script = ""
            self.status = tr("lessons.ui.embed.no_script")
        self.redraw()

    def kind_of_code(self) -> str:
        """The kind of code shown: the one chosen, or the fixed height without the inline script."""
        return "fixed" if self.code == "inline" and self.script == "" else self.code

    def snippet(self) -> str:
        """The code to paste (empty while the inline script is being read)."""
        if self.kind_of_code() == "inline" and self.script is None:
            return ""
        lang = self.lang if self.kind == "lesson" else common.get_lang()
        return embed_snippet(
            self.kind, self.item_id, self.title, lang, self.kind_of_code(), self.script or ""
        )

    def choose_code(self, event: Any) -> None:
        """Another kind of code."""
        self.code = str(event.target.value)
        self.redraw()

    def choose_lang(self, event: Any) -> None:
        """Another language for a lesson's snippet (the preview closes)."""
        self.lang = str(event.target.value)
        self.preview = None
        self.redraw()

    def copy(self, _event: Any) -> None:
        """Copy the snippet; say so once the clipboard has it."""
        self.status = ""
        self.redraw()

        async def when_read() -> None:
            await self.loading  # the inline script, when the code needs it
            await self.write(self.snippet())

        asyncio.ensure_future(when_read())

    async def write(self, text: str) -> None:
        """Put ``text`` on the clipboard, or select it for Ctrl+C when there is no clipboard."""
        # "Copied" only once the clipboard has really taken the text (the write is a promise).
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context): Ctrl+C
            code = common.by_id("embed-code")
            if code:
                code.select()
            self.status = tr("lessons.ui.embed.select")
        else:
            self.status = tr("lessons.ui.embed.copied")
        self.redraw()

    def show_preview(self, _event: Any) -> None:
        """Show the embed page in a frame, as a club's page would (resized by ``embed.js``)."""
        load_embed_script()
        self.preview = embed_url(self.kind, self.item_id, self.lang if self.kind == "lesson" else None)
        self.previews += 1
        self.redraw()

    def node(self) -> VNode:
        """The panel as it is now."""
        panel = h("section", cls="lp-embed", attrs={"id": "embed-panel", "aria-labelledby": "embed-title"})
        panel.append(h("h2", tr("lessons.ui.embed.title"), attrs={"id": "embed-title"}))
        panel.append(h("p", tr("lessons.ui.embed.help")))
        if self.kind == "lesson":
            languages = [(code, tr(f"ui.lang.{code}_label")) for code in ("it", "en")]
            panel.append(
                select_field(
                    "embed-lang",
                    tr("lessons.ui.embed.lang"),
                    languages,
                    self.lang,
                    on_change=self.choose_lang,
                    cls="lp-field",
                )
            )
        kinds = [(kind, tr(f"lessons.ui.embed.kind.{kind}")) for kind in embedcode.KINDS]
        panel.append(
            select_field(
                "embed-kind",
                tr("lessons.ui.embed.kind"),
                kinds,
                self.code,
                on_change=self.choose_code,
                cls="lp-field",
            )
        )
        if self.code == "hosted":
            panel.append(
                h(
                    "p",
                    tr("lessons.ui.embed.hosted_help", path=embedcode.HOSTED_SCRIPT) + " ",
                    h(
                        "a",
                        tr("lessons.ui.embed.download"),
                        attrs={"href": "./static/embed.js", "download": "circolo-embed.js"},
                    ),
                    cls="lp-hint",
                    attrs={"id": "embed-hosted"},
                )
            )
        panel.append(
            h("label", tr("lessons.ui.embed.code_label"), cls="lp-field", attrs={"for": "embed-code"})
        )
        snippet = self.snippet()
        panel.append(
            h(
                "textarea",
                snippet,
                attrs={
                    "id": "embed-code",
                    "readonly": True,
                    "rows": 6,
                    "spellcheck": "false",
                    "data-kind": self.kind_of_code() if snippet else None,
                },
            )
        )
        panel.append(
            h(
                "div",
                button(tr("lessons.ui.embed.copy"), self.copy, ident="embed-copy"),
                button(
                    tr("lessons.ui.embed.preview"), self.show_preview, ident="embed-show-preview", quiet=True
                ),
                cls="lp-buttons",
            )
        )
        panel.append(h("p", self.status, cls="lp-hint", attrs={"role": "status", "id": "embed-status"}))
        frame = None
        if self.preview is not None:
            frame = h(
                "iframe",
                attrs={
                    "src": self.preview,
                    "title": tr("lessons.ui.embed.frame_title", title=self.title),
                    "loading": "lazy",
                    "id": "embed-frame",
                },
                key=f"embed-frame-{self.previews}",
            )
        panel.append(h("div", frame, cls="lp-embed-preview", attrs={"id": "embed-preview"}))
        return panel


def load_embed_script() -> None:
    """Load ``static/embed.js`` once, so that the preview resizes like on a club's page."""
    if document.querySelector("script[data-circolo-embed]"):
        return
    script = el("script", attrs={"src": "./static/embed.js", "data-circolo-embed": "true"})
    document.head.append(script)
