"""Levels: the registry, the Players tag of records, and legal complete games at every level."""

from __future__ import annotations

import random

import pytest

from pyapp.boston.bots import BostonRuleBot
from pyapp.bots import LEVELS, is_level, make_bot, normalize_level
from pyapp.core import CHANCE, TERMINAL, Bot
from pyapp.games import new_game, spec
from pyapp.poker.bots import RuleBot
from pyapp.session import TableSession
from pyapp.tressette.bots import ChitarrellaBot

from .helpers import players

MEDIUM = {"tressette": ChitarrellaBot, "boston": BostonRuleBot, "poker": RuleBot}
GAMES = ("tressette", "boston", "poker")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_every_level(game: str) -> None:
    assert set(spec(game).players) == set(LEVELS)
    for level in LEVELS:
        assert isinstance(make_bot(game, level), Bot)
    assert type(make_bot(game, "medium")) is MEDIUM[game]
    assert type(make_bot(game, "rule")) is MEDIUM[game]  # the name old records use
    assert normalize_level("rule") == "medium" and is_level(game, "rule") and is_level(game, "random")
    assert not is_level(game, "expert")
    with pytest.raises(ValueError):
        make_bot(game, "expert")
    with pytest.raises(ValueError):
        make_bot("chess", "hard")


@pytest.mark.parametrize("game", GAMES)
def test_the_level_is_recorded_in_the_players_tag_and_read_back(game: str) -> None:
    table = TableSession.new(game, humans=(2,), bot="hard", rng=random.Random(1))
    text = table.save()
    labels = ["human" if seat == 2 else "hard" for seat in range(table.state.num_players)]
    assert f"Players: {' '.join(labels)}" in text
    again = TableSession.load(text)
    assert again.players == labels
    assert all(type(again.bots[s]) is type(table.bots[s]) for s in table.bots)
    assert type(again.bots[0]).__name__.startswith("Hard")


@pytest.mark.parametrize("game", GAMES)
def test_old_records_with_rule_players_load_as_medium(game: str) -> None:
    table = TableSession.new(game, humans=(2,), bot="medium", rng=random.Random(1))
    text = table.save().replace("medium", "rule")
    assert "Players: rule" in text
    again = TableSession.load(text)
    assert type(again.bots[0]) is MEDIUM[game]


def play_to_the_end(game: str, levels: list[str], seed: int, **options: str | int) -> int:
    """A whole game with these levels seat by seat; every action must be legal. Returns actions."""
    bots = players(game, levels)
    rng = random.Random(seed)
    state = new_game(game, **options)
    for count in range(20_000):
        player = state.current_player()
        if player == TERMINAL:
            return count
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
            continue
        info = state.info_state(player)
        action = bots[player % len(bots)].choose(info, rng)
        assert action in info.legal, (levels[player % len(levels)], action)
        state.apply(action)
    raise AssertionError("the game did not end")


def test_T14_T15_tressette_levels_play_legal_complete_matches() -> None:
    assert play_to_the_end("tressette", ["hard", "easy", "medium", "hard"], 1, target=6) > 40
    assert play_to_the_end("tressette", ["easy", "hard", "easy", "medium"], 2, target=6) > 40


def test_B13_boston_levels_play_legal_complete_games() -> None:
    assert play_to_the_end("boston", ["hard", "easy", "medium", "hard"], 3) > 4 * 52


def test_P18_poker_levels_play_legal_complete_sessions() -> None:
    assert play_to_the_end("poker", ["hard", "easy", "medium", "hard", "medium"], 4, hands=6) > 6 * 5
    assert play_to_the_end("poker", ["hard", "medium", "easy", "hard"], 5, hands=4, players=4) > 4 * 4
