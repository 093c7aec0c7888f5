"""Club events are found through the game registry (``GameSpec.club``): the club code names no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyapp.club.event import ClubEvent, event, games_with, judge
from pyapp.club.tournament import KIND, TournamentEvent, tournament_class
from pyapp.games import INSTALLED, GameSpec, register, spec, specs, unregister

REPO = Path(__file__).resolve().parents[2]
GAME_PACKAGES = tuple(INSTALLED)
GAME_NAMES = tuple(name.rsplit(".", 1)[1] for name in INSTALLED)


def code_strings(path: Path) -> list[str]:
    """Every import and string constant of a module, its docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append(node.module or "")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
    return out


def test_the_club_code_names_no_game() -> None:
    files = sorted((REPO / "pyapp" / "club").glob("*.py"))
    assert files
    for path in files:
        for text in code_strings(path):
            assert not text.startswith(GAME_PACKAGES), f"{path.name} imports or names {text}"
            assert text not in GAME_NAMES, f"{path.name} names the game {text!r}"


def test_each_event_is_found_through_its_games_spec() -> None:
    for game in specs():
        for kind in game.club:
            found = event(game.name, kind)
            assert isinstance(found, ClubEvent) and found.kind == kind
    assert games_with(KIND) == [s.name for s in specs() if KIND in s.club] != []
    for game in games_with(KIND):
        found = event(game, KIND)
        assert isinstance(found, TournamentEvent)
        assert tournament_class(game) is found.rules
    assert event("no-such-game", KIND) is None


def test_a_game_added_with_a_tournament_is_found_without_other_edits() -> None:
    """A game registered with a tournament is offered by the club code and its records are judged."""
    first = games_with(KIND)[0]
    borrowed = spec(first).club[KIND]
    register(GameSpec(name="minitrick", state=spec(first).state, link_number=7, club={KIND: borrowed}))
    try:
        assert "minitrick" in games_with(KIND)
        status, report = judge("Club: tournament\nGame: minitrick\n\n")
        assert status == 0 and report["game"] == "minitrick"  # judged by the rules its spec names
    finally:
        unregister("minitrick")
    assert "minitrick" not in games_with(KIND)


def test_a_spec_naming_something_else_is_refused() -> None:
    first = games_with(KIND)[0]
    register(
        GameSpec(
            name="minitrick", state=spec(first).state, link_number=7, club={"serata": spec(first).club[KIND]}
        )
    )
    try:
        with pytest.raises(TypeError):
            event("minitrick", "serata")
    finally:
        unregister("minitrick")


def test_a_game_without_that_kind_of_event_is_refused_at_its_game_line() -> None:
    without = next(s.name for s in specs() if KIND not in s.club)
    status, report = judge(f"Club: tournament\nGame: {without}\n\nteam A x y\n", "en")
    assert status == 1 and report["line"] == 2 and report["entry"] == f"Game: {without}"
    assert without in str(report["reason"]) and games_with(KIND)[0] in str(report["reason"])
    status, report = judge("Club: tournament\nGame: nothing\n\n", "en")
    assert status == 1 and report["line"] == 2
