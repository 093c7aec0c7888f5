"""The lesson page v2 in Chromium (issue 19): one step per screen, "right, next", answers kept across
a reload, play-on patched with unplayable cards dimmed, drill links that carry no text, no empty
felt above a trick question, axe at 0 serious or critical.

The one-screen check resizes the page to each of the four screens of the rule (1280x720,
1366x768, 390x844, 360x740) at every step of every lesson, before and after its right answer,
and while a hand is played on: the step's text, the table, the hand, the controls, the verdict and
the way on (``#next``) lie inside the viewport, nothing needs scrolling sideways, the page is not
scrolled.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from pyapp.i18n import catalogs
from pyapp.lessons import all_drills, all_lessons
from pyapp.lessons.drills import round_code
from pyapp.lessons.model import Ask
from pyapp.lessons.session import LessonRun
from tests.browser.conftest import PageWatch
from tests.browser.tablecheck import OFF_SCREEN, at_sizes, axe, with_axe
from tests.browser.test_learn import FAST, answer_in_page, usable, wait_verdict

IT = catalogs()["it"]
EN = catalogs()["en"]

NEEDED = [
    "#step-counter",
    "#step-text",
    ".lp-step .lp-table",
    ".lp-own",
    ".lp-own button[data-card]",
    ".lp-question",
    ".lp-controls button",
    ".lp-controls input",
    ".lp-feedback:not(:empty)",
    "#show-answer",
    "#play-status",
    "#next",
    "#prev",
    "#drill-next",
]
"""What of a step must be on screen: the step's text, the table, the hand, the controls, the verdict
and the way on."""


def one_screen(page: Any, where: str) -> list[str]:
    """What of the step falls outside the viewport, or makes the page scroll, at each of the four
    sizes; restores the size."""
    return at_sizes(
        page,
        lambda: [f"{where}: {line}" for line in page.evaluate(OFF_SCREEN, {"sel": NEEDED, "wide": True})],
    )


def open_learn(
    open_page: Callable[..., PageWatch], fragment: str = "", **kwargs: Any
) -> tuple[PageWatch, Any]:
    """The lesson page (fast computer players) at ``#fragment``: its watch and its page."""
    watch = open_page(f"{FAST}#{fragment}" if fragment else FAST, **kwargs)
    return watch, watch.page


def walk_to(page: Any, index: int) -> None:
    """Go from the first step to step ``index``, past its questions unanswered."""
    for k in range(index):
        page.wait_for_selector(f'.lp-step[data-step="{k}"]')
        page.locator("#next").evaluate("b => b.disabled = false")  # walk past: answers are elsewhere
        page.locator("#next").click()
    page.wait_for_selector(f'.lp-step[data-step="{index}"]')


def test_every_lesson_step_fits_one_screen_before_and_after_its_answer(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    watch, page = open_learn(open_page, context=with_axe(new_context()))
    problems: list[str] = []
    violations: list[str] = []
    for lesson in all_lessons():
        run = LessonRun(lesson.id)
        page.evaluate(f"location.hash = 'lesson={lesson.id}'")
        for index, step in enumerate(lesson.steps):
            page.wait_for_selector(f'.lp-step[data-step="{index}"]')
            where = f"{lesson.id} step {index + 1}"
            problems += one_screen(page, where)
            if isinstance(step, Ask):
                values = [a["value"] for a in run.solution(index, "it")["answers"]]
                answer_in_page(page, step, usable(step, values))
                wait_verdict(page, "right")
                problems += one_screen(page, where + " (answered)")
            elif step.kind == "play_on":
                page.wait_for_selector(".lp-own")
                problems += one_screen(page, where + " (playing on)")
            if index == 0 or step.kind == "play_on":
                violations += axe(page, where)
            page.locator("#next").click()
        page.wait_for_selector("#lesson-done")
    assert not problems, "\n".join(problems)
    assert not violations, "\n".join(violations)
    watch.assert_clean()


def test_enter_goes_on_after_a_right_answer_and_arrow_keys_walk_the_steps(
    open_page: Callable[..., PageWatch],
) -> None:
    lesson = next(lesson for lesson in all_lessons() if isinstance(lesson.steps[1], Ask))
    run = LessonRun(lesson.id)
    watch, page = open_learn(open_page, f"lesson={lesson.id}")
    page.wait_for_selector('.lp-step[data-step="0"]')
    page.locator("#step-text").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('.lp-step[data-step="1"]')
    assert page.locator("#next").is_disabled()
    page.keyboard.press("Enter")  # a question not yet answered: Enter does not skip it
    page.wait_for_timeout(200)
    assert page.locator('.lp-step[data-step="1"]').count() == 1
    step = lesson.steps[1]
    assert isinstance(step, Ask)
    answer_in_page(page, step, usable(step, [a["value"] for a in run.solution(1, "it")["answers"]]))
    feedback = wait_verdict(page, "right")
    assert IT["lessons.ui.given"].split("{")[0] in feedback.inner_text()
    assert "is-ready" in (page.locator("#next").get_attribute("class") or "")
    assert page.evaluate("document.activeElement.id") == "next"  # right -> the focus is on "Avanti"
    page.keyboard.press("Enter")
    page.wait_for_selector('.lp-step[data-step="2"]')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('.lp-step[data-step="1"]')
    watch.assert_clean()


def test_an_answered_question_keeps_its_answer_and_feedback_after_a_reload(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    lesson = next(lesson for lesson in all_lessons() if any(step.kind == "ask" for step in lesson.steps[:3]))
    index = next(i for i, step in enumerate(lesson.steps) if isinstance(step, Ask))
    step = lesson.steps[index]
    assert isinstance(step, Ask)
    run = LessonRun(lesson.id)
    watch, page = open_learn(open_page, f"lesson={lesson.id}", context=new_context())
    for k in range(index):
        page.wait_for_selector(f'.lp-step[data-step="{k}"]')
        page.locator("#next").click()
    page.wait_for_selector(f'.lp-step[data-step="{index}"]')
    answer_in_page(page, step, usable(step, [a["value"] for a in run.solution(index, "it")["answers"]]))
    said = wait_verdict(page, "right").inner_text()
    page.reload()
    watch.wait_ready()
    page.wait_for_selector(f'.lp-step[data-step="{index}"]')
    feedback = page.locator('#feedback[data-verdict="right"]')
    assert feedback.inner_text() == said
    assert page.locator("#next").is_enabled()
    # back one step and forward again: still answered
    page.locator("#prev").click()
    page.wait_for_selector(f'.lp-step[data-step="{index - 1}"]' if index else ".lp-step")
    if index:
        page.locator("#next").click()
        page.wait_for_selector(f'.lp-step[data-step="{index}"]')
        assert page.locator("#next").is_enabled()
    watch.assert_clean()


def test_a_number_field_starts_empty_and_the_pot_limit_label_states_no_answer(
    open_page: Callable[..., PageWatch],
) -> None:
    watch, page = open_learn(open_page, "lesson=poker-limit")
    found = 0
    for index, step in enumerate(LessonRun("poker-limit").lesson.steps):
        page.wait_for_selector(f'.lp-step[data-step="{index}"]')
        if step.kind == "play_on":
            break  # playing on is no question: its fields say their range
        for field in page.locator(".lp-step input[type=number]").all():
            found += 1
            assert field.input_value() == ""
            label = page.locator(f'label[for="{field.get_attribute("id")}"]').inner_text()
            assert not re.search(r"\d", label), label
            assert field.get_attribute("max") is None
        if isinstance(step, Ask):
            page.locator("#next").evaluate("b => b.disabled = false")  # walk past: answers are elsewhere
        page.locator("#next").click()
    assert found >= 2
    watch.assert_clean()


def test_playing_on_dims_unplayable_cards_and_keeps_the_focus_on_the_hand(
    open_page: Callable[..., PageWatch],
) -> None:
    lesson = next(
        lesson for lesson in all_lessons() if lesson.id == "boston-defence"
    )  # no declarations; South follows
    last = max(i for i, step in enumerate(lesson.steps) if step.kind == "play_on")
    watch, page = open_learn(open_page, f"lesson={lesson.id}")
    walk_to(page, last)
    page.wait_for_selector(".lp-step-play_on")
    plays = refused = 0
    for _ in range(400):
        if page.locator('.lp-step-play_on[data-finished="true"]').count() or plays >= 6:
            break
        if page.locator("#play-status").inner_text() != IT["lessons.ui.play.your_turn"]:
            page.wait_for_timeout(60)
            continue
        cards = page.locator(".lp-own button[data-card]")
        enabled = page.locator('.lp-own button[data-card]:not([aria-disabled="true"])')
        assert enabled.count() >= 1
        dimmed = cards.count() - enabled.count()
        if dimmed:  # a dimmed card is refused with the rule's reason, and nothing moves
            before = cards.count()
            page.locator('.lp-own button[aria-disabled="true"]').first.dispatch_event("click")
            page.wait_for_selector("#play-alert:not(:empty)")
            assert cards.count() == before  # refused: nothing was played
            refused += 1
        handle = enabled.first.element_handle()
        top = page.evaluate("document.scrollingElement.scrollTop")
        enabled.first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("h => !h.isConnected", arg=handle)
        plays += 1
        assert page.evaluate(
            "document.activeElement.closest('.lp-own') !== null"
        )  # the focus stays in the hand
        assert page.evaluate("document.scrollingElement.scrollTop") == top  # no jump
        stays = page.locator(".lp-own button[data-card]").first.element_handle()
        page.wait_for_function(
            "s => document.querySelector('#play-status').textContent === s",
            arg=IT["lessons.ui.play.your_turn"],
        )
        assert page.evaluate("h => h.isConnected", stays)  # the hand was patched, not drawn afresh
    assert plays >= 3 and refused >= 1
    watch.assert_clean()


def test_a_trick_question_has_no_empty_felt_above_its_options(open_page: Callable[..., PageWatch]) -> None:
    watch, page = open_learn(open_page, f"drill=tressette-trick&q={round_code(12345)}")
    page.wait_for_selector(".lp-q-pick_card")
    assert page.locator(".lp-step .lp-table").count() == 0
    assert page.locator(".lp-q-pick_card .lp-option").count() == 4
    watch.assert_clean()


def test_drill_links_are_short_and_forged_ones_show_nothing_of_theirs(
    open_page: Callable[..., PageWatch],
) -> None:
    watch, page = open_learn(open_page, "drill=poker-max-raise")
    for drill in all_drills():
        page.evaluate(f"location.hash = 'drill={drill.id}'")
        page.wait_for_selector("#round-link")
        href = page.locator("#round-link").get_attribute("href")
        assert len(f"learn.html{href}") <= 80, href
    forged = [
        "AVVISO%20DEL%20CIRCOLO%3A%20paga%20su%20http%3A%2F%2Fexample.invalid",
        "eJyrVkrOzytJzSvRUUpJLElUslJQcnZ2VrIuLcvMTS0uTiwpLcpMzsjMS1eqBQDLsA1z",
        "1zzzzzzzzz",
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    ]
    for lang, catalog in (("it", IT), ("en", EN)):
        page.locator(f'[data-lang="{lang}"], button[lang="{lang}"]').first.click()
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        prefix = catalog["lessons.ui.drill.bad_link"].split("(")[0].strip()
        for code in forged:
            page.evaluate(f"location.hash = 'drill=tressette-trick&q={code}'")
            alert = page.locator(".lp-alert[role=alert]")
            expect(alert).to_contain_text(prefix, timeout=30_000)
            text = page.locator("#app").inner_text()
            assert "AVVISO" not in text and "example.invalid" not in text and "alert(1)" not in text
            said = alert.inner_text()
            assert said.startswith(prefix)
            other = EN if lang == "it" else IT
            assert other["lessons.drill.link.damaged"] not in said
            page.evaluate("location.hash = ''")
            page.wait_for_selector("#progress-summary")
    watch.assert_clean()


def test_every_drill_question_fits_one_screen(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    """Each drill's question, with its options and the next-question button, at the four sizes."""
    watch, page = open_learn(open_page, "drill=poker-max-raise", context=with_axe(new_context()))
    problems: list[str] = []
    violations: list[str] = []
    for drill in all_drills():
        page.evaluate(f"location.hash = 'drill={drill.id}&q={round_code(4242)}'")
        page.wait_for_selector("#round-link")
        page.wait_for_selector(".lp-question")
        problems += one_screen(page, drill.id)
        violations += axe(page, drill.id)
    assert not problems, "\n".join(problems)
    assert not violations, "\n".join(violations)
    watch.assert_clean()
