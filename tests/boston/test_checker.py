"""``python3 -m pyapp check`` on Boston records: outcome printed, bad records refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RECORD = Path(__file__).with_name("worked_example.txt")


def check(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyapp", "check", "-", *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )


def test_B11_checker_prints_hands_and_standings():
    proc = check(RECORD.read_text(encoding="utf-8"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["valid"] and report["game"] == "boston" and report["complete"]
    assert report["options"] == {"boston_suit": "trump"}
    hands = report["result"]["hands"]
    assert [h["contract"]["type"] if h["contract"] else None for h in hands] == [
        "accetto",
        None,
        "solo",
        "chiedo",
        "solo",
    ]
    assert hands[0]["tricks"] == {"N": 2, "E": 1, "S": 8, "W": 2}
    assert hands[0]["points"] == {"N": -3, "E": 3, "S": 3, "W": -3}
    assert hands[0]["mani"] == {"N": -1, "E": 1, "S": 1, "W": -1}
    assert report["result"]["standings"][3] == {"seat": "W", "points": 23, "mani": 1, "place": 1}


def _lines() -> list[str]:
    return RECORD.read_text(encoding="utf-8").splitlines()


def _line_of(lines: list[str], prefix: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(prefix))


@pytest.mark.parametrize(
    ("mutate", "reason_it"),
    [
        # the first ACCETTO turned into a second CHIEDO
        (lambda ls: ls.__setitem__(_line_of(ls, "S accetto"), "S chiedo"), "CHIEDO"),
        # a revoke: the first play replaced by a card E does not hold
        (lambda ls: ls.__setitem__(_line_of(ls, "N passo") + 1, "E Ah"), "Non hai in mano"),
        # a shuffle with a card repeated
        (
            lambda ls: ls.__setitem__(_line_of(ls, "* shuffle"), ls[_line_of(ls, "* shuffle")][:-3] + " 7d"),
            "due volte",
        ),
    ],
)
def test_B10_checker_refuses_bad_record_with_line_action_reason(mutate, reason_it):
    lines = _lines()
    mutate(lines)
    proc = check("\n".join(lines) + "\n")
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    assert report["valid"] is False
    assert isinstance(report["line"], int) and report["line"] > 0
    assert lines[report["line"] - 1].split(" ", 1)[1] == report["action"]
    assert reason_it in report["reason"]
    assert proc.stderr.strip()


def test_B10_checker_refuses_a_revoke_in_english():
    lines = _lines()
    first_play = _line_of(lines, "N passo") + 1  # E leads the Qh (hearts are trump)
    follow = first_play + 1
    assert lines[first_play] == "E Qh" and lines[follow].startswith("S ")
    lines[follow] = "S 9c"  # S holds trumps (and the Boston): a revoke
    proc = check("\n".join(lines) + "\n", "--lang", "en")
    report = json.loads(proc.stdout)
    assert proc.returncode == 1 and report["line"] == follow + 1 and report["action"] == "9c"
    assert report["reason"] == "Trumps (hearts) were led and you still hold one: follow with a trump."


def test_checker_accepts_an_incomplete_game():
    lines = _lines()[:40]
    proc = check("\n".join(lines) + "\n")
    report = json.loads(proc.stdout)
    assert proc.returncode == 0 and report["valid"] and report["complete"] is False
    assert report["result"]["winners"] == []
