"""``python3 -m pyapp link FILE [--hand N] [--move M]`` and ``check --link LINK``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.__main__ import main
from pyapp.links import hand_record, read_link

from .helpers import record_of

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "match.txt"
    path.write_text(record_of("tressette", 31, "rule", 0), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(list(words))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_link_prints_a_relative_replay_link(match: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "link", str(match), "--hand", "2")
    assert status == 0
    link = out.strip()
    assert link.startswith("replay.html#v2.") and len(link) <= len("replay.html#") + 60
    assert read_link(link.split("#")[1]).record == hand_record(match.read_text(), 2)
    status, out, _ = run(capsys, "link", str(match), "--hand", "2", "--move", "7", "--at", "3")
    decoded = read_link(out.strip().split("#")[1])
    assert decoded.record == hand_record(match.read_text(), 2, 7) and decoded.position == 3
    status, out, _ = run(capsys, "link", str(match), "--base", "https://club.example/circolo")
    assert out.startswith("https://club.example/circolo/replay.html#v2.")


def test_check_link_prints_the_same_json_as_check_file(
    match: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(capsys, "link", str(match), "--hand", "3", "--move", "20")
    link = out.strip()
    hand_file = tmp_path / "hand.txt"
    hand_file.write_text(hand_record(match.read_text(), 3, 20), encoding="utf-8")
    status_file, json_file, _ = run(capsys, "check", str(hand_file))
    for given in (link, "#" + link.split("#")[1], "https://x.example/" + link):
        status, json_link, _ = run(capsys, "check", "--link", given)
        assert status == status_file == 0
        assert json.loads(json_link) == json.loads(json_file)
    report = json.loads(json_file)
    assert report["valid"] and report["actions"] == 20 and not report["complete"]


def test_bad_links_and_arguments_say_why(match: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "link", str(match), "--hand", "1")
    status, json_out, err = run(capsys, "check", "--link", out.strip() + "junk", "--lang", "en")
    report = json.loads(json_out)
    assert status == 1 and report["valid"] is False and "copy it again" in report["reason"]
    assert err.strip() == report["reason"]
    status, _, err = run(capsys, "link", str(match), "--hand", "99")
    assert status == 1 and "99" in err
    status, _, err = run(capsys, "link", str(match), "--hand", "1", "--move", "500", "--lang", "en")
    assert status == 1 and "no move 500" in err
    with pytest.raises(SystemExit):
        main(["link", str(match), "--hand", "-1"])
    capsys.readouterr()
    status, _, err = run(capsys, "link", str(match.with_name("missing.txt")))
    assert status == 2 and "missing.txt" in err


def test_the_real_command_line(match: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "link", str(match), "--hand", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    link = done.stdout.strip()
    checked = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", "--link", link],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0 and json.loads(checked.stdout)["game"] == "tressette"
