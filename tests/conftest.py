"""Test-suite wide set-up: make ``tests/`` helpers (``pyodide_node``) and the repo root importable.

Browser fixtures live in ``tests/browser/conftest.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent

for path in (str(TESTS), str(REPO)):
    if path not in sys.path:
        sys.path.insert(0, path)
