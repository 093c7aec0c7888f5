"""No lesson step gives its own answer away: nothing the page writes states it (issue 19).

The visible text of a question (its prompt, the facts beside the position, the seats' badges and
notes, the labels of the amount fields) is scanned for the right answers the engine computes: a
card named, a number written, an option's label anywhere but on the option itself. An amount
question ("open for the most you can") shows no range, since its largest value is the answer.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pyapp.i18n import LANGS
from pyapp.lessons import all_lessons, engine
from pyapp.lessons.judge import right_actions
from pyapp.lessons.model import Act, Ask, Lesson
from pyapp.lessons.questions import answer_label, right_answers
from pyapp.lessons.session import LessonRun, states_answer

LESSONS = all_lessons()


def visible_lines(data: dict[str, Any]) -> list[str]:
    """Every line of text a step's page writes, but the answer options' own labels."""
    lines = [data["text"]]
    pic = data.get("picture") or {}
    lines += pic.get("info") or []
    lines += pic.get("summary") or []
    for seat in pic.get("seats") or []:
        lines += seat["badges"] + seat["notes"]
    controls = pic.get("controls") or {}
    for amount in controls.get("amounts") or []:
        lines.append(amount["label"])
        if amount.get("range"):
            lines.append(f"{amount['min']} {amount['max']}")
    return lines


def test_states_answer_reads_numbers_as_numbers() -> None:
    assert states_answer("Piatto: 6", ["6"])
    assert not states_answer("Piatto: 16", ["6"])
    assert states_answer("Nord -2, Sud +6", ["-2"])
    assert states_answer("Boston: Fante di cuori", ["Fante di cuori"])
    assert not states_answer("Boston: Fante di quadri", ["Fante di cuori"])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_no_question_states_its_own_answer(lesson: Lesson) -> None:
    run = LessonRun(lesson.id)
    for index, step in enumerate(lesson.steps):
        if not isinstance(step, Ask):
            continue
        state = engine.replay(step.position) if step.position else None
        for lang in LANGS:
            data = run.step(index, lang)
            if isinstance(step.question, Act):
                amounts = (data["picture"].get("controls") or {}).get("amounts") or []
                assert all(not a["range"] for a in amounts), (index, lang)
                continue
            if step.question.kind == "multi":
                continue  # every option is on the page; the answer is which of them
            labels = [
                answer_label(step, lesson.game, a, lang) for a in right_answers(step, state, lesson.game)
            ]
            for line in visible_lines(data):
                if line == data["text"] and step.question.kind != "number":
                    continue  # a prompt may name the options it asks about
                assert not states_answer(line, labels), (index, lang, line, labels)


def test_the_pot_limit_question_keeps_its_largest_amount_to_itself() -> None:
    """Poker's "open for the most you can": the field's label says no "from 1 to 6"."""
    found = 0
    for lesson in LESSONS:
        run = LessonRun(lesson.id)
        for index, step in enumerate(lesson.steps):
            if not (isinstance(step, Ask) and isinstance(step.question, Act)):
                continue
            if step.question.goal.kind != "amount":
                continue
            found += 1
            assert step.position is not None
            state = engine.replay(step.position)
            (answer,) = right_actions(state, step.position.seat, step.question.goal)
            most = answer.split()[1]
            for lang in LANGS:
                amounts = run.step(index, lang)["picture"]["controls"]["amounts"]
                assert amounts and not any(a["range"] for a in amounts)
                for amount in amounts:  # the pot may be on the page: working it out is the lesson
                    assert not re.search(rf"(?<!\d){most}(?!\d)", amount["label"]), amount["label"]
    assert found >= 2
