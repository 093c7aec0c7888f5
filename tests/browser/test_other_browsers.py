"""The smoke suite in Firefox ESR and WebKitGTK: the site boots, plays, works offline and embeds.

The full suite runs in Chromium; this one keeps the other two engines honest with the few checks
that matter most, the same in each browser:

* every page boots and reports its boot path (``<html data-boot>``: snapshot or plain);
* no console error, no uncaught error, no CSP violation, no error panel;
* one move at each table;
* an offline reload after one visit (the server is stopped: Firefox's ``set_offline`` does not
  cut a service worker's own fetches, and WebKit's WebDriver has no such switch);
* the cross-site embed of a lesson (the club's page on ``localhost``, Circolo on ``127.0.0.1``),
  sized to its content, and opening from the frame's own offline copy (storage is partitioned
  in both browsers, so the frame keeps its service worker);
* the same embed, with a lesson, a drill and a replay, in a browser that gives the frames no
  storage (Firefox blocking cross-site cookies; MiniBrowser with local storage, IndexedDB and
  service workers turned off, :data:`WEBKIT_STORAGE_OFF`): they work in memory and say so once;
* a hand link opens in the viewer;
* in Firefox, Boston's side seats stay on the felt on a 360x740 phone with Firefox's own 12 px
  scroll bar (MiniBrowser's window cannot be made narrower than 447 px).

Each round starts one browser profile per test and shares the page boots between checks (a
WebKit boot takes 10-15 s on a busy 2-core machine), so that the two rounds stay within about
four minutes.

**Firefox** is Debian's ``firefox-esr`` driven by the suite's Playwright over WebDriver BiDi
(``channel="moz-firefox"``: no Juggler build, no geckodriver). **WebKit** is Debian's MiniBrowser
driven by Selenium through ``WebKitWebDriver``, under ``xvfb-run`` (MiniBrowser has no headless
mode). WebKit's WebDriver gives no console log, so the test server puts a first script in every
page (:data:`WATCH`) that records errors, rejections, ``console.error`` and CSP violations; the
service worker's precache hashes are rewritten to match the pages so served, so the offline copy
holds them. A boot may take up to 180 s (WebKit's plain fallback takes 25 s here).
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import build
from pyapp.i18n import catalogs
from pyapp.lessons import all_lessons
from pyapp.links import hand_link
from tests.browser.tablecheck import NEEDED
from tests.browser.test_boston_table import dealt_record
from tests.browser.test_poker_table import seeded_session
from tests.browser.test_tressette_table import south_leads_first_record
from tests.links.helpers import record_of

pytestmark = pytest.mark.filterwarnings(
    "ignore:setting remote_server_addr:DeprecationWarning"  # Selenium 4.51's own WebKitGTK driver
)

IT = catalogs()["it"]
EN = catalogs()["en"]

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB_RUN = Path("/usr/bin/xvfb-run")
BOOT_S = 180.0
"""How long a page may take to become ready (WebKit's plain fallback boot takes 25 s here)."""
SIZED_WITHIN_PX = 4

PAGES = (
    "index.html",
    "tressette.html",
    "boston.html",
    "poker.html",
    "learn.html",
    f"embed.html?lesson={all_lessons()[0].id}&lang=en",
    "replay.html",
)

WATCH = """(() => {
  const problems = [];
  window.__circoloProblems = problems;
  const keep = (kind, text) => problems.push(`${kind}: ${String(text).slice(0, 500)}`);
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && (target.src || target.href)) keep("failed to load", target.src || target.href);
    else if (!/^ResizeObserver loop /.test(event.message || "")) keep("error", `${event.message} ${event.error?.stack || ""}`);
  }, true);
  addEventListener("unhandledrejection", (event) => keep("unhandled rejection", event.reason?.stack || event.reason));
  document.addEventListener("securitypolicyviolation", (event) =>
    keep("CSP violation", `${event.violatedDirective} ${event.blockedURI}`));
  const error = console.error.bind(console);
  console.error = (...args) => { keep("console.error", args.map(String).join(" ")); error(...args); };
})();
"""
"""The first script of every page served to these browsers: what went wrong, in ``__circoloProblems``."""

WATCH_TAG = '<script src="/__watch.js"></script>'


# -- the site, watched ---------------------------------------------------------------------------------


def watched(html: bytes) -> bytes:
    """A page with :data:`WATCH` as its very first script."""
    text = html.decode("utf-8")
    return text.replace("<head>", f"<head>{WATCH_TAG}", 1).encode("utf-8")


def watched_worker(source: bytes, root: Path) -> bytes:
    """``sw.js`` with the precache hash of every page (and of ``./``) made that of its watched form,
    and the watch script itself in the offline copy."""
    text = source.decode("utf-8")

    def rehash(match: re.Match[str]) -> str:
        url, old = match[1], match[2]
        page = root / ("index.html" if url == "./" else url[2:])
        if not url.endswith((".html", "/")) or not page.is_file():
            return match[0]
        new = hashlib.sha256(watched(page.read_bytes())).hexdigest()[: len(old)]
        return f'["{url}","{new}"]'

    text = re.sub(r'\["(\./[^"]*)","([0-9a-f]+)"\]', rehash, text)
    watch = hashlib.sha256(WATCH.encode("utf-8")).hexdigest()[:16]
    return text.replace("const PRECACHE = [", f'const PRECACHE = [["./__watch.js","{watch}"],', 1).encode(
        "utf-8"
    )


class WatchedSite(http.server.SimpleHTTPRequestHandler):
    """Serves the built site with :data:`WATCH` in every page, like ``build.SiteHandler`` otherwise."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **build.MIME_TYPES}

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_bytes(self, data: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        root = Path(self.directory)
        if path == "/__watch.js":
            self.send_bytes(WATCH.encode("utf-8"), "text/javascript")
        elif path == "/sw.js":
            self.send_bytes(watched_worker((root / "sw.js").read_bytes(), root), "text/javascript")
        elif path == "/" or path.endswith(".html"):
            page = root / ("index.html" if path == "/" else path.lstrip("/"))
            if not page.is_file():
                super().do_GET()
                return
            self.send_bytes(watched(page.read_bytes()), "text/html; charset=utf-8")
        else:
            super().do_GET()


class Server:
    """A threaded HTTP server on 127.0.0.1 that can be stopped (the network cut) by a test."""

    def __init__(self, handler: Callable[..., Any]) -> None:
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.running = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.running:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.running = False


@contextmanager
def watched_site(dist: Path) -> Iterator[Server]:
    """Circolo, watched, on ``http://127.0.0.1:PORT/``."""
    server = Server(functools.partial(WatchedSite, directory=str(dist)))
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def club_site(folder: Path, page: str) -> Iterator[str]:
    """A club's page served as ``http://localhost:PORT/club.html`` (another site than 127.0.0.1)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "club.html").write_text(page, encoding="utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = Server(functools.partial(Quiet, directory=str(folder)))
    try:
        yield f"http://localhost:{server.port}/club.html"
    finally:
        server.stop()


# -- one interface over Playwright (Firefox) and Selenium (WebKit) --------------------------------------


class Driver:
    """What a smoke check needs from a browser: open, evaluate, wait, click, frames, problems."""

    name = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the current document (a promise is awaited)."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    @contextmanager
    def frame(self, selector: str) -> Iterator[None]:
        """Evaluate and click inside the iframe ``selector`` of the current document meanwhile."""
        raise NotImplementedError
        yield

    def resize(self, width: int, height: int) -> None:
        raise NotImplementedError

    def console_errors(self) -> list[str]:
        """Console errors the driver itself saw since the last call (Playwright only)."""
        return []

    def wait(self, expression: str, timeout: float = 60.0, what: str = "") -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expression)
            except Exception as error:  # the document navigated mid-poll (a frame set up): ask the next
                if "Execution context was destroyed" not in str(error):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                pytest.fail(f"{self.name}: timed out waiting for {what or expression}")
            time.sleep(0.25)

    def problems(self) -> list[str]:
        """Everything the watch script and the driver saw go wrong in the current document."""
        found = self.js("window.__circoloProblems || ['the watch script did not run']")
        return [*found, *self.console_errors()]

    def wait_ready(self, where: str) -> str:
        """Wait for ``data-app-ready`` (failing at once on the error panel); the boot path."""
        state = self.wait(
            "document.documentElement.dataset.appReady === 'true' ? 'ready'"
            " : document.documentElement.dataset.appError === 'true' ? 'error' : ''",
            BOOT_S,
            f"{where} to become ready",
        )
        assert state == "ready", f"{self.name}: {where} shows the error panel: {self.error_text()}"
        return str(self.js("document.documentElement.dataset.boot || ''"))

    def error_text(self) -> str:
        return str(
            self.js(
                "(() => { const p = document.getElementById('error-panel');"
                " return p && !p.hidden ? p.innerText : ''; })()"
            )
        )

    def assert_clean(self, where: str) -> None:
        assert self.error_text() == "", f"{self.name}: error panel on {where}"
        assert self.js("document.querySelectorAll('.py-error').length") == 0, f"{self.name}: {where}"
        problems = self.problems()
        assert problems == [], f"{self.name}: {where}: {problems}"


class FirefoxDriver(Driver):
    """Debian's Firefox ESR through Playwright over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, browser: Any, width: int = 1280, height: int = 900) -> None:
        self.browser = browser
        self.context = browser.new_context(
            viewport={"width": width, "height": height}, reduced_motion="reduce"
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(BOOT_S * 1000)
        self.target: Any = self.page
        self.errors: list[str] = []
        self.page.on(
            "console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None
        )
        self.page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))

    def close(self) -> None:
        self.context.close()

    def goto(self, url: str) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        self.target = self.page
        # Let the current page's requests finish first: Firefox reports a request its service
        # worker was answering when the page navigated away as an error of the next page
        # ("Failed to load ''. A ServiceWorker intercepted the request and encountered an
        # unexpected error"), which is the test's abrupt navigation, not the page's doing.
        try:
            self.page.wait_for_load_state("networkidle", timeout=5000)
        except PlaywrightTimeoutError:
            pass  # a page still busy after 5 s is navigated away from all the same
        self.errors.clear()
        self.page.goto(url, timeout=BOOT_S * 1000)

    def js(self, expression: str) -> Any:
        return self.target.evaluate(f"async () => ({expression})")

    def click(self, selector: str) -> None:
        self.target.locator(selector).first.click()

    @contextmanager
    def frame(self, selector: str) -> Iterator[None]:
        element = self.page.wait_for_selector(selector, state="attached")
        element.scroll_into_view_if_needed()
        self.target = element.content_frame()
        try:
            yield
        finally:
            self.target = self.page

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def console_errors(self) -> list[str]:
        errors, self.errors = self.errors, []
        return errors


class WebKitDriver(Driver):
    """Debian's WebKitGTK MiniBrowser through Selenium and WebKitWebDriver."""

    name = "webkit"

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def goto(self, url: str) -> None:
        self.driver.switch_to.default_content()
        self.driver.get(url)

    def js(self, expression: str) -> Any:
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f" Promise.resolve().then(async () => ({expression}))"
            ".then((value) => done({value}), (err) => done({error: String(err && err.stack || err)}));"
        )
        if "error" in result:
            raise AssertionError(f"webkit: {expression} failed: {result['error']}")
        return result.get("value")

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    @contextmanager
    def frame(self, selector: str) -> Iterator[None]:
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView()", element)
        self.driver.switch_to.frame(element)
        try:
            yield
        finally:
            self.driver.switch_to.default_content()

    def resize(self, width: int, height: int) -> None:
        self.driver.set_window_size(width, height)


@contextmanager
def virtual_display(tmp: Path) -> Iterator[dict[str, str]]:
    """An X display from ``xvfb-run`` (MiniBrowser has no headless mode): the environment to use it."""
    auth = tmp / "Xauthority"
    command = [
        str(XVFB_RUN), "-a", "-f", str(auth), "-s", "-screen 0 1400x1000x24",
        "sh", "-c", 'echo "$DISPLAY"; exec sleep infinity',
    ]  # fmt: skip
    xvfb = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        display = (xvfb.stdout.readline() if xvfb.stdout else "").strip()
        if not display:
            pytest.fail(f"xvfb-run gave no display: {' '.join(command)}")
        yield {**os.environ, "DISPLAY": display, "XAUTHORITY": str(auth)}
    finally:
        os.killpg(xvfb.pid, signal.SIGTERM)  # xvfb-run, its Xvfb and the sleeping shell: our group
        xvfb.wait(timeout=30)


WEBKIT_STORAGE_OFF = (
    "--enable-html5-local-storage=false",
    "--enable-html5-database=false",
    "--features=-ServiceWorkers",
)
"""MiniBrowser's settings that leave a page no storage: ``window.localStorage`` is null, there is no
``indexedDB`` (WebKitGTK's ``enable-html5-database`` setting covers IndexedDB) and no
``navigator.serviceWorker``. WebKit has no setting that refuses storage to frames of other sites
only: ITP (``--enable-itp``) and ``--cookies-policy=no-third-party|never`` block the frame's
cookies but leave its (partitioned) localStorage, IndexedDB and service worker, and ``--private``
keeps them too, for the session. So these turn storage off for every page of the browser."""


@contextmanager
def webkit(tmp: Path, arguments: tuple[str, ...] = ()) -> Iterator[WebKitDriver]:
    """MiniBrowser in automation mode, driven by Selenium's WebKitGTK driver (WebKitWebDriver),
    launched with MiniBrowser's command-line ``arguments`` besides ``--automation``."""
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.webkitgtk.service import Service

    with virtual_display(tmp) as env:
        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        for argument in arguments:
            options.add_argument(argument)
        session = webdriver.WebKitGTK(options=options, service=Service(str(WEBKIT_DRIVER), env=env))
        try:
            session.set_page_load_timeout(BOOT_S)
            session.set_script_timeout(BOOT_S)
            session.set_window_size(1280, 900)
            yield WebKitDriver(session)
        finally:
            session.quit()


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The browser of this round of the smoke suite (all its tests run in one browser, then the other)."""
    name = str(request.param)
    needed = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN]}[name]
    missing = [str(path) for path in needed if not path.exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run `python3 build.py test` (it installs the browsers)")
    yield name


@pytest.fixture(scope="module")
def firefox_browser(engine: str, playwright_driver: Any) -> Iterator[Any]:
    """One Firefox ESR for the Firefox round (None in the WebKit round), from the suite's Playwright."""
    if engine != "firefox":
        yield None
        return
    browser = playwright_driver.firefox.launch(channel="moz-firefox", executable_path=str(FIREFOX))
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def open_browser(engine: str, firefox_browser: Any, tmp_path: Path) -> Iterator[Callable[[], Driver]]:
    """``open_browser()``: a fresh profile of this round's browser (closed after the test)."""
    closers: list[Callable[[], object]] = []

    def opener() -> Driver:
        if engine == "firefox":
            firefox = FirefoxDriver(firefox_browser)
            closers.append(firefox.close)
            return firefox
        manager = webkit(tmp_path)
        driver = manager.__enter__()
        closers.append(lambda: manager.__exit__(None, None, None))
        return driver

    try:
        yield opener
    finally:
        for close in reversed(closers):
            close()


@pytest.fixture(scope="module")
def site(dist_dir: Path) -> Iterator[str]:
    """The watched site for the whole round: ``http://127.0.0.1:PORT/``."""
    with watched_site(dist_dir) as server:
        yield f"http://127.0.0.1:{server.port}/"


# -- the checks ------------------------------------------------------------------------------------------

SEEDS = {
    "tressette": {
        "circolo.save.tressette": south_leads_first_record(),
        "circolo.tressette.prefs": "calls=canonical",
    },
    "boston": {"circolo.save.boston": dealt_record("E")},
    "poker": {"circolo.save.poker": seeded_session().save()},
}
"""Saved games where the human is to act first (the tables' own test positions)."""

MOVE = {
    "tressette": (".hand-own .card-button:not([aria-disabled=true])",),
    "boston": ("#bidding .bid-button",),
    "poker": ("#check", "#call", "#pass", "#stay", "#no-cut", "#show", "#rebuy"),
}
"""What the human may click for a first move, in order of preference."""

HAND = hand_link(record_of("tressette", 5, "rule", 0), 2)
"""A hand link (``replay.html#…``) of a Tressette hand, opening at its second move."""

PHONE = (360, 740)
"""The small phone of the one-screen rule, where Firefox's 12 px scroll bar used to push Boston's
side seats off the felt. MiniBrowser's window is at least 447 px wide: checked in Firefox only."""


@pytest.fixture(scope="module")
def memo() -> dict[str, str]:
    """What one check of a round found and another reuses (the lesson's embed code)."""
    return {}


def one_move(browser: Driver, game: str) -> None:
    """Make the human's first move at ``game``'s table (seeded) and wait until it is saved."""
    key = json.dumps(f"circolo.save.{game}")
    before = json.dumps(browser.js(f"localStorage.getItem({key})"))
    selectors = json.dumps(list(MOVE[game]))
    choice = browser.wait(f"{selectors}.find((s) => document.querySelector(s))", 60, f"a move at {game}")
    browser.click(choice)
    browser.wait(f"localStorage.getItem({key}) !== {before}", 60, f"{game} to save the move")


def test_every_page_boots_clean_and_plays(
    engine: str,
    open_browser: Callable[[], Driver],
    site: str,
    memo: dict[str, str],
    record_property: Callable[..., None],
) -> None:
    """Every page boots (and says how); one move at each table; the lesson's embed code; a hand link."""
    browser = open_browser()
    boots = {}

    def visit(page: str) -> None:
        browser.goto(site + page)
        boots[page.split("?")[0].split("#")[0]] = browser.wait_ready(page)

    visit("index.html")
    for saves in SEEDS.values():
        for key, value in saves.items():
            browser.js(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    browser.assert_clean("index.html")
    for game in SEEDS:
        phone = engine == "firefox" and game == "boston"
        if phone:
            browser.resize(*PHONE)
        visit(f"{game}.html?fast")
        if phone:
            browser.wait("document.querySelector('#bidding .bid-button')", 60, "the bidding")
            browser.js("window.scrollTo(0, 0)")
            found = browser.js(f"({NEEDED})()")
            assert found["out"] == [], f"{engine}, boston at {PHONE}: {found['out']}"
        one_move(browser, game)
        browser.assert_clean(game)
        if phone:
            browser.resize(1280, 900)
    visit(f"learn.html#lesson={LESSON.id}")
    browser.wait("document.getElementById('embed-open')", 30, "the lesson")
    browser.click("#embed-open")
    memo["embed"] = str(
        browser.wait(
            "document.querySelector('#embed-code')?.dataset.kind === 'inline'"
            " && document.querySelector('#embed-code').value",
            60,
            "the embed code",
        )
    )
    browser.assert_clean("learn.html")
    visit(f"embed.html?lesson={all_lessons()[0].id}&lang=en")
    assert browser.js("document.getElementById('lesson-title').textContent") == all_lessons()[0].title["en"]
    browser.assert_clean("embed.html")
    # a hand link opens in the viewer, and steps
    visit(f"replay.html#{HAND}")
    position = browser.wait("document.querySelector('.viewer-pos')?.textContent", 30, "the viewer")
    match = re.fullmatch(r"Mossa (\d+) di (\d+)", position)
    assert match, position
    browser.click("#replay-forward")
    browser.wait(
        f"document.querySelector('.viewer-pos').textContent === 'Mossa {int(match[1]) + 1} di {match[2]}'",
        30,
        "a step forward",
    )
    browser.assert_clean("replay.html")
    assert set(boots) == {page.split("?")[0].split("#")[0] for page in PAGES}
    assert all(path in ("snapshot", "plain") for path in boots.values()), boots
    record_property("boot_paths", json.dumps(boots))
    print(f"{engine} boot paths: {boots}")


def test_offline_reload_after_one_visit(
    engine: str, open_browser: Callable[[], Driver], dist_dir: Path
) -> None:
    with watched_site(dist_dir) as server:
        url = f"http://127.0.0.1:{server.port}/"
        browser = open_browser()
        browser.goto(url)
        browser.wait_ready("index.html")
        offline = browser.wait("document.documentElement.dataset.offline", BOOT_S, "the offline copy")
        assert offline == "ready", f"{engine}: {browser.js('JSON.stringify(window.circolo.offline)')}"
        # a first visit is no update: the banner stays hidden (Firefox fires controllerchange first)
        assert browser.js("document.getElementById('update-banner').hidden") is True
        browser.assert_clean("index.html, online")
        server.stop()
        browser.goto(url + "tressette.html")  # never opened online: from the offline copy
        assert browser.wait_ready("tressette.html, offline") in ("snapshot", "plain")
        browser.assert_clean("tressette.html, offline")


CLUB_PAGE = """<!doctype html>
<html lang="it"><head><script>{watch}</script>
<meta charset="utf-8"><link rel="icon" href="data:,"><title>Circolo di Borgo</title></head>
<body><h1>Impariamo il Tressette</h1>
{code}
<p>Fine della pagina del circolo.</p>
</body></html>
"""

SIZED = """((n) => { const f = document.querySelectorAll('iframe')[n];
  return f ? [Math.round(f.getBoundingClientRect().height), f.getAttribute('data-circolo-height')] : null; })"""

CONTENT = "Math.ceil(document.documentElement.getBoundingClientRect().height)"

LESSON = all_lessons()[0]
DRILL = "tressette-trick"


def embed_code(browser: Driver, site: str) -> str:
    """The lesson's embed code as the lesson page's panel gives it in this browser."""
    browser.goto(f"{site}learn.html#lesson={LESSON.id}")
    browser.wait_ready("learn.html")
    browser.click("#embed-open")
    return str(
        browser.wait(
            "document.querySelector('#embed-code')?.dataset.kind === 'inline'"
            " && document.querySelector('#embed-code').value",
            60,
            "the embed code",
        )
    )


def club_codes(lesson_code: str) -> dict[str, str]:
    """The lesson's code and the same code showing a drill and a hand replay instead."""
    page = f"embed.html?lesson={LESSON.id}&amp;lang=it"
    assert page in lesson_code
    return {
        "lesson": lesson_code,
        "drill": lesson_code.replace(page, f"embed.html?drill={DRILL}&amp;lang=it"),
        "replay": lesson_code.replace(page, f"replay.html?embed#{HAND}"),
    }


def check_frames(browser: Driver, club: str, count: int, where: str) -> list[dict[str, Any]]:
    """Open the club's page; each frame ready, clean and sized to its content within 4 px."""
    browser.goto(club)
    browser.wait(f"document.querySelectorAll('iframe').length === {count}", 30)
    states = []
    for n in range(count):
        selector = f"iframe:nth-of-type({n + 1})"
        with browser.frame(selector):
            browser.wait_ready(f"frame {n + 1} ({where})")
            states.append(
                browser.js(
                    "({title: document.getElementById('lesson-title')?.textContent || null,"
                    " storage: window.circoloStorage.status(), url: location.href})"
                )
            )
            browser.assert_clean(f"frame {n + 1} ({where})")
        deadline = time.monotonic() + 30
        while True:
            sized = browser.js(f"{SIZED}({n})")
            with browser.frame(selector):
                content = browser.js(CONTENT)
            if sized and sized[1] is not None and abs(sized[0] - content) <= SIZED_WITHIN_PX:
                break
            if time.monotonic() > deadline:
                pytest.fail(f"{browser.name}: frame {n + 1} is {sized}, its content {content} ({where})")
            time.sleep(0.25)
    assert browser.js("document.querySelectorAll('p.circolo-offline').length") == 0
    assert browser.problems() == []
    return states


def test_a_lesson_embedded_on_another_site_fits_and_opens_offline(
    engine: str,
    open_browser: Callable[[], Driver],
    site: str,
    dist_dir: Path,
    tmp_path: Path,
    memo: dict[str, str],
) -> None:
    """A lesson, a drill and a replay on a club's page; offline, the lesson from the frame's copy."""
    browser = open_browser()
    codes = club_codes(memo.get("embed") or embed_code(browser, site))  # the panel's code, if seen
    with watched_site(dist_dir) as server:
        own = f"http://127.0.0.1:{server.port}/"
        every = "\n<p>…</p>\n".join(codes.values()).replace(site, own)
        with club_site(tmp_path / "school", CLUB_PAGE.format(watch=WATCH, code=every)) as club:
            lesson, drill, replay = check_frames(browser, club, 3, "a lesson, a drill and a replay")
        assert lesson["title"] == LESSON.title["it"] and f"drill={DRILL}" in drill["url"]
        assert "replay.html?embed#" in replay["url"]
        # storage is partitioned here: progress is kept for the club's site, offline too
        for state in (lesson, drill, replay):
            assert state["storage"]["persistent"] and state["storage"]["offline"], state
        with club_site(
            tmp_path / "club", CLUB_PAGE.format(watch=WATCH, code=codes["lesson"].replace(site, own))
        ) as club:
            check_frames(browser, club, 1, "online")
            with browser.frame("iframe"):
                browser.wait("document.documentElement.dataset.offline", BOOT_S, "the frame's offline copy")
                assert browser.js("document.documentElement.dataset.offline") == "ready"
            server.stop()
            (state,) = check_frames(browser, club, 1, "offline")
            assert state["title"] == LESSON.title["it"]


@contextmanager
def browser_keeping_nothing(engine: str, firefox_browser: Any, tmp: Path) -> Iterator[Driver]:
    """This round's browser set so that Circolo's frames on a club's page get no storage: Firefox
    blocking cross-site cookies (``network.cookie.cookieBehavior`` 1), which refuses a frame of
    another site all storage; MiniBrowser with storage turned off (:data:`WEBKIT_STORAGE_OFF`)."""
    if engine == "webkit":
        with webkit(tmp, WEBKIT_STORAGE_OFF) as driver:
            yield driver
        return
    strict = firefox_browser.browser_type.launch(
        channel="moz-firefox",
        executable_path=str(FIREFOX),
        firefox_user_prefs={"network.cookie.cookieBehavior": 1},
    )
    firefox = FirefoxDriver(strict)
    try:
        yield firefox
    finally:
        firefox.close()
        strict.close()


KEPT_NOTHING = {
    "firefox": {
        "localStorage": "memory",
        "indexedDB": "memory",
        "serviceWorker": "blocked",
        "persistent": False,
        "offline": False,
    },
    "webkit": {
        "localStorage": "memory",
        "indexedDB": "memory",
        "serviceWorker": "absent",
        "persistent": False,
        "offline": False,
    },
}
"""What the storage layer reports in each browser so set: localStorage and IndexedDB in memory;
Firefox refuses the service worker, WebKit has none at all."""

WHY = {
    "firefox": {"localStorage": "SecurityError: "},
    "webkit": {
        "localStorage": "window.localStorage is null: local storage is turned off",
        "indexedDB": "no IndexedDB",
    },
}
"""The start of the problem the layer records for each store it keeps in memory, per browser."""

WHAT_THE_FRAME_HAS = """({local: (() => { try { return localStorage === null ? 'null' : typeof localStorage; }
    catch (err) { return err.name; } })(), worker: 'serviceWorker' in navigator})"""


def test_frames_work_where_the_browser_keeps_nothing_for_them(
    engine: str, firefox_browser: Any, site: str, tmp_path: Path, memo: dict[str, str]
) -> None:
    """Frames that get no storage at all (Firefox: localStorage and IndexedDB throw SecurityError,
    no service worker; WebKit: localStorage null, no IndexedDB, no service worker). They still
    become ready, clean and sized, work in memory, and say once that progress is not kept."""
    with browser_keeping_nothing(engine, firefox_browser, tmp_path) as browser:
        codes = club_codes(memo.get("embed") or embed_code(browser, site))
        every = "\n<p>…</p>\n".join(codes.values())
        with club_site(tmp_path / "club", CLUB_PAGE.format(watch=WATCH, code=every)) as club:
            states = check_frames(browser, club, 3, "storage blocked")
            for n in range(3):
                with browser.frame(f"iframe:nth-of-type({n + 1})"):
                    has = browser.js(WHAT_THE_FRAME_HAS)
                    notice = browser.js(
                        "[...document.querySelectorAll('#storage-notice')].map((p) => p.innerText.trim())"
                    )
                # the browser really refused it: not the layer's own choice
                refused = {"firefox": "SecurityError", "webkit": "null"}[engine]
                assert has == {"local": refused, "worker": engine == "firefox"}, (engine, has)
                assert notice == [f"{IT['ui.storage.not_kept']} {IT['ui.storage.needs_network']}"], notice
        for state in states:
            storage = state["storage"]
            assert {key: storage[key] for key in KEPT_NOTHING[engine]} == KEPT_NOTHING[engine], storage
            for store, why in WHY[engine].items():
                assert storage["problems"][store].startswith(why), storage


def test_the_watch_script_sees_what_goes_wrong(
    engine: str, open_browser: Callable[[], Driver], site: str
) -> None:
    """The checks above rely on it: an error, a console error and a CSP violation are all recorded."""
    browser = open_browser()
    browser.goto(site + "index.html")
    browser.wait("document.readyState === 'complete'", 30)
    browser.js("setTimeout(() => { throw new Error('thrown on purpose'); }, 0) && true")
    browser.js("console.error('logged on purpose') || true")
    browser.js(
        "(() => { const i = document.createElement('img'); i.src = 'https://example.invalid/x.png';"
        " document.body.append(i); return true; })()"
    )
    problems = browser.wait("window.__circoloProblems.length >= 3 && window.__circoloProblems", 10)
    text = "\n".join(problems)
    assert "thrown on purpose" in text and "logged on purpose" in text and "CSP violation:" in text, text
    browser.console_errors()  # the driver saw them too: not this test's business
