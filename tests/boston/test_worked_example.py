"""The worked example of the Boston rules (dealer N, then E, S, W), reproduced as a record."""

from __future__ import annotations

from pathlib import Path

from pyapp.record import read_record, write_record

from .make_worked_example import build

RECORD = Path(__file__).with_name("worked_example.txt")

# hand: (dealer, bids, contract type, contracting seats, tricks, points N E S W, mani N E S W)
TABLE = [
    ("N", "E chiedo, S accetto, W passo, N passo", "accetto", ["E", "S"], 9, (-3, 3, 3, -3), (-1, 1, 1, -1)),
    ("E", "S passo, W passo, N passo, E passo", None, None, None, None, None),
    ("E", "S solo", "solo", ["S"], 7, (8, 8, -24, 8), (1, 1, -1, 1)),
    ("S", "W chiedo, N passo, E passo, S passo", "chiedo", ["W"], 6, (-2, -2, -2, 6), (-1, -1, -1, 1)),
    ("W", "N chiedo, E accetto, S passo, W solo", "solo", ["W"], 8, (-4, -4, -4, 12), (0, 0, 0, 0)),
]


def test_B13_worked_example_hand_by_hand():
    result = read_record(RECORD.read_text(encoding="utf-8")).state.result()
    assert len(result["hands"]) == len(TABLE)
    for hand, (dealer, bids, kind, players, tricks, points, mani) in zip(result["hands"], TABLE, strict=True):
        assert hand["dealer"] == dealer
        assert ", ".join(f"{s} {b}" for s, b in hand["bids"]) == bids
        if kind is None:  # B5: four PASSO, redeal by the same dealer, not counted
            assert hand["counted"] is False and hand["contract"] is None
            continue
        assert hand["counted"] is True
        contract = hand["contract"]
        assert (contract["type"], contract["players"], contract["tricks"]) == (kind, players, tricks)
        assert tuple(hand["points"][s] for s in "NESW") == points
        assert tuple(hand["mani"][s] for s in "NESW") == mani
        assert sum(hand["points"].values()) == 0
        assert sum(hand["tricks"].values()) == 13


def test_B13_worked_example_totals_and_winner():
    state = read_record(RECORD.read_text(encoding="utf-8")).state
    result = state.result()
    assert result["complete"] and state.is_terminal()
    assert result["totals"]["points"] == {"N": -1, "E": 5, "S": -27, "W": 23}
    assert result["totals"]["mani"] == {"N": -1, "E": 1, "S": -1, "W": 1}
    assert [s["place"] for s in result["standings"]] == [3, 2, 4, 1]
    assert result["winners"] == ["W"]
    assert state.returns() == [-1, 5, -27, 23]


def test_worked_example_record_is_canonical_and_regenerates():
    text = RECORD.read_text(encoding="utf-8")
    record = read_record(text)
    assert write_record(record.state, record.tags) == text
    assert build() == text
