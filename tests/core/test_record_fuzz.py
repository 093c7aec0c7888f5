"""Damaged records of every game are refused with a RecordError (line, action, reason), never a crash."""

from __future__ import annotations

import random

import pytest

from pyapp.games import available_games, new_game
from pyapp.record import RecordError, read_record, write_record


def record_of(game: str, seed: int) -> str:
    rng = random.Random(seed)
    state = new_game(game)
    for _ in range(120):  # a partial game is enough and keeps the test quick
        if state.is_terminal():
            break
        player = state.current_player()
        if player < 0:
            state.apply(state.chance_sample(rng))
        else:
            legal = [a for a in state.legal_actions() if a not in ("end", "leave")]
            state.apply(rng.choice(legal or state.legal_actions()))
    return write_record(state)


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    index = rng.randrange(len(lines))
    words = lines[index].split(" ")
    kind = rng.randrange(6)
    if kind == 0 and len(words) > 1:
        words[rng.randrange(len(words))] = rng.choice(
            ["", "x", "99", "-1", "3d", "Th", "=", "\u00e8", "0" * 30]
        )
    elif kind == 1:
        del lines[index]
        return "\n".join(lines)
    elif kind == 2:
        lines.insert(index, lines[rng.randrange(len(lines))])
        return "\n".join(lines)
    elif kind == 3:
        words.append(rng.choice(["busso", "7", "piombi=9", "Kx", "extra"]))
    elif kind == 4 and len(words) > 1:
        rng.shuffle(words)
    else:
        lines[index] = lines[index][: rng.randrange(len(lines[index]) + 1)]
        return "\n".join(lines)
    lines[index] = " ".join(words)
    return "\n".join(lines)


@pytest.mark.parametrize("game", available_games())
def test_damaged_records_are_refused_cleanly(game: str) -> None:
    rng = random.Random(game)
    base = [record_of(game, seed) for seed in range(3)]
    refused = 0
    for trial in range(1500):
        text = mutate(base[trial % len(base)], rng)
        try:
            read_record(text)
        except RecordError as exc:
            refused += 1
            assert exc.line >= 1 and exc.reason("it") and exc.reason("en")
    assert refused > 500  # most damage is caught (some mutations are harmless, e.g. a blank line)
