"""The club record format: header, entries, quoting, round trips and refusals with their line."""

from __future__ import annotations

import random

import pytest

from pyapp.club.record import ClubRecord, ClubRecordError, Entry, quote, read, split_entry, write

SAMPLE = """Club: tournament
Game: tressette
Option: groups=2
Title: Torneo del martedì

team Assi "Mario Rossi" "Luigi Bianchi"
# a comment
team "Le \\"Spade\\"" Anna Bruno
"""


def test_read_sample() -> None:
    rec = read(SAMPLE)
    assert (rec.kind, rec.game) == ("tournament", "tressette")
    assert rec.options == {"groups": "2"}
    assert rec.tags == {"Title": "Torneo del martedì"}
    assert [e.verb for e in rec.entries] == ["team", "team"]
    assert rec.entries[0].args == ("Assi", "Mario Rossi", "Luigi Bianchi")
    assert rec.entries[1].args == ('Le "Spade"', "Anna", "Bruno")
    assert [e.line for e in rec.entries] == [6, 8]


def test_write_is_canonical_and_round_trips() -> None:
    rec = read(SAMPLE)
    text = write(rec)
    assert "# a comment" not in text
    again = read(text)
    assert write(again) == text
    assert again.entries == rec.entries


@pytest.mark.parametrize("arg", ["", " ", "a b", '"', "\\", "#x", "x#", "é", "a\tb", "\u00a0"])
def test_quote_round_trip(arg: str) -> None:
    entry = Entry("v", (arg, "z"))
    assert split_entry(str(entry)).args == (arg, "z")


def test_quote_bare_when_possible() -> None:
    assert quote("Assi") == "Assi"
    assert quote("Mario Rossi") == '"Mario Rossi"'


def test_random_entries_round_trip() -> None:
    rng = random.Random(7)
    alphabet = 'ab "\\#\t\u00a0é1'
    for _ in range(2000):
        args = tuple(
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 4))
        )
        entry = Entry("verb", args)
        rec = ClubRecord("serata", "poker", entries=[entry])
        assert read(write(rec)).entries == [entry]


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        ("", 0, "club.record.empty"),
        ("Game: tressette\n\nteam A b c\n", 1, "club.record.no_kind"),
        ("Club: party\nGame: x\n", 1, "club.record.unknown_kind"),
        ("Club: serata\n\nsignup A\n", 1, "club.record.no_game"),
        ("Club: serata\nGame: poker\nClub: serata\n", 3, "club.record.repeated_tag"),
        ("Club: serata\nGame: poker\nOption: a=1\nOption: a=2\n", 4, "club.record.repeated_option"),
        ("Club: serata\nGame: poker\nOption: a\n", 3, "club.record.bad_option"),
        ("Club: serata\nGame: poker\nnot a header\n", 3, "club.record.bad_header"),
        ('Club: serata\nGame: poker\n\nsignup "Anna\n', 4, "club.record.open_quote"),
        ('Club: serata\nGame: poker\n\nsignup "Anna"x\n', 4, "club.record.after_quote"),
        ('Club: serata\nGame: poker\n\nsignup An"na\n', 4, "club.record.stray_quote"),
    ],
)
def test_refusals_name_line_and_reason(text: str, line: int, key: str) -> None:
    with pytest.raises(ClubRecordError) as info:
        read(text)
    assert (info.value.line, info.value.key) == (line, key)
    for lang in ("it", "en"):
        message = info.value.message(lang)
        assert message and "club.record" not in message
        if line:
            assert str(line) in message


def test_bom_and_leading_blank_lines_are_ignored() -> None:
    rec = read("\ufeff\n\nClub: serata\nGame: poker\n\nsignup Anna\n")
    assert rec.entries == [Entry("signup", ("Anna",))]


def test_writer_refuses_unreadable_tags() -> None:
    with pytest.raises(ClubRecordError):
        write(ClubRecord("serata", "poker", tags={"Bad key": "x"}))
    with pytest.raises(ClubRecordError):
        write(ClubRecord("serata", "poker", tags={"Title": "two\nlines"}))
