"""The embed page (``embed.html?lesson=ID&lang=it|en`` or ``?drill=ID``): one lesson or drill alone.

A club's site shows it in an iframe: no header, no footer, the same players as ``learn.html``
(:class:`~pyapp.views.learn.lesson.LessonPlayer`, :class:`~pyapp.views.learn.drill.DrillPlayer`).
The height is reported to the parent page by ``static/embed-frame.js`` (a ``circolo:resize``
message on every change); the embed code on the club's page (:mod:`pyapp.views.embedcode`)
applies it. See ``docs/embedding.md``.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from pyscript import window
from pyscript.ffi import to_js

from pyapp.i18n import LANGS
from pyapp.lessons.session import UnknownLesson
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn.drill import DrillPlayer
from pyapp.views.learn.lesson import LessonPlayer
from pyapp.views.learn.progress import Progress


def query() -> dict[str, str]:
    """The page's query parameters (first value of each)."""
    search = str(window.location.search or "").lstrip("?")
    return {key: values[0] for key, values in parse_qs(search).items() if values}


async def use_language(lang: str) -> None:
    """Show the page in ``lang`` without remembering the choice for the whole site."""
    shell = getattr(window, "circolo", None)
    if lang not in LANGS or shell is None or not hasattr(shell, "setLang"):
        return
    await shell.setLang(lang, to_js({"remember": False}))


async def main() -> None:
    """Render the lesson or drill named in the query string."""
    params = query()
    lang = params.get("lang", "")
    if lang and lang != common.get_lang():
        await use_language(lang)
    root = common.app_root()
    progress = Progress()
    player: LessonPlayer | DrillPlayer | None = None
    try:
        if params.get("lesson"):
            player = LessonPlayer(root, params["lesson"], progress, embed=True)
        elif params.get("drill"):
            player = DrillPlayer(root, params["drill"], progress, embed=True)
    except UnknownLesson:
        player = None
    if player is None:
        missing = params.get("lesson") or params.get("drill") or ""
        common.clear(root).append(
            el("p", tr("lessons.ui.not_found", id=missing), cls="lp-alert", attrs={"role": "alert"}),
            el("p", el("a", tr("lessons.ui.embed.site"), attrs={"href": "./learn.html", "target": "_blank"})),
        )
        return
    player.render()

    def rerender(_lang: str) -> None:
        player.render()

    common.on_lang_change(rerender)
