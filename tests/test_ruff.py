"""Static checks: ``ruff check .``, ``ruff format --check .`` and ``mypy --strict pyapp`` are clean.

Settings live in pyproject.toml (``[tool.ruff]``, ``[tool.mypy]``: strict, with the browser-only
modules ``js``/``pyscript``/``pyodide`` untyped).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True)


def test_ruff_check_is_clean() -> None:
    pytest.importorskip("ruff", reason="ruff is installed by `python3 build.py test`")
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_ruff_format_is_clean() -> None:
    pytest.importorskip("ruff", reason="ruff is installed by `python3 build.py test`")
    done = _run("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_mypy_strict_is_clean() -> None:
    pytest.importorskip("mypy", reason="mypy is installed by `python3 build.py test`")
    done = _run("mypy", "--strict", "--no-incremental", "pyapp")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
