"""Lesson files (pyapp/lessons/lessonfile.py): the data format of docs/lessons.md and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.lessons import course_of
from pyapp.lessons.cli import check, load_draft
from pyapp.lessons.lessonfile import LessonFileError, parse_lessons, read_lessons
from pyapp.lessons.model import (
    Act,
    Ask,
    Explain,
    Number,
    PlayOn,
    all_of,
    any_of,
    declares,
    plays_suit,
)
from pyapp.poker.deals import poker_deal, poker_shuffle
from pyapp.tressette.deals import tressette_deal

REPO = Path(__file__).resolve().parents[2]
DOCS = (REPO / "docs" / "lessons.md").read_text(encoding="utf-8")


def docs_block(after: str, language: str) -> str:
    """The first ``language`` code block of docs/lessons.md after the heading ``after``."""
    return DOCS.split(after, 1)[1].split(f"```{language}\n", 1)[1].split("```", 1)[0]


def test_every_game_reads_its_own_lesson_file() -> None:
    for game in ("boston", "poker", "tressette"):
        course = course_of(game)
        path = REPO / "pyapp" / game / "lessons.toml"
        assert read_lessons(path, course) == course.lessons() and len(course.lessons()) >= 6


def test_the_lesson_file_of_the_docs_is_the_python_example(tmp_path: Path) -> None:
    """The worked example, written as a lesson file, gives the same lesson as the Python draft."""
    python = tmp_path / "three_takes.py"
    python.write_text(docs_block("## A worked example", "python"), encoding="utf-8")
    data = tmp_path / "three_takes.toml"
    data.write_text(docs_block("## Lesson files", "toml"), encoding="utf-8")
    assert load_draft(str(data)) == load_draft(str(python))
    assert check([str(data)]) == (0, {"ok": True, "lessons": 1, "drills": 0})


def lesson_file(steps: str, positions: str = "", game: str = "tressette") -> str:
    """A small lesson file of ``game`` with these steps (and named positions)."""
    return (
        f'game = "{game}"\n{positions}\n[[lessons]]\nid = "my-draft"\n'
        'title = { it = "a", en = "a" }\nsummary = { it = "b", en = "b" }\n' + steps
    )


DEAL = '[positions.deal]\nhands = "S: 3b 2c 5c | N: Rb 4b"\ndealer = "E"\n'


def test_positions_from_deals_records_and_other_positions() -> None:
    positions = (
        DEAL
        + '[positions.later]\nfrom = "deal"\nthen = ["Rb", "5b", "3b"]\nseen_by = "N"\nreveal = ["E"]\n'
        + '[positions.back]\nfrom = "later"\nundo = 1\n'
    )
    steps = (
        '[[lessons.steps]]\nexplain = { it = "x", en = "x" }\nposition = "back"\nshow = "hand"\n'
        '[[lessons.steps]]\nask = { it = "q", en = "q" }\nposition = { from = "deal", then = ["Rb"] }\n'
        'act = { all = ["suit b", { any_of = ["declares busso", { declares = ["volo"] }] }] }\n'
        '[[lessons.steps]]\nask = { it = "n", en = "n" }\nnumber = "card_points"\nargs = ["last"]\n'
        'cards = "Ad 3c"\n'
    )
    (lesson,) = parse_lessons(lesson_file(steps, positions), "draft.toml", course_of("tressette"))
    deal = tressette_deal("S: 3b 2c 5c | N: Rb 4b", dealer="E")
    assert lesson.game == "tressette" and lesson.title == {"it": "a", "en": "a"}
    assert lesson.steps == (
        Explain({"it": "x", "en": "x"}, deal.then("Rb", "5b").seen_by("N").revealing("E"), "hand"),
        Ask(
            {"it": "q", "en": "q"},
            Act(all_of(plays_suit("b"), any_of(declares("busso"), declares("volo")))),
            deal.then("Rb"),
        ),
        Ask({"it": "n", "en": "n"}, Number("card_points", ("last",), ("Ad", "3c"))),
    )


def test_a_later_shuffle_is_built_by_the_games_course() -> None:
    positions = (
        '[positions.deal]\nhands = { 1 = "Jh Jd 9c 7s 8h" }\ndealer = "4"\nseat = "1"\n'
        'options = { players = 4 }\nthen = ["pass", "pass", "pass", "pass", '
        '{ shuffle = { hands = "2: Jh Jd 9c 7s 8h", dealer = "1", players = 4 } }, "nocut"]\n'
    )
    steps = '[[lessons.steps]]\nplay_on = { it = "p", en = "p" }\nposition = "deal"\n'
    (lesson,) = parse_lessons(lesson_file(steps, positions, "poker"), "draft.toml", course_of("poker"))
    deal = poker_deal({"1": "Jh Jd 9c 7s 8h"}, dealer="4", seat="1", options={"players": 4})
    shuffle = poker_shuffle({"2": "Jh Jd 9c 7s 8h"}, dealer="1", players=4)
    assert lesson.steps[0].position == deal.then("pass", "pass", "pass", "pass", shuffle, "nocut")
    assert isinstance(lesson.steps[0], PlayOn)


STEP = '[[lessons.steps]]\nexplain = { it = "x", en = "x" }\nposition = "deal"\n'


@pytest.mark.parametrize(
    ("steps", "positions", "where", "reason"),
    [
        (STEP + '[[lessons.steps]]\nexplain = { it = "y" }\n', DEAL, "step 2", "a text is {it = ..., en = ...}"),
        (STEP + '[[lessons.steps]]\nexplain = { it = "y", en = " " }\n', DEAL, "step 2", "the 'en' text is"),
        (STEP + '[[lessons.steps]]\nexplain = { it = "y", en = "y" }\nshwo = "hand"\n', DEAL, "step 2", "'shwo'"),
        (STEP + '[[lessons.steps]]\nexplain = { it = "y", en = "y" }\nposition = "nowhere"\n', DEAL, "step 2", "no position 'nowhere'"),
        (STEP + '[[lessons.steps]]\nask = { it = "y", en = "y" }\n', DEAL, "step 2", "exactly one of act"),
        (STEP + '[[lessons.steps]]\nask = { it = "y", en = "y" }\nact = "wins"\n', DEAL, "step 2", "unknown goal 'wins'"),
        (STEP + '[[lessons.steps]]\nask = { it = "y", en = "y" }\nact = ""\n', DEAL, "step 2", "unknown goal ''"),
        (STEP + '[[lessons.steps]]\nask = { it = "y", en = "y" }\nact = "wins_trick"\nplayers = 4\n', DEAL, "step 2", "'players' does not go with act"),
        (STEP + '[[lessons.steps]]\nplay_on = { it = "y", en = "y" }\n', DEAL, "step 2", "needs a position"),
        (STEP + '[[lessons.steps]]\nexplain = { it = "y", en = "y" }\nask = { it = "y", en = "y" }\n', DEAL, "step 2", "exactly one of explain, ask, play_on"),
    ],
)  # fmt: skip
def test_a_malformed_step_names_the_file_lesson_step_and_reason(
    steps: str, positions: str, where: str, reason: str
) -> None:
    with pytest.raises(LessonFileError) as caught:
        parse_lessons(lesson_file(steps, positions), "draft.toml", course_of("tressette"))
    message = str(caught.value)
    assert message.startswith(f"draft.toml: lesson my-draft: {where}: "), message
    assert reason in message
    assert caught.value.lesson == "my-draft" and caught.value.step == int(where.split()[1])


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (lesson_file(STEP, DEAL).replace('game = "tressette"', 'game = "boston"'), "game = 'boston', expected 'tressette'"),
        (lesson_file(STEP, DEAL) + "oops", "not valid TOML"),
        (lesson_file(STEP, '[positions.deal]\nfrom = "loop"\n[positions.loop]\nfrom = "deal"\n'), "built from each other: deal -> loop -> deal"),
        (lesson_file(STEP, '[positions.deal]\nhands = "S: 3b 3b"\n'), "position 'deal': the position cannot be built: 3b is given twice"),
        (lesson_file(STEP, '[positions.deal]\nhands = "S: 3b"\ntrump = "3b"\n'), "the tressette deal: "),
        (lesson_file(STEP, '[positions.deal]\nfrom = "x"\nseat = "N"\n'), "takes only undo, then, seen_by, reveal"),
        (lesson_file(STEP, DEAL).replace('id = "my-draft"\n', ""), "lesson 1 has no id"),
    ],
)  # fmt: skip
def test_a_malformed_file_says_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(LessonFileError, match="^draft.toml: ") as caught:
        parse_lessons(text, "draft.toml", course_of("tressette"))
    assert reason in str(caught.value)


def test_the_cli_checks_a_draft_lesson_file(tmp_path: Path) -> None:
    draft = tmp_path / "draft.toml"
    draft.write_text(
        lesson_file(
            STEP + '[[lessons.steps]]\nexplain = { it = "no", en = "no" }\n'
            'position = { from = "deal", then = ["Rd", "Rd"] }\n',
            '[positions.deal]\nhands = {}\ndealer = "E"\n',
        ),
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "lessons", "--check", str(draft)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    [problem] = json.loads(done.stdout)["problems"]
    assert problem["lesson"] == "my-draft" and problem["step"] == 2 and "does not replay" in problem["reason"]
    draft.write_text(lesson_file(STEP + "[[lessons.steps]]\nexplain = 3\n", DEAL), encoding="utf-8")
    status, report = check([str(draft)])
    assert status == 1
    assert report["problems"] == [
        {"lesson": str(draft), "step": None, "reason": f"{draft}: lesson my-draft: step 2: explain: a text is {{it = ..., en = ...}}"}
    ]  # fmt: skip
