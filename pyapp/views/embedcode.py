"""The embed code a club's webmaster pastes: our iframe and how it gets its height.

Three kinds (``docs/embedding.md``), offered by the "Copy embed code" panels of the lesson page
(:mod:`pyapp.views.learn`) and the replay viewer (:mod:`pyapp.views.replay`):

* ``inline`` (the default): the iframe and, right after it, ``static/embed.js`` in a ``<script>``
  of its own (the build writes it without comments as ``static/embed-inline.js``). Nothing is
  fetched from Circolo's host to size the frame, so the height follows the content online and
  offline alike.
* ``hosted``: the iframe and ``<script src="/circolo-embed.js" defer>``, a copy of
  ``static/embed.js`` the club keeps on its own site (one line per page, however many frames).
* ``fixed``: the iframe alone, for a site whose Content Security Policy forbids inline scripts:
  a height that suits most content, the frame scrolling inside when it needs more.

Every frame carries ``data-circolo`` (what the script resizes) and ``data-circolo-offline``, the
sentence shown in its place when Circolo's host cannot be reached and the browser keeps no offline
copy for the frame (``ui.embed.offline`` in the frame's language).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from pyscript import window

from pyapp.i18n import t

KINDS: tuple[str, ...] = ("inline", "hosted", "fixed")
"""The kinds of embed code, the default first."""

INLINE_SCRIPT = "./static/embed-inline.js"
"""``static/embed.js`` without its comments, written by build.py for the inline code."""

HOSTED_SCRIPT = "/circolo-embed.js"
"""Where the hosted kind expects the club's own copy of ``static/embed.js``."""


@dataclass(frozen=True)
class Heights:
    """A frame's heights in CSS px: before its first resize message, and the fixed kind's."""

    start: int
    fixed: int


LESSON = Heights(start=640, fixed=820)
"""Lessons and drills: most steps fit in 820 px on a phone (a lesson measured 716 px)."""

REPLAY = Heights(start=720, fixed=1100)
"""A hand replay: the table, the viewer's controls and the log (measured 1,082 px)."""

STANDINGS = Heights(start=480, fixed=900)
"""A tournament's standings (``club.html?embed``): a group's table and its results grid."""

_script: list[str] = []


async def inline_script() -> str:
    """The inline script's text (downloaded once; the offline copy has it too)."""
    if not _script:
        response = await window.fetch(INLINE_SCRIPT)
        if not response.ok:
            raise OSError(f"{INLINE_SCRIPT}: HTTP {response.status}")
        _script.append(str(await response.text()))
    return _script[0]


def _attr(text: str) -> str:
    """``text`` for a double-quoted HTML attribute (apostrophes stay readable)."""
    return escape(text, quote=False).replace('"', "&quot;")


def snippet(kind: str, src: str, title: str, lang: str, heights: Heights, script: str = "") -> str:
    """The HTML to paste for ``kind``: the iframe of ``src`` titled ``title``, and its script.

    ``script`` is :func:`inline_script`'s text (needed by the ``inline`` kind only); ``lang`` is
    the frame's language, for the sentence shown when it cannot load offline.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind of embed code: {kind!r}")
    height = heights.fixed if kind == "fixed" else heights.start
    frame = (
        f'<iframe src="{_attr(src)}" title="{_attr(title)}" loading="lazy" '
        f'style="width:100%;height:{height}px;border:0" allow="clipboard-write" data-circolo '
        f'data-circolo-offline="{_attr(t("ui.embed.offline", lang))}"></iframe>'
    )
    if kind == "inline":
        if not script.strip():
            raise ValueError("the inline embed code needs the script's text")
        return f"{frame}\n<script>\n{script.strip()}\n</script>"
    if kind == "hosted":
        return f'{frame}\n<script src="{HOSTED_SCRIPT}" defer></script>'
    return frame
