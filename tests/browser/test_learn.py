"""The lesson page in Chromium: every lesson walked by its answers, wrong answers explained, drills,
progress kept across reloads.

The right answers come from the engine in this process (``LessonRun.solution``; a drill round is
read back from its own link), and are given through the page like a learner would: clicking
cards, calls, options, typing numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pyapp.i18n import catalogs
from pyapp.lessons import all_drills, all_lessons, get_drill
from pyapp.lessons.drills import round_from_code
from pyapp.lessons.model import Act, Ask, Step
from pyapp.lessons.questions import judge, right_answers
from pyapp.lessons.session import LessonRun
from tests.browser.conftest import PageWatch

IT = catalogs()["it"]
FAST = "learn.html?fast"
PLAY_OUT = {"tressette-cards", "boston-bidding", "poker-opening"}
"""One lesson per game whose play-on step is played to the end of the hand (the others are skipped)."""


# -- acting in the page -------------------------------------------------------------------------------


def act_in_page(page: object, action: str) -> None:
    """Make ``action`` through the page's controls (a card with its declaration, a call, an amount)."""
    words = action.split()
    head = words[0]
    step = page.locator(".lp-step")
    if head == "draw":
        for card in words[1:]:
            step.locator(f'button[data-card="{card}"]').click()
        step.locator("#draw-do").click()
        return
    card = step.locator(f'.lp-own button[data-card="{head}"]')
    if card.count():
        card.click()
        if step.locator("form.lp-declare").count():
            token = words[1] if len(words) > 1 else ""
            step.locator(f'input[name=declare][data-token="{token}"]').check()
            step.locator("#declare-play").click()
        return
    if len(words) == 2 and words[1].isdigit():
        step.locator(f'input[data-verb="{head}"]').fill(words[1])
        step.locator(f'button[data-verb="{head}"]').click()
        return
    step.locator(f'button[data-action="{action}"]').click()


def answer_in_page(page: object, step: Ask, value: str) -> None:
    """Give ``value`` as the answer to ``step`` through the page."""
    kind = step.question.kind
    box = page.locator(".lp-step")
    if kind == "act":
        act_in_page(page, value)
    elif kind in ("pick_card", "pick_hand", "choice"):
        box.locator(f'.lp-question [data-value="{value}"]').click()
    elif kind == "number":
        box.locator("#answer").fill(value)
        box.locator("#check").click()
    elif kind == "multi":
        for checkbox in box.locator("input[name=options]").all():
            if checkbox.get_attribute("value") in value.split():
                checkbox.check()
            else:
                checkbox.uncheck()
        box.locator("#check").click()
    else:  # pragma: no cover
        raise AssertionError(kind)


def usable(step: Ask, values: list[str]) -> str:
    """A right answer the page can give (at most one declaration token with a card)."""
    for value in values:
        if not isinstance(step.question, Act) or len(value.split()) <= 2 or value.startswith("draw"):
            return value
    raise AssertionError(f"no answer the page can give among {values}")


def wrong_answer(run: LessonRun, index: int) -> str | None:
    """A wrong answer to ask step ``index`` (legal but wrong if possible, else refused)."""
    step = run.lesson.steps[index]
    assert isinstance(step, Ask)
    from pyapp.lessons import engine

    state = engine.replay(step.position) if step.position else None
    right = set(right_answers(step, state, run.lesson.game))
    q = step.question
    if isinstance(q, Act):
        assert state is not None and step.position is not None
        legal = [a for a in state.legal_actions() if a not in right and len(a.split()) <= 2]
        legal = [a for a in legal if not (a.split()[0] in ("open", "bet", "raise") and len(a.split()) == 1)]
        if legal:
            return legal[0]
        view = state.view(state.seat_of(step.position.seat))
        hand = view.get("hand") or view.get("cards") or []
        for card in hand:
            if not state.can(card) and card not in right:
                return str(card)
        return None
    data = run.step(index, "it")
    options = [o["value"] for o in data["question"].get("options", [])]
    if q.kind == "number":
        return str(int(next(iter(right))) + 1)
    if q.kind == "multi":
        chosen = set(next(iter(right)).split())
        extra = [o for o in options if o not in chosen]
        return " ".join(sorted(chosen | {extra[0]})) if extra else " ".join(sorted(chosen)[1:])
    others = [o for o in options if o not in right]
    return others[0] if others else None


def wait_verdict(page: object, verdict: str) -> object:
    """The feedback once it shows ``verdict``."""
    feedback = page.locator("#feedback")
    page.wait_for_selector(f'#feedback[data-verdict="{verdict}"]', timeout=20_000)
    return feedback


def play_hand_out(page: object) -> None:
    """Play on to the end of the hand, trying cards and calls like an unsure learner."""
    step = page.locator(".lp-step-play_on")
    for _ in range(400):
        if step.get_attribute("data-finished") == "true":
            return
        moves_before = page.locator(".lp-own button[data-card]").count()
        buttons = page.locator(".lp-controls button[data-action]")
        playable = '.lp-own button[data-card]:not([aria-disabled="true"])'  # the rules refuse the dimmed ones
        cards = page.locator(playable)
        if cards.count() and page.locator("#play-status").inner_text() == IT["lessons.ui.play.your_turn"]:
            for k in range(cards.count()):
                page.locator(playable).nth(k).click()
                if page.locator("form.lp-declare").count():
                    page.locator("#declare-play").click()
                if page.locator(".lp-own button[data-card]").count() != moves_before:
                    break
                if page.locator("#play-status").inner_text() != IT["lessons.ui.play.your_turn"]:
                    break
        elif buttons.count() and page.locator("#play-status").inner_text() == IT["lessons.ui.play.your_turn"]:
            buttons.first.click()
        page.wait_for_timeout(120)
    raise AssertionError("the hand did not end")


# -- the tests -------------------------------------------------------------------------------------------


def test_walk_every_lesson_by_its_answers_and_explain_one_wrong_answer_each(
    open_page: Callable[..., PageWatch],
) -> None:
    watch = open_page(FAST)
    page = watch.page
    assert page.locator("#progress-summary").inner_text() == IT["lessons.ui.progress_summary"].format(
        done=0, total=len(all_lessons())
    )
    for lesson in all_lessons():
        run = LessonRun(lesson.id)
        page.evaluate(f"location.hash = 'lesson={lesson.id}'")
        page.wait_for_selector('.lp-step[data-step="0"]')
        assert page.locator("#lesson-title").inner_text() == lesson.title["it"]
        wrong_given = False
        for index, step in enumerate(lesson.steps):
            page.wait_for_selector(f'.lp-step[data-step="{index}"]')
            assert page.locator("#step-text").inner_text() == step_text(step)
            if isinstance(step, Ask):
                if not wrong_given:
                    wrong = wrong_answer(run, index)
                    if wrong is not None:
                        expected = run.answer(index, wrong, "it")
                        assert not expected["right"]
                        answer_in_page(page, step, wrong)
                        feedback = wait_verdict(page, expected["verdict"])
                        assert expected["message"] and expected["message"] in feedback.inner_text(), lesson.id
                        assert page.locator("#next").is_disabled()
                        wrong_given = True
                values = [a["value"] for a in run.solution(index, "it")["answers"]]
                answer_in_page(page, step, usable(step, values))
                feedback = wait_verdict(page, "right")
                assert IT["lessons.ui.right"] in feedback.inner_text()
            elif step.kind == "play_on" and lesson.id in PLAY_OUT:
                play_hand_out(page)
                assert page.locator("#play-status").inner_text() == IT["lessons.ui.play.done"]
            page.locator("#next").click()
        page.wait_for_selector("#lesson-done")
        assert wrong_given, f"{lesson.id}: no question to answer wrongly"
    page.evaluate("location.hash = ''")
    page.wait_for_selector("#progress-summary")
    assert page.locator('.lp-item[data-status="done"]').count() == len(all_lessons())
    watch.assert_clean()


def step_text(step: Step) -> str:
    """The Italian text a step shows first."""
    text = step.prompt if isinstance(step, Ask) else step.text
    return str(text["it"])


def test_each_drill_runs_five_rounds_with_streak_and_score(open_page: Callable[..., PageWatch]) -> None:
    watch = open_page(FAST)
    page = watch.page
    for drill in all_drills():
        page.evaluate(f"location.hash = 'drill={drill.id}'")
        score = streak = 0
        for number in range(1, 6):
            page.wait_for_selector(f'.lp-step[data-round="{number}"]')
            code = re.search(
                r"&q=([A-Za-z0-9_-]+)$", page.locator("#round-link").get_attribute("href")
            ).group(1)
            step = round_from_code(get_drill(drill.id), code)
            from pyapp.lessons import engine

            state = engine.replay(step.position) if step.position else None
            right = right_answers(step, state, drill.game)
            if number == 3:  # one wrong first answer: the streak starts again
                wrong = next_wrong(step, state, drill.game, right)
                answer_in_page(page, step, wrong)
                wait_verdict(page, judge(step, state, drill.game, wrong).verdict)
                streak = 0
            else:
                score += 1
                streak += 1
            answer_in_page(page, step, usable(step, right))
            wait_verdict(page, "right")
            assert page.locator("#drill-score").inner_text() == IT["lessons.ui.drill.score"].format(
                score=score, rounds=number
            )
            assert (
                page.locator("#drill-streak")
                .inner_text()
                .startswith(IT["lessons.ui.drill.streak"].split("{")[0] + str(streak))
            )
            page.locator("#drill-next").click()
    watch.assert_clean()


def next_wrong(step: Ask, state: object, game: str, right: list[str]) -> str:
    """A wrong answer to a drill round."""
    q = step.question
    if q.kind == "number":
        return str(int(right[0]) + 1)
    if q.kind == "multi":
        chosen = set(right[0].split())
        extra = [o for o in q.options if o not in chosen]  # type: ignore[union-attr]
        return " ".join(chosen | {extra[0]}) if extra else ""
    if q.kind == "pick_hand":
        return "1" if right[0] == "0" else "0"
    from pyapp.lessons.questions import pick_card_options

    return next(c for c in pick_card_options(step, state, step.position) if c not in right)  # type: ignore[arg-type]


def test_a_reload_resumes_the_lesson_and_the_hand_being_played(
    open_page: Callable[..., PageWatch], new_context: Callable[..., object]
) -> None:
    context = new_context()
    lesson = all_lessons()[0]
    watch = open_page(f"{FAST}#lesson={lesson.id}", context=context)
    page = watch.page
    run = LessonRun(lesson.id)
    for index, step in enumerate(lesson.steps[:3]):
        page.wait_for_selector(f'.lp-step[data-step="{index}"]')
        if isinstance(step, Ask):
            answer_in_page(
                page, step, usable(step, [a["value"] for a in run.solution(index, "it")["answers"]])
            )
            wait_verdict(page, "right")
        page.locator("#next").click()
    page.wait_for_selector('.lp-step[data-step="3"]')
    page.reload()
    watch.wait_ready()
    page.wait_for_selector('.lp-step[data-step="3"]')
    assert page.locator("#step-counter").inner_text() == IT["lessons.ui.step_of"].format(
        n=4, total=len(lesson.steps)
    )
    # the list shows it in progress
    page.evaluate("location.hash = ''")
    item = page.locator(f'.lp-item[data-lesson="{lesson.id}"]')
    item.wait_for()
    assert item.get_attribute("data-status") == "progress"
    # a hand being played on survives a reload too
    last = len(lesson.steps) - 1
    assert lesson.steps[last].kind == "play_on"
    page.evaluate(f"location.hash = 'lesson={lesson.id}'")
    page.wait_for_selector('.lp-step[data-step="3"]')
    for index in range(3, last):
        step = lesson.steps[index]
        if isinstance(step, Ask):
            answer_in_page(
                page, step, usable(step, [a["value"] for a in run.solution(index, "it")["answers"]])
            )
            wait_verdict(page, "right")
        page.locator("#next").click()
        page.wait_for_selector(f'.lp-step[data-step="{index + 1}"]')
    page.wait_for_selector("#play-status")
    for _ in range(60):
        if page.locator("#play-status").inner_text() == IT["lessons.ui.play.your_turn"]:
            break
        page.wait_for_timeout(100)
    before = page.locator(".lp-own button[data-card]").count()
    play_one_card(page)
    page.wait_for_function(f"document.querySelectorAll('.lp-own button[data-card]').length === {before - 1}")
    page.reload()
    watch.wait_ready()
    page.wait_for_selector(".lp-step-play_on")
    assert page.locator(".lp-own .lp-row > li").count() == before - 1
    # damaged progress is reported and set aside, never a blank page
    # a fresh load of the lesson list first: no computer player of the hand left running, so
    # nothing writes the progress again between the damage and the reload
    watch.goto(FAST)
    page.evaluate("localStorage.setItem('circolo.learn', '{not json')")
    page.reload()
    watch.wait_ready()
    assert page.locator("#progress-corrupt").inner_text() == IT["lessons.ui.progress_corrupt"]
    kept = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('circolo.corrupt.learn.')).map(k => localStorage[k])"
    )
    assert kept == ["{not json"]
    watch.assert_clean()


def play_one_card(page: object) -> None:
    """Click the cards of the hand until one is accepted."""
    count = page.locator(".lp-own button[data-card]").count()
    playable = '.lp-own button[data-card]:not([aria-disabled="true"])'
    for k in range(page.locator(playable).count()):
        page.locator(playable).nth(k).click()
        if page.locator("form.lp-declare").count():
            page.locator("#declare-play").click()
        if page.locator(".lp-own .lp-row > li").count() < count:
            return
    raise AssertionError("no card was accepted")


def test_the_landing_page_and_every_table_link_to_the_lessons(open_page: Callable[..., PageWatch]) -> None:
    watch = open_page("")
    page = watch.page
    link = page.locator('a[href="./learn.html"]')
    assert link.inner_text() == IT["lessons.link.landing"]
    for game in ("tressette", "boston", "poker"):
        page.goto(watch.base_url + f"{game}.html?fast")
        watch.wait_ready()
        howto = page.locator("#howto")
        howto.locator("summary").click()
        lessons = howto.locator(f'a[href="./learn.html#game={game}"]')
        assert lessons.inner_text() == IT["lessons.link.howto"]
    lessons.click()
    watch.wait_ready()
    page.wait_for_selector("#game-poker")
    assert page.locator("#game-poker .lp-item[data-lesson]").count() == sum(
        1 for lesson in all_lessons() if lesson.game == "poker"
    )
    watch.assert_clean()
