"""The example record of docs/notation/boston.md is accepted by the checker."""

from __future__ import annotations

import re
from pathlib import Path

from pyapp.__main__ import check

DOC = Path(__file__).resolve().parents[2] / "docs" / "notation" / "boston.md"


def test_B11_notation_example_is_accepted(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```text\n(.*?)```", text, re.S)
    assert block is not None
    record = tmp_path / "example.txt"
    record.write_text(block.group(1), encoding="utf-8")
    status, report = check(str(record))
    assert status == 0 and report["valid"]
    hand = report["result"]["hands"][0]
    assert hand["contract"] == {"type": "accetto", "players": ["E", "S"], "needed": 8, "tricks": 9}
    assert hand["points"] == {"N": -3, "E": 3, "S": 3, "W": -3}
    assert hand["mani"] == {"N": -1, "E": 1, "S": 1, "W": -1}
