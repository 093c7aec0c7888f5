"""Links are the same in Pyodide (under Node) as in CPython: written there, read here, and back."""

from __future__ import annotations

import json

import pytest

from pyapp.links import game_link, hand_link, read_link
from tests.links.helpers import record_of

CODE = r"""
import json, sys
from pyapp.links import game_link, hand_link, read_link
given = json.loads({payload!r})
out = {{"made": [], "read": []}}
for text in given["records"]:
    out["made"].append([hand_link(text, 2), hand_link(text, 3, moves=4, at=2), game_link(text, moves=60)])
for link in given["links"]:
    out["read"].append(read_link(link).record)
print(json.dumps(out))
"""


@pytest.mark.pyodide
def test_links_made_and_read_in_pyodide_match_cpython() -> None:
    pyodide_node = pytest.importorskip("pyodide_node")
    records = [record_of(game, 3, "rule", 0) for game in ("tressette", "boston", "poker")]
    links = [hand_link(text, 1) for text in records] + [game_link(records[0], moves=100)]
    payload = json.dumps({"records": records, "links": links})
    try:
        proc = pyodide_node.run_in_pyodide(CODE.format(payload=payload), timeout=300)
    except pyodide_node.PyodideUnavailable as exc:
        pytest.skip(str(exc))
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["made"] == [
        [hand_link(text, 2), hand_link(text, 3, moves=4, at=2), game_link(text, moves=60)] for text in records
    ]
    assert got["read"] == [read_link(link).record for link in links]
