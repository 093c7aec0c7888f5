"""Shared helpers of the club tests: records from entry lines, refusals that change nothing."""

from __future__ import annotations

import json
import textwrap

import pytest

from pyapp.club.record import ClubRecordError, split_entry
from pyapp.club.tournament import Ledger

FOUR_TEAMS = """
team Assi "Mario Rossi" "Luigi Bianchi"
team Coppe "Anna Verdi" "Bruno Neri"
team Spade "Carla Gialli" "Dario Blu"
team Bastoni "Elena Rosa" "Franco Viola"
"""


def record(game: str, body: str, **options: object) -> str:
    """A tournament record of ``game`` with ``options`` and the entry lines of ``body``."""
    head = f"Club: tournament\nGame: {game}\n" + "".join(f"Option: {k}={v}\n" for k, v in options.items())
    return head + "\n" + textwrap.dedent(body).strip() + "\n"


def ledger(game: str, body: str, **options: object) -> Ledger:
    """The ledger of :func:`record` (every entry must be accepted)."""
    return Ledger.read(record(game, body, **options))


def add(book: Ledger, *lines: str) -> None:
    """Add entry lines (each must be accepted)."""
    for line in lines:
        book.add(split_entry(line))


def refused(book: Ledger, line: str, key: str) -> ClubRecordError:
    """Add ``line``, expect the refusal ``key``, and check that nothing changed (text and JSON)."""
    before_text, before_json = book.text(), json.dumps(book.to_json(), sort_keys=True)
    with pytest.raises(ClubRecordError) as info:
        book.add(split_entry(line))
    assert info.value.key == key, info.value.message("en")
    assert book.text() == before_text
    assert json.dumps(book.to_json(), sort_keys=True) == before_json
    for lang in ("it", "en"):
        message = info.value.message(lang)
        assert message and "club." not in message, message
    return info.value


def win(a: str, b: str, number: int, first_wins: bool = True) -> list[str]:
    """Hand entries of a partita ``a``-``b`` won 36-30 by ``a`` (or by ``b``): six hands 6-5."""
    pa, pb = (6, 5) if first_wins else (5, 6)
    return [f"hand {a} {b} {number} {pa} {pb}"] * 6


def group_of(book: Ledger, name: str = "A") -> dict[str, object]:
    """The JSON of group ``name``."""
    return next(g for g in book.to_json()["groups"] if g["name"] == name)
