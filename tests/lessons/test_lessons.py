"""The curriculum as data: every position replays, every expected answer is legal, every lesson ends.

Also the checker itself: a broken lesson is reported with its id, the step and the reason, by
``check_lesson`` and by ``python3 -m pyapp lessons --check`` (exit status 1).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.i18n import LANGS
from pyapp.lessons import all_drills, all_lessons, engine, games, get_lesson
from pyapp.lessons.check import check_all, check_lesson
from pyapp.lessons.judge import right_actions
from pyapp.lessons.model import Act, Ask, Explain, Lesson, Number, PlayOn, T, actions, cards
from pyapp.lessons.questions import key_of, right_answers
from pyapp.lessons.session import LessonRun
from pyapp.tressette.deals import tressette_deal

REPO = Path(__file__).resolve().parents[2]
LESSONS = all_lessons()


def test_at_least_six_lessons_and_two_drills_per_game() -> None:
    for game in games():
        assert sum(1 for lesson in LESSONS if lesson.game == game) >= 6, game
        assert sum(1 for drill in all_drills() if drill.game == game) >= 2, game
    ids = [lesson.id for lesson in LESSONS] + [drill.id for drill in all_drills()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_is_sound(lesson: Lesson) -> None:
    assert check_lesson(lesson) == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_position_replays_and_every_expected_answer_is_legal(lesson: Lesson) -> None:
    asked = 0
    for step in lesson.steps:
        if step.position is not None:
            state = engine.replay(step.position)  # raises on any action the engine refuses
            assert state.history == list(step.position.history)
        if isinstance(step, Ask):
            asked += 1
            state = engine.replay(step.position) if step.position else None
            if isinstance(step.question, Act):
                assert state is not None and step.position is not None
                assert state.seat_label(state.current_player()) == step.position.seat
                right = right_actions(state, step.position.seat, step.question.goal)
                assert right, "no right answer"
                assert all(state.can(action) for action in right)
            else:
                key_of(step, state, lesson.game)  # the engine can compute the answer
        if isinstance(step, PlayOn):
            state = engine.replay(step.position)
            assert not state.is_terminal()
    assert asked >= 2, "a lesson asks at least two questions"
    assert any(isinstance(step, PlayOn) for step in lesson.steps) or lesson.id == "poker-deck"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_can_be_walked_to_the_end(lesson: Lesson) -> None:
    run = LessonRun(lesson.id)
    rng = random.Random(lesson.id)
    for index, step in enumerate(lesson.steps):
        for lang in LANGS:
            data = run.step(index, lang)
            assert data["text"] and data["kind"] == step.kind
        if isinstance(step, Ask):
            solution = run.solution(index, "it")["answers"]
            assert solution
            for answer in solution:
                verdict = run.answer(index, answer["value"], "en")
                assert verdict["right"], (index, answer, verdict)
        if isinstance(step, PlayOn):
            play = run.play_on(index, rng=rng)
            for _ in range(3000):
                if play.finished:
                    break
                if play.pending():
                    play.step()
                    continue
                view = play.view("it")
                assert view["your_turn"] and view["controls"] is not None
                legal = play.session.state.legal_actions()
                assert play.act(rng.choice(legal), "it")["ok"]
            assert play.finished, f"{lesson.id}: the hand did not end"
            assert play.view("it")["summary"] or play.session.state.is_terminal()


def test_a_wrong_answer_is_explained_in_both_languages() -> None:
    for lesson in LESSONS:
        run = LessonRun(lesson.id)
        explained = 0
        for index, step in enumerate(lesson.steps):
            if not isinstance(step, Ask):
                continue
            state = engine.replay(step.position) if step.position else None
            right = set(right_answers(step, state, lesson.game))
            if isinstance(step.question, Act):
                assert state is not None
                candidates = [a for a in state.legal_actions() if a not in right]
                view = state.view(state.current_player())
                hand = (view.get("cards") if lesson.game == "poker" else view.get("hand")) or []
                candidates += [c for c in hand if not state.can(c)]
            elif isinstance(step.question, Number):
                candidates = [str(int(next(iter(right))) + 2)]
            else:
                candidates = [
                    o["value"]
                    for o in run.step(index, "it")["question"]["options"]
                    if o["value"] not in right
                ]
            for wrong in candidates[:1]:
                for lang in LANGS:
                    verdict = run.answer(index, wrong, lang)
                    assert not verdict["right"] and verdict["message"].strip(), (lesson.id, index, wrong)
                explained += 1
        assert explained, f"{lesson.id}: no wrong answer could be given"


def test_an_illegal_move_gets_the_engine_refusal() -> None:
    run = LessonRun("tressette-cards")
    index = next(
        i for i, s in enumerate(run.lesson.steps) if isinstance(s, Ask) and isinstance(s.question, Act)
    )
    step = run.lesson.steps[index]
    state = engine.replay(step.position)
    for lang in LANGS:
        verdict = run.answer(index, "3d", lang)  # South holds swords: a coin is refused
        assert verdict["verdict"] == "illegal"
        with pytest.raises(Exception) as refusal:
            state.verify("3d")
        assert verdict["message"] == refusal.value.message(lang)


def test_equal_cards_and_every_winning_card_are_right() -> None:
    following = get_lesson("tressette-following")
    take = next(
        s
        for s in following.steps
        if isinstance(s, Ask) and "5" in s.prompt["en"] and "cups" in s.prompt["en"]
    )
    state = engine.replay(take.position)
    assert sorted(right_answers(take, state, "tressette")) == ["2c", "3c"]
    ruff = next(
        s for s in get_lesson("boston-play").steps if isinstance(s, Ask) and "spades" in s.prompt["en"]
    )
    state = engine.replay(ruff.position)
    assert sorted(right_answers(ruff, state, "boston")) == ["2c", "8c", "9c", "Kc", "Qc"]


# -- the checker -----------------------------------------------------------------------------------------

DEAL = tressette_deal({"S": "Ac 2s Rs 5s 3d 7d Cb 4b 6c Fd"}, dealer="E")


def broken(*steps: object) -> Lesson:
    return Lesson("draft-lesson", "tressette", T("Prova", "Draft"), T("Prova", "Draft"), tuple(steps))  # type: ignore[arg-type]


def test_checker_names_the_lesson_the_step_and_the_reason() -> None:
    good = Explain(T("Testo", "Text"), DEAL)
    cases = [
        (Explain(T("Testo", "Text"), DEAL.then("Zz")), "does not replay"),
        (Explain({"it": "Solo italiano"}, DEAL), "'en' text is missing"),
        (Ask(T("Domanda", "Question"), Act(actions("Rs")), DEAL.then("Ad", "Ab")), "'Rs' is not legal"),
        (Ask(T("Domanda", "Question"), Act(cards("3d")), DEAL), "is not to act"),
        (Ask(T("Domanda", "Question"), Act(cards("6c", "3d")), DEAL.then("2c", "Rb")), "card 3d may not"),
        (Ask(T("Domanda", "Question"), Number("no_such_key"), DEAL), "unknown key"),
        (PlayOn(T("Gioca", "Play"), DEAL.seen_by("X")), "no seat 'X'"),
    ]
    for step, reason in cases:
        problems = check_lesson(broken(good, step))
        assert len(problems) == 1, problems
        assert problems[0].lesson == "draft-lesson" and problems[0].step == 2
        assert reason in problems[0].reason, problems[0].reason


def test_check_all_is_clean() -> None:
    assert check_all() == []


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyapp", "lessons", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_lists_every_lesson_and_drill() -> None:
    done = run_cli()
    assert done.returncode == 0, done.stderr
    listing = json.loads(done.stdout)
    assert [x["id"] for x in listing if x["kind"] == "lesson"] == [lesson.id for lesson in LESSONS]
    assert [x["id"] for x in listing if x["kind"] == "drill"] == [d.id for d in all_drills()]
    first = listing[0]
    assert set(first) == {"id", "kind", "game", "title", "steps"}
    assert first["title"] == dict(LESSONS[0].title) and first["steps"] == len(LESSONS[0].steps)


def test_cli_check_exits_1_with_lesson_step_and_reason(tmp_path: Path) -> None:
    draft = tmp_path / "draft.py"
    draft.write_text(
        "from pyapp.lessons.model import Explain, Lesson, T\n"
        "from pyapp.tressette.deals import tressette_deal\n"
        "DEAL = tressette_deal({}, dealer='E')\n"
        "LESSONS = (Lesson('my-draft', 'tressette', T('a', 'a'), T('b', 'b'), (\n"
        "    Explain(T('ok', 'ok'), DEAL),\n"
        "    Explain(T('no', 'no'), DEAL.then('Rd', 'Rd')),\n"
        ")),)\n",
        encoding="utf-8",
    )
    done = run_cli("--check", str(draft))
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["ok"] is False
    [problem] = report["problems"]
    assert problem["lesson"] == "my-draft" and problem["step"] == 2
    assert "does not replay" in problem["reason"] and "'Rd'" in problem["reason"]
    assert "my-draft: step 2:" in done.stderr
    good = run_cli("--check")
    assert good.returncode == 0 and json.loads(good.stdout) == {
        "ok": True,
        "lessons": len(LESSONS),
        "drills": len(all_drills()),
    }


def test_cli_reports_a_draft_that_cannot_load(tmp_path: Path) -> None:
    draft = tmp_path / "oops.py"
    draft.write_text("LESSONS = (undefined_name,)\n", encoding="utf-8")
    done = run_cli("--check", str(draft))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [problem] = json.loads(done.stdout)["problems"]
    assert problem["step"] is None and "NameError" in problem["reason"] and "oops.py:1" in problem["reason"]


def test_the_worked_example_of_docs_lessons_md_passes_the_check(tmp_path: Path) -> None:
    from pyapp.lessons.cli import check

    text = (REPO / "docs" / "lessons.md").read_text(encoding="utf-8")
    example = text.split("## A worked example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    draft = tmp_path / "three_takes.py"
    draft.write_text(example, encoding="utf-8")
    assert check([str(draft)]) == (0, {"ok": True, "lessons": 1, "drills": 0})
    draft.write_text(
        example.replace('YOUR_TURN.then("3b", "4c")', 'YOUR_TURN.then("7d", "4c")'), encoding="utf-8"
    )
    status, report = check([str(draft)])
    assert status == 1
    first = report["problems"][0]  # type: ignore[index]
    assert first["lesson"] == "tressette-three-takes" and first["step"] == 3
    assert "action 6 '7d'" in first["reason"]
