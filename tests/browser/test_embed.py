"""Embedding a lesson on a club's site: another origin, the resize message, offline, nothing foreign.

The club's page is served from a second local port (another origin). It holds exactly the snippet
that the lesson page's "Copy embed code" panel gives, and records the messages it receives.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from pyapp.i18n import catalogs
from pyapp.lessons import all_lessons
from tests.browser.conftest import BOOT_TIMEOUT_MS, PageWatch, watch_context
from tests.browser.test_site import _wait_controlled as wait_offline_copy

IT = catalogs()["it"]
EN = catalogs()["en"]

CLUB_PAGE = """<!doctype html>
<html lang="it"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Circolo del Tressette di Borgo</title></head>
<body>
<h1>Impariamo il Tressette</h1>
<p>Una lezione del nostro circolo.</p>
{snippet}
<script>
  window.received = [];
  addEventListener("message", (event) => window.received.push({{origin: event.origin, data: event.data}}));
</script>
</body></html>
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static server that does not log every request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def club_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served on a second port: the club's own web site."""
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


FOLLOWS = (
    "() => { const f = document.querySelector('iframe');"
    " const mine = new URL(f.src).origin;"
    " const m = window.received.filter(m => m.origin === mine && m.data.type === 'circolo:resize').at(-1);"
    " return Boolean(m) && f.style.height === Math.ceil(m.data.height) + 'px'; }"
)
"""True when the iframe has the height of the last resize message from its own origin (embed.js applied it)."""


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_copy_embed_code_gives_a_snippet_that_works_on_another_origin(
    open_page: Callable[..., PageWatch],
    new_context: Callable[..., object],
    club_site: tuple[Path, str],
    site_url: str,
) -> None:
    lesson = all_lessons()[0]
    watch = open_page(f"learn.html#lesson={lesson.id}")
    page = watch.page
    page.locator("#embed-open").click()
    page.locator("#embed-lang").select_option("en")
    snippet = page.locator("#embed-code").input_value()
    assert snippet.startswith("<iframe ") and 'loading="lazy"' in snippet and "width:100%" in snippet
    assert "border:0" in snippet and 'title="Circolo — ' in snippet
    assert f'src="{site_url}embed.html?lesson={lesson.id}&amp;lang=en"' in snippet
    assert f'<script src="{site_url}static/embed.js" defer></script>' in snippet
    # the preview shows the same embed page, resized by embed.js
    page.locator("#embed-show-preview").click()
    frame = page.frame_locator("#embed-frame")
    frame.locator("#lesson-title").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert frame.locator("#lesson-title").inner_text() == lesson.title["en"]
    page.wait_for_function("document.querySelector('#embed-frame').hasAttribute('data-circolo-height')")
    watch.assert_clean()

    folder, club = club_site
    (folder / "club.html").write_text(CLUB_PAGE.format(snippet=snippet), encoding="utf-8")
    context = new_context()
    club_watch = watch_context(context, club)
    club_page = club_watch.page
    club_page.goto(club + "club.html")
    iframe = club_page.frame_locator("iframe")
    iframe.locator("#lesson-title").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert iframe.locator("#lesson-title").inner_text() == lesson.title["en"]  # lang=en from the URL
    assert iframe.locator("header.topbar, footer.site-footer").count() == 0
    club_page.wait_for_function(
        "window.received.some(m => m.data && m.data.type === 'circolo:resize' && m.data.height > 200)"
    )
    messages = club_page.evaluate("window.received")
    ours = [m for m in messages if m["data"].get("type") == "circolo:resize"]
    assert all(m["origin"] == origin(site_url) for m in ours)
    assert all(isinstance(m["data"]["height"], int | float) for m in ours)
    club_page.wait_for_function(FOLLOWS)
    # the content grows (an explanation with a table): the height follows
    count = len(ours)
    iframe.locator("#next").click()
    club_page.wait_for_function(
        f"window.received.filter(m => m.data.type === 'circolo:resize').length > {count}"
    )
    club_page.wait_for_function(FOLLOWS)
    # a message from another origin is ignored by embed.js
    # (the frame may still post genuine resizes meanwhile: record every height the iframe takes)
    club_page.evaluate(
        "() => { const f = document.querySelector('iframe'); window.heights = [];"
        " new MutationObserver(() => window.heights.push(f.style.height))"
        ".observe(f, {attributes: true, attributeFilter: ['style']}); }"
    )
    club_page.evaluate("window.postMessage({type: 'circolo:resize', height: 5000}, '*')")
    club_page.wait_for_timeout(300)
    assert "5000px" not in club_page.evaluate("window.heights")
    club_page.wait_for_function(FOLLOWS)  # still the height our own frame asked for
    assert club_page.evaluate("document.querySelector('iframe').style.height") != "5000px"
    # nothing but the two origins, no cookies, no console errors inside the frame or outside
    allowed = {origin(site_url), origin(club)}
    foreign = [
        u
        for u in club_watch.requests
        if origin(u) not in allowed and urlsplit(u).scheme not in ("data", "blob")
    ]
    assert foreign == []
    assert context.cookies() == []
    assert club_watch.console_errors == []


def test_an_embedded_drill_works_offline_after_one_visit(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    watch = open_page("embed.html?drill=poker-which-wins&lang=it", context=context)
    page = watch.page
    page.wait_for_selector(".lp-question")
    wait_offline_copy(page)  # the site's own rule for "the offline copy is complete"
    context.set_offline(True)
    try:
        page.goto(watch.base_url + "embed.html?lesson=tressette-cards&lang=en")
        watch.wait_ready()
        page.wait_for_selector("#lesson-title")
        assert page.locator("#step-counter").inner_text() == EN["lessons.ui.step_of"].format(
            n=1, total=len(all_lessons()[0].steps)
        )
        page.goto(watch.base_url + "embed.html?drill=poker-which-wins")
        watch.wait_ready()
        page.wait_for_selector(".lp-question [data-value]")
        assert page.locator("#drill-round").inner_text() == IT["lessons.ui.drill.round"].format(n=1)
        watch.assert_clean()
    finally:
        context.set_offline(False)


def test_an_unknown_lesson_in_the_embed_says_so(open_page: Callable[..., PageWatch]) -> None:
    watch = open_page("embed.html?lesson=no-such-lesson")
    alert = watch.page.locator(".lp-alert")
    assert alert.inner_text() == IT["lessons.ui.not_found"].format(id="no-such-lesson")
    watch.assert_clean()
