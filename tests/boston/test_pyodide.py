"""The Boston engine gives the same outcome in the pinned Pyodide (Node) as in CPython."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pyapp.boston.bots import BostonRuleBot
from pyapp.boston.rules import BostonState
from pyapp.core import play_out
from pyapp.record import read_record, write_record

pytestmark = pytest.mark.pyodide

RECORD = Path(__file__).with_name("worked_example.txt")

SCRIPT = r"""
import json, random
from pyapp.boston.bots import BostonRuleBot
from pyapp.boston.rules import BostonState
from pyapp.core import play_out
from pyapp.record import read_record, write_record

with open("/repo/tests/boston/worked_example.txt", encoding="utf-8") as fh:
    example = read_record(fh.read()).state.result()
game = play_out(BostonState(boston_suit="natural"), [BostonRuleBot()] * 4, random.Random(77))
print("REPORT " + json.dumps({"example": example, "record": write_record(game)}))
"""


def test_B13_same_results_in_pyodide():
    from pyodide_node import PyodideUnavailable, run_in_pyodide

    try:
        proc = run_in_pyodide(SCRIPT, timeout=300)
    except PyodideUnavailable as exc:
        pytest.skip(str(exc))
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("REPORT "))
    report = json.loads(line[7:])
    assert report["example"] == read_record(RECORD.read_text(encoding="utf-8")).state.result()
    game = play_out(BostonState(boston_suit="natural"), [BostonRuleBot()] * 4, random.Random(77))
    assert report["record"] == write_record(game)
