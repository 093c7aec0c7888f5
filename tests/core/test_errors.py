"""A refusal kept as plain data (``Refusal.data()``) says exactly what the refusal says, in each
language: a page keeps it so, and shows it again when the language changes."""

from __future__ import annotations

import json

import pytest

from pyapp.cards import Card
from pyapp.club.record import ClubRecordError
from pyapp.core import IllegalAction
from pyapp.errors import Msg, Refusal, SeatRef, SuitRef, as_data
from pyapp.games import new_game
from pyapp.i18n import LANGS, say
from pyapp.record import RecordError, read_record


def refusals() -> list[Refusal]:
    """Refusals of every shape: cards, seats, suits, nested messages and refusals, lines."""
    state = new_game("tressette")
    illegal: list[Refusal] = []
    try:
        state.apply("play 3d")
    except IllegalAction as exc:
        illegal.append(exc)
    try:
        read_record("Game: tressette\n\nN play 3d\n")
    except RecordError as exc:
        illegal.append(exc)
    assert len(illegal) == 2
    return [
        *illegal,
        IllegalAction("tressette.must_follow", suit=SuitRef("c"), card=Card.parse("3d")),
        IllegalAction("common.not_your_turn", seat=SeatRef("E"), expected=SeatRef("3")),
        ClubRecordError(0, "", "club.entry.not_number", what=Msg("club.what.points"), given="x"),
        ClubRecordError(7, "hand A B 12 0", "club.import.bad_record", reason=illegal[1]),
        ClubRecordError(
            3, "cancel 9", "club.entry.breaks", number=2, entry="x", reason=Msg("club.what.entry")
        ),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_refusal_data_says_the_same_in_every_language(lang: str) -> None:
    for refusal in refusals():
        data = refusal.data()
        assert json.loads(json.dumps(data)) == data  # plain data
        assert say(data, lang) == refusal.message(lang)


def test_data_of_a_parameter_renders_in_the_outer_language() -> None:
    outer = Msg("club.entry.not_number", {"what": Msg("club.what.points"), "given": "x"})
    data = as_data(outer)
    assert isinstance(data, dict)
    assert say(data, "it") != say(data, "en")
    assert say(data, "en") == outer.message("en")
    assert as_data(3) == 3 and as_data("x") == "x" and as_data(None) is None
    assert isinstance(as_data(object()), str)  # anything else is said as its text
