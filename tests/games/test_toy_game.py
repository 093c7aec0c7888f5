"""The proof of the game registry: a toy trick game that lives only in the tests
(:mod:`tests.games.toy`), registered through :func:`pyapp.games.register` alone, is played by
every generic part of Circolo: the contract suite, records, links and hand records, the
checker (``python3 -m pyapp check``), the table session and the arena."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyapp import games
from pyapp.arena import arena_games, run
from pyapp.bots import is_level, make_bot
from pyapp.core import GameState, play_out
from pyapp.links import game_link, hand_link, hand_record, hand_spans, read_link
from pyapp.record import read_record, write_record
from pyapp.session import TableSession
from pyapp.start import START_TAG, start_state
from tests.games.toy import SPEC
from tests.games.toy.rules import TRICKS
from tests.invariants import Profile, check_class_attributes, run_contract, run_whole_games

REPO = Path(__file__).resolve().parents[2]
GAME = SPEC.name


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    """The toy is registered for this module's tests only."""
    games.register(SPEC)
    try:
        yield
    finally:
        games.unregister(GAME)


def tricks_add_up(state: GameState) -> bool:
    """Every hand played gives out its three tricks."""
    return sum(state.returns()) == TRICKS * len(state.result()["hands"])


PROFILE = Profile(GAME, tricks_add_up, ({}, {"hands": 5}), seeds=12, min_checked=60, min_swaps=10)


def played(seed: int, hands: int = 3) -> TableSession:
    """A whole game between the toy's computer players, chance drawn from ``seed``."""
    table = TableSession.new(GAME, humans=(), bot="medium", options={"hands": hands}, rng=random.Random(seed))
    while table.step() is not None:
        pass
    assert table.state.is_terminal()
    return table


def test_the_registry_knows_it_only_once_registered() -> None:
    assert games.spec(GAME) is SPEC and GAME in games.available_games()
    assert games.by_link_number(SPEC.link_number) is SPEC
    assert games.new_game(GAME, hands=1).options == {"hands": 1}
    assert is_level(GAME, "medium") and is_level(GAME, "rule") and not is_level(GAME, "hard")
    assert GAME in arena_games()
    games.unregister(GAME)
    try:
        with pytest.raises(games.UnknownGame):
            games.spec(GAME)
    finally:
        games.register(SPEC)


def test_contract_random_simulation() -> None:
    run_contract(PROFILE)


def test_contract_whole_games() -> None:
    run_whole_games(PROFILE, games=5)
    check_class_attributes(GAME)


def test_record_round_trip_and_the_session() -> None:
    table = played(3)
    text = table.save()
    assert write_record(read_record(text).state, read_record(text).tags) == text
    again = TableSession.load(text)
    assert again.state == table.state and again.players == ["medium", "medium"]
    snapshot = TableSession.load(text).at_move(len(table.state.history) - 1).snapshot("en")
    assert snapshot["tricks"]["total"] == TRICKS and snapshot["tricks"]["current"]
    assert snapshot["tricks"]["winning"] == snapshot["tricks"]["current"][0]["seat"]


def test_link_round_trip_whole_game_and_every_hand() -> None:
    for seed in range(4):
        state = played(seed).state
        text = write_record(state)
        link = read_link(game_link(text))
        assert link.record == text and link.kind == "game"
        spans = hand_spans(state)
        assert [s.number for s in spans] == [1, 2, 3] and all(s.complete for s in spans)
        for span in spans:
            hand = read_link(hand_link(text, span.number))
            assert hand.kind == "hand" and hand.record == hand_record(text, span.number)
            record = read_record(hand.record)
            assert record.tags[START_TAG] == span.start.text()
            assert record.state.history == state.history[span.first : span.end]


def test_start_positions_play_on_like_the_original() -> None:
    state = played(5).state
    span = hand_spans(state)[2]
    started = start_state(type(state), state.options, span.start.text())
    for action in state.history[span.first :]:
        started.apply(action)
    assert started.is_terminal() and started.returns() == state.returns()


def test_the_checker_reads_its_records(tmp_path: Path) -> None:
    path = tmp_path / "minitrick.txt"
    path.write_text(played(7).save(), encoding="utf-8")
    code = (
        "import sys; from pyapp import games; from tests.games.toy import SPEC; games.register(SPEC);"
        "from pyapp.__main__ import main; sys.exit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "check", str(path)], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["valid"] and report["game"] == GAME and report["complete"] and report["actions"] > 0
    path.write_text(played(7).save().replace("\n1 ", "\n2 ", 1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", code, "check", str(path)], capture_output=True, text=True, cwd=REPO, timeout=60
    )
    assert done.returncode == 1 and json.loads(done.stdout)["valid"] is False


def test_the_arena_plays_its_duplicate_deals() -> None:
    report = run(GAME, "medium", "random", deals=6, seed=2)
    data = report.as_dict()
    assert data["games"] == 12 and data["hands"] == 12 and 0.0 <= data["win_rate"] <= 1.0
    assert data["mean_a"] + data["mean_b"] == pytest.approx(TRICKS)
    assert "tricks per hand" in report.text()


def test_its_computer_players_finish_games() -> None:
    state = games.new_game(GAME, hands=2)
    play_out(state, [make_bot(GAME, "medium"), make_bot(GAME, "easy")], random.Random(1))
    assert state.is_terminal() and tricks_add_up(state)
