"""Sharing from every table, and the tables' side of the replay viewer.

* :func:`install` adds to a table: "share this hand" on each hand summary, a list of the hands
  to share under the score sheet (the hand history), and, in a game played on from a replay, a
  note with the way back to the game saved in progress;
* :func:`share_game` is the table's "share the game" (its toolbar button);
* :func:`share_url` shares a link: the Web Share sheet where the browser has one, else the
  clipboard; the confirmation appears only once the link has really been shared or copied;
* :func:`restore_hook` lets a table open ``#playon`` (a position handed over by the viewer's
  "play on from here", in a save slot of its own) and sends ``#v2.`` links to the viewer;
* :func:`download` saves a record as a text file.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyscript import document, window
from pyscript.ffi import to_js

from pyapp.links_session import LinkError, game_fragment, hand_fragment_of, hands_of
from pyapp.record import RecordError
from pyapp.session import TableSession
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h

if TYPE_CHECKING:
    from pyapp.views.table import TableController

PLAYON_HASH = "#playon"


def absolute(path: str) -> str:
    """``path`` (relative to the site, ``replay.html#…``) as an absolute address."""
    base = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
    return base.rsplit("/", 1)[0] + "/" + path


async def copy_text(table: Any, text: str, notice: str) -> None:
    """Copy ``text`` to the clipboard and say ``notice`` once done (else show it to copy by hand)."""
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context)
        window.prompt(tr("links.share.by_hand"), text)
        return
    table.notice = (notice, {})
    table.render()


async def share_url(
    table: Any, url: str, title: str, copied: str = "links.share.copied", done: str = "links.share.shared"
) -> None:
    """Share ``url``: Web Share if the browser offers it, else copy it; then say so (or why not).

    ``copied`` and ``done`` are the notices (catalog keys) once copied or shared.
    """
    navigator = window.navigator
    shared = False
    notice: tuple[str, dict[str, object]] = (copied, {})
    if hasattr(navigator, "share") and getattr(navigator, "share", None):
        try:
            data = window.Object.new()
            data.title = title
            data.url = url
            await navigator.share(data)
            shared = True
            notice = (done, {})
        except Exception as exc:  # noqa: BLE001 - dismissed by the user, or not allowed here
            if "AbortError" in str(exc):
                return
    if not shared:
        try:
            await navigator.clipboard.writeText(url)
            notice = (copied, {})
        except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context): show it
            window.prompt(tr("links.share.by_hand"), url)
            return
    table.notice = notice
    table.render()


def share_game(table: TableController) -> None:
    """The table's "share the game": the whole game so far, as a short replay link."""
    if table.session is None:
        return
    try:
        url = absolute(game_fragment(table.session))
    except LinkError as exc:  # a record no link can hold (links.unlinkable)
        table.refuse(exc.message(common.get_lang()))
        return
    asyncio.ensure_future(share_url(table, url, tr("links.share.title_game")))


def share_hand(table: TableController, number: int | None = None) -> None:
    """Share one hand of the game at the table (default: the last one dealt)."""
    if table.session is None:
        return
    try:
        path = hand_fragment_of(table.session, number)
    except LinkError as exc:  # a record no link can hold (links.unlinkable)
        table.refuse(exc.message(common.get_lang()))
        return
    if path is None:
        return
    asyncio.ensure_future(share_url(table, absolute(path), tr("links.share.title")))


def summary_hook(table: TableController) -> Any:
    """The "share this hand" action of a hand summary."""

    def hook(snapshot: dict[str, Any]) -> VNode | None:
        if not snapshot.get("moves"):
            return None
        return h(
            "button",
            cls="button button-quiet",
            text=tr("links.share.hand"),
            attrs={"type": "button", "id": "share-hand"},
            on={"click": lambda _e: share_hand(table)},
        )

    return hook


def sheet_hook(table: TableController) -> Any:
    """Under the score sheet: every hand played so far, each with a "share" button."""

    def hook(snapshot: dict[str, Any]) -> VNode | None:
        if table.session is None or table.replay:
            return None
        hands = [hand for hand in hands_of(table.session) if hand["complete"] and hand["moves"] > 1]
        if not hands:
            return None
        return h(
            "section",
            h("h3", text=tr("links.share.sheet_title")),
            h(
                "ul",
                *[
                    h(
                        "li",
                        h(
                            "button",
                            cls="button button-quiet button-small",
                            text=tr("links.share.hand_n", n=hand["number"]),
                            attrs={"type": "button", "data-share-hand": hand["number"]},
                            on={"click": common.bind(lambda n: share_hand(table, n), hand["number"])},
                        ),
                        key=f"share-{hand['number']}",
                    )
                    for hand in hands
                ],
                cls="share-hands",
            ),
            cls="share-sheet",
            key="share-sheet",
        )

    return hook


def playon_hook(table: TableController) -> Any:
    """In a game played on from a replay: say so, with a link back to the saved game."""

    def hook(snapshot: dict[str, Any]) -> VNode | None:
        if not getattr(table, "playon", False):
            return None
        return h(
            "p",
            tr("links.playon.notice"),
            " ",
            h("a", text=tr("links.playon.back"), attrs={"href": f"./{table.game}.html", "id": "playon-back"}),
            cls="playon-note",
            key="playon-note",
        )

    return hook


def install(table: TableController) -> None:
    """Add the sharing actions to ``table`` (its own copies of the hook lists)."""
    from pyapp.views.table import ensure_stylesheet

    ensure_stylesheet("./static/replay.css")
    own = table.__dict__  # per table: the class lists stay as the tables declare them
    own["summary_hooks"] = [*table.summary_hooks, summary_hook(table)]
    own["sheet_hooks"] = [*table.sheet_hooks, sheet_hook(table)]
    own["toolbar_hooks"] = [*table.toolbar_hooks, playon_hook(table)]


def restore_hook(table: TableController) -> TableSession | None:
    """``#playon``: the game handed over by the viewer; ``#v2.…``: go to the viewer."""
    fragment = str(window.location.hash or "")
    if fragment.startswith("#v2.") or fragment.startswith("#v"):
        if fragment[2:3].isdigit():
            window.location.replace("./replay.html" + fragment)
            return None
    if fragment != PLAYON_HASH:
        return None
    table.playon = True
    text = common.storage_get(table.save_key)
    if not text:
        table.notice = ("links.playon.missing", {})
        return None
    try:
        loaded = TableSession.load(text)
    except RecordError as exc:
        table.set_aside(text, exc.message(common.get_lang()))
        return None
    if loaded.game != table.game:
        table.set_aside(text, tr("table.replay.other_game"))
        return None
    table.acked_hands = table.restored_acked(loaded.snapshot(common.get_lang()))
    return loaded


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
