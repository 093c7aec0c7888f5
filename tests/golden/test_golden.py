"""No behaviour change: what the code said on ``main`` before the redesign of issue 18, it says now.

``tests/golden/data/`` was written by ``make.py`` on ``main`` (commit cc331a1). For every golden
game, the computer players make the same choices on the same seed (the record is written again
byte for byte), and the record's checker report, links (game, hands, legacy ``r=``), table
snapshots after every action and replay-viewer snapshots are the same; so are every lesson step
and verdict, drill rounds on fixed seeds, lessons played on, and short arena runs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden.produce import SECTIONS, play, play_name, plays, record_facts

DATA = Path(__file__).resolve().parent / "data"

PLAYS = list(plays())


@pytest.mark.parametrize(("game", "levels", "seed", "limit"), PLAYS, ids=[play_name(*p[:3]) for p in PLAYS])
def test_bots_make_the_same_choices(game: str, levels: tuple[str, ...], seed: int, limit: int) -> None:
    assert play(game, levels, seed, limit) == (DATA / play_name(game, levels, seed)).read_text(
        encoding="utf-8"
    )


@pytest.mark.parametrize("name", [play_name(*p[:3]) for p in PLAYS])
def test_records_links_and_snapshots_are_the_same(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    expected = json.loads((DATA / (name[:-4] + ".json")).read_text(encoding="utf-8"))
    facts = json.loads(json.dumps(record_facts(text)))
    for key in expected:
        assert facts[key] == expected[key], key


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_lessons_drills_and_arena_are_the_same(section: str) -> None:
    expected = json.loads((DATA / f"{section}.json").read_text(encoding="utf-8"))
    got = json.loads(json.dumps(SECTIONS[section]()))
    assert got.keys() == expected.keys()
    for key in expected:
        assert got[key] == expected[key], key
