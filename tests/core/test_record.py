"""The record format and the checker, on the test-only toy game (games test their own records)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.core import IllegalAction, OptionError, RandomBot, play_out
from pyapp.record import RecordError, TagError, read_record, write_record
from tests.core.toygame import ToyState

ROOT = Path(__file__).resolve().parents[2]


def played(seed: int, **options: str | int) -> ToyState:
    return play_out(ToyState(**options), [RandomBot(), RandomBot()], random.Random(seed))  # type: ignore[return-value]


def test_write_then_read_round_trips_exactly() -> None:
    for seed in range(20):
        state = played(seed, rounds=2)
        text = write_record(state, {"Event": "prova"})
        record = read_record(text)
        assert record.state == state
        assert record.tags == {"Event": "prova"}
        assert write_record(record.state, record.tags) == text


def test_record_layout() -> None:
    text = write_record(played(1))
    lines = text.splitlines()
    assert lines[0] == "Game: toy"
    assert lines[1:3] == ["Option: rounds=1", "Option: style=plain"]
    assert lines[3] == ""
    assert lines[4].startswith("* shuffle ")
    assert lines[5].startswith("1 take ")


def test_comments_and_blank_lines_are_ignored() -> None:
    text = write_record(played(2))
    head, body = text.split("\n\n", 1)
    noisy = "# a comment\n" + head + "\n\n# body comment\n\n" + body.replace("\n", "\n\n")
    assert read_record(noisy).state == read_record(text).state


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        ("", 1, "common.record.empty"),
        ("Option: rounds=1\n", 1, "common.record.no_game"),
        ("Game: chess\n", 1, "common.record.unknown_game"),
        ("Game: toy\nnot a header\n", 2, "common.record.bad_header"),
        ("Game: toy\nOption: rounds\n", 2, "common.record.bad_option"),
        ("Game: toy\nOption: rounds=9\n", 2, "common.option.range"),
        ("Game: toy\nEvent: x\nOption: colour=red\n", 3, "common.option.unknown"),
        ("Game: toy\nOption: rounds=1\nOption: rounds=2\n", 3, "common.record.repeated_option"),
        ("Game: toy\nEvent: x\nEvent: y\n", 3, "common.record.repeated_tag"),
        ("Game: toy\nGame: toy\n", 2, "common.record.repeated_tag"),
        ("Game: toy\nOption: rounds=\u0662\n", 2, "common.option.non_canonical"),
        ("Game: toy\nOption: rounds=\u00b3\n", 2, "common.option.not_number"),
        ("Game: toy\nOption: style=baroque\n", 2, "common.option.choice"),
        ("Event: x\nGame: toy\n", 1, "common.record.no_game"),
        ("Game: toy\n\nx chess\n", 3, "common.record.wrong_actor"),
        ("Game: toy\n\n1 take Ad\n", 3, "common.record.wrong_actor"),
        ("Game: toy\n\n* shuffle Ad 2d 3d 3d\n", 3, "common.unknown_action"),
        ("Game: toy\n\n*\n", 3, "common.record.bad_line"),
    ],
)
def test_bad_records_say_line_action_and_reason(text: str, line: int, key: str) -> None:
    with pytest.raises(RecordError) as info:
        read_record(text)
    err = info.value
    assert (err.line, err.key) == (line, key)
    assert f"{line}" in err.message("it") and f"{line}" in err.message("en")
    assert err.reason("it") != err.reason("en")


def test_blanks_bom_and_tabs_are_layout() -> None:
    text = "\ufeffGame: toy\n\n*\tshuffle  Ad 2d\t4d 3d\n1 \t take 2d \n"
    state = read_record(text).state
    assert state.history == ["shuffle Ad 2d 4d 3d", "take 2d"]
    assert write_record(state).endswith("* shuffle Ad 2d 4d 3d\n1 take 2d\n")


def test_no_break_and_other_unicode_spaces_are_blanks_too() -> None:
    """A record pasted from a web page or a chat: U+00A0, U+2009 or U+3000 between the actor and
    the action is a blank like any other, not part of the actor's label ("attributed to 1 take")."""
    text = "Game: toy\n\n*\u00a0shuffle\u2009Ad 2d 4d 3d\u00a0\n\u30001\u3000take\u00a02d\n"
    state = read_record(text).state
    assert state.history == ["shuffle Ad 2d 4d 3d", "take 2d"]
    assert write_record(state).endswith("* shuffle Ad 2d 4d 3d\n1 take 2d\n")


def test_option_errors_name_their_line_in_both_languages() -> None:
    with pytest.raises(RecordError) as info:
        read_record("Game: toy\nEvent: x\nOption: rounds=7\n")
    err = info.value
    assert (err.line, err.action) == (3, "Option: rounds=7")
    assert "compreso tra 1 e 3" in err.reason("it") and "between 1 and 3" in err.reason("en")
    with pytest.raises(RecordError) as info:
        read_record("Game: toy\nOption: style=baroque\n")
    assert "valori ammessi" in info.value.reason("it") and "expected" not in info.value.reason("it")


@pytest.mark.parametrize(
    ("key", "value"),
    [("Bad key", "x"), ("Key:", "x"), ("Game", "x"), ("Option", "x"), ("", "x"), ("Città", "x")]
    + [("Event", v) for v in ("a\nb", "a\u2028b", "a\u0085b", "a\rb", " lead", "trail ", "a\x0bb", "a\x1cb")],
)
def test_write_record_refuses_tags_it_cannot_read_back(key: str, value: str) -> None:
    with pytest.raises(TagError) as info:
        write_record(played(1), {key: value})
    assert info.value.message("it") != info.value.message("en")


def test_written_tags_read_back() -> None:
    tags = {"Event": "Torneo: finale (2026)", "Site-2": "Circolo \u00e8 bello", "X_y": ""}
    text = write_record(played(1), tags)
    assert read_record(text).tags == tags and write_record(read_record(text).state, tags) == text


def test_illegal_move_in_record_is_reported_with_its_rule_reason() -> None:
    state = played(3)
    text = write_record(state)
    body_lines = text.splitlines()
    # Replace the first take by a card that is not among the top two.
    shuffle = body_lines[4].split()[2:]
    body_lines[5] = f"1 take {shuffle[3]}"
    with pytest.raises(RecordError) as info:
        read_record("\n".join(body_lines) + "\n")
    assert info.value.line == 6
    assert info.value.action == f"take {shuffle[3]}"
    assert isinstance(info.value.illegal, IllegalAction)


def test_moves_after_the_end_are_refused() -> None:
    text = write_record(played(4)) + "1 take Ad\n"
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.key == "common.game_over"


def test_options_are_validated() -> None:
    with pytest.raises(OptionError):
        ToyState(rounds=0)
    with pytest.raises(OptionError):
        ToyState(style="baroque")
    with pytest.raises(OptionError):
        ToyState(colour="red")
    assert ToyState(rounds="2").options == {"rounds": 2, "style": "plain"}


def test_state_is_unchanged_by_a_refused_action() -> None:
    state = ToyState()
    state.apply("shuffle Ad 2d 3d 4d")
    before = (list(state.history), list(state.stock))
    assert not state.can("take 4d")
    with pytest.raises(IllegalAction):
        state.apply("take 4d")
    assert (state.history, state.stock) == before


def checker(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys; from pyapp import games; from tests.core.conftest import TOY; games.register(TOY);"
        "from pyapp.__main__ import main; sys.exit(main(sys.argv[1:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_checker_prints_outcome_as_json(tmp_path: Path) -> None:
    state = played(5)
    path = tmp_path / "game.txt"
    path.write_text(write_record(state), encoding="utf-8")
    proc = checker(["check", str(path)])
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["valid"] and report["complete"] and report["game"] == "toy"
    assert report["result"] == {"sums": state.returns()}


def test_checker_reads_stdin_and_reports_errors_without_traceback() -> None:
    proc = checker(["check", "-", "--lang", "en"], stdin="Game: toy\n\n* shuffle Ad\n")
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    assert report["valid"] is False and report["line"] == 3 and report["action"] == "shuffle Ad"
    assert "Traceback" not in proc.stderr and "line 3" in proc.stderr


def test_checker_on_missing_file_fails_cleanly(tmp_path: Path) -> None:
    proc = checker(["check", str(tmp_path / "nope.txt")])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_checker_accepts_bom_tabs_and_names_repeated_options(tmp_path: Path) -> None:
    text = write_record(played(6))
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("* shuffle ", "*\tshuffle ").encode("utf-8"))
    proc = checker(["check", str(path)])
    assert proc.returncode == 0, proc.stdout
    repeated = text.replace("Option: style=plain\n", "Option: style=plain\nOption: rounds=2\n")
    proc = checker(["check", "-", "--lang", "it"], stdin=repeated)
    report = json.loads(proc.stdout)
    assert proc.returncode == 1 and report["line"] == 4 and "riga 2" in report["reason"]
    assert report["action"] == "Option: rounds=2"


def test_checker_into_a_closed_pipe_prints_no_traceback(tmp_path: Path) -> None:
    """``python3 -m pyapp check FILE | head -1``: the reader goes away; no BrokenPipeError."""
    path = tmp_path / "game.txt"
    path.write_text(write_record(played(7)), encoding="utf-8")
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before the checker writes
    code = (
        "import sys; from pyapp import games; from tests.core.conftest import TOY; games.register(TOY);"
        "from pyapp.__main__ import main; sys.exit(main(sys.argv[1:]))"
    )
    try:
        proc = subprocess.run(
            [sys.executable, "-c", code, "check", str(path)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, proc.stderr
    assert proc.returncode == 0
