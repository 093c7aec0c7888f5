"""Start positions (``Start:`` tags): a game built at the start of a hand plays exactly as the
original from there on, to the end of the game; bad tags are refused with a reason."""

from __future__ import annotations

from typing import Any

import pytest

from pyapp.core import GameState
from pyapp.games import game_class, new_game
from pyapp.links import hand_spans
from pyapp.record import RecordError, read_record, write_record
from pyapp.session import TableSession
from pyapp.start import START_TAG, StartError, parse_start, start_state

from .helpers import OPTIONS, play

IGNORED = {
    # what a state started at a hand cannot know: the lots and the earlier hands' details
    "tressette": {"lots", "hands"},
    "boston": {"hands_played"},
    "poker": {"last_hand"},
}


LEFTOVERS = {"tricks_won", "last_trick", "declarations", "thirds", "tricks"}
"""Tressette keeps showing the previous hand's tricks until the next deal (the cut phase)."""


def comparable(state: GameState, seat: int | None) -> dict[str, Any]:
    view = state.view(seat)
    ignored = set(IGNORED[state.game])
    if state.game == "tressette" and view["phase"] != "play":
        ignored |= LEFTOVERS
    if state.game == "tressette" and view["trick_number"] == 1:
        ignored.add("last_trick")  # shown until the first lead of the next hand (T10)
    return {k: v for k, v in view.items() if k not in ignored}


def results_tail(state: GameState, skip: int) -> Any:
    """The hands of ``result()`` from the ``skip``-th on."""
    return state.result()["hands"][skip:]


CASES = [
    (game, variant, kind, seed)
    for game in OPTIONS
    for variant in range(len(OPTIONS[game]))
    for kind in ("rule", "random")
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game", "variant", "kind", "seed"), CASES)
def test_started_game_plays_like_the_original(game: str, variant: int, kind: str, seed: int) -> None:
    original = play(game, seed, kind, OPTIONS[game][variant])
    spans = hand_spans(original)
    assert spans, "the game has hands"
    # from the second hand, one in the middle and the last one, replay two hands (the last: to
    # the end of the game) and compare every view, legal list and result on the way
    for number in {2, len(spans) // 2 + 1, len(spans)} & set(range(1, len(spans) + 1)):
        span = spans[number - 1]
        stop = spans[number + 1].first if number + 1 < len(spans) else len(original.history)
        text = span.start.text()
        started = start_state(type(original), original.options, text)
        reference = type(original)(**original.options)
        for action in original.history[: span.first]:
            reference.apply(action)
        skip = len(reference.result()["hands"])
        for action in original.history[span.first : stop]:
            reference.apply(action)
            started.apply(action)
            assert started.current_player() == reference.current_player()
            assert started.legal_actions() == reference.legal_actions()
            for seat in (None, *range(original.num_players)):
                assert comparable(started, seat) == comparable(reference, seat), (text, action, seat)
            assert results_tail(started, 0) == results_tail(reference, skip)
        if stop == len(original.history):
            assert started.is_terminal() == original.is_terminal()
            if game != "poker":  # poker's returns also count the players who have left
                assert started.returns() == original.returns()


@pytest.mark.parametrize("game", list(OPTIONS))
def test_start_text_round_trips(game: str) -> None:
    for seed in range(3):
        state = play(game, seed, "random", OPTIONS[game][-1])
        for span in hand_spans(state):
            start = parse_start(type(state), state.options, span.start.text())
            assert start == span.start


def test_hand_record_reads_back_with_its_start_tag() -> None:
    state = play("tressette", 4)
    span = hand_spans(state)[3]
    hand = span.start.build(type(state), state.options)
    for action in state.history[span.first : span.end]:
        hand.apply(action)
    text = write_record(hand, {START_TAG: span.start.text()})
    assert f"\n{START_TAG}: dealer=" in text
    again = read_record(text)
    assert again.state.view(None) == hand.view(None)
    assert write_record(again.state, again.tags) == text


def test_session_rewinds_and_undoes_from_the_start_position() -> None:
    state = play("boston", 5)
    span = hand_spans(state)[2]
    hand = span.start.build(type(state), state.options)
    for action in state.history[span.first : span.first + 20]:
        hand.apply(action)
    text = write_record(hand, {START_TAG: span.start.text(), "Players": "rule rule human rule"})
    session = TableSession.load(text)
    early = session.at_move(3)
    assert early.state.view(None)["standings"] == hand.view(None)["standings"]
    assert early.state.history == hand.history[:3]
    assert session.undo()
    assert session.state.view(None)["standings"] == hand.view(None)["standings"]
    assert session.save().count(f"{START_TAG}: ") == 1


TRESSETTE = (
    "Game: tressette\nStart: {}\n\n* shuffle "
    + " ".join(c.code for c in __import__("pyapp.cards", fromlist=["italian_deck"]).italian_deck())
    + "\n"
)

BAD_STARTS = [
    ("tressette", "dealer=X hands=0 score=0,0", "links.start.seat"),
    ("tressette", "dealer=N hands=0", "links.start.missing"),
    ("tressette", "dealer=N hands=0 score=0,0 lots=1", "links.start.unknown"),
    ("tressette", "dealer=N dealer=E hands=0 score=0,0", "links.start.repeated"),
    ("tressette", "dealer=N hands=0 score=0", "links.start.count"),
    ("tressette", "dealer=N hands=+1 score=0,0", "links.start.number"),
    ("tressette", "dealer=N hands=01 score=0,0", "links.start.number"),
    ("tressette", "dealer=N hands=0 score=-0,0", "links.start.number"),
    ("tressette", "dealer=N hands=0 score=0,0 partite=", "links.start.syntax"),
    ("tressette", "dealer=N  hands=0 score=0,0", "links.start.syntax"),
    ("tressette", "hands=0 dealer=N score=0,0", "links.start.non_canonical"),
    ("tressette", "dealer=N hands=0 score=31,12", "links.start.tressette_partita_over"),
    ("tressette", "dealer=N hands=0 score=0,0 partite=20,12,3", "links.start.tressette_unfinished"),
    ("tressette", "dealer=N hands=0 score=0,0 partite=31,2,3/32,1,3", "links.start.tressette_match_over"),
    ("tressette", "dealer=N hands=2 score=10,10", "links.start.tressette_sum"),
    ("boston", "dealer=N hands=4 points=0,0,0,0 mani=0,0,0,0", "links.start.boston_over"),
    ("boston", "dealer=N hands=1 points=6,0,0,0 mani=0,0,0,0", "links.start.boston_points"),
    (
        "poker",
        "dealer=1 hands=0 requirement=A carry=0 resto=100,100,100,100,100 passate=1,1,1,1,1 "
        "seated=1,1,1,1,1 players=1,1,1,1,1",
        "links.start.choice",
    ),
    (
        "poker",
        "dealer=1 hands=0 requirement=J carry=0 resto=100,100,100,100,100 passate=1,1,1,1,1 "
        "seated=0,0,0,1,1 players=1,1,1,1,1",
        "links.start.poker_dealer",
    ),
    (
        "poker",
        "dealer=4 hands=0 requirement=J carry=0 resto=100,100,100,100,100 passate=1,1,1,1,1 "
        "seated=0,0,0,1,0 players=1,1,1,1,1",
        "links.start.poker_seated",
    ),
    (
        "poker",
        "dealer=1 hands=0 requirement=J carry=0 resto=100,2,100,100,100 passate=1,1,1,1,1 "
        "seated=1,1,1,1,1 players=1,1,1,1,1",
        "links.start.poker_short",
    ),
    (
        "poker",
        "dealer=1 hands=0 requirement=J carry=0 resto=100,100,100,100 passate=1,1,1,1,1 "
        "seated=1,1,1,1,1 players=1,1,1,1,1",
        "links.start.count",
    ),
    (
        "poker",
        "dealer=1 hands=0 requirement=J carry=0 resto=100,100,100,100,100 passate=0,1,1,1,1 "
        "seated=1,1,1,1,1 players=1,1,1,1,1",
        "links.start.poker_passate",
    ),
]


@pytest.mark.parametrize(("game", "text", "key"), BAD_STARTS)
def test_bad_start_is_refused_with_its_reason(game: str, text: str, key: str) -> None:
    cls = game_class(game)
    with pytest.raises(StartError) as caught:
        start_state(cls, cls.parse_options({}), text)
    assert caught.value.key == key
    for lang in ("it", "en"):
        message = caught.value.message(lang)
        assert message and "{" not in message and not message.startswith("links.")


def test_bad_start_in_a_record_names_its_line() -> None:
    with pytest.raises(RecordError) as caught:
        read_record(TRESSETTE.format("dealer=N hands=0 score=40,3"))
    assert caught.value.line == 2
    assert "40-3" in caught.value.message("en")


def test_poker_session_limit_counts_the_hands_before() -> None:
    state = new_game("poker", hands=3)
    text = (
        "dealer=2 hands=3 requirement=J carry=0 resto=100,100,100,100,100 passate=1,1,1,1,1 "
        "seated=1,1,1,1,1 players=1,1,1,1,1"
    )
    with pytest.raises(StartError) as caught:
        start_state(type(state), state.options, text)
    assert caught.value.key == "links.start.poker_over"
