"""Drills: every round is a real position the engine answers; links reopen the same round."""

from __future__ import annotations

import random

import pytest

from pyapp.lessons import all_drills, engine, get_drill
from pyapp.lessons.check import check_drill
from pyapp.lessons.drills import RoundError, make_round, round_code, round_from_code
from pyapp.lessons.model import Number
from pyapp.lessons.questions import judge, pick_card_options, right_answers
from pyapp.lessons.session import DrillRun
from pyapp.tressette.course import key_card_points


@pytest.mark.parametrize("drill", all_drills(), ids=lambda d: d.id)
def test_rounds_are_sound_and_answered_by_the_engine(drill: object) -> None:
    assert check_drill(drill, rounds=25, seed=5) == []  # type: ignore[arg-type]
    rng = random.Random(9)
    for _ in range(10):
        seed = rng.randrange(10**9)
        step = make_round(drill, seed)  # type: ignore[arg-type]
        state = engine.replay(step.position) if step.position else None
        right = right_answers(step, state, drill.game)  # type: ignore[attr-defined]
        assert right
        for value in right:
            assert judge(step, state, drill.game, value).right  # type: ignore[attr-defined]
        again = round_from_code(drill, round_code(seed))  # type: ignore[arg-type]
        assert again == step


def test_points_drill_agrees_with_the_engines_table_of_thirds() -> None:
    rng = random.Random(3)
    drill = get_drill("tressette-points")
    for _ in range(15):
        step = drill.make(rng)
        assert isinstance(step.question, Number)
        state = engine.replay(step.position)
        last = ("last",) if "last trick included" in step.prompt["en"] else ()
        assert (
            str(key_card_points(None, last, step.question.cards))
            == right_answers(step, state, "tressette")[0]
        )
        assert int(right_answers(step, state, "tressette")[0]) in range(0, 12)


def test_trick_drills_offer_the_four_cards_of_the_trick() -> None:
    for drill_id in ("tressette-trick", "boston-trick"):
        drill = get_drill(drill_id)
        step = drill.make(random.Random(1))
        state = engine.replay(step.position)
        assert len(pick_card_options(step, state, step.position)) == 4


def test_streak_and_score_count_first_answers_only() -> None:
    run = DrillRun("poker-which-wins", random.Random(2))
    run.next("it")
    answer = run.solution("it")["answers"][0]["value"]  # peeking costs the streak of this round
    run.answer(answer, "it")
    assert run.scores() == {"rounds": 1, "answered": 1, "score": 0, "streak": 0, "best": 0}
    for _ in range(3):
        run.next("it")
        step = run.round
        assert step is not None
        right = right_answers(step, None, "poker")[0]
        assert run.answer(right, "it")["right"]
    assert run.scores()["streak"] == 3 and run.scores()["score"] == 3
    run.next("it")
    step = run.round
    assert step is not None
    wrong = "1" if right_answers(step, None, "poker")[0] == "0" else "0"
    verdict = run.answer(wrong, "en")
    assert not verdict["right"] and verdict["message"]
    assert run.answer(right_answers(step, None, "poker")[0], "en")["right"]
    assert run.scores() == {"rounds": 5, "answered": 5, "score": 3, "streak": 0, "best": 3}


def test_a_damaged_round_link_is_refused_in_the_pages_language() -> None:
    drill = get_drill("tressette-trick")
    for code in ("", "not a code", "1", "2abc", "1zzzzzzz", "1ABC", "1ab-c", "9" * 7):
        with pytest.raises(RoundError) as refused:
            round_from_code(drill, code)
        assert refused.value.message("it") != refused.value.message("en")
        assert code not in refused.value.message("it") or not code
    run = DrillRun("tressette-trick")
    with pytest.raises(RoundError):
        run.load("not a code")
