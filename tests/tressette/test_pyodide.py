"""The Tressette engine gives the same games in Pyodide (under Node) as in CPython."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.core import play_out
from pyapp.tressette.bots import ChitarrellaBot, RandomTressetteBot
from pyapp.tressette.rules import TressetteState

CODE = r"""
import json, random
from pyapp.core import play_out
from pyapp.record import read_record, write_record
from pyapp.tressette.bots import ChitarrellaBot, RandomTressetteBot
from pyapp.tressette.rules import TressetteState
out = []
for seed in range(3):
    s = TressetteState()
    play_out(s, [ChitarrellaBot(), RandomTressetteBot()] * 2, random.Random(seed))
    assert read_record(write_record(s)).state == s
    out.append([s.history[-1], s.result()])
print(json.dumps(out))
"""


@pytest.mark.pyodide
def test_same_matches_in_pyodide():
    pyodide_node = pytest.importorskip("pyodide_node")
    try:
        proc = pyodide_node.run_in_pyodide(CODE, timeout=300)
    except pyodide_node.PyodideUnavailable as exc:
        pytest.skip(str(exc))
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    expected = []
    for seed in range(3):
        s = TressetteState()
        play_out(s, [ChitarrellaBot(), RandomTressetteBot()] * 2, random.Random(seed))
        expected.append([s.history[-1], s.result()])
    assert got == json.loads(json.dumps(expected))
