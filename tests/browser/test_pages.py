"""The site as one whole in Chromium: the landing page reaches every page, the lesson, embed and
replay pages find their way back, speak the page's language, pass axe, and copy only for real.

Each test here guards a defect found by using the integrated site as a new user would (see the
QA notes in the commit history): the viewer missing from the landing page, two stacked back links
on a lesson, "copied" shown when the clipboard refused, an empty number counted as a wrong answer,
the browser's own "Choose File" button in an Italian page, open hands spilling out of the felt.
"""

from __future__ import annotations

from collections.abc import Callable

from pyapp.i18n import catalogs
from pyapp.links import hand_link
from tests.browser.conftest import watch_context
from tests.browser.tablecheck import axe, with_axe
from tests.links.helpers import record_of

IT = catalogs()["it"]
EN = catalogs()["en"]

LAPTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}


def crumbs(page: object) -> list[str]:
    """The texts of the links in the page's path (``nav.crumbs``)."""
    return page.locator("nav.crumbs a").all_inner_texts()  # type: ignore[attr-defined]


def test_landing_reaches_every_page_and_the_learn_pages_find_their_way_back(
    site_url: str, new_context: Callable[..., object]
) -> None:
    context = with_axe(new_context(viewport=LAPTOP))
    # a clipboard that refuses, as without permission or on an insecure page
    context.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));"
    )
    watch = watch_context(context, site_url).goto("")
    page = watch.page
    expected = {
        "./tressette.html": IT["ui.game.tressette.name"],
        "./boston.html": IT["ui.game.boston.name"],
        "./poker.html": IT["ui.game.poker.name"],
        "./learn.html": IT["lessons.link.landing"],
        "./replay.html": IT["ui.landing.replay.name"],
    }
    for href, text in expected.items():
        assert page.locator(f'main a[href="{href}"]').inner_text() == text, href

    watch.goto("learn.html?fast")
    assert crumbs(page) == [IT["ui.nav.home"]]
    problems = axe(page, "lesson list")
    # a lesson: one path back at the top, the list's name as its second step
    watch.goto("learn.html?fast#lesson=tressette-following")
    page.wait_for_selector(".lp-step")
    assert crumbs(page) == [IT["ui.nav.home"], IT["lessons.page.title"]]
    page.locator("#next").click()
    page.locator('.lp-own button[data-card="Ad"]').click()  # not a club: the rules' own refusal
    feedback = page.locator("#feedback")
    assert feedback.get_attribute("data-verdict") == "illegal"
    assert "la carta Asso di denari" in feedback.inner_text()  # not "il Asso"
    problems += axe(page, "lesson, refused move")
    # "copy embed code" when the clipboard refuses: the code is selected, nothing claims "copied"
    page.locator("#embed-open").click()
    page.locator("#embed-copy").click()
    status = page.locator("#embed-status")
    page.wait_for_function("() => document.querySelector('#embed-status').textContent !== ''")
    assert status.inner_text() == IT["lessons.ui.embed.select"]
    problems += axe(page, "lesson, embed code")
    page.locator("#back-to-list").click()
    page.wait_for_selector("#progress-summary")
    assert crumbs(page) == [IT["ui.nav.home"]]
    # a drill asking a number: an empty answer is no try at all
    watch.goto("learn.html?fast#drill=poker-max-raise")
    page.wait_for_selector("#answer")
    scores = page.locator(".lp-scores").inner_text()
    page.locator("#check").click()
    assert page.locator("#answer-hint").inner_text() == IT["lessons.ui.type_number"]
    assert page.locator("#feedback").get_attribute("data-verdict") is None
    assert page.locator(".lp-scores").inner_text() == scores
    problems += axe(page, "drill")
    page.set_viewport_size(PHONE)
    problems += axe(page, "drill (phone)")
    watch.goto("embed.html?lesson=poker-ranking&lang=en")
    problems += axe(page, "embedded lesson (phone)")
    assert problems == []
    watch.assert_clean()


def test_copy_embed_code_says_copied_once_the_clipboard_has_it(
    site_url: str, new_context: Callable[..., object]
) -> None:
    context = new_context(viewport=LAPTOP, permissions=["clipboard-read", "clipboard-write"])
    watch = watch_context(context, site_url).goto("learn.html?fast#drill=tressette-trick")
    page = watch.page
    page.locator("#embed-open").click()
    page.locator("#embed-copy").click()
    page.wait_for_function("() => document.querySelector('#embed-status').textContent !== ''")
    assert page.locator("#embed-status").inner_text() == IT["lessons.ui.embed.copied"]
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#embed-code").input_value()
    watch.assert_clean()


def test_replay_open_page_in_english_with_our_own_file_button(
    site_url: str, new_context: Callable[..., object]
) -> None:
    context = with_axe(new_context(viewport=PHONE))
    context.add_init_script("localStorage.setItem('circolo.lang', 'en')")
    watch = watch_context(context, site_url).goto("replay.html")
    page = watch.page
    assert crumbs(page) == [EN["ui.nav.home"]]
    # the browser's file button would say "Choose File" whatever the page's language: ours speaks
    native = page.locator("#open-file").bounding_box()
    assert native is not None and native["width"] <= 2 and native["height"] <= 2
    button = page.locator("label.open-file")
    assert button.is_visible() and button.inner_text() == EN["links.viewer.open.file"]
    assert page.locator(".open-where").inner_text() == EN["links.viewer.open.where"]
    with page.expect_file_chooser() as chooser:
        button.click()
    assert chooser.value.element.get_attribute("id") == "open-file"
    problems = axe(page, "replay, open a game (phone)")
    page.set_viewport_size(LAPTOP)
    problems += axe(page, "replay, open a game")
    assert problems == []
    watch.assert_clean()


def test_replay_open_hands_stay_inside_the_felt(site_url: str, new_context: Callable[..., object]) -> None:
    """Thirteen Boston cards face up at every seat, on a laptop and on a phone."""
    link = hand_link(record_of("boston", 3, "rule", 0), 1)
    watch = watch_context(new_context(viewport=LAPTOP), site_url).goto(f"replay.html?fast#{link}")
    page = watch.page
    outside = """() => {
      const felt = document.querySelector('.felt').getBoundingClientRect();
      const cards = [...document.querySelectorAll('.felt .open-hand .card')];
      const out = cards.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 || r.bottom > felt.bottom + 1;
      }).map((c) => c.closest('.seat').dataset.seat + ' ' + c.dataset.card);
      return {count: cards.length, out};
    }"""
    for viewport in (LAPTOP, PHONE):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)  # the board is fitted to the new size on resize
        found = page.evaluate(outside)
        assert found["count"] == 39 and found["out"] == [], (viewport, found)
    watch.assert_clean()
