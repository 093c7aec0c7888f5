"""Sharing from any page: a link through the browser's share sheet or the clipboard, a text copied,
a record downloaded.

A confirmation appears only once the link has really been shared or copied: the page that asked
(:class:`Notified`, a table or the replay viewer) gets it as its notice and redraws. Without a
clipboard the text is shown to copy by hand.
"""

from __future__ import annotations

from typing import Protocol

from pyscript import document, window
from pyscript.ffi import to_js

from pyapp.views import common
from pyapp.views.common import tr


class Notified(Protocol):
    """A page that shows a notice (``(catalog key, params)``) when it is drawn again."""

    notice: tuple[str, dict[str, object]] | None

    def render(self) -> None:
        """Draw the page again."""


def absolute(path: str) -> str:
    """``path`` (relative to the site, ``replay.html#…``) as an absolute address."""
    base = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
    return base.rsplit("/", 1)[0] + "/" + path


async def copy_text(page: Notified, text: str, notice: str) -> None:
    """Copy ``text`` to the clipboard and say ``notice`` once done (else show it to copy by hand)."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context)
        window.prompt(tr("links.share.by_hand"), text)
        return
    page.notice = (notice, {})
    page.render()


async def share_url(page: Notified, url: str, title: str) -> None:
    """Share ``url``: Web Share if the browser offers it, else copy it; then say so (or why not)."""
    navigator = window.navigator
    shared = False
    notice: tuple[str, dict[str, object]] = ("links.share.copied", {})
    if hasattr(navigator, "share") and getattr(navigator, "share", None):
        try:
            data = window.Object.new()
            data.title = title
            data.url = url
            await navigator.share(data)
            shared = True
            notice = ("links.share.shared", {})
        except Exception as exc:  # noqa: BLE001 - dismissed by the user, or not allowed here
            if "AbortError" in str(exc):
                return
    if not shared:
        try:
            await navigator.clipboard.writeText(url)
            notice = ("links.share.copied", {})
        except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context): show it
            window.prompt(tr("links.share.by_hand"), url)
            return
    page.notice = notice
    page.render()


def download(text: str, filename: str) -> None:
    """Offer ``text`` as a file to save (``filename``)."""
    blob = window.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(common.proxy(lambda: window.URL.revokeObjectURL(url)), 1000)
