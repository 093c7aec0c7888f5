"""Embedding on a club's site: another *site*, the copied code, resizing, blocked storage, offline.

The club's page is served as ``http://localhost:PORT/`` while Circolo is ``http://127.0.0.1:PORT2/``:
another site, as a real club's domain is (a second port of the same host would be the same site,
where browsers let frames keep their storage). The page holds exactly the code that the "Copy
embed code" panels give (lesson, drill, replay) and records the messages it receives.

Chromium's storage settings, both real (the browser's own cookie settings):

* ``default``: a fresh context with Chromium's defaults (a private window): third-party storage is
  blocked in the frame: no localStorage, IndexedDB, Cache API or service worker.
* ``blocked``: a normal profile with "Block third-party cookies" (``cookie_controls_mode`` 1).
* ``allowed``: a normal profile with "Allow third-party cookies" (``cookie_controls_mode`` 0): the
  frame gets partitioned storage and a service worker of its own, so it works offline.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

import build
from pyapp.i18n import catalogs
from pyapp.lessons import all_lessons
from pyapp.links import hand_link
from tests.browser.conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, PageWatch, watch_context
from tests.browser.test_site import _wait_controlled as wait_offline_copy
from tests.links.helpers import record_of

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

LESSON = "tressette-cards"
DRILL = "tressette-trick"
SIZED_WITHIN_PX = 4


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static server that does not log every request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def club_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served as ``http://localhost:PORT/``: the club's own web site, another site than ours."""
    folder = tmp_path / "club"
    folder.mkdir()
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield folder, f"http://localhost:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


FOLLOWS = (
    "() => { const f = document.querySelector('iframe');"
    " const mine = new URL(f.src).origin;"
    " const m = window.received.filter(m => m.origin === mine && m.data.type === 'circolo:resize').at(-1);"
    " return Boolean(m) && f.style.height === Math.ceil(m.data.height) + 'px'; }"
)
"""True when the iframe has the height of the last resize message from its own origin."""


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def copied_lesson_code(page: Any, kind: str = "inline") -> str:
    """Open the "Copy embed code" panel of the lesson on screen and return the code of ``kind``."""
    if not page.locator("#embed-panel").count():
        page.locator("#embed-open").click()
    page.locator("#embed-kind").select_option(kind)
    page.wait_for_function(
        "kind => document.querySelector('#embed-code').dataset.kind === kind"
        " && document.querySelector('#embed-code').value !== ''",
        arg=kind,
    )
    return str(page.locator("#embed-code").input_value())


def read_clipboard(page: Any, timeout_ms: int = 30_000) -> str:
    """The clipboard's text once something was copied (polled: the copy is asynchronous)."""
    waited = 0
    while waited < timeout_ms:
        text = str(page.evaluate("navigator.clipboard.readText()"))
        if text:
            return text
        page.wait_for_timeout(100)
        waited += 100
    raise AssertionError("nothing was copied to the clipboard")


@pytest.fixture(scope="module")
def snippets(browser: Any, site_url: str) -> dict[str, str]:
    """The inline embed code of a lesson (in English), a drill and a replay, as the panels copy it."""
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"], reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{site_url}learn.html?fast#lesson={LESSON}", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("html[data-app-ready='true']", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.locator("#embed-open").click()
        page.locator("#embed-lang").select_option("en")
        page.wait_for_function("document.querySelector('#embed-code').value.includes('lang=en')")
        lesson = copied_lesson_code(page)
        page.goto(f"{site_url}learn.html?fast#drill={DRILL}", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(".lp-question", timeout=BOOT_TIMEOUT_MS)
        drill = copied_lesson_code(page)
        link = hand_link(record_of("tressette", 5, "rule", 0), 4)
        page.goto(f"{site_url}replay.html?fast#{link}", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector(".viewer-pos", timeout=BOOT_TIMEOUT_MS)
        page.evaluate("navigator.clipboard.writeText('')")
        page.locator("#embed-code").click()
        replay = read_clipboard(page)
        return {"lesson": lesson, "drill": drill, "replay": replay}
    finally:
        context.close()


def club_page(folder: Path, name: str, *codes: str) -> str:
    """Write a club page holding the embed ``codes`` one after the other; return its file name."""
    body = "\n<p>…</p>\n".join(codes)
    (folder / name).write_text(CLUB_PAGE.format(snippet=body), encoding="utf-8")
    return name


# -- the copied code ------------------------------------------------------------------------------


def test_copy_embed_code_gives_code_that_needs_nothing_from_our_host(
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
    page.wait_for_function("document.querySelector('#embed-code').value.includes('lang=en')")
    code = copied_lesson_code(page)
    frame, script = code.split("\n", 1)
    src = f"{site_url}embed.html?lesson={lesson.id}&amp;lang=en"
    assert frame == (
        f'<iframe src="{src}" title="Circolo — {lesson.title["it"]}" loading="lazy" '
        'style="width:100%;height:640px;border:0" allow="clipboard-write" data-circolo '
        f'data-circolo-offline="{EN["ui.embed.offline"]}"></iframe>'
    )
    # the script is inline: no request to our host to size the frame, online or offline
    assert script.startswith("<script>\n") and script.endswith("\n</script>")
    assert "src=" not in script and site_url not in script and "//" not in script
    inline = str(page.evaluate("fetch('./static/embed-inline.js').then(r => r.text())")).strip()
    assert script == f"<script>\n{inline}\n</script>"
    # the club may host embed.js itself: one line, the file offered for download
    hosted = copied_lesson_code(page, "hosted")
    assert hosted == f'{frame}\n<script src="/circolo-embed.js" defer></script>'
    link = page.locator("#embed-hosted a")
    assert page.locator("#embed-hosted").is_visible() and link.get_attribute("download") == "circolo-embed.js"
    assert page.evaluate("fetch(document.querySelector('#embed-hosted a').href).then(r => r.ok)")
    # a strict CSP (no inline script): a fixed height, the frame scrolls inside
    fixed = copied_lesson_code(page, "fixed")
    assert fixed == frame.replace("height:640px", "height:820px")
    assert not page.locator("#embed-hosted").is_visible()
    # the preview shows the same embed page, resized by embed.js
    page.locator("#embed-kind").select_option("inline")
    page.locator("#embed-show-preview").click()
    preview = page.frame_locator("#embed-frame")
    preview.locator("#lesson-title").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert preview.locator("#lesson-title").inner_text() == lesson.title["en"]
    page.wait_for_function("document.querySelector('#embed-frame').hasAttribute('data-circolo-height')")
    watch.assert_clean()

    # On the club's page (another site): lang=en from the URL, the height follows the content.
    folder, club = club_site
    club_page(folder, "club.html", code)
    context = new_context()
    club_watch = watch_context(context, club)
    club_tab = club_watch.page
    club_tab.goto(club + "club.html")
    iframe = club_tab.frame_locator("iframe")
    iframe.locator("#lesson-title").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert iframe.locator("#lesson-title").inner_text() == lesson.title["en"]
    assert iframe.locator("header.topbar, footer.site-footer").count() == 0
    club_tab.wait_for_function(
        "window.received.some(m => m.data && m.data.type === 'circolo:resize' && m.data.height > 200)"
    )
    ours = [m for m in club_tab.evaluate("window.received") if m["data"].get("type") == "circolo:resize"]
    assert all(m["origin"] == origin(site_url) for m in ours)
    assert all(isinstance(m["data"]["height"], int | float) for m in ours)
    club_tab.wait_for_function(FOLLOWS)
    # the club's page gets narrower (a phone turned, a window resized): the frame's content
    # reflows taller and its height follows; so it does on the next step of the lesson (on a
    # wide page a step may have the height of the one before, so that alone proves nothing)
    iframe.locator("#loader").wait_for(state="hidden")  # its line hides 450 ms after the start
    club_tab.wait_for_function(FOLLOWS)
    count = len(club_tab.evaluate("window.received.filter(m => m.data.type === 'circolo:resize')"))
    before = club_tab.evaluate("document.querySelector('iframe').getBoundingClientRect().height")
    club_tab.set_viewport_size({"width": 640, "height": 720})
    club_tab.wait_for_function(
        f"window.received.filter(m => m.data.type === 'circolo:resize').length > {count}"
    )
    club_tab.wait_for_function(FOLLOWS)
    assert club_tab.evaluate("document.querySelector('iframe').getBoundingClientRect().height") > before
    iframe.locator("#next").click()
    iframe.locator('.lp-step[data-step="1"]').wait_for()
    club_tab.wait_for_function(FOLLOWS)
    # a message from another origin, or from our origin but not from the frame, is ignored
    club_tab.evaluate(
        "() => { const f = document.querySelector('iframe'); window.heights = [];"
        " new MutationObserver(() => window.heights.push(f.style.height))"
        ".observe(f, {attributes: true, attributeFilter: ['style']}); }"
    )
    club_tab.evaluate("window.postMessage({type: 'circolo:resize', height: 5000}, '*')")
    club_tab.wait_for_timeout(300)
    assert "5000px" not in club_tab.evaluate("window.heights")
    club_tab.wait_for_function(FOLLOWS)
    # the parent may ask the frame for its height again (code that started after the frame)
    count = len(
        [m for m in club_tab.evaluate("window.received") if m["data"].get("type") == "circolo:resize"]
    )
    club_tab.evaluate(
        "() => { const f = document.querySelector('iframe');"
        " f.contentWindow.postMessage({type: 'circolo:ping'}, new URL(f.src).origin); }"
    )
    club_tab.wait_for_function(
        f"window.received.filter(m => m.data.type === 'circolo:resize').length > {count}"
    )
    # nothing but the two origins, no cookies, no console errors inside the frame or outside
    allowed = {origin(site_url), origin(club)}
    foreign = [
        u
        for u in club_watch.requests
        if origin(u) not in allowed and urlsplit(u).scheme not in ("data", "blob")
    ]
    assert foreign == []
    assert not any(u.endswith("/static/embed.js") for u in club_watch.requests)
    assert context.cookies() == []
    assert club_watch.console_errors == []


# -- cross-site frames in Chromium ----------------------------------------------------------------


def chromium_profile(browser: Any, folder: Path, third_party: str) -> Any:
    """A persistent Chromium context whose profile blocks or allows third-party cookies and storage
    (``"all-blocked"``: "Block all cookies", first-party site data included)."""
    (folder / "Default").mkdir(parents=True)
    if third_party == "all-blocked":
        preferences: dict[str, Any] = {"profile": {"default_content_setting_values": {"cookies": 2}}}
    else:
        preferences = {"profile": {"cookie_controls_mode": {"allowed": 0, "blocked": 1}[third_party]}}
    (folder / "Default" / "Preferences").write_text(json.dumps(preferences), encoding="utf-8")
    context = browser.browser_type.launch_persistent_context(
        str(folder),
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900},
        reduced_motion="reduce",
    )
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    return context


FRAME_STATE = """() => {
  const html = document.documentElement;
  const notice = document.getElementById('storage-notice');
  const panel = document.getElementById('error-panel');
  return {
    ready: html.dataset.appReady === 'true',
    error: Boolean(panel && !panel.hidden) || document.querySelector('.py-error') !== null,
    content: Math.ceil(html.getBoundingClientRect().height),
    scrolls: html.scrollHeight > innerHeight + 1,
    storage: window.circoloStorage.status(),
    notice: notice ? notice.innerText.trim() : null,
    boot: html.dataset.boot || null,
    offline: html.dataset.offline || null,
  };
}"""


def frames_of(page: Any) -> list[Any]:
    """The frames of the club page's iframes, in document order (whatever they show)."""
    return [element.content_frame() for element in page.query_selector_all("iframe")]


def frame_with(page: Any, part: str) -> Any:
    """The club page's frame whose address contains ``part``."""
    return next(f for f in frames_of(page) if f is not None and part in f.url)


def settled_frames(page: Any, expected: int, timeout: float = 120.0) -> list[dict[str, Any]]:
    """Wait until ``expected`` frames are ready and each iframe is as tall as its content; their states."""
    deadline = time.monotonic() + timeout
    states: list[dict[str, Any]] = []
    while True:
        states = []
        for element in page.query_selector_all("iframe"):
            element.scroll_into_view_if_needed()  # the embed code's frames load lazily
            frame = element.content_frame()
            if frame is None:
                continue
            try:
                state = frame.evaluate(FRAME_STATE)
            except Exception as exc:  # a frame still navigating or on the browser's error page
                state = {"ready": False, "error": False, "failure": str(exc)[:200]}
            state["url"] = frame.url
            state["height"] = element.evaluate("f => f.getBoundingClientRect().height")
            states.append(state)
        done = len(states) == expected and all(
            s["ready"] and abs(s["height"] - s["content"]) <= SIZED_WITHIN_PX and not s["scrolls"]
            for s in states
        )
        if done or any(s.get("error") for s in states) or time.monotonic() > deadline:
            return states
        page.wait_for_timeout(250)


def check_frames(states: list[dict[str, Any]], expected: int) -> None:
    """Every frame ready, no error panel, sized by the embed code to its content within 4 px."""
    assert len(states) == expected, states
    for state in states:
        assert state["ready"], state
        assert not state["error"], state
        assert abs(state["height"] - state["content"]) <= SIZED_WITHIN_PX, state
        assert not state["scrolls"], state


@pytest.mark.parametrize("settings", ["default", "blocked", "allowed"])
def test_lesson_drill_and_replay_frames_work_on_another_site(
    settings: str,
    browser: Any,
    new_context: Callable[..., object],
    snippets: dict[str, str],
    club_site: tuple[Path, str],
    tmp_path: Path,
) -> None:
    folder, club = club_site
    name = club_page(folder, "school.html", snippets["lesson"], snippets["drill"], snippets["replay"])
    context = (
        new_context() if settings == "default" else chromium_profile(browser, tmp_path / "profile", settings)
    )
    try:
        watch = watch_context(context, club)
        watch.page.goto(club + name)
        states = settled_frames(watch.page, 3)
        check_frames(states, 3)
        lesson, drill, replay = states
        assert (
            "lesson=" in lesson["url"] and "drill=" in drill["url"] and "replay.html?embed" in replay["url"]
        )
        assert (
            frame_with(watch.page, "lesson=").locator("#lesson-title").inner_text()
            == all_lessons()[0].title["en"]
        )
        for state in states:
            storage = state["storage"]
            if settings == "allowed":
                # partitioned storage: progress is kept for this club's site, the worker too
                assert storage["persistent"] and storage["indexedDB"] == "persistent", storage
                assert state["notice"] is None
            else:
                # nothing is kept: everything in memory, and one quiet notice, in the frame's language
                assert storage["localStorage"] == "memory" and storage["indexedDB"] == "memory", storage
                assert storage["serviceWorker"] == "blocked" and state["offline"] == "unavailable", state
                lang = EN if "lang=en" in state["url"] else IT
                assert state["notice"] == f"{lang['ui.storage.not_kept']} {lang['ui.storage.needs_network']}"
        # the lesson works with storage in memory: a step forward, and the height follows
        frame = frame_with(watch.page, "lesson=")
        frame.locator("#next").click()
        assert frame.locator("#step-counter").inner_text() == EN["lessons.ui.step_of"].format(
            n=2, total=len(all_lessons()[0].steps)
        )
        check_frames(settled_frames(watch.page, 3), 3)
        assert watch.console_errors == []
        assert watch.foreign_requests == [] or all(
            origin(u) == origin(frames_of(watch.page)[0].url) for u in watch.foreign_requests
        )
        assert context.cookies() == []
    finally:
        if settings != "default":
            context.close()


def test_our_own_pages_work_when_the_browser_keeps_no_site_data_at_all(
    browser: Any, site_url: str, tmp_path: Path
) -> None:
    """Chromium's "Block all cookies" refuses our own pages every kind of storage too."""
    context = chromium_profile(browser, tmp_path / "profile", "all-blocked")
    try:
        watch = watch_context(context, site_url)
        watch.goto("learn.html?fast")
        storage = watch.page.evaluate("window.circoloStorage.status()")
        assert storage["localStorage"] == "memory" and storage["indexedDB"] == "memory", storage
        assert storage["serviceWorker"] == "blocked", storage
        # the lesson page says that progress is not kept (and it is not: only in memory)
        watch.page.get_by_text(IT["lessons.ui.storage_off"]).wait_for()
        assert watch.page.locator("#storage-notice").count() == 0  # that notice is for frames
        watch.goto("tressette.html?fast")
        watch.page.locator("#app .felt").wait_for()
        watch.assert_clean()
    finally:
        context.close()


# -- offline -----------------------------------------------------------------------------------------


@pytest.fixture
def stoppable_site(dist_dir: Path) -> Iterator[tuple[str, Callable[[], None]]]:
    """Circolo on a server of its own: (base URL, stop), to cut the network to it after a visit."""
    server, url = build.serve_in_thread(dist_dir)
    stopped = []

    def stop() -> None:
        if not stopped:
            server.shutdown()
            server.server_close()
            stopped.append(True)

    try:
        yield url, stop
    finally:
        stop()


def test_an_embedded_lesson_opens_offline_where_the_frame_may_keep_a_worker(
    browser: Any,
    snippets: dict[str, str],
    site_url: str,
    club_site: tuple[Path, str],
    stoppable_site: tuple[str, Callable[[], None]],
    tmp_path: Path,
) -> None:
    """Third-party storage allowed (partitioned): after one visit the frame opens from its own copy."""
    url, stop = stoppable_site
    folder, club = club_site
    name = club_page(folder, "lesson.html", snippets["lesson"].replace(site_url, url))
    context = chromium_profile(browser, tmp_path / "profile", "allowed")
    try:
        watch = watch_context(context, club)
        watch.page.goto(club + name)
        check_frames(settled_frames(watch.page, 1), 1)
        wait_offline_copy(frames_of(watch.page)[0])
        stop()  # Circolo's host is gone; the club's page is still there
        watch.page.reload()
        states = settled_frames(watch.page, 1)
        check_frames(states, 1)
        assert states[0]["boot"] == "snapshot" and states[0]["storage"]["persistent"]
        assert watch.page.locator("p.circolo-offline").count() == 0
        frame = frames_of(watch.page)[0]
        frame.locator("#next").click()  # and it works
        frame.locator("#step-counter").wait_for()
        check_frames(settled_frames(watch.page, 1), 1)
        assert watch.console_errors == []
    finally:
        context.close()


def test_where_the_frame_cannot_keep_a_copy_offline_the_page_says_it_needs_the_network(
    new_context: Callable[..., object],
    snippets: dict[str, str],
    site_url: str,
    club_site: tuple[Path, str],
    stoppable_site: tuple[str, Callable[[], None]],
) -> None:
    """Chromium's defaults (no third-party storage): offline, each frame is replaced by a sentence."""
    url, stop = stoppable_site
    folder, club = club_site
    codes = [snippets[k].replace(site_url, url) for k in ("lesson", "drill", "replay")]
    name = club_page(folder, "offline.html", *codes)
    context = new_context()
    watch = watch_context(context, club)
    watch.page.goto(club + name)
    states = settled_frames(watch.page, 3)
    check_frames(states, 3)
    assert all(s["storage"]["serviceWorker"] == "blocked" for s in states)
    stop()
    watch.console_errors.clear()
    watch.page.reload()
    notes = watch.page.locator("p.circolo-offline")
    notes.nth(2).wait_for(timeout=30_000)
    texts = notes.all_inner_texts()
    assert texts == [EN["ui.embed.offline"], IT["ui.embed.offline"], IT["ui.embed.offline"]]
    assert watch.page.locator("iframe:visible").count() == 0  # the browser's error pages are hidden
    # never our error panel: the frames hold the browser's own error pages, none of ours
    assert not any(f is not None and f.url.startswith(url) for f in frames_of(watch.page))
    # the only console errors are the browser's own failed loads of the frames
    assert all(re.search(r"net::ERR_|Failed to load resource", e) for e in watch.console_errors), (
        watch.console_errors
    )


def test_an_embedded_drill_works_offline_after_one_visit_on_our_own_site(
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
