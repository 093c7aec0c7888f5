"""The layer rule: only ``pyapp/views/`` touches the browser; the engine is pure standard library.

Every ``pyapp/**/*.py`` is parsed with ``ast``. Outside ``pyapp/views/`` an import of
``pyscript``, ``js`` or ``pyodide`` fails, and so does any module that is neither in the standard
library (``sys.stdlib_module_names``) nor ``pyapp`` itself. Views may also use the three browser
modules, and nothing else third-party.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PYAPP = REPO / "pyapp"
BROWSER_MODULES = frozenset({"pyscript", "js", "pyodide"})
ALLOWED = frozenset(sys.stdlib_module_names) | {"pyapp"}


def imported_modules(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """``(line, top-level module)`` of every absolute import in ``source`` (relative ones stay in pyapp)."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def violations(source: str, is_view: bool, filename: str = "<source>") -> list[str]:
    """Why ``source`` breaks the layer rule (empty when it does not)."""
    problems = []
    for line, module in imported_modules(source, filename):
        if module in BROWSER_MODULES:
            if not is_view:
                problems.append(f"{filename}:{line}: engine module imports browser module {module!r}")
        elif module not in ALLOWED:
            problems.append(
                f"{filename}:{line}: imports {module!r}, which is neither standard library nor pyapp"
            )
    return problems


def _modules() -> list[Path]:
    return sorted(p for p in PYAPP.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_checker_catches_violations() -> None:
    assert violations("import json\nfrom pyapp.cards import Card\nfrom . import core\n", is_view=False) == []
    assert violations("from pyscript import document\nimport js\n", is_view=True) == []
    engine = violations("import numpy\nfrom pyodide.ffi import create_proxy\nimport js.foo\n", is_view=False)
    assert len(engine) == 3
    assert "numpy" in engine[0] and "pyodide" in engine[1] and "'js'" in engine[2]
    assert violations("def f():\n    import requests\n", is_view=True)  # nested imports count too


def test_views_package_exists() -> None:
    assert (PYAPP / "views" / "__init__.py").is_file()
    assert any(imported_modules(p.read_text(encoding="utf-8")) for p in (PYAPP / "views").glob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_module_respects_layers(path: Path) -> None:
    is_view = (PYAPP / "views") in path.parents
    rel = path.relative_to(REPO).as_posix()
    assert violations(path.read_text(encoding="utf-8"), is_view, rel) == []
