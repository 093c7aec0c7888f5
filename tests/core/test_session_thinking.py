"""The sliced computer moves and the hard player's advice at the view boundary (issue 12)."""

from __future__ import annotations

import random

import pytest

from pyapp.bots import Budget, ThinkingBot, make_bot
from pyapp.session import TableSession


class FakeClock:
    """A clock that advances one millisecond every time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def small_budget() -> Budget:
    """A few samples, a slice of about three clock reads: many yields, machine-independent."""
    return Budget(ms=None, samples=3, slice_ms=3.0, clock=FakeClock())


def hard_table(game: str, seed: int = 3) -> TableSession:
    """A table of ``game`` with the human in seat 2 (0 for poker) and hard players on a small budget."""
    human = 0 if game == "poker" else 2
    table = TableSession.new(game, humans=(human,), bot="hard", rng=random.Random(seed))
    for seat, bot in table.bots.items():
        assert isinstance(bot, ThinkingBot), seat
        bot.budget = small_budget()
    return table


def until_thinking(table: TableSession, after_human: bool = False, limit: int = 600) -> None:
    """Make moves (the human's: the first legal one) until a computer player is mid-thought
    (``after_human``: once the human has moved at least once)."""
    acted = False
    for _ in range(limit):
        if table.pending():
            answer = table.think()
            assert answer is not None
            if answer == {"done": False} and (acted or not after_human):
                return
        else:
            assert table.act(table.snapshot()["legal"][0])["ok"]
            acted = True
    raise AssertionError("no computer player ever thought in slices")


@pytest.mark.parametrize("game", ["tressette", "boston", "poker"])
def test_think_makes_the_move_in_slices_and_only_once(game: str) -> None:
    table = hard_table(game)
    most = 0
    for _ in range(40):  # computer decisions, until one has been searched in several slices
        until_thinking(table)
        before = len(table.state.history)
        player = table.state.current_player()
        legal = table.state.legal_actions()
        calls = 1
        while (answer := table.think()) == {"done": False}:
            calls += 1
            assert len(table.state.history) == before, "nothing is played while thinking"
        assert answer is not None and answer["done"] is True
        assert answer["action"] in legal
        assert answer["actor"] == table.state.seat_label(player)
        assert len(table.state.history) == before + 1 and table.state.history[-1] == answer["action"]
        most = max(most, calls)
        if most >= 4:
            break
    assert most >= 4, "no decision was ever cut into slices"


def test_think_returns_none_when_the_human_is_due() -> None:
    table = hard_table("tressette")
    while table.pending():
        table.think()
    assert table.think() is None
    assert table.snapshot()["human_turn"]


def test_a_thought_started_before_an_undo_is_never_played() -> None:
    table = hard_table("tressette", seed=5)
    until_thinking(table, after_human=True)
    assert table.undo()
    after_undo = list(table.state.history)
    assert table.snapshot()["human_turn"]
    assert table.think() is None, "the old decision is dropped, not applied"
    assert table.state.history == after_undo
    assert table.act(table.snapshot()["legal"][0])["ok"]
    until_thinking(table)
    while (answer := table.think()) == {"done": False}:
        pass
    assert answer is not None and len(table.state.history) == len(after_undo) + 2


def test_suggest_answers_a_legal_action_for_the_human_without_playing_it() -> None:
    table = hard_table("boston", seed=4)
    assert table.suggest() is None or table.snapshot()["human_turn"]
    while table.pending():
        assert table.suggest() is None, "no advice while a computer player or chance is due"
        table.think()
    table._advisor = make_bot("boston", "hard", budget=small_budget())
    before = list(table.state.history)
    slices = 0
    while (answer := table.suggest()) == {"done": False}:
        slices += 1
    assert answer is not None and answer["done"] is True
    assert answer["action"] in table.snapshot()["legal"]
    assert answer["moves"] == len(before)
    assert table.state.history == before, "advice plays nothing"
    assert table.act(str(answer["action"]))["ok"]


def test_the_advice_is_the_hard_players_choice_from_the_humans_information_state() -> None:
    """What a hard player in the human's seat would play, from that seat's view only (the same
    generator, seeded by the position, so that asking twice gives the same advice)."""
    table = hard_table("tressette", seed=8)
    while table.pending():
        table.think()
    info = table.state.info_state(table.state.current_player())
    table._advisor = make_bot("tressette", "hard", budget=small_budget())
    while (answer := table.suggest()) == {"done": False}:
        pass
    again = make_bot("tressette", "hard", budget=small_budget())
    expected = again.choose(info, random.Random(len(table.state.history)))
    assert answer is not None and answer["action"] == expected


def test_new_table_with_a_level_and_tags() -> None:
    table = TableSession.new("poker", humans=(0,), bot="easy", tags={"Mode": "practice"})
    assert table.players[0] == "human" and set(table.players[1:]) == {"easy"}
    assert "Players: human easy" in table.save() and "Mode: practice" in table.save()
    assert table.snapshot()["tags"]["Mode"] == "practice"
    again = TableSession.load(table.save())
    assert again.players == table.players and again.tags["Mode"] == "practice"
    with pytest.raises(ValueError, match="expert"):
        TableSession.new("poker", bot="expert")


def test_the_tables_slice_length_reaches_every_search_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TableSession, "slice_ms", 4.0)
    table = TableSession.new("tressette", humans=(2,), bot="hard")
    assert {bot.budget.slice_ms for bot in table.bots.values() if isinstance(bot, ThinkingBot)} == {4.0}
    assert len(table.bots) == 3
