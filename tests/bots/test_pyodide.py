"""The hard players make the same decisions in Pyodide (under Node) as in CPython."""

from __future__ import annotations

import json

import pytest

CODE = r"""
import json, random
from pyapp.bots import Budget, make_bot
from pyapp.games import new_game

def decisions(game, seed, count, **options):
    rng = random.Random(seed)
    state = new_game(game, **options)
    hard = make_bot(game, "hard", budget=Budget(ms=None, samples=3))
    medium = make_bot(game, "medium")
    out = []
    while len(out) < count:
        p = state.current_player()
        if p == -2:
            break
        if p == -1:
            state.apply(state.chance_sample(rng))
            continue
        info = state.info_state(p)
        bot = hard if p == 0 else medium
        action = bot.choose(info, rng)
        if p == 0 and len(info.legal) > 1:
            out.append(action)
        state.apply(action if action != "end" else "nocut")
    return out

def main():
    return {g: decisions(g, 3, 12) for g in ("tressette", "boston", "poker")}
"""


@pytest.mark.pyodide
def test_hard_players_decide_alike_in_pyodide_and_cpython() -> None:
    pyodide_node = pytest.importorskip("pyodide_node")
    try:
        proc = pyodide_node.run_in_pyodide(CODE + "\nprint(json.dumps(main()))\n", timeout=600)
    except pyodide_node.PyodideUnavailable as exc:
        pytest.skip(str(exc))
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    namespace: dict[str, object] = {}
    exec(CODE, namespace)  # the same code in this interpreter
    assert got == namespace["main"]()  # type: ignore[operator]
    assert all(len(v) == 12 for v in got.values())
