"""The words of the lesson pages (issue 19): badges that fit the moment, feedback that reads right
for negative numbers, one name per Boston call, and poker's "resto" explained in English."""

from __future__ import annotations

from pyapp.boston.actions import BIDS
from pyapp.i18n import t
from pyapp.lessons import all_lessons
from pyapp.lessons.model import Ask, Number
from pyapp.lessons.session import LessonRun


def test_the_first_leader_badge_is_gone_once_a_trick_is_taken() -> None:
    """Tressette declarations: South leads the second trick, so nobody is badged "leads first"."""
    run = LessonRun("tressette-declarations")
    badge = t("lessons.badge.mano", "en")
    for index in range(run.count):
        pic = run.step(index, "en")["picture"]
        if pic is None:
            continue
        assert all(badge not in seat["badges"] for seat in pic["seats"]), index


def test_the_first_leader_badge_shows_on_the_first_trick() -> None:
    run = LessonRun("tressette-following")
    badge = t("lessons.badge.mano", "en")
    shown = [
        index
        for index in range(run.count)
        if (pic := run.step(index, "en")["picture"])
        and "Trick 1 " in " ".join(pic["info"] or ["Trick 1 "])
        and any(badge in seat["badges"] for seat in pic["seats"])
    ]
    assert shown


def test_a_negative_answer_is_never_too_many() -> None:
    """Boston: West scores -2; "-1" is not "too many" but "the right number is lower"."""
    run = LessonRun("boston-scoring")
    index = next(
        i
        for i, s in enumerate(run.lesson.steps)
        if isinstance(s, Ask)
        and isinstance(s.question, Number)
        and run.solution(i, "en")["answers"][0]["value"].startswith("-")
    )
    for lang, lower, higher in (("it", "più basso", "più alto"), ("en", "lower", "higher")):
        said = run.answer(index, "-1", lang)["message"]
        assert lower in said and "troppo" not in said and "too many" not in said
        assert higher in run.answer(index, "-9", lang)["message"]
    assert "too many" in LessonRun("boston-contract").answer(1, "12", "en")["message"]


def test_boston_calls_have_one_name_in_english() -> None:
    """The lessons name a call as the tables do ("PASSO (pass)"), never "Pass" beside "PASSO"."""
    for lesson in all_lessons():
        if lesson.game != "boston":
            continue
        run = LessonRun(lesson.id)
        for index in range(run.count):
            pic = run.step(index, "en")["picture"] or {}
            for seat in pic.get("seats") or []:
                for note in seat["notes"]:
                    assert "Pass" not in note.replace("PASSO (pass)", ""), note
            for call in (pic.get("controls") or {}).get("buttons") or []:
                assert call["label"] == t(f"boston.ui.call.{call['action']}", "en")
    for bid in BIDS:
        assert bid.upper() in t(f"boston.ui.call.{bid}", "en")


def test_resto_is_a_stack_in_english() -> None:
    run = LessonRun("poker-pot")
    notes = [
        n
        for i in range(run.count)
        if (p := run.step(i, "en")["picture"])
        for s in p["seats"]
        for n in s["notes"]
    ]
    assert any(n.startswith("stack ") for n in notes)
    assert not any(n.startswith("resto") for n in notes)
    assert "stack" in t("lessons.drill.raise.why_resto", "en", n=1, pot=2, call=0)
