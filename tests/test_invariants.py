"""The engine contract (:mod:`tests.invariants`) on every installed game, by random simulation."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pyapp.core import GameState
from pyapp.games import INSTALLED, available_games
from tests.invariants import Profile, check_class_attributes, run_contract, run_whole_games


def _tressette_returns(state: GameState) -> bool:
    won = [p for p in state.result()["partite"] if p["winner"]]
    return sum(state.returns()) == 2 * len(won)  # each seat counts its team's partite won


def _poker_returns(state: GameState) -> bool:
    conserved: Callable[[], bool] = getattr(state, "chips_conserved")  # noqa: B009
    # chips are conserved; at the end only a carried pot is missing
    return conserved() and (not state.is_terminal() or sum(state.returns()) == -getattr(state, "carry"))  # noqa: B009


PROFILES = {
    p.game: p
    for p in (
        Profile(
            "tressette",
            _tressette_returns,
            ({}, {"first_lead": "four_of_denari", "review": "practice", "penalties": "on", "target": 11}),
            avoid=("penalty",),
        ),
        Profile("boston", lambda state: sum(state.returns()) == 0, ({}, {"boston_suit": "natural"})),  # B11
        Profile(
            "poker",
            _poker_returns,
            ({}, {"players": 4, "topup": "on", "joiners": "on", "raise_cap": 2}),
            avoid=("end", "leave"),
            avoid_in_whole_games=("leave",),
        ),
    )
}
"""The installed games' profiles."""

GAMES = sorted(PROFILES)


def test_every_installed_game_has_a_profile() -> None:
    installed = [g for g in available_games() if f"pyapp.{g}" in INSTALLED]
    assert sorted(installed) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_contract_random_simulation(game: str) -> None:
    run_contract(PROFILES[game])


@pytest.mark.parametrize("game", GAMES)
def test_contract_whole_games(game: str) -> None:
    run_whole_games(PROFILES[game])


@pytest.mark.parametrize("game", GAMES)
def test_registry_and_class_attributes(game: str) -> None:
    check_class_attributes(game)
