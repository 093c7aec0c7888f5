"""Views reach the engine only through the narrow boundary (pyapp.session), never a GameState."""

from __future__ import annotations

import ast
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "pyapp" / "views"
ALLOWED = {
    "pyapp.views",
    "pyapp.session",
    "pyapp.session_types",
    "pyapp.lessons.session",
    "pyapp.links.session",
    "pyapp.links.legacy",
    "pyapp.cards",
    "pyapp.i18n",
    "pyapp.record",
    "pyapp.core",
    "pyapp.tricks",
    # each game's public action values (its own view reads them instead of splitting strings)
    "pyapp.tressette.actions",
    "pyapp.boston.actions",
    "pyapp.poker.actions",
}


def view_trees() -> list[tuple[Path, ast.AST]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(VIEWS.rglob("*.py"))]


def test_views_import_no_game_engine_module() -> None:
    bad = []
    for path, tree in view_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pyapp"):
                if not any(node.module == a or node.module.startswith(a + ".") for a in ALLOWED):
                    bad.append(f"{path.name}:{node.lineno} from {node.module}")
            if isinstance(node, ast.Import):
                bad += [
                    f"{path.name}:{node.lineno} import {a.name}"
                    for a in node.names
                    if a.name.startswith("pyapp.")
                    and not any(a.name == x or a.name.startswith(x + ".") for x in ALLOWED)
                ]
    assert bad == []


def test_views_never_touch_a_game_state() -> None:
    touches = [
        f"{path.name}:{node.lineno}"
        for path, tree in view_trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "state"
    ]
    assert touches == []


def test_boundary_check_sees_the_views() -> None:
    names = {path.relative_to(VIEWS).as_posix() for path, _ in view_trees()}
    expected = {
        "tressette.py",
        "boston.py",
        "poker/table.py",
        "table/controller.py",
        "common.py",
        "learn/lesson.py",
    }
    assert expected <= names
