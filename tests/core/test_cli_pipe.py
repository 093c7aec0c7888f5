"""``python3 -m pyapp … | head -1``: a closed output pipe is no error for any command.

The reading end of standard output is closed before the command writes anything, so its first
write fails with ``EPIPE`` every time (no race with a reader that might still be there).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RECORD = "tests/boston/worked_example.txt"


def closed_pipe_run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python3 -m pyapp ARGS`` with standard output a pipe nobody reads any more."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "pyapp", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
            timeout=120,
        )
    finally:
        os.close(write_end)


def replay_link() -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "link", RECORD], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize(
    "args",
    [
        ("check", RECORD),
        ("link", RECORD),
        ("lessons",),
        ("lessons", "--check"),
        ("arena", "--game", "tressette", "--a", "easy", "--b", "random", "--deals", "1", "--work", "100"),
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_a_closed_output_pipe_is_no_traceback(args: tuple[str, ...]) -> None:
    done = closed_pipe_run(*args)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0, done.stderr[-2000:]


def test_check_keeps_its_status_and_says_why_on_stderr() -> None:
    link = replay_link()
    assert closed_pipe_run("check", "--link", link).returncode == 0
    damaged = closed_pipe_run("check", "--link", link[:-3] + ("AAA" if link[-3:] != "AAA" else "BBB"))
    assert damaged.returncode == 1 and damaged.stderr.strip() and "Traceback" not in damaged.stderr
