"""The TypedDicts the views read (``pyapp/session_types.py``) are the session's real shapes.

The views take ``TableSession.snapshot()`` as a :class:`Snapshot` without checking it at run time
(``pyapp.views.table.base.snapshot_of``), so these tests hold the declared keys against what the
session, the trick shape and the replay viewer's session actually hand over, for every game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pyapp.links.session import ReplaySession
from pyapp.session import TableSession
from pyapp.session_types import (
    ActAnswer,
    LastAction,
    ReplayPlace,
    Snapshot,
    ThinkAnswer,
    Trick,
    TrickCard,
    Tricks,
)

GAMES = ("tressette", "boston", "poker")


def keys_fit(data: dict[str, Any], shape: Any) -> bool:
    """Whether ``data`` has every required key of the TypedDict ``shape`` and no key it lacks."""
    return shape.__required_keys__ <= set(data) <= shape.__required_keys__ | shape.__optional_keys__


def played(game: str, moves: int, seed: int = 7) -> TableSession:
    """A game of computer players only, ``moves`` moves in."""
    session = TableSession.new(game, humans=(), bot="random", options={})
    session.rng = random.Random(seed)
    for _ in range(moves):
        if session.step() is None:
            break
    return session


@pytest.mark.parametrize("game", GAMES)
def test_every_snapshot_has_the_declared_keys(game: str) -> None:
    for moves in (0, 30, 120):
        snapshot = played(game, moves).snapshot("it")
        assert keys_fit(snapshot, Snapshot), (game, moves, sorted(snapshot))
        assert "hands" not in snapshot and "replay" not in snapshot
        tricks = snapshot["tricks"]
        if game == "poker":
            assert tricks is None
            continue
        assert keys_fit(tricks, Tricks)
        for trick in [*tricks["history"], *([tricks["last"]] if tricks["last"] else [])]:
            assert keys_fit(trick, Trick) and all(keys_fit(card, TrickCard) for card in trick["cards"])
        assert all(keys_fit(card, TrickCard) for card in tricks["current"])


def test_a_trick_game_shows_tricks_played_and_in_progress() -> None:
    """The trick shape is exercised: some snapshot has a finished trick and one in progress."""
    seen_last = seen_current = False
    session = played("tressette", 0)
    for _ in range(200):
        if session.step() is None:
            break
        tricks = session.snapshot()["tricks"]
        seen_last = seen_last or tricks["last"] is not None
        seen_current = seen_current or bool(tricks["current"])
    assert seen_last and seen_current


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_snapshot_adds_hands_and_the_place(game: str) -> None:
    record = played(game, 60).save()
    replay = ReplaySession.from_record(record)
    for position in (0, 1, replay.total):
        snapshot = replay.at_move(position).snapshot("it")
        assert keys_fit(snapshot, Snapshot)
        assert "hands" in snapshot and "replay" in snapshot
        place = snapshot["replay"]
        assert keys_fit(place, ReplayPlace) and place["position"] == position
        assert place["last_action"] is None if position == 0 else keys_fit(place["last_action"], LastAction)
        assert all(isinstance(cards, list) for cards in snapshot["hands"].values())


def test_answers_of_act_think_and_suggest_have_the_declared_keys() -> None:
    session = TableSession.new("boston", humans=(2,), bot="easy", options={}, tags={"Mode": "practice"})
    refused = session.act("not a move", "it")
    assert keys_fit(refused, ActAnswer) and refused["ok"] is False and refused["error"]
    while not session.snapshot()["human_turn"]:
        answer = session.think()
        assert answer is not None and keys_fit(answer, ThinkAnswer)
    advice = session.suggest()
    while advice is not None and not advice["done"]:
        assert keys_fit(advice, ThinkAnswer)
        advice = session.suggest()
    assert advice is not None and keys_fit(advice, ThinkAnswer) and isinstance(advice["moves"], int)
    made = session.act(advice["action"], "it")
    assert keys_fit(made, ActAnswer) and made["ok"] is True
