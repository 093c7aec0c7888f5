"""The built site in Chromium: boots, shows progress, stays local, speaks two languages, works offline."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from pyapp.i18n import catalogs
from tests.browser.conftest import BOOT_TIMEOUT_MS, PageWatch, watch_context

IT = catalogs()["it"]
EN = catalogs()["en"]
GAMES = ("tressette", "boston", "poker")


def test_landing_boots_with_progress_and_engine_demo(open_page: Callable[..., PageWatch]) -> None:
    watch = open_page("", wait_ready=False)
    page = watch.page
    # The loader is static HTML/CSS: visible from the first paint, long before Python is up.
    assert page.locator("html").get_attribute("data-app-ready") == "false"
    assert page.locator("#loader").is_visible()
    assert page.locator("#loader").get_attribute("data-state") == "loading"
    first_paint = page.evaluate(
        "performance.getEntriesByType('paint').map(e => e.startTime).sort((a, b) => a - b)[0] ?? null"
    )
    # painted while Python is still loading (how soon is measured by bench/startup.py, not here)
    assert first_paint is not None, "nothing painted before the app was ready"

    watch.wait_ready()
    loader = page.locator("#loader")
    assert loader.get_attribute("data-state") == "done"
    assert loader.get_attribute("aria-valuenow") == "100"
    loader.wait_for(state="hidden", timeout=5_000)
    steps = page.evaluate("window.circolo.progressLog")
    for step in ("Loading interpreter", "Loaded interpreter", "Loaded Pyodide", "py:ready"):
        assert step in steps, steps

    # The game list, in Italian by default, links to the three pages.
    assert page.locator("html").get_attribute("lang") == "it"
    assert page.locator("h1").inner_text() == IT["ui.landing.title"]
    for game in GAMES:
        link = page.locator(f'a[href="./{game}.html"]')
        assert link.inner_text() == IT[f"ui.game.{game}.name"]
        assert page.get_by_text(IT[f"ui.game.{game}.blurb"]).is_visible()

    # Computed by the engine in the browser: 5 Italian + 5 French cards with localised names.
    assert "3.14" in page.locator("#engine-proof").inner_text()
    it_cards = page.locator('.hand[data-deck="it"] img.card')
    fr_cards = page.locator('.hand[data-deck="fr"] img.card')
    assert it_cards.count() == 5 and fr_cards.count() == 5
    for i in range(5):
        assert " di " in it_cards.nth(i).get_attribute("aria-label")
        assert re.fullmatch(r"\./cards/it/[A2-7FCR][dcsb]\.svg", it_cards.nth(i).get_attribute("src"))
    page.wait_for_function(
        "[...document.querySelectorAll('img.card')].every(i => i.complete && i.naturalWidth > 0)"
    )
    codes = page.eval_on_selector_all("img.card", "els => els.map(e => e.dataset.card).join(' ')")
    page.get_by_role("button", name=IT["ui.landing.demo.redeal"]).click()
    page.wait_for_function(
        "codes => [...document.querySelectorAll('img.card')].map(e => e.dataset.card).join(' ') !== codes",
        arg=codes,
    )
    watch.assert_clean()


def test_language_switch_is_remembered(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    watch = open_page("", context=context)
    page = watch.page
    page.get_by_role("button", name="English").click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    tagline = page.locator(".tagline")
    page.wait_for_function(
        "text => document.querySelector('.tagline').textContent === text", arg=EN["ui.landing.tagline"]
    )
    assert page.get_by_role("button", name="English").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('circolo.lang')") == "en"
    # Python re-rendered its part: card names and caption in English.
    page.wait_for_function(
        "document.querySelector('.hand img.card').getAttribute('aria-label').includes(' of ')"
    )
    assert page.locator("#engine-proof").inner_text().startswith("Computed by the Python engine")
    assert page.title() == EN["ui.landing.doc_title"]

    page.reload()
    watch.wait_ready()
    assert tagline.inner_text() == EN["ui.landing.tagline"]
    assert " of " in page.locator(".hand img.card").first.get_attribute("aria-label")

    page.goto(watch.base_url + "tressette.html")
    watch.wait_ready()
    assert page.locator(".crumbs a").inner_text() == EN["ui.nav.home"]

    page.get_by_role("button", name="Italiano").click()
    page.wait_for_function("document.documentElement.lang === 'it'")
    page.wait_for_function(
        "t => document.querySelector('.crumbs a').textContent === t", arg=IT["ui.nav.home"]
    )
    assert page.evaluate("localStorage.getItem('circolo.lang')") == "it"
    watch.assert_clean()


@pytest.mark.parametrize("game", GAMES)
def test_game_page_shell(game: str, open_page: Callable[..., PageWatch]) -> None:
    watch = open_page(f"{game}.html")
    page = watch.page
    assert page.locator("body").get_attribute("data-view") == game
    assert page.locator("main#app").count() == 1
    assert page.locator("main#app").inner_text().strip() != ""
    assert page.locator(".lang-switch button").count() == 2
    assert page.title() == IT[f"ui.game.{game}.doc_title"]
    page.locator(".crumbs a").click()
    page.wait_for_url(watch.base_url + "index.html")
    watch.wait_ready()
    watch.assert_clean()


def test_missing_view_is_coming_soon(site_copy: tuple[Path, str], new_context: Callable[..., object]) -> None:
    root, url = site_copy
    page_source = (root / "index.html").read_text(encoding="utf-8")
    (root / "nope.html").write_text(
        page_source.replace('data-view="landing"', 'data-view="nope"'), encoding="utf-8"
    )
    watch = watch_context(new_context(), url).goto("nope.html")
    text = watch.page.locator("#app").inner_text()
    assert IT["ui.coming_soon.text"].format(game="nope") in text
    watch.assert_clean()


def test_python_errors_reach_the_error_panel(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    context.route(
        "**/static/entry.py",
        lambda route: route.fulfill(
            status=200,
            content_type="text/x-python",
            body="def broken():\n    raise RuntimeError('engine exploded on purpose')\n\nbroken()\n",
        ),
    )
    watch = open_page("", context=context, wait_ready=False)
    panel = watch.page.locator("#error-panel")
    panel.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    text = watch.page.locator("#error-text").inner_text()
    assert "RuntimeError: engine exploded on purpose" in text
    assert "Traceback" in text
    assert watch.page.locator("#error-title").inner_text() == IT["ui.error.title"]
    assert watch.page.locator(".py-error").count() == 0  # adopted into our panel
    assert watch.page.locator("#loader").is_hidden()
    assert watch.page.locator("html").get_attribute("data-app-ready") == "false"


def test_a_resize_observer_notice_is_not_shown_as_an_error(open_page: Callable[..., PageWatch]) -> None:
    """Browsers report "ResizeObserver loop completed with undelivered notifications" as an error
    event (WebKit did, in an embedded lesson): a notice, not an error, so the panel stays hidden;
    a real error still opens it."""
    watch = open_page("")
    notice = "ResizeObserver loop completed with undelivered notifications."
    watch.page.evaluate("(m) => dispatchEvent(new ErrorEvent('error', { message: m }))", notice)
    assert watch.page.locator("#error-panel").is_hidden()
    watch.page.evaluate("dispatchEvent(new ErrorEvent('error', { message: 'a real failure' }))")
    watch.page.locator("#error-panel").wait_for(state="visible")
    assert "a real failure" in watch.page.locator("#error-text").inner_text()


def _wait_async(page: object, expression: str, timeout: float = 30.0) -> None:
    """Poll an async JS expression until it is truthy (``wait_for_function`` does not await promises)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for: {expression}")
        page.wait_for_timeout(200)


def _wait_controlled(page: object) -> None:
    """Wait until the service worker controls the page and reports the offline copy complete."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("html[data-offline]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("html").get_attribute("data-offline") == "ready", page.evaluate(
        "JSON.stringify(window.circolo.offline)"
    )


def test_works_offline_after_first_visit(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    watch = open_page("", context=context)
    _wait_controlled(watch.page)
    cached = watch.page.evaluate(
        "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys())))).then(a => a.flat().length)"
    )
    assert cached > 100
    context.set_offline(True)
    try:
        watch.page.reload()
        watch.wait_ready()
        assert watch.page.locator("html").get_attribute("data-boot") == "snapshot"  # it is in the copy
        watch.page.wait_for_function(
            "[...document.querySelectorAll('img.card')].every(i => i.complete && i.naturalWidth > 0)"
        )
        for game in GAMES:
            watch.page.goto(watch.base_url + f"{game}.html")
            watch.wait_ready()
        watch.page.goto(watch.base_url)
        watch.wait_ready()
        watch.assert_clean()
        # Really offline: a file that is not in the cache cannot be fetched.
        assert (
            watch.page.evaluate("fetch('./not-cached.txt').then(() => 'fetched', () => 'offline')")
            == "offline"
        )
    finally:
        context.set_offline(False)


def test_update_banner_activates_new_version(
    site_copy: tuple[Path, str], new_context: Callable[..., object]
) -> None:
    root, url = site_copy
    context = new_context()
    watch = watch_context(context, url).goto("")
    page = watch.page
    _wait_controlled(page)
    old_keys = page.evaluate("caches.keys()")
    assert len(old_keys) == 1 and old_keys[0].startswith("circolo-")

    # Publish a new build: one asset changes, so the precache list and the version change.
    css = root / "static" / "app.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n/* v2 */\n", encoding="utf-8")
    new_hash = hashlib.sha256(css.read_bytes()).hexdigest()[:16]
    sw = (root / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw).group(1))
    sw = sw.replace(
        json.dumps(precache, separators=(",", ":")),
        json.dumps(
            [[e[0], new_hash if e[0] == "./static/app.css" else e[1], *e[2:]] for e in precache],
            separators=(",", ":"),
        ),
    )
    sw = re.sub(r'const VERSION = "[0-9a-f]+";', 'const VERSION = "v2test";', sw)
    (root / "sw.js").write_text(sw, encoding="utf-8")

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    assert IT["ui.update.available"] in banner.inner_text()
    with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        banner.get_by_role("button", name=IT["ui.update.reload"]).click()
    watch.wait_ready()
    _wait_async(page, "caches.keys().then(k => k.length === 1 && k[0] === 'circolo-v2test')")
    assert "/* v2 */" in page.evaluate("fetch('./static/app.css').then(r => r.text())")
    watch.assert_clean()
