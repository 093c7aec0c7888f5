"""The engine runs unchanged in the pinned Pyodide: same cards, same games, same records as CPython.

One script (below) exercises the core modules and plays one random game of every game that
``pyapp.games.available_games()`` lists; it runs once in Pyodide (Node) and once in CPython, and
the tests compare the two JSON reports.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from pyodide_node import REPO, run_in_pyodide

from pyapp.games import available_games

pytestmark = pytest.mark.pyodide

SEED = 20240611

CHECK = r"""
import json
import random
import sys

from pyapp.cards import Card, french_deck, italian_deck, parse_cards, format_cards
from pyapp.core import RandomBot, card_name, play_out
from pyapp.games import available_games, new_game
from pyapp.i18n import catalogs, t
from pyapp.record import read_record, write_record

seed = int(sys.argv[1])
report = {"python": sys.version.split()[0], "platform": sys.platform}
cards = list(italian_deck()) + list(french_deck())
report["it"] = [c.code for c in italian_deck()]
report["fr"] = [c.code for c in french_deck()]
report["parse_roundtrip"] = all(Card.parse(str(c), c.deck) is c for c in cards)
report["index_roundtrip"] = all(
    (italian_deck() if c.deck == "it" else french_deck())[c.index] is c for c in cards
)
report["cards_text_roundtrip"] = all(
    parse_cards(format_cards(d), d[0].deck) == list(d) for d in (italian_deck(), french_deck())
)
report["names"] = {
    lang: [card_name(Card.parse("3d"), lang), card_name(Card.parse("Th", "fr"), lang)] for lang in ("it", "en")
}
report["catalog_sizes"] = {lang: len(table) for lang, table in catalogs().items()}
report["t"] = t("common.unknown_action", "en", action="x")
games = {}
for name in available_games():
    state = new_game(name)
    play_out(state, [RandomBot() for _ in range(state.num_players)], random.Random(seed))
    text = write_record(state)
    back = read_record(text).state
    games[name] = {
        "record": text,
        "rewritten": write_record(back) == text,
        "equal": back == state,
        "terminal": back.is_terminal(),
        "result": json.loads(json.dumps(state.result())),
        "returns": list(back.returns()),
    }
report["games"] = games
print("REPORT " + json.dumps(report, sort_keys=True))
"""


def _parse(stdout: str) -> dict:
    lines = [line for line in stdout.splitlines() if line.startswith("REPORT ")]
    assert lines, f"no report in output:\n{stdout[-2000:]}"
    return json.loads(lines[-1][len("REPORT ") :])


@pytest.fixture(scope="module")
def pyodide_report() -> dict:
    proc = run_in_pyodide(CHECK, args=[str(SEED)], timeout=600)
    assert proc.returncode == 0, f"Pyodide run failed ({proc.returncode}):\n{proc.stderr[-4000:]}"
    return _parse(proc.stdout)


@pytest.fixture(scope="module")
def cpython_report() -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", CHECK, str(SEED)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
        env={"PYTHONPATH": str(REPO), "PYTHONHASHSEED": "random", "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return _parse(proc.stdout)


def test_runs_on_pyodide(pyodide_report: dict) -> None:
    assert pyodide_report["platform"] == "emscripten"
    assert pyodide_report["python"].startswith("3.14")


def test_decks_and_card_codes(pyodide_report: dict, cpython_report: dict) -> None:
    assert len(pyodide_report["it"]) == 40 and len(set(pyodide_report["it"])) == 40
    assert len(pyodide_report["fr"]) == 52 and len(set(pyodide_report["fr"])) == 52
    assert pyodide_report["it"][:3] == ["Ad", "2d", "3d"]
    assert pyodide_report["fr"][-1] == "As"
    assert pyodide_report["parse_roundtrip"] is True
    assert pyodide_report["index_roundtrip"] is True
    assert pyodide_report["cards_text_roundtrip"] is True
    for key in ("it", "fr", "names", "catalog_sizes", "t"):
        assert pyodide_report[key] == cpython_report[key], key


def test_localised_names(pyodide_report: dict) -> None:
    assert pyodide_report["names"]["it"] == ["Tre di denari", "Dieci di cuori"]
    assert pyodide_report["names"]["en"] == ["Three of coins", "Ten of hearts"]
    assert pyodide_report["t"] == "Unrecognised move: \u201cx\u201d."


def test_same_games_available(pyodide_report: dict) -> None:
    assert sorted(pyodide_report["games"]) == sorted(available_games())


@pytest.mark.parametrize("game", available_games())
def test_random_game_record_roundtrip(game: str, pyodide_report: dict, cpython_report: dict) -> None:
    played = pyodide_report["games"][game]
    assert played["terminal"], "play_out must finish the game"
    assert played["rewritten"], "write_record(read_record(text)) must give text back"
    assert played["equal"], "the replayed state must equal the played one"
    # Same seed, same engine: Pyodide and CPython (with a random hash seed) play the same game.
    assert played["record"] == cpython_report["games"][game]["record"]
    assert played["result"] == cpython_report["games"][game]["result"]
