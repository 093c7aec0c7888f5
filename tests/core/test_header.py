"""The header both plain-text records share (pyapp/header.py): lines, keys, comments, the body's start."""

from __future__ import annotations

from pyapp.header import body_start, header_lines, is_key, record_lines, split_option


def test_header_lines_skip_blanks_and_comments_and_stop_at_the_first_blank_line() -> None:
    lines = record_lines("\ufeff\n\nGame: x\n# a comment\n  Option : a = 1 \nbad line\n\nbody: not header\n")
    items = list(header_lines(lines))
    assert [(i.number, i.key, i.value) for i in items] == [
        (3, "Game", "x"),
        (5, "Option", "a = 1"),
        (6, "", ""),
    ]
    assert items[2].text == "bad line"
    assert body_start(lines) == 6 and lines[body_start(lines)] == ""


def test_keys_and_options() -> None:
    assert is_key("Event") and is_key("A-b_2") and not is_key("2a") and not is_key("é") and not is_key("")
    assert (
        split_option(" a = 1 ") == ("a", "1") and split_option("a") is None and split_option("=") == ("", "")
    )
    assert list(header_lines(record_lines("Ké: v\n")))[0].key == ""
    assert body_start(record_lines("")) == 0 and list(header_lines([])) == []
