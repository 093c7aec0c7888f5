"""Pinned links: links made today must open the same records tomorrow.

A link numbers each action by its place among the legal actions in the engine's documented order
(and Tressette leads by the declaration weights of :mod:`pyapp.links`). If one of these tests
fails after an engine change, links already shared would open the wrong game: keep the order, or
give the link format a new version (``v3.``) and keep reading ``v2.`` links the old way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyapp.links import game_link, hand_link, read_link

GOLDEN = Path(__file__).resolve().parent / "golden"
PINNED = [line.split(" ", 1) for line in (GOLDEN / "links.txt").read_text().splitlines()]


@pytest.mark.parametrize(("name", "link"), PINNED)
def test_pinned_link_opens_its_record_and_is_made_again(name: str, link: str) -> None:
    record = (GOLDEN / name).read_text(encoding="utf-8")
    decoded = read_link(link)
    assert decoded.record == record
    made = hand_link(record, 1) if decoded.kind == "hand" else game_link(record)
    assert made == link
