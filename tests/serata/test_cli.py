"""``python3 -m pyapp serata check|simulate``, found through Poker's spec (``club["serata"]``), and
``python3 -m pyapp club check`` judging an evening's record the same way."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from pyapp.__main__ import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "docs" / "notation" / "examples").glob("serata-*.txt"))


def run(*argv: str) -> tuple[int, dict[str, object]]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, json.loads(out.getvalue())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_checks_and_club_check_says_the_same(path: Path) -> None:
    status, report = run("serata", "check", str(path))
    assert status == 0 and report["valid"] is True and report["tables"]
    assert run("club", "check", str(path)) == (status, report)


def test_a_refused_entry_gives_line_and_rule(tmp_path: Path) -> None:
    text = EXAMPLES[0].read_text(encoding="utf-8").rstrip("\n") + "\nclose 25:99\n"
    bad = tmp_path / "bad.txt"
    bad.write_text(text, encoding="utf-8")
    lines = len(text.splitlines())
    status, report = run("serata", "check", str(bad), "--lang", "en")
    assert status == 1 and report["valid"] is False and report["line"] == lines
    assert report["entry"] == "close 25:99" and report["reason"]
    assert run("club", "check", str(bad), "--lang", "en")[0] == 1


def test_simulate_through_the_command_line() -> None:
    status, report = run("serata", "simulate", "--signups", "6", "--seed", "2", "--json")
    assert status == 0 and report["valid"] is True and len(report["players"]) == 6  # type: ignore[arg-type]


def test_the_command_is_listed_and_runs_in_a_fresh_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "-h"], capture_output=True, text=True, cwd=REPO, check=False
    )
    assert done.returncode == 0 and "serata" in done.stdout and "club" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "serata", "check", str(EXAMPLES[0])],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["valid"] is True


def test_the_notation_page_documents_every_entry_and_option() -> None:
    from pyapp.poker.serata.entries import VERBS
    from pyapp.poker.serata.model import OPTION_SPEC

    page = (REPO / "docs" / "notation" / "club.md").read_text(encoding="utf-8")
    section = page.split("\n## Poker evening (serata)\n", 1)[1].split("\n## ", 1)[0]
    for verb in VERBS:
        assert f"`{verb} " in section or f"`{verb}`" in section, f"{verb} is not documented"
    for option in OPTION_SPEC:
        assert f"`{option.name}`" in section
    assert not (REPO / "docs" / "notation" / "serata.md").exists()
