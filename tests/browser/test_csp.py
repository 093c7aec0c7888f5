"""The Content Security Policy holds: no violation on any page, nor through a played hand of each game.

Every page carries the policy of static/partials/head.html (build.py refuses one without it). A
listener installed before any script records every ``securitypolicyviolation`` event, and the
console is watched for violations reported elsewhere (workers); the expected count is zero.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

import build
from tests.browser import test_boston_table, test_poker_table, test_tressette_table
from tests.browser.conftest import PageWatch

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "(inline)"} in ${e.sourceFile}:${e.lineNumber}`);
});
"""

HAND_SECONDS = 150


def csp_context(new_context: Callable[..., object]) -> object:
    context = new_context(reduced_motion="reduce")
    context.add_init_script(LISTEN)
    return context


def assert_no_violation(watch: PageWatch) -> None:
    events = watch.page.evaluate("window.__cspViolations")
    console = [e for e in watch.console_errors if "Content Security Policy" in e]
    assert events == [] and console == [], f"CSP violations on {watch.page.url}: {events + console}"
    policy = watch.page.locator('meta[http-equiv="Content-Security-Policy"]')
    assert policy.count() == 1, "the page carries no policy"


def site_pages(dist_dir: Path) -> list[str]:
    return sorted(p.name for p in dist_dir.glob("*.html"))


def test_every_page_boots_without_a_violation(
    dist_dir: Path, open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = csp_context(new_context)
    pages = site_pages(dist_dir)
    assert set(build.PAGES) <= set(pages)
    for page in pages:
        watch = open_page(page, context=context)
        assert_no_violation(watch)
        watch.assert_clean()
        watch.page.close()


def _until(page: object, done: Callable[[], bool], step: Callable[[], bool]) -> None:
    """Call ``step`` (True when it acted) until ``done``; fail after HAND_SECONDS."""
    deadline = time.time() + HAND_SECONDS
    while not done():
        if time.time() > deadline:
            shown = page.locator("#app").inner_text()[:400]
            pytest.fail(f"the hand did not end in time; the table shows: {shown!r}")
        if not step():
            page.wait_for_timeout(100)


def play_tressette(page: object) -> None:
    def step() -> bool:
        if page.locator("#lead-card").count():
            page.locator("#lead-card").click()
            return True
        playable = page.locator(
            ".seat-south[data-turn=true] .hand-own .card-button:not([aria-disabled=true])"
        )
        if playable.count():
            playable.first.click()
            return True
        return False

    _until(page, lambda: page.locator("#next-hand").count() > 0, step)


def play_boston(page: object) -> None:
    def step() -> bool:
        south = page.locator(".seat-south[data-turn=true]").count() > 0
        if south and page.locator("#bidding .bid-button").count():
            page.locator("#bidding .bid-button").first.click()
            return True
        playable = page.locator(".hand-own .card-button:not([aria-disabled=true])")
        if south and playable.count():
            playable.first.click()
            return True
        return False

    _until(page, lambda: page.locator("#next-hand").count() > 0, step)


def play_poker(page: object) -> None:
    def step() -> bool:
        # The human never raises: checks, calls, stands pat, keeps the seat; whatever is on offer.
        for button in ("#show", "#check", "#call", "#pass", "#serve", "#no-cut", "#stay", "#skip", "#rebuy"):
            if page.locator(button).count():
                page.locator(button).click()
                return True
        if page.locator("#draw-submit").count():
            page.locator(".pk-hand .card-button").first.click()
            page.locator("#draw-submit").click()
            return True
        return False

    _until(page, lambda: page.locator("#next-hand").count() > 0, step)


HANDS = {
    "tressette": (
        test_tressette_table,
        lambda: test_tressette_table.south_leads_first_record(),
        play_tressette,
    ),
    "boston": (test_boston_table, lambda: test_boston_table.dealt_record("E"), play_boston),
    "poker": (test_poker_table, lambda: test_poker_table.seeded_session().save(), play_poker),
}


@pytest.mark.parametrize("game", sorted(HANDS))
def test_a_played_hand_raises_no_violation(
    game: str, open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    module, record, play = HANDS[game]
    context = csp_context(new_context)
    module.seed_save(context, record())
    watch = open_page(f"{game}.html?fast", context=context)
    play(watch.page)
    assert watch.page.locator("#next-hand").count() == 1
    assert_no_violation(watch)
    watch.assert_clean()
