"""The viewer's boundary (pyapp.links.session): replays at any move with every hand, stops, hand
ends, the links it makes, "play on from here", and sharing helpers for a table's game."""

from __future__ import annotations

import random

import pytest

from pyapp.links import LinkError, hand_spans, read_link
from pyapp.links.legacy import encode_fragment
from pyapp.links.session import (
    ReplaySession,
    cards_of,
    game_fragment,
    hand_fragment_of,
    hands_of,
    open_link,
    open_text,
)
from pyapp.record import RecordError, read_record
from pyapp.session import TableSession

from .helpers import record_of


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_any_move_shows_the_state_and_every_hand(game: str) -> None:
    text = record_of(game, 8, "rule", 0)
    full = read_record(text).state
    session = ReplaySession.from_record(text)
    rng = random.Random(8)
    for position in sorted(rng.sample(range(session.total + 1), 12)) + [0, session.total, 5, 4]:
        at = session.at_move(position)
        reference = type(full).replay(full.history[:position], **full.options)
        assert at.state.history == reference.history
        snap = at.snapshot("en")
        assert snap["replay"]["position"] == position and snap["replay"]["total"] == session.total
        for seat in range(full.num_players):
            assert snap["hands"][full.seat_label(seat)] == cards_of(reference, seat)
        if position:
            assert snap["replay"]["last_action"]["action"] == full.history[position - 1]
    ends = session.hand_ends()
    spans = hand_spans(full)
    assert ends == [s.end for s in spans if s.complete]
    assert all(session.at_move(end).snapshot()["replay"]["hand_end"] for end in ends)
    stops = session.stops()
    assert stops == sorted(set(stops)) and stops[-1] == session.total and set(ends) <= set(stops)


def test_tressette_stops_at_every_trick() -> None:
    text = record_of("tressette", 8, "rule", 0)
    session = ReplaySession.from_record(text)
    first = hand_spans(read_record(text).state)[0]
    stops = [s for s in session.stops() if first.first < s <= first.end]
    # the shuffle, the cut (the deal), then the ten tricks
    assert [s - first.first for s in stops] == [1, 2, *range(6, 43, 4)]


def test_links_of_the_viewed_record_and_of_a_hand() -> None:
    text = record_of("boston", 8, "rule", 0)
    session = ReplaySession.from_record(text)
    viewed = session.link(30)
    assert viewed.startswith("replay.html#v2.") and viewed.endswith(".30")
    assert read_link(viewed.split("#")[1]).record == text
    span = hand_spans(read_record(text).state)[2]
    hand = session.at_move(span.first + 7).link(span.first + 7, "hand")
    decoded = read_link(hand.split("#")[1])
    assert decoded.kind == "hand" and decoded.position == 7
    # the viewer of a hand link makes the same link again, at any move
    opened, position = open_link(hand.split("#")[1])
    assert position == 7 and opened.kind == "hand"
    assert opened.link(7) == hand
    assert opened.link(3) == hand[: -len(".7")] + ".3"


def test_play_on_gives_a_table_record_from_the_position() -> None:
    text = record_of("tressette", 8, "rule", 0)
    span = hand_spans(read_record(text).state)[4]
    hand, _ = open_link(read_link_fragment(text, span.number))
    offer = hand.play_on(11)
    table = TableSession.load(offer["record"])
    assert offer["game"] == "tressette"
    assert table.players == ["medium", "medium", "human", "medium"]  # the default level
    assert table.tags["Start"] == span.start.text()
    assert len(table.state.history) == 11
    # it plays on: the computer players move, the save keeps the start position
    for _ in range(30):
        if table.pending():
            table.step()
        else:
            table.act(table.snapshot()["legal"][0])
    assert TableSession.load(table.save()).state.history == table.state.history


def test_play_on_seats_computer_players_of_the_tables_level() -> None:
    text = record_of("tressette", 8, "rule", 0)
    hand, _ = open_link(read_link_fragment(text, 2))
    for level, seated in (("hard", "hard"), ("easy", "easy"), ("rule", "medium"), ("bogus", "medium")):
        offer = hand.play_on(5, level=level)
        assert read_record(offer["record"]).tags["Players"] == f"{seated} {seated} human {seated}"


def read_link_fragment(text: str, number: int) -> str:
    from pyapp.links import hand_link

    return hand_link(text, number)


def test_open_text_takes_records_links_addresses_and_old_links() -> None:
    text = record_of("poker", 8, "rule", 0)
    as_record, position = open_text(text)
    assert as_record.total == len(read_record(text).state.history) and position == as_record.first_dealt()
    link = game_fragment(TableSession.load(_with_players(text)))
    for given in (link, "https://club.example/circolo/" + link, "#" + link.split("#")[1], link.split("#")[1]):
        opened, _ = open_text(given)
        assert opened.record() == text
    legacy, _ = open_text(encode_fragment(text))
    assert legacy.record() == text
    with pytest.raises(LinkError):
        open_text("buongiorno")
    with pytest.raises(RecordError):
        open_text("Game: poker\n\n1 fold\n")


def _with_players(text: str) -> str:
    return text.replace("\n\n", "\nPlayers: human rule rule rule rule\n\n", 1)


def test_sharing_helpers_of_a_table() -> None:
    text = _with_players(record_of("poker", 9, "rule", 0))
    table = TableSession.load(text)
    hands = hands_of(table)
    assert hands and all(h["complete"] for h in hands[:-1])
    last = hand_fragment_of(table)
    second = hand_fragment_of(table, 2)
    assert last is not None and second is not None
    assert read_link(second.split("#")[1]).kind == "hand"
    assert hand_fragment_of(table, len(hands) + 1) is None
    fresh = TableSession.new("tressette")
    assert hand_fragment_of(fresh) is None and hands_of(fresh) == []
