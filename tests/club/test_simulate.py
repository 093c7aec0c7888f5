"""Whole tournaments played by the medium computer players: complete and consistent (TT1-TT6, BT1-BT3)."""

from __future__ import annotations

import io
import itertools
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from pyapp.__main__ import main
from pyapp.club.tournament import check_text


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv))
    return status, out.getvalue()


@pytest.fixture(scope="module")
def tressette(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], str]:
    path = tmp_path_factory.mktemp("sim") / "t.txt"
    status, out = run(
        "club",
        "simulate",
        "--game",
        "tressette",
        "--teams",
        "16",
        "--groups",
        "4",
        "--seed",
        "7",
        "--json",
        "--record",
        str(path),
    )
    assert status == 0
    return json.loads(out), path.read_text(encoding="utf-8")


def test_TT2_TT4_simulated_tournament_of_16_teams_in_4_groups(
    tressette: tuple[dict[str, object], str],
) -> None:
    data, _ = tressette
    assert data["game"] == "tressette" and data["valid"] is True and data["complete"] is True
    groups = data["groups"]
    assert len(groups) == 4 and sorted(len(g["teams"]) for g in groups) == [4, 4, 4, 4]
    assert sorted(t for g in groups for t in g["teams"]) == sorted(t["name"] for t in data["teams"])
    for group in groups:
        pairs = [frozenset(m["teams"]) for m in group["meetings"]]
        assert sorted(map(sorted, pairs)) == sorted(
            map(sorted, map(frozenset, itertools.combinations(group["teams"], 2)))
        )
        for m in group["meetings"]:
            assert set(m) >= {"teams", "partite", "winner", "points"}
            a, b = m["points"]
            assert sorted((a, b)) in ([0, 2], [1, 2])  # best of three stops at two wins (TT3)
            assert m["winner"] == m["teams"][0 if a > b else 1]
            wins = [sum(1 for p in m["partite"] if p[s] > p[1 - s]) for s in (0, 1)]
            assert wins == m["points"]  # TT4
            for p in m["partite"]:
                assert max(p) >= 31 and p[0] != p[1]  # T14
        rows = group["standings"]
        assert [
            set(r) >= {"team", "points", "partite_won", "partite_lost", "scored", "conceded"} for r in rows
        ] == [True] * 4
        assert sum(r["partite_won"] for r in rows) == sum(r["partite_lost"] for r in rows)
        assert (
            sum(r["scored"] for r in rows)
            == sum(r["conceded"] for r in rows)
            == sum(sum(p) for m in group["meetings"] for p in m["partite"])
        )
        for r in rows:
            assert r["points"] == r["partite_won"]
            assert r["played"] == 3
        assert [r["rank"] for r in rows] == [1, 2, 3, 4]  # every tie drawn by lot
        assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
        assert group["ties"] == []


def test_simulated_record_checks_to_the_same_standings(
    tressette: tuple[dict[str, object], str], tmp_path: Path
) -> None:
    data, text = tressette
    status, report = check_text(text)
    assert status == 0
    assert report == data
    path = tmp_path / "club-sim.txt"
    path.write_text(text, encoding="utf-8")
    status, out = run("club", "check", str(path), "--lang", "en")
    assert status == 0 and json.loads(out) == data


def test_TT6_simulated_knockout() -> None:
    status, out = run(
        "club",
        "simulate",
        "--game",
        "tressette",
        "--teams",
        "8",
        "--groups",
        "2",
        "--knockout",
        "2",
        "--seed",
        "3",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    knockout = data["knockout"]
    assert len(knockout["rounds"]) == 2 and knockout["champion"] in [t["name"] for t in data["teams"]]
    assert data["complete"] is True
    final = knockout["rounds"][-1][0]
    assert final["winner"] == knockout["champion"] and final["complete"] is True


@pytest.mark.parametrize(("players", "rounds", "seating"), [(12, 3, "lot"), (10, 3, "standings")])
def test_BT1_BT3_simulated_boston_tournament(players: int, rounds: int, seating: str) -> None:
    status, out = run(
        "club",
        "simulate",
        "--game",
        "boston",
        "--players",
        str(players),
        "--rounds",
        str(rounds),
        "--seating",
        seating,
        "--seed",
        "5",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "boston" and data["complete"] is True and len(data["rounds"]) == rounds
    games = dict.fromkeys(data["players"], 0)
    byes = dict.fromkeys(data["players"], 0)
    points = dict.fromkeys(data["players"], 0)
    mani = dict.fromkeys(data["players"], 0)
    for rnd in data["rounds"]:
        assert len(rnd["byes"]) == players % 4  # BT2: no table of three or five
        seated = [p for t in rnd["tables"] for p in t["players"]] + rnd["byes"]
        assert sorted(seated) == sorted(data["players"])
        for table in rnd["tables"]:
            assert len(table["players"]) == 4 and len(table["points"]) == 4 and len(table["mani"]) == 4
            assert sum(table["points"]) == 0  # every game sums to zero (B11)
            assert sum(1 for h in table["hands"] if h["counted"]) == 4  # BT1
            for p, pts, m in zip(table["players"], table["points"], table["mani"], strict=True):
                games[p] += 1
                points[p] += pts
                mani[p] += m
        for p in rnd["byes"]:
            byes[p] += 1
    rows = data["standings"]
    assert [set(r) >= {"player", "points", "mani", "wins"} for r in rows] == [True] * players
    for r in rows:
        assert r["games"] + r["byes"] == rounds
        assert (r["points"], r["mani"], r["games"], r["byes"]) == (
            points[r["player"]],
            mani[r["player"]],
            games[r["player"]],
            byes[r["player"]],
        )
    keys = [(r["points"], r["mani"], r["wins"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert [r["rank"] for r in rows] == list(range(1, players + 1))
    if players % 4:
        assert max(byes.values()) - min(byes.values()) <= 1


def test_simulate_refuses_settings_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["club", "simulate", "--game", "tressette", "--players", "5"]) == 2
    assert "--players" in capsys.readouterr().err
    assert main(["club", "simulate", "--game", "tressette", "--teams", "3", "--groups", "2"]) == 2
    assert "TT2" in capsys.readouterr().err
    assert main(["club", "simulate", "--game", "boston", "--players", "3"]) == 2
    assert (
        main(
            [
                "club",
                "simulate",
                "--game",
                "boston",
                "--level",
                "grandmaster",
                "--players",
                "4",
                "--rounds",
                "1",
            ]
        )
        == 2
    )


def test_simulate_prints_the_record_by_default() -> None:
    status, out = run(
        "club", "simulate", "--game", "boston", "--players", "4", "--rounds", "1", "--seed", "1"
    )
    assert status == 0 and out.startswith("Club: tournament\nGame: boston\n")
    assert check_text(out)[0] == 0
