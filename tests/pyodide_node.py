"""Run Python code inside the pinned Pyodide (Node 20) with the repository's ``pyapp`` importable.

Game tests and benchmarks use this to prove that the engine behaves the same on Pyodide as on
CPython::

    from pyodide_node import run_in_pyodide

    proc = run_in_pyodide("import pyapp; print(pyapp.__version__)")
    assert proc.returncode == 0, proc.stderr

``tests/conftest.py`` puts this folder on ``sys.path``, so the import works from every test
folder. The code runs as ``__main__`` through ``tests/node/pyrun.mjs``; the repository is
mounted read-only at ``/repo`` inside Pyodide, so scripts may read data files from there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYRUN = REPO / "tests" / "node" / "pyrun.mjs"
PYODIDE_MJS = REPO / "node_modules" / "pyodide" / "pyodide.mjs"


class PyodideUnavailable(RuntimeError):
    """Node or the pinned Pyodide package cannot be found (and ``npm ci`` could not fix it)."""


def ensure_pyodide() -> None:
    """Make sure ``node`` and ``node_modules/pyodide`` exist, running ``npm ci`` when needed."""
    if shutil.which("node") is None:
        raise PyodideUnavailable("node is not installed: install Node.js 20 to run Pyodide tests")
    if PYODIDE_MJS.exists():
        return
    if shutil.which("npm") is None:
        raise PyodideUnavailable("npm is not installed: cannot install the pinned Pyodide")
    done = subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=REPO, capture_output=True, text=True)
    if done.returncode != 0 or not PYODIDE_MJS.exists():
        raise PyodideUnavailable(f"npm ci failed: {done.stderr.strip()[-500:]}")


def run_in_pyodide(
    code: str, timeout: float = 300, args: list[str] | tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as a script in Pyodide; return the finished process (stdout, stderr, status).

    ``args`` become ``sys.argv[1:]``. The exit status is the script's (``sys.exit(n)``), 1 for an
    uncaught exception and 2 when Pyodide itself could not start. Raises
    ``subprocess.TimeoutExpired`` after ``timeout`` seconds and :class:`PyodideUnavailable` when
    Node or Pyodide is missing.
    """
    ensure_pyodide()
    fd, name = tempfile.mkstemp(prefix="pyrun-", suffix=".py")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(code)
        return subprocess.run(
            ["node", str(PYRUN), name, *args],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    finally:
        os.unlink(name)


if __name__ == "__main__":  # python3 tests/pyodide_node.py FILE.py [ARGS...]: handy by hand
    source = Path(sys.argv[1]).read_text(encoding="utf-8")
    result = run_in_pyodide(source, args=sys.argv[2:])
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    sys.exit(result.returncode)
