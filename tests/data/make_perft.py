"""Write ``tests/data/perft.json``: perft counts from fixed positions of every game.

    python3 tests/data/make_perft.py

A perft count is the number of distinct legal action sequences of a given length from a
position (``legal_actions()`` at each step; a chance node or the end stops a sequence, so chance
outcomes are never enumerated). ``tests/test_perft.py`` recomputes every count; regenerate the
file only when a rules change is meant to change them, and say why in the commit.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1])]

from pyapp.boston.rules import shuffle_for_hands  # noqa: E402
from pyapp.core import GameState  # noqa: E402
from pyapp.games import new_game  # noqa: E402

TRESSETTE_CODES = [f"{r}{s}" for s in "dcsb" for r in "A234567FCR"]
BOSTON_DEAL1 = shuffle_for_hands(
    [  # tests/boston/helpers.py DEAL1 by seat N E S W, dealt by N: spades trump, E bids first
        "Ah Kh Qh Jh Ac Kc Qc Ad Kd As Ks Qs 2s".split(),
        "Js Ts 9s Th 9h 8h 7h Jc Tc 9c Qd Td 9d".split(),
        "8s 7s 6s 5s 4s 3s 6h 5h 8c 7c 8d 7d 6d".split(),
        "Jd 4h 3h 2h 6c 5c 4c 3c 2c 5d 4d 3d 2d".split(),
    ],
    dealer=0,
)


POKER_FOUR_DECK = [f"{r}{s}" for s in "cdhs" for r in "789TJQKA"]
"""The 32-card deck of a table of four in deck order (P2): the fresh deck, dealt by seat 1, gives
seat 2 jacks and sevens, seat 3 queens and eights, seat 4 kings and nines, seat 1 aces and tens."""


def _shuffled(seed: int, codes: list[str]) -> str:
    order = list(codes)
    random.Random(seed).shuffle(order)
    return "shuffle " + " ".join(order)


POSITIONS: list[dict[str, object]] = [
    {
        "name": "tressette: first lead, fresh deck (N holds A-5 of denari and spade: piombi=2)",
        "game": "tressette",
        "options": {},
        "history": ["draw 4c 3d", "shuffle " + " ".join(TRESSETTE_CODES), "nocut"],
        "depth": 3,
    },
    {
        "name": "tressette: first lead, shuffled deck",
        "game": "tressette",
        "options": {},
        "history": ["draw 4c 3d", _shuffled(2024, TRESSETTE_CODES), "nocut"],
        "depth": 4,
    },
    {
        "name": "tressette: the cut, then the first lead",
        "game": "tressette",
        "options": {},
        "history": ["draw 4c 3d", _shuffled(7, TRESSETTE_CODES)],
        "depth": 2,
    },
    {
        "name": "tressette: the cut with penalties=on",
        "game": "tressette",
        "options": {"penalties": "on", "first_lead": "four_of_denari"},
        "history": ["draw 4c 3d", _shuffled(8, TRESSETTE_CODES)],
        "depth": 2,
    },
    {
        "name": "boston: the bidding of DEAL1",
        "game": "boston",
        "options": {},
        "history": ["dealer N", BOSTON_DEAL1],
        "depth": 6,
    },
    {
        "name": "boston: DEAL1 after E's solo",
        "game": "boston",
        "options": {"boston_suit": "natural"},
        "history": ["dealer N", BOSTON_DEAL1, "solo"],
        "depth": 5,
    },
    {
        "name": "poker: the opening round at four, fresh deck (pot 5: every amount is listed)",
        "game": "poker",
        "options": {"players": 4},
        "history": ["dealer 1", "shuffle " + " ".join(POKER_FOUR_DECK), "nocut"],
        "depth": 4,
    },
    {
        "name": "poker: the draw at four (serve and 30 draws each: 31 actions a seat)",
        "game": "poker",
        "options": {"players": 4},
        "history": [
            "dealer 1",
            "shuffle " + " ".join(POKER_FOUR_DECK),
            "nocut",
            "open 1",
            "call",
            "call",
            "call",
        ],
        "depth": 3,
    },
]


def perft(state: GameState, depth: int) -> int:
    """Legal action sequences of length ``depth`` (fewer where a chance node or the end comes)."""
    if depth == 0 or state.current_player() < 0:
        return 1
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def position(entry: dict[str, object]) -> GameState:
    """The state of a data-file entry."""
    options = entry["options"]
    history = entry["history"]
    assert isinstance(options, dict) and isinstance(history, list)
    state = new_game(str(entry["game"]), **options)
    for action in history:
        state.apply(action)
    return state


def counts(entry: dict[str, object]) -> list[int]:
    """Perft counts at depths 1..depth."""
    state = position(entry)
    depth = entry["depth"]
    assert isinstance(depth, int)
    return [perft(state, d) for d in range(1, depth + 1)]


def main() -> None:
    out = [{**entry, "counts": counts(entry)} for entry in POSITIONS]
    (HERE / "perft.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for entry in out:
        print(entry["name"], entry["counts"])


if __name__ == "__main__":
    main()
