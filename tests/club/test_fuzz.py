"""Bad input: mutated tournament records and entries give a clear refusal, never a traceback, and
an entry refused on a live tournament loses nothing."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.boston.tournament import simulate as boston_simulate
from pyapp.club.record import ClubRecordError, split_entry
from pyapp.club.tournament import Ledger, check_text
from pyapp.tressette.tournament import simulate as tressette_simulate

ALPHABET = ['"', "\\", " ", "\t", "#", "0", "1", "9", "-", "x", "é", "\u00a0", "\n", "=", ":", "1" * 30, "١"]


@pytest.fixture(scope="module")
def records() -> list[str]:
    t = tressette_simulate(teams=4, groups=1, seed=1)
    t.add(split_entry(f"cancel {len(t.record.entries)}"))  # the last entry: nothing after it depends on it
    b = boston_simulate(players=5, rounds=2, seed=2)
    return [t.text(), b.text()]


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(7)
    i = rng.randrange(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3 and lines[i]:
        k = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:k] + rng.choice(ALPHABET) + lines[i][k + 1 :]
    elif kind == 4:
        return text[: rng.randrange(len(text))]
    elif kind == 5:
        words = " ".join(rng.choice(lines).split()[: rng.randrange(1, 6)] + [rng.choice(ALPHABET)])
        lines.insert(i, words)
    else:
        lines[i] = " ".join(reversed(lines[i].split()))
    return "\n".join(lines)


def test_mutated_records_are_refused_with_line_and_reason(records: list[str]) -> None:
    rng = random.Random(20)
    refusals = 0
    for n in range(600):
        text = records[n % 2]
        for _ in range(rng.randint(1, 3)):
            text = mutate(text, rng)
        status, report = check_text(text, rng.choice(["it", "en"]))
        json.dumps(report)
        if status:
            refusals += 1
            assert report["valid"] is False
            assert isinstance(report["line"], int) and 0 <= report["line"] <= text.count("\n") + 1
            assert report["reason"] and "club." not in report["reason"]
        else:
            assert Ledger.read(Ledger.read(text).text()).text() == Ledger.read(text).text()
    assert refusals > 100


def test_mutated_entries_on_a_live_tournament_lose_nothing(records: list[str]) -> None:
    rng = random.Random(21)
    for text in records:
        book = Ledger.read(text)
        book.undo()  # a tournament still open at its end for Boston's last table, at least
        lines = [line for line in text.split("\n")[6:] if line.strip()]
        for _ in range(300):
            line = mutate(rng.choice(lines), rng).replace("\n", " ").strip() or "x"
            before, data = book.text(), json.dumps(book.to_json(), sort_keys=True)
            try:
                entry = split_entry(line)
                book.add(entry)
            except ClubRecordError as exc:
                assert exc.message("it") and exc.message("en")
                assert book.text() == before
                assert json.dumps(book.to_json(), sort_keys=True) == data
            else:
                assert book.text() != before
                book.undo()
                assert book.text() == before
