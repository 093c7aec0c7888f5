"""The engine contract, checked by random simulation: the suite every game is run through.

In the spirit of OpenSpiel's random-simulation test: each game of ``pyapp.games`` is played by
random players and chance, and at sampled positions the contract of ``pyapp.core`` is checked:

* ``legal_actions()`` has no duplicates, every listed action is accepted (``can``/``verify``,
  whose typed value spells it back), ``[]`` at chance and terminal nodes;
* a battery of other strings (near spellings, the neighbouring numbers, a word fewer or more, every
  action listed earlier in the game) is accepted exactly when listed (``can(a) == (a in
  legal_actions())``), so a legal action missing from the list is found; a legal
  action spelled another way (blanks, leading zeros, ``+``, ``_``, non-ASCII digits) is refused
  with ``common.non_canonical`` naming the canonical spelling;
* ``can``/``verify``/``verify_as`` change nothing, not even a private field (no cache of parsed
  values), and ``info_state`` changes nothing observable; ``clone()`` is equal and
  independent; replaying the history gives an equal state with the same views;
* chance numbering: ``chance_outcome(chance_index(a)) == a`` and back, within ``chance_count()``;
* information states do not change when only cards hidden from the seat change (two cards that
  the seat's public history masks are swapped in the real chance action and the game replayed),
  so neither do views: no view reveals another seat's hidden cards;
* results and views handed out earlier do not change as the game goes on (they share no list or
  dict the state still changes), and changing an information state's view changes nothing else;
* records round-trip byte for byte; returns sum as the game's rules say.

A game gets all of this by its :class:`Profile`: its name, how its returns sum, the option sets it
is simulated with. ``tests/test_invariants.py`` runs it on the installed games,
``tests/games/test_toy_game.py`` on a toy game registered by the test alone.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from pyapp.core import CHANCE, HIDDEN, TERMINAL, GameState, IllegalAction
from pyapp.games import game_class, new_game
from pyapp.record import read_record, write_record


@dataclass(frozen=True)
class Profile:
    """What the suite must know of a game: how its returns sum, which options to try."""

    game: str
    returns_ok: Callable[[GameState], bool]
    """Whether ``state.returns()`` sum as the game's rules say."""
    variants: tuple[dict[str, str | int], ...] = field(default_factory=lambda: ({},))
    """Option sets the game is simulated with."""
    avoid: tuple[str, ...] = ()
    """Actions random play leaves out when it can (a referee's penalty, leaving the table)."""
    avoid_in_whole_games: tuple[str, ...] | None = None
    """The same for games played to their end (default: :attr:`avoid`; poker's ``end`` ends one)."""
    seeds: int = 3
    """Games simulated per option set."""
    min_checked: int = 100
    min_swaps: int = 10


FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
NUMBER = re.compile(r"(?<![0-9A-Za-z_])[0-9]+(?![0-9A-Za-z_])")


def spelled_otherwise(action: str) -> list[str]:
    """Other spellings of the same action that a person might write: all must be refused as
    non-canonical, naming ``action``."""
    out = [action + " ", " " + action]
    if " " in action:
        out += [action.replace(" ", "  ", 1), action.replace(" ", "\t", 1)]
    for match in NUMBER.finditer(action):
        digits = match.group()
        a, b = action[: match.start()], action[match.end() :]
        out += [
            a + "0" + digits + b,
            a + digits.translate(FULL_WIDTH) + b,
            a + digits.translate(ARABIC_INDIC) + b,
        ]
        if a.endswith((" ", "=")):
            out.append(a + "+" + digits + b)
        if len(digits) >= 2:
            out.append(a + digits[0] + "_" + digits[1:] + b)
    return out


def other_strings(action: str) -> list[str]:
    """Strings near ``action`` that are refused unless they happen to be legal actions too."""
    words = action.split(" ")
    out = [action.upper(), action.lower(), action + " x", action + "\u00a0", "", " ", "?", action[:-1]]
    out += [action + " " + words[-1], " ".join(words[:1] + words[1:][::-1])]
    out += [
        m.group().translate(SUPERSCRIPT).join((action[: m.start()], action[m.end() :]))
        for m in NUMBER.finditer(action)
    ]
    out += [action[: m.start()] + "-" + m.group() + action[m.end() :] for m in NUMBER.finditer(action)]
    out += [action[: m.start()] + "9" * 30 + action[m.end() :] for m in NUMBER.finditer(action)]
    # Neighbours that are often legal too (the next amount, a cut one deeper, a draw or a lead
    # with one word fewer): a legal action missing from the list is accepted but not listed.
    for m in NUMBER.finditer(action):
        for k in (int(m.group()) - 1, int(m.group()) + 1):
            if k >= 0:
                out.append(f"{action[: m.start()]}{k}{action[m.end() :]}")
    out += [" ".join(words[:i] + words[i + 1 :]) for i in range(1, len(words))]
    return out


def merged_with(action: str, legal: list[str], rng: random.Random) -> list[str]:
    """``action`` with the further words of other listed actions of the same verb (a draw of one
    more card, a lead with one more declaration): legal exactly when listed, if the list is whole."""
    verb, *words = action.split(" ")
    out = []
    for other in rng.sample(legal, min(len(legal), 12)):
        head, *more = other.split(" ")
        extra = [w for w in more if w not in words]
        if head == verb and extra and other != action:
            out.append(" ".join([verb, *words, *extra]))
    return out


def canonical_json(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def vandalise(data: object) -> None:
    """Change every list and dict inside ``data`` (in place)."""
    if isinstance(data, dict):
        for value in data.values():
            vandalise(value)
        data["vandal"] = True
    elif isinstance(data, list):
        for value in data:
            vandalise(value)
        data.append("vandal")


def fingerprint(state: GameState) -> str:
    """Everything observable about a state, as text (to show that an operation changed nothing)."""
    seats = list(range(state.num_players)) + [None]
    return json.dumps(
        {
            "history": state.history,
            "actors": state.actors,
            "player": state.current_player(),
            "legal": state.legal_actions(),
            "views": [state.view(p) for p in seats],
            "result": state.result(),
            "returns": state.returns(),
        },
        sort_keys=True,
    )


def refusal(state: GameState, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.verify(action)
    return info.value


def check_player_node(state: GameState, rng: random.Random, seen: set[str] | None = None) -> None:
    """The contract at a seat's turn; ``seen``: actions listed earlier in the game (a card led
    before, an amount bet before), each accepted now exactly when listed now."""
    legal = state.legal_actions()
    assert legal, "a seat to act always has a legal action"
    assert len(set(legal)) == len(legal), "legal actions repeat"
    listed = set(legal)
    before = fingerprint(state)
    internals = copy.deepcopy(state.__dict__)
    sample = rng.sample(legal, min(len(legal), 8))
    values = state.legal_values()
    assert [str(v) for v in values] == legal, "legal_values() spells legal_actions()"
    assert len(set(values)) == len(values), "action values are hashable and distinct"
    for action in sample:
        value = state.verify(action)
        assert str(value) == action, (action, str(value))
        assert value == values[legal.index(action)], "verify() and legal_values() give the same value"
        assert state.can(action)
        state.verify_as(state.current_player(), action)
        for other in spelled_otherwise(action):
            if other in listed:
                continue
            err = refusal(state, other)
            assert err.key == "common.non_canonical", (other, err.key, err.message("en"))
            assert err.params["canonical"] == action and err.message("it") != err.message("en")
        for other in other_strings(action) + merged_with(action, legal, rng):
            assert state.can(other) == (other in listed), other
    for other in rng.sample(sorted(seen or ()), min(len(seen or ()), 40)):
        assert state.can(other) == (other in listed), other
    assert state.__dict__ == internals, "can/verify changed the state's fields (a cache of parsed values?)"
    seat = state.current_player()
    for wrong in range(state.num_players):
        if wrong != seat:
            with pytest.raises(IllegalAction) as info:
                state.verify_as(wrong, sample[0])
            assert info.value.key == "common.not_your_turn"
    for seat in range(state.num_players):
        info_state = state.info_state(seat)
        assert info_state == state.info_state(seat) and hash(info_state) == hash(state.info_state(seat))
        assert info_state.legal == (tuple(legal) if seat == state.current_player() else ())
    assert fingerprint(state) == before, "can/verify/info_state changed the state"
    vandalise(state.info_state(seat).view_data)  # a careless computer player
    assert fingerprint(state) == before, "an information state shares a list or dict with the state"


def check_chance_node(state: GameState, rng: random.Random) -> None:
    assert state.legal_actions() == []
    before = fingerprint(state)
    count = state.chance_count()
    assert count >= 1
    drawn = state.chance_sample(rng)
    index = state.chance_index(drawn)
    assert 0 <= index < count and state.chance_outcome(index) == drawn
    for i in {0, count - 1, rng.randrange(count)}:
        outcome = state.chance_outcome(i)
        assert state.can(outcome) and state.chance_index(outcome) == i
    for i in (-1, count):
        with pytest.raises(IllegalAction):
            state.chance_outcome(i)
    for other in (drawn + " ", drawn.replace(" ", "  ", 1), " " + drawn):
        assert not state.can(other)
    with pytest.raises(IllegalAction) as info:
        state.verify_as(0, drawn)
    assert info.value.key == "common.chance_turn"
    assert fingerprint(state) == before, "the chance numbering changed the state"


def check_clone(state: GameState, rng: random.Random) -> None:
    before = fingerprint(state)
    twin = state.clone()
    assert twin == state and fingerprint(twin) == before
    if not twin.is_terminal():
        twin.apply(twin.chance_sample(rng) if twin.is_chance() else rng.choice(twin.legal_actions()))
        assert twin != state
    assert fingerprint(state) == before, "changing a clone changed the original"


def check_hidden_swap(state: GameState, seat: int, rng: random.Random) -> bool:
    """Swap two cards the seat cannot see in the last chance action that hides some: the seat's
    information state (and so its view) must not change. False when no such swap is possible."""
    public = state.public_history(seat)
    assert len(public) == len(state.history)
    for (actor, masked), real, true_actor in zip(public, state.history, state.actors, strict=True):
        assert actor == true_actor
        shown = masked.split(" ")
        assert len(shown) == len(real.split(" "))
        assert all(a in (b, HIDDEN) for a, b in zip(shown, real.split(" "), strict=True)), (
            "masking changed a token"
        )
    later_tokens: set[str] = set()
    for index in range(len(public) - 1, -1, -1):
        actor, masked = public[index]
        tokens = masked.split(" ")
        if actor == CHANCE and HIDDEN in tokens:
            real = state.history[index].split(" ")
            hidden = [k for k, tok in enumerate(tokens) if tok == HIDDEN and real[k] not in later_tokens]
            if len(hidden) < 2:
                return False
            i, j = rng.sample(hidden, 2)
            real[i], real[j] = real[j], real[i]
            history = [*state.history[:index], " ".join(real), *state.history[index + 1 :]]
            try:
                other = type(state).replay(history, **state.options)
            except IllegalAction:
                return False  # the swap contradicts something public (a void shown...)
            if other.public_history(seat) != state.public_history(seat):
                return False  # the swap changed what was made public (poker: the openers shown, P15)
            assert other.view(seat) == state.view(seat), "a view shows a card hidden from its seat"
            assert other.info_state(seat) == state.info_state(seat), (
                "an information state depends on hidden cards"
            )
            return True
        later_tokens.update(state.history[index].split(" "))
    return False


def check_terminal(state: GameState) -> None:
    assert state.legal_actions() == []
    assert refusal(state, "x").key == "common.game_over"
    with pytest.raises(IllegalAction):
        state.chance_count()


def check_record(state: GameState) -> None:
    again = type(state).replay(state.history, **state.options)
    assert again == state and fingerprint(again) == fingerprint(state)
    text = write_record(state, {"Event": "invariants"})
    record = read_record(text)
    assert record.state == state and write_record(record.state, record.tags) == text


def simulate(profile: Profile, options: dict[str, str | int], seed: int, actions: int) -> tuple[int, int]:
    """Play ``actions`` random actions (or to the end) checking the contract; returns
    (positions checked, hidden swaps done)."""
    game = profile.game
    rng = random.Random(f"{game}-{seed}")
    state = new_game(game, **options)
    checked = swaps = 0
    seen: set[str] = set()
    handed_out: list[tuple[object, str]] = []  # results and views given away, as they were then
    for step in range(actions):
        player = state.current_player()
        phase = state.phase()
        assert phase in type(state).phases and (phase == "game_over") == (player == TERMINAL), phase
        if player == TERMINAL:
            check_terminal(state)
            break
        deep = step % 7 == 0 or rng.random() < 0.05
        if deep:
            checked += 1
            if player == CHANCE:
                check_chance_node(state, rng)
            else:
                check_player_node(state, rng, seen)
            if step % 21 == 0:
                check_clone(state, rng)
            if rng.random() < 0.3:
                swaps += check_hidden_swap(state, rng.randrange(state.num_players), rng)
            view = state.info_state(rng.randrange(state.num_players)).view_data
            handed_out += [(view, canonical_json(view)), (result := state.result(), canonical_json(result))]
        if player == CHANCE:
            state.apply(state.chance_sample(rng))
        else:
            legal = state.legal_actions()
            seen.update(legal)
            calm = [a for a in legal if not a.startswith(profile.avoid)]
            state.apply(rng.choice(calm or legal))
        assert profile.returns_ok(state), state.returns()
    for value, then in handed_out:
        assert canonical_json(value) == then, "a result or a view handed out changed with the game"
    check_record(state)
    return checked, swaps


def run_contract(profile: Profile) -> None:
    """Random simulations of every option set, checking the contract at many positions."""
    checked = swaps = 0
    for k, options in enumerate(profile.variants):
        for seed in range(profile.seeds):
            c, s = simulate(profile, options, seed + 1000 * k, actions=260)
            checked += c
            swaps += s
    assert checked > profile.min_checked and swaps > profile.min_swaps, (checked, swaps)


def run_whole_games(profile: Profile, games: int = 2) -> None:
    """Games played to the end: terminal nodes, final records, returns."""
    rng = random.Random(profile.game)
    avoid = profile.avoid if profile.avoid_in_whole_games is None else profile.avoid_in_whole_games
    for seed in range(games):
        state = new_game(profile.game)
        while not state.is_terminal() and len(state.history) < 20_000:
            if state.is_chance():
                state.apply(state.chance_sample(rng))
            else:
                legal = state.legal_actions()
                calm = [a for a in legal if not a.startswith(avoid)]
                state.apply(rng.choice(calm or legal))
        assert state.is_terminal(), f"{profile.game}: random play did not end (seed {seed})"
        check_terminal(state)
        assert profile.returns_ok(state)
        check_record(state)


def check_class_attributes(game: str) -> None:
    """The registry's class and its seats, labels and phases."""
    cls = game_class(game)
    state = cls()
    assert cls.game == game and state.num_players >= 2
    labels = [state.seat_label(p) for p in range(state.num_players)]
    assert len(set(labels)) == len(labels) and all(
        state.seat_of(label) == p for p, label in enumerate(labels)
    )
    assert state.seat_label(CHANCE) == "*" and state.seat_of("*") == CHANCE
    assert "game_over" in cls.phases and state.view(None)["phase"] in cls.phases
