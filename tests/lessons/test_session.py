"""The boundary the lesson pages use: plain data, no hidden card shown, plays that survive reloads."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.i18n import LANGS
from pyapp.lessons import all_lessons, engine
from pyapp.lessons.model import PlayOn
from pyapp.lessons.session import DrillRun, LessonRun, UnknownLesson, catalog, drill_ids, lesson_ids


def test_catalog_lists_every_lesson_and_drill_by_game_in_both_languages() -> None:
    for lang in LANGS:
        data = catalog(lang)
        json.dumps(data)  # plain data only
        assert [g["game"] for g in data["games"]] == ["tressette", "boston", "poker"]
        assert [entry["id"] for g in data["games"] for entry in g["lessons"]] == lesson_ids()
        assert [entry["id"] for g in data["games"] for entry in g["drills"]] == drill_ids()
        assert all(entry["title"] and entry["summary"] for g in data["games"] for entry in g["lessons"])


def test_unknown_ids_are_refused() -> None:
    with pytest.raises(UnknownLesson):
        LessonRun("no-such-lesson")
    with pytest.raises(UnknownLesson):
        DrillRun("no-such-drill")


def test_pictures_never_show_another_seats_hidden_cards() -> None:
    for lesson in all_lessons():
        run = LessonRun(lesson.id)
        for index, step in enumerate(lesson.steps):
            data = run.step(index, "en")
            json.dumps(data)
            picture = data["picture"]
            if picture is None:
                continue
            assert step.position is not None
            state = engine.replay(step.position)
            own = state.view(state.seat_of(step.position.seat))
            mine = own.get("cards") if lesson.game == "poker" else own.get("hand")
            assert sorted(picture["hand"]) == sorted(mine or [])
            for seat in picture["seats"]:
                if seat["you"]:
                    continue
                shown = seat["cards"]
                if shown is None:
                    continue
                revealed = seat["label"] in step.position.reveal
                shown_down = lesson.game == "poker" and state.view(None)["seats"][
                    state.seat_of(seat["label"])
                ].get("shown")
                assert revealed or shown_down, (lesson.id, index, seat["label"])


def test_the_hand_played_on_is_resumed_from_its_record() -> None:
    run = LessonRun("tressette-following")
    index = next(i for i, s in enumerate(run.lesson.steps) if isinstance(s, PlayOn))
    rng = random.Random(1)
    play = run.play_on(index, rng=rng)
    for _ in range(12):
        if play.pending():
            play.step()
        else:
            legal = play.session.state.legal_actions()
            assert play.act(legal[0], "it")["ok"]
    saved = play.record()
    again = run.play_on(index, saved)
    assert again.restored and again.session.state == play.session.state
    assert again.view("it")["moves"] == play.view("it")["moves"] > 0
    other = LessonRun("tressette-cards")
    other_index = next(i for i, s in enumerate(other.lesson.steps) if isinstance(s, PlayOn))
    fresh = other.play_on(other_index, saved)  # another position's play is not taken for this one
    assert not fresh.restored and fresh.discarded and fresh.view("it")["moves"] == 0
    broken = run.play_on(index, saved.replace("nocut", "cut 99"))
    assert not broken.restored and "99" in broken.discarded


def test_refused_moves_while_playing_on_keep_the_position() -> None:
    run = LessonRun("tressette-cards")
    index = next(i for i, s in enumerate(run.lesson.steps) if isinstance(s, PlayOn))
    play = run.play_on(index, rng=random.Random(0))
    while play.pending():
        play.step()
    before = list(play.session.state.history)
    hand = play.view("it")["hand"]
    illegal = [c for c in hand if not play.session.state.can(c)]
    target = illegal[0] if illegal else "Zz"
    for lang in LANGS:
        answer = play.act(target, lang)
        assert not answer["ok"] and answer["error"]
    assert play.session.state.history == before


def test_P3_poker_pictures_list_side_pots_only_when_someone_is_all_in() -> None:
    """An opening bet nobody has matched yet is not a side pot (P3), as at the table."""
    from pyapp.games import new_game
    from pyapp.lessons.picture import picture

    rng = random.Random(11)
    seen = {"unmatched bet": 0, "all in": 0}
    for _ in range(12):
        state = new_game("poker")
        for _ in range(400):
            if state.current_player() < 0:
                if state.is_terminal():
                    break
                state.apply(state.chance_sample(rng))
                continue
            view = state.view(state.current_player())
            if len(view.get("pots") or []) > 1:
                label = state.seat_label(state.current_player())
                lines = picture(state, label, lang="en")["info"]
                side = [line for line in lines if line.startswith("Side pot")]
                all_in = any(s["all_in"] and s["in_hand"] and not s["folded"] for s in view["seats"])
                seen["all in" if all_in else "unmatched bet"] += 1
                assert bool(side) == all_in, (lines, view["seats"])
            state.apply(rng.choice(state.legal_actions()))
    assert seen["unmatched bet"] > 0, seen


def test_right_answers_are_listed_without_every_combination_of_extra_calls() -> None:
    run = LessonRun("tressette-declarations")
    index = next(
        i for i, s in enumerate(run.lesson.steps) if s.kind == "ask" and "voglio_3" in repr(s.question)
    )
    answers = [a["value"] for a in run.solution(index, "en")["answers"]]
    assert answers == [
        "Ac voglio_3",
        "Ac voglio=3c",
        "2c voglio_3",
        "2c voglio=3c",
        "7c voglio_3",
        "7c voglio=3c",
    ]
    verdict = run.answer(index, "Ac ribusso voglio_3", "en")  # extra true calls are still right
    assert verdict["right"] and len(verdict["also"]) == 6
    assert run.answer(index, "7c voglio=3c", "en")["also"][0] == "Ace of cups: I want the 3"


def test_D7b_the_lead_menu_offers_to_name_a_missing_top_card() -> None:
    run = LessonRun("tressette-declarations")
    index = next(
        i for i, s in enumerate(run.lesson.steps) if s.kind == "ask" and "voglio_3" in repr(s.question)
    )
    menu = run.step(index, "it")["picture"]["controls"]["declare"]
    assert {"token": "voglio=3c", "label": "Chiamo: Tre di coppe"} in menu["Ac"]
    assert not any(option["token"].startswith("voglio=") for option in menu["5b"])  # two clubs only
    assert run.answer(index, "Ac voglio=3c", "it")["right"]
