"""The poker evening gives the same state in the pinned Pyodide (Node) as in CPython."""

from __future__ import annotations

import json

import pytest

from pyapp.poker.serata.cli import judge
from pyapp.poker.serata.simulate import simulate

pytestmark = pytest.mark.pyodide

SCRIPT = r"""
import json
from pyapp.poker.serata.cli import judge
from pyapp.poker.serata.simulate import simulate

with open("/repo/docs/notation/examples/serata-two-tables.txt", encoding="utf-8") as fh:
    status, example = judge(fh.read(), "en")
print("REPORT " + json.dumps({"status": status, "example": example, "simulated": simulate(9, 5).text()}))
"""


def test_PE14_same_evening_in_pyodide() -> None:
    from pyodide_node import REPO, PyodideUnavailable, run_in_pyodide

    try:
        proc = run_in_pyodide(SCRIPT, timeout=300)
    except PyodideUnavailable as exc:
        pytest.skip(str(exc))
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("REPORT "))
    report = json.loads(line[7:])
    text = (REPO / "docs/notation/examples/serata-two-tables.txt").read_text(encoding="utf-8")
    assert (report["status"], report["example"]) == judge(text, "en")
    assert report["simulated"] == simulate(9, 5).text()
