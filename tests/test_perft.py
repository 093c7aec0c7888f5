"""Perft counts from fixed positions of every game, kept in ``tests/data/perft.json``.

Each entry names a game, its options and a history leading to a position; ``counts[d - 1]`` is
the number of legal action sequences of length ``d`` from there (``legal_actions()`` at every
step; chance nodes and the end stop a sequence). The counts are recomputed here; the file is
written by ``python3 tests/data/make_perft.py`` and changes only with the rules (or the
legal-action contract), never silently.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp.games import available_games
from tests.data.make_perft import POSITIONS, counts, position

DATA = Path(__file__).resolve().parent / "data" / "perft.json"
ENTRIES = json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft_counts_match_the_data_file(entry: dict[str, object]) -> None:
    assert entry["game"] in available_games()
    assert counts(entry) == entry["counts"]


def test_data_file_lists_every_position_of_the_generator() -> None:
    assert [e["name"] for e in ENTRIES] == [p["name"] for p in POSITIONS]
    assert {e["game"] for e in ENTRIES} >= {"tressette", "boston", "poker"}


def test_first_lead_counts_every_declaration_combination() -> None:
    """The fresh-deck position by hand: N leads one of 10 cards, each with 2**7 calls (busso,
    ribusso, voglio_25, tre=5, due=5, asso=5 and piombi=2 are all true, in any combination);
    W follows with one of his 5 cards of the suit; S, void in it, plays any of 10."""
    entry = ENTRIES[0]
    assert entry["counts"] == [10 * 2**7, 10 * 2**7 * 5, 10 * 2**7 * 5 * 10]
    assert len(position(entry).legal_actions()) == 1280


def test_P9_opening_counts_every_amount_by_hand():
    """Pot 5 at four (antes and the dealer's uscita): seat 2 passes or opens for 1..5; after a
    pass seat 3 does the same; after ``open N`` seat 3 folds, calls or raises 1..5+2N (the pot
    after his call, P9)."""
    entry = next(e for e in ENTRIES if e["name"].startswith("poker: the opening round"))
    assert entry["counts"][:2] == [6, 6 + sum(2 + (5 + 2 * n) for n in range(1, 6))]
    assert position(entry).legal_actions() == ["pass"] + [f"open {n}" for n in range(1, 6)]


def test_P11_draw_counts_all_31_choices_of_each_seat():
    """Three seats in turn each serve or change 1-4 of five cards: 1 + 5 + 10 + 10 + 5 = 31."""
    entry = next(e for e in ENTRIES if e["name"].startswith("poker: the draw"))
    assert entry["counts"] == [31, 31**2, 31**3]
