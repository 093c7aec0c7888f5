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
