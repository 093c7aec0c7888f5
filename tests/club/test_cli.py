"""``python3 -m pyapp club check``: the examples and fixtures, refusals with their line, the notation page."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from pyapp.__main__ import main
from pyapp.club.event import games_with
from pyapp.club.tournament import KIND, tournament_class

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "docs" / "notation" / "examples").glob("club*.txt")) + sorted(
    (REPO / "tests" / "data").glob("club*.txt")
)


def run(*argv: str) -> tuple[int, dict[str, object]]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv))
    return status, json.loads(out.getvalue())


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_and_fixtures_check(path: Path) -> None:
    status, report = run("club", "check", str(path))
    assert status == 0, report
    assert report["valid"] is True and report["complete"] is True


def test_examples_exist() -> None:
    names = {p.name for p in EXAMPLES}
    assert {"club-tressette.txt", "club-boston.txt"} <= names


def test_bad_entry_exit_1_with_line_and_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.txt"
    text = (REPO / "docs/notation/examples/club-tressette.txt").read_text(encoding="utf-8")
    text = text.replace("hand Spade Assi 1 8 3", "hand Spade Assi 1 12 0")
    path.write_text(text, encoding="utf-8")
    line = text.split("\n").index("hand Spade Assi 1 12 0") + 1
    status, report = run("club", "check", str(path), "--lang", "en")
    assert status == 1
    assert report == {
        "valid": False,
        "line": line,
        "entry": "hand Spade Assi 1 12 0",
        "reason": report["reason"],
    }
    assert "T12" in str(report["reason"]) and "11" in str(report["reason"])
    assert f"line {line}" in capsys.readouterr().err


def test_unreadable_file_exit_2(tmp_path: Path) -> None:
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00")
    status, report = run("club", "check", str(tmp_path / "bin.txt"))
    assert status == 2 and report["valid"] is False
    status, report = run("club", "check", str(tmp_path / "missing.txt"))
    assert status == 2


def test_check_reads_standard_input() -> None:
    text = (REPO / "docs/notation/examples/club-boston.txt").read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "club", "check", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "boston"
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("game", games_with(KIND))
def test_notation_page_lists_every_entry_and_option(game: str) -> None:
    page = (REPO / "docs" / "notation" / "club.md").read_text(encoding="utf-8")
    title = {"tressette": "## Tressette tournament", "boston": "## Boston tournament"}[game]
    section = page.split(title, 1)[1].split("\n## ", 1)[0]
    rules = tournament_class(game)
    for verb in rules.verbs:
        assert re.search(rf"`{verb}( |`)", section), f"{verb} is not documented for {game}"
    for option in rules.option_spec:
        assert f"`{option.name}`" in section
    for verb in ("correct N", "cancel N"):
        assert verb in page
