"""The tournament record as history: corrections, cancellations, undo, and refusals with their line."""

from __future__ import annotations

import pytest

from pyapp.club.record import ClubRecordError, Entry, split_entry
from pyapp.club.tournament import Ledger, check_text
from tests.club.helpers import FOUR_TEAMS, add, ledger, record, refused

GROUP = FOUR_TEAMS + "group A Assi Coppe Spade Bastoni\n"


def sheet(book: Ledger) -> list[object]:
    m = next(m for m in book.to_json()["groups"][0]["meetings"] if set(m["teams"]) == {"Assi", "Coppe"})
    return [e["points"] for s in m["sheets"] for e in s["events"] if e["kind"] == "hand"]


def test_correct_replaces_an_entry_in_place() -> None:
    book = ledger("tressette", GROUP)
    add(book, "hand Assi Coppe 1 6 5", "hand Assi Coppe 1 7 4", "hand Assi Coppe 1 3 8")
    number = len(book.record.entries) - 1  # the 7-4 hand
    add(book, f"correct {number} hand Assi Coppe 1 4 7")
    assert sheet(book) == [[6, 5], [4, 7], [3, 8]]
    assert f"correct {number} hand Assi Coppe 1 4 7" in book.text()
    assert "hand Assi Coppe 1 7 4" in book.text()  # nothing is lost
    statuses = book.statuses()
    assert statuses[number - 1].corrected_by == len(book.record.entries)
    assert statuses[-1].target == number


def test_cancel_strikes_an_entry_out() -> None:
    book = ledger("tressette", GROUP)
    add(book, "hand Assi Coppe 1 6 5", "hand Assi Coppe 1 7 4")
    n = len(book.record.entries)
    add(book, f"cancel {n}")
    assert sheet(book) == [[6, 5]]
    assert book.statuses()[n - 1].cancelled_by == n + 1
    refused(book, f"cancel {n}", "club.entry.already_cancelled")
    refused(book, f"correct {n} hand Assi Coppe 1 5 6", "club.entry.already_cancelled")
    refused(book, f"cancel {n + 1}", "club.entry.correct_correction")
    refused(book, f"cancel {n + 2}", "club.entry.no_such_entry")
    refused(book, "cancel 0", "club.entry.no_such_entry")
    refused(book, "cancel x", "club.entry.not_number")
    refused(book, "cancel", "club.entry.arity")
    refused(book, f"correct {n - 1} penalty Assi Coppe 1 Assi", "club.entry.correct_verb")


def test_a_correction_that_breaks_a_later_entry_is_refused_with_its_reason() -> None:
    book = ledger("tressette", GROUP)
    add(book, *["hand Assi Coppe 1 6 5"] * 6, "hand Assi Coppe 2 6 5")  # partita 1 ends 36-30
    first = len(book.record.entries) - 6
    error = refused(book, f"correct {first} hand Assi Coppe 1 0 11", "club.entry.breaks")
    # with 0-11 first, partita 1 ends 24-31 at its fifth hand: the sixth would come after the end
    assert error.params["number"] == first + 5
    assert "24–31" in error.message("en") and "T14" in error.message("it")
    error = refused(book, f"correct {first} hand Assi Coppe 1 12 0", "club.tressette.hand_points")
    assert error.text.startswith("correct ")


def test_undo_removes_the_last_entry_only() -> None:
    book = ledger("tressette", GROUP)
    before = book.text()
    add(book, "hand Assi Coppe 1 6 5")
    n = len(book.record.entries)
    add(book, f"cancel {n}")
    assert book.undo() == split_entry(f"cancel {n}")
    assert sheet(book) == [[6, 5]]
    assert book.undo() == split_entry("hand Assi Coppe 1 6 5")
    assert book.text() == before
    empty = Ledger.new("boston", {"rounds": 2})
    assert empty.undo() is None


def test_record_round_trip_after_corrections() -> None:
    book = ledger("tressette", GROUP)
    add(book, "hand Assi Coppe 1 6 5", "correct 6 hand Assi Coppe 1 5 6", "cancel 6")
    again = Ledger.read(book.text())
    assert again.text() == book.text()
    assert again.to_json() == book.to_json()


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        ("Club: serata\nGame: poker\n\n", 1, "club.entry.not_tournament"),
        ("Club: tournament\nGame: poker\n\n", 2, "club.entry.no_tournament"),
        ("Club: tournament\nGame: tressette\nOption: groups=0\n\n", 3, "club.entry.option"),
        ("Club: tournament\nGame: tressette\nOption: colour=red\n\n", 3, "club.entry.option"),
        ("Club: tournament\nGame: boston\nOption: rounds=x\n\n", 3, "club.entry.option"),
        ("Club: tournament\nGame: boston\n\nplayer A\nplay B\n", 5, "club.entry.unknown_verb"),
        (
            "Club: tournament\nGame: tressette\n\nteam A a b\n# note\nhand A B 1 6 5\n",
            6,
            "club.tressette.groups_first",
        ),
    ],
)
def test_refusals_name_the_line(text: str, line: int, key: str) -> None:
    with pytest.raises(ClubRecordError) as info:
        Ledger.read(text)
    assert (info.value.line, info.value.key) == (line, key)
    status, report = check_text(text, "en")
    assert status == 1 and report["line"] == line and report["valid"] is False
    assert "club." not in str(report["reason"])


def test_entries_made_in_code_have_no_line() -> None:
    book = ledger("boston", "player A")
    with pytest.raises(ClubRecordError) as info:
        book.add(Entry("player", ("a",)))
    assert info.value.line == 0
    assert info.value.message("it") == info.value.reason("it")


def test_check_text_valid() -> None:
    status, report = check_text(record("tressette", GROUP, groups=1), "en")
    assert status == 0 and report["valid"] is True and report["game"] == "tressette"
    assert report["complete"] is False and len(report["groups"][0]["meetings"]) == 6
