"""Link round trips: the record a link decodes to is exactly the hand (or game) it was made from,
for every game, hands at the start, in the middle and at the end of a match or session, partial
hands (``--move``) and opening positions (``--at``)."""

from __future__ import annotations

import random

import pytest

from pyapp.links import (
    PAGE,
    LinkError,
    game_link,
    hand_fragment,
    hand_link,
    hand_record,
    hand_spans,
    hand_text,
    make_link,
    read_link,
)
from pyapp.record import read_record, write_record

from .helpers import OPTIONS, record_of

CASES = [
    (game, variant, kind, seed)
    for game in OPTIONS
    for variant in range(len(OPTIONS[game]))
    for kind in ("rule", "random")
    for seed in (11, 12)
]


@pytest.mark.parametrize(("game", "variant", "kind", "seed"), CASES)
def test_every_hand_round_trips(game: str, variant: int, kind: str, seed: int) -> None:
    text = record_of(game, seed, kind, variant)
    state = read_record(text).state
    spans = hand_spans(state)
    rng = random.Random(seed)
    assert spans
    sample = {1, 2, len(spans) // 2, len(spans) - 1, len(spans)}
    for span in spans:
        fragment = hand_fragment(state, span)
        link = read_link(fragment)
        expected = hand_text(state, span)
        assert link.record == expected
        assert link.kind == "hand" and link.position is None
        hand = read_record(expected).state
        assert hand.history == state.history[span.first : span.end]
        if span.number not in sample:
            continue
        # the hand record is a game of its own: its first hand is itself, with the same link
        assert hand_link(link.record, 1) == fragment
        assert read_link(game_link(link.record)).record == expected
        # a partial hand, and an opening position
        moves = rng.randrange(0, span.end - span.first + 1)
        cut = read_link(hand_fragment(state, span, moves=moves))
        assert cut.record == hand_text(state, span, moves)
        assert read_record(cut.record).state.history == state.history[span.first : span.first + moves]
        at = rng.randrange(0, span.end - span.first + 1)
        assert read_link(hand_fragment(state, span, at=at)).position == at
    assert hand_record(text, spans[-1].number) == hand_text(state, spans[-1])


@pytest.mark.parametrize(("game", "variant", "kind", "seed"), CASES[::3])
def test_whole_game_round_trips(game: str, variant: int, kind: str, seed: int) -> None:
    text = record_of(game, seed, kind, variant)
    state = read_record(text).state
    link = read_link(game_link(text))
    assert link.kind == "game" and link.record == text
    rng = random.Random(seed)
    for _ in range(3):
        moves = rng.randrange(0, len(state.history) + 1)
        partial = read_link(game_link(text, moves=moves, at=moves // 2))
        assert read_record(partial.record).state.history == state.history[:moves]
        assert partial.position == moves // 2


def test_hand_numbers_count_every_deal_and_mark_the_unfinished_one() -> None:
    text = record_of("boston", 11, "random", 0)
    state = read_record(text).state
    spans = hand_spans(state)
    redeals = sum(1 for h in state.result()["hands"] if not h["counted"])
    assert len(spans) == 4 + redeals
    assert all(span.complete for span in spans)
    cut = read_record(game_link(text, moves=spans[2].first + 5) and hand_record(text, 3, 5)).state
    assert len(cut.history) == 5
    partial_game = write_record(type(state).replay(state.history[: spans[2].first + 5], **state.options))
    last = hand_spans(read_record(partial_game).state)[-1]
    assert last.number == 3 and not last.complete
    link = read_link(hand_link(partial_game, 3))
    assert read_record(link.record).state.history == state.history[spans[2].first : spans[2].first + 5]


def test_hand_in_a_later_partita_keeps_the_scores_before_it() -> None:
    text = record_of("tressette", 12, "rule", 0)
    state = read_record(text).state
    spans = hand_spans(state)
    later = [s for s in spans if s.start.text().count("partite=")]  # type: ignore[attr-defined]
    assert later, "a best-of-three match reaches a second partita"
    span = later[-1]
    record = read_link(hand_link(text, span.number)).record
    assert f"Start: {span.start.text()}\n" in record
    hand = read_record(record).state
    before = type(state).replay(state.history[: span.end], **state.options)
    assert hand.view(None)["totals"] == before.view(None)["totals"]
    assert hand.view(None)["wins"] == before.view(None)["wins"]
    assert hand.view(None)["partita"] == before.view(None)["partita"]


def test_make_link_is_relative_to_the_site_and_refuses_missing_hands_and_moves() -> None:
    text = record_of("poker", 11, "rule", 0)
    spans = hand_spans(read_record(text).state)
    assert make_link(text).startswith(f"{PAGE}#v2.")
    assert make_link(text, hand=2, at=3).endswith(".3")
    with pytest.raises(LinkError) as caught:
        make_link(text, hand=len(spans) + 1)
    assert caught.value.key == "links.no_hand"
    with pytest.raises(LinkError) as caught:
        make_link(text, hand=1, move=spans[0].end - spans[0].first + 1)
    assert caught.value.key == "links.bad_move"
    with pytest.raises(LinkError):
        make_link(text, hand=1, at=10_000)


def test_links_are_short() -> None:
    """A few hands against the targets (the benchmark bench/links.py measures 1,000 per game)."""
    targets = {"tressette": 60, "boston": 80, "poker": 100}
    for game, target in targets.items():
        text = record_of(game, 11, "rule", 0)
        for span in hand_spans(read_record(text).state):
            assert len(hand_link(text, span.number)) <= target, (game, span.number)
    assert len(game_link(record_of("tressette", 11, "rule", 0))) <= 700
