"""Information-set safety: a player's choice never depends on cards hidden from it.

Same information state and the same random generator give the same choice; and a twin game in
which two other players' hidden cards are swapped -- the seat's information state unchanged --
gets the same choice, at every level of every game.
"""

from __future__ import annotations

import random

import pytest

from pyapp.core import CHANCE, GameState, IllegalAction

from .helpers import players, positions

LEVELS = ("easy", "medium", "hard")


def held(state: GameState, seat: int) -> list[str]:
    """The cards ``seat`` holds now (engine side, for building twins only)."""
    if state.game == "poker":
        return [c.code for c in state.hand[seat]]  # type: ignore[attr-defined]
    return list(state.hand_of(seat))  # type: ignore[attr-defined]


def twin(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same game with two cards of two other players swapped in the last shuffle, if that
    replays legally and leaves ``seat``'s information state as it is."""
    history = list(state.history)
    last = max(
        i
        for i, (a, act) in enumerate(zip(state.actors, history, strict=True))
        if a == CHANCE and act.startswith("shuffle")
    )
    others = [p for p in range(state.num_players) if p != seat and held(state, p)]
    pairs = [
        (a, b, x, y) for a in others for b in others if a < b for x in held(state, a) for y in held(state, b)
    ]
    rng.shuffle(pairs)
    mine = state.info_state(seat)
    for _, _, x, y in pairs[:40]:
        words = history[last].split()
        i, j = words.index(x), words.index(y)
        words[i], words[j] = y, x
        changed = history[:last] + [" ".join(words)] + history[last + 1 :]
        try:
            other = type(state).replay(changed, **state.options)
        except IllegalAction:
            continue
        if other.info_state(seat) == mine:
            return other
    return None


@pytest.mark.parametrize(
    ("game", "options", "levels"),
    [
        ("tressette", {"target": 6}, ["hard", "medium", "easy", "hard"]),
        ("boston", {}, ["hard", "easy", "medium", "hard"]),
        ("poker", {"hands": 5}, ["hard", "medium", "easy", "hard", "medium"]),
    ],
)
def test_choices_depend_only_on_the_information_state(
    game: str, options: dict[str, int], levels: list[str]
) -> None:
    bots = {level: players(game, [level])[0] for level in LEVELS}
    rng = random.Random(11)
    twins = 0
    for seed in range(2):
        for state in positions(game, seed, players(game, levels), every=7, limit=300, **options):
            seat = state.current_player()
            info = state.info_state(seat)
            if len(info.legal) < 2:
                continue
            other = twin(state, seat, rng)
            for level, bot in bots.items():
                first = bot.choose(info, random.Random(seed))
                assert bot.choose(info, random.Random(seed)) == first, level  # same info, same rng
                if other is not None:
                    assert bot.choose(other.info_state(seat), random.Random(seed)) == first, level
            twins += other is not None
    assert twins >= 5


def test_twins_really_differ_in_hidden_cards() -> None:
    state = next(
        s
        for s in positions("tressette", 3, players("tressette", ["medium"] * 4), every=1, limit=60)
        if s.phase() == "play"
    )
    seat = state.current_player()
    other = twin(state, seat, random.Random(0))
    assert other is not None and other.info_state(seat) == state.info_state(seat)
    assert any(held(other, p) != held(state, p) for p in range(4) if p != seat)
    assert held(other, seat) == held(state, seat)
