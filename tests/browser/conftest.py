"""Fixtures for browser tests: the built site on a local server and Chromium pages that watch it.

Reusable by every browser test (game tables included)::

    def test_my_table(open_page):
        watch = open_page("tressette.html")     # navigates and waits for data-app-ready
        watch.page.click("...")
        watch.assert_clean()                    # no console error, no foreign request, no error panel

``open_page`` gives a fresh browser context (a fresh profile) unless ``context=`` is passed.
Chromium is Debian's ``/usr/bin/chromium`` (never ``playwright install``); boots take 5-10 s
here, so waits default to 60 s.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often give /dev/shm 64 MB: renderers crash on large pages
]
RENDERER_CRASHES = ["Target crashed", "Page crashed"]
"""Errors of a crashed Chromium renderer (the machine, not the page): such a test runs once more."""
BOOT_TIMEOUT_MS = 60_000
"""How long a page may take to reach ``data-app-ready`` (cold boots take 5-10 s here)."""

READY = "html[data-app-ready='true']"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in tests/browser/ carries the ``browser`` marker.

    A browser test whose renderer crashed (seen once in CI, on a page that had booted fine) runs
    once more (pytest-rerunfailures); any other failure fails at once.
    """
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=RENDERER_CRASHES))


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session into a private folder.

    Not ``dist/`` itself: a ``build.py`` run elsewhere in the same checkout during the session
    would otherwise swap files (say, the wheel against its lock entry) under a loading page.
    """
    target = tmp_path_factory.mktemp("site")
    build.build(target, quiet=True)
    return target


@pytest.fixture(scope="session")
def site_url(dist_dir: Path) -> Iterator[str]:
    """Base URL (ending in ``/``) of the built site served on 127.0.0.1 by a background thread."""
    server, url = build.serve_in_thread(dist_dir)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[object]:
    """The session's one Playwright (its sync API cannot be started twice at the same time)."""
    with playwright_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver: object) -> Iterator[object]:
    """One headless Debian Chromium for the whole session."""
    if not CHROMIUM.exists():
        pytest.fail("/usr/bin/chromium is missing: run `python3 build.py test` (it installs it)")
    chromium = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


@dataclass
class PageWatch:
    """A page plus everything worth complaining about that happened while it was open."""

    page: object
    context: object
    base_url: str
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def goto(self, path: str = "", wait_ready: bool = True) -> PageWatch:
        """Navigate to ``base_url + path`` and (by default) wait for ``data-app-ready``."""
        self.page.goto(self.base_url + path, timeout=BOOT_TIMEOUT_MS)
        if wait_ready:
            self.wait_ready()
        return self

    def wait_ready(self, timeout: float = BOOT_TIMEOUT_MS) -> None:
        """Wait until the app marks itself ready; fail with the error panel's text if it shows."""
        try:
            self.page.wait_for_selector(READY, state="attached", timeout=timeout)
        except playwright_api.TimeoutError:
            panel = self.error_text()
            pytest.fail(
                f"{self.page.url} never became ready; error panel: {panel!r}; console: {self.console_errors}"
            )

    def error_text(self) -> str:
        """The error panel's text if it is visible, else ``""``."""
        panel = self.page.locator("#error-panel")
        if panel.count() and panel.is_visible():
            return panel.inner_text()
        return ""

    def assert_clean(self) -> None:
        """No console error, no request outside the local server, no failed request, no error panel."""
        assert self.foreign_requests == [], f"requests to other origins: {self.foreign_requests}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.failed_requests == [], f"failed requests: {self.failed_requests}"
        assert self.error_text() == "", f"error panel shown: {self.error_text()}"
        assert self.page.locator(".py-error").count() == 0, "a PyScript error banner is on the page"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def watch_context(context: object, base_url: str) -> PageWatch:
    """Open a page in ``context`` and record its console errors and network traffic."""
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    watch = PageWatch(page=page, context=context, base_url=base_url)
    local = _origin(base_url)

    def on_request(request: object) -> None:
        url = request.url
        watch.requests.append(url)
        scheme = urlsplit(url).scheme
        if scheme not in ("data", "blob") and _origin(url) != local:
            watch.foreign_requests.append(url)

    def on_response(response: object) -> None:
        if response.status >= 400:
            watch.failed_requests.append(f"{response.status} {response.url}")

    def on_failed(request: object) -> None:
        failure = request.failure or ""
        if "ERR_ABORTED" not in failure and "ERR_INTERNET_DISCONNECTED" not in failure:
            watch.failed_requests.append(f"{failure} {request.url}")

    context.on("request", on_request)
    context.on("response", on_response)
    page.on("requestfailed", on_failed)
    page.on("console", lambda msg: watch.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: watch.console_errors.append(f"pageerror: {exc}"))
    return watch


@pytest.fixture
def new_context(browser: object) -> Iterator[Callable[..., object]]:
    """Factory of fresh browser contexts (fresh profiles: no cache, no service worker)."""
    contexts: list[object] = []

    def make(**options: object) -> object:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        options.setdefault("reduced_motion", "reduce")  # motion tests ask for "no-preference"
        context = browser.new_context(**options)
        context.set_default_timeout(BOOT_TIMEOUT_MS)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def open_page(site_url: str, new_context: Callable[..., object]) -> Callable[..., PageWatch]:
    """``open_page(path="", context=None, wait_ready=True)`` -> a :class:`PageWatch` on that page."""

    def opener(path: str = "", context: object | None = None, wait_ready: bool = True) -> PageWatch:
        watch = watch_context(context or new_context(), site_url)
        return watch.goto(path, wait_ready=wait_ready)

    return opener


@pytest.fixture
def site_copy(dist_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A private copy of dist/ served on its own port, for tests that change the site under a page."""
    root = tmp_path / "site"
    shutil.copytree(dist_dir, root)
    server, url = build.serve_in_thread(root)
    try:
        yield root, url
    finally:
        server.shutdown()
        server.server_close()
