"""Saves written before the v2 engine contract (older spellings of legal actions) still load.

``read_record`` refuses a non-canonical spelling; ``read_record(text, migrate=True)`` and
``TableSession.load`` read it in its canonical spelling and count it, and the next save is
canonical.
"""

from __future__ import annotations

import random

import pytest

from pyapp.games import new_game
from pyapp.record import RecordError, read_record, write_record
from pyapp.session import TableSession


def _poker_record_with_rebuys() -> str:
    """A poker session (bots only) whose record holds at least one ``rebuy 1``."""
    for seed in range(200):
        options: dict[str, str | int] = {"players": 4, "passata": 10, "ante": 2, "hands": 12}
        session = TableSession.new("poker", humans=(), options=options, rng=random.Random(seed))
        while not session.state.is_terminal():
            session.step()
        text = session.save()
        if "\n1 rebuy 1\n" in text or " rebuy 1\n" in text:
            return text
    pytest.fail("no generated session bought a second passata")


def _old_spelling(text: str) -> str:
    """The same record as the pre-v2 engine wrote it: a bare ``rebuy`` for one passata."""
    return text.replace(" rebuy 1\n", " rebuy\n")


def test_old_spellings_are_refused_by_the_strict_reader() -> None:
    old = _old_spelling(_poker_record_with_rebuys())
    with pytest.raises(RecordError) as caught:
        read_record(old)
    assert caught.value.key == "common.non_canonical"
    assert "rebuy 1" in caught.value.reason("en")


def test_a_pre_v2_save_loads_in_canonical_spelling_and_saves_canonically() -> None:
    canonical = _poker_record_with_rebuys()
    old = _old_spelling(canonical)
    assert old != canonical
    session = TableSession.load(old)
    assert session.migrated == old.count(" rebuy\n")
    assert session.save() == canonical
    assert TableSession.load(canonical).migrated == 0


def test_migration_never_turns_an_illegal_action_into_a_legal_one() -> None:
    rng = random.Random(5)
    state = new_game("tressette")
    while state.legal_actions() == [] and not state.is_terminal():  # lot and shuffle
        state.apply(state.chance_sample(rng))
    assert "cut 17" in state.legal_actions()
    cutter = state.seat_label(state.current_player())
    head = write_record(state)
    migrated = read_record(head + f"{cutter} cut 017\n", migrate=True)
    assert migrated.migrated == 1 and migrated.state.history[-1] == "cut 17"
    for bad in ("cut 099", "cut 40", "cut ³"):  # out of range or no number at all: still refused
        with pytest.raises(RecordError):
            read_record(head + f"{cutter} {bad}\n", migrate=True)
