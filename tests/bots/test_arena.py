"""The arena: duplicate deals (the same shuffles in every seating), reports and the command line."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from pyapp.arena import arena_of, mean_ci, play_game, run
from pyapp.bots import make_bot

GAMES = ("tressette", "boston", "poker")


@pytest.mark.parametrize("game", GAMES)
def test_every_seating_of_a_deal_gets_the_same_chance_outcomes(game: str) -> None:
    arena = arena_of(game)
    bots = {"A": make_bot(game, "easy"), "B": make_bot(game, "medium")}

    seen = []
    for seating in arena.seatings():
        outcome = play_game(arena, 3, 12345, seating, bots, random.Random(0))
        assert len(outcome.scores) == len(seating)
        seen.append(outcome)
    # every seating met the same lot and the same shuffles (a redeal or a new hand: the next ones)
    streams = [[c for c in o.chance if c.split()[0] in ("draw", "dealer", "shuffle")] for o in seen]
    longest = max(streams, key=len)
    assert all(stream == longest[: len(stream)] for stream in streams)
    assert all(stream for stream in streams)
    if game == "tressette":
        a, b = seen
        assert a.scores[0] + a.scores[1] == 11 and b.scores[0] + b.scores[1] == 11
    if game == "boston":
        assert all(abs(sum(o.scores)) < 1e-9 for o in seen)  # B11: every hand sums to zero


def test_arena_report_counts_deals_games_and_times() -> None:
    report = run("tressette", "easy", "medium", deals=3, seed=4)
    data = report.as_dict()
    assert data["deals"] == 3 and data["games"] == 6
    assert 0.0 <= data["win_rate"] <= 1.0
    assert data["win_rate_ci"][0] <= data["win_rate"] <= data["win_rate_ci"][1]
    assert data["ms_per_move_a"]["moves"] == data["ms_per_move_b"]["moves"] == 6 * 20
    assert abs(data["mean_a"] + data["mean_b"] - 11) < 1e-9  # the team points of a hand sum to 11
    assert "A wins" in report.text()
    again = run("tressette", "easy", "medium", deals=3, seed=4).as_dict()
    assert again["mean_a"] == data["mean_a"]  # the same seed, the same deals and decisions


def test_mean_ci() -> None:
    mean, lo, hi = mean_ci([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and lo < 0.5 < hi
    assert mean_ci([2.0]) == (2.0, 2.0, 2.0)


def test_arena_command_line_prints_json() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyapp",
            "arena",
            "--game",
            "boston",
            "--a",
            "easy",
            "--b",
            "medium",
            "--deals",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "boston" and data["deals"] == 1 and data["games"] == 4
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyapp",
            "arena",
            "--game",
            "boston",
            "--a",
            "easy",
            "--b",
            "medium",
            "--deals",
            "0",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "--deals" in bad.stderr
