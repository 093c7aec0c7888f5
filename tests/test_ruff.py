"""Static checks: ``ruff check .``, ``ruff format --check .`` and ``mypy --strict`` are clean.

Settings live in pyproject.toml (``[tool.ruff]``; ``[tool.mypy]``: strict, over ``pyapp``,
``build.py`` and ``bench``, with the browser-only modules ``js``/``pyscript``/``pyodide``
untyped). A missing tool is a failure, not a skip: ``python3 build.py test`` installs them (the
``test`` extra of pyproject.toml).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    assert importlib.util.find_spec(tool) is not None, (
        f"{tool} is not installed: `python3 build.py test` installs it (pip install -e '.[test]')"
    )
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=REPO, capture_output=True, text=True)


def test_ruff_check_is_clean() -> None:
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_ruff_format_is_clean() -> None:
    done = _run("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_mypy_strict_is_clean() -> None:
    done = _run("mypy", "--strict", "--no-incremental")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
