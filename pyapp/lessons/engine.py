"""The lessons' window on the engines: replaying positions, who holds a trick, random play.

Everything a lesson judges goes through the game engines (``verify`` / ``can`` / ``apply``,
``view``, ``result``); this module only adds the few readings the engines do not offer as such
(the seat holding an unfinished trick, the side of a seat) and a random player for the drills.
"""

from __future__ import annotations

import random
from typing import Any

from pyapp.core import CHANCE, TERMINAL, GameState, IllegalAction
from pyapp.games import game_class
from pyapp.lessons.model import Position


class ReplayError(ValueError):
    """A position whose history does not replay: which action (0-based) and the engine's reason."""

    def __init__(self, index: int, action: str, reason: IllegalAction | str) -> None:
        self.index = index
        self.action = action
        self.reason = reason
        text = reason.message("en") if isinstance(reason, IllegalAction) else reason
        super().__init__(f"action {index + 1} {action!r}: {text}")


def replay(position: Position) -> GameState:
    """The engine state of ``position`` (raise :class:`ReplayError` saying which action fails)."""
    try:
        state = game_class(position.game)(**position.options)
    except Exception as exc:  # noqa: BLE001 - an unknown game or option, reported as the first action
        raise ReplayError(0, f"Game: {position.game}", str(exc)) from None
    for index, action in enumerate(position.history):
        if state.is_terminal():
            raise ReplayError(index, action, "the game is already over")
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise ReplayError(index, action, exc) from None
    return state


def hands_finished(state: GameState) -> int:
    """How many hands (deals) the game has finished: every engine's result lists them."""
    result = state.result()
    if "counted_hands" in result:  # Boston: a four-pass redeal is not a hand played (B5)
        return int(result["counted_hands"])
    hands = result.get("hands")
    return len(hands) if isinstance(hands, list) else 0


def chance(state: GameState, rng: random.Random) -> str:
    """A random outcome of the chance node ``state`` is at (through the engine's own sampler)."""
    count = getattr(state, "chance_count", None)
    outcome = getattr(state, "chance_outcome", None)
    if callable(count) and callable(outcome):
        return str(outcome(rng.randrange(int(count()))))
    return state.chance_sample(rng)


def random_step(state: GameState, rng: random.Random) -> str:
    """Apply one random action (chance or a uniformly random legal action); return it."""
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over")
    action = chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
    state.apply(action)
    return action


# -- tricks ----------------------------------------------------------------------------------------

TRESSETTE_ORDER = "4567FCRA23"
"""T1: trick order of the Italian ranks, low to high."""

FRENCH_ORDER = "23456789TJQKA"
"""B1: rank order of the French cards, low to high."""


def trick_cards(view: dict[str, Any], game: str) -> list[tuple[str, str]]:
    """The unfinished trick of a Tressette or Boston view as ``(seat, card)`` pairs."""
    if game == "tressette":
        return [(c["seat"], c["card"]) for c in view.get("trick") or []]
    return [(seat, card) for seat, card in view.get("trick") or []]


def last_trick(view: dict[str, Any], game: str) -> tuple[list[tuple[str, str]], str] | None:
    """The last completed trick of a view: its ``(seat, card)`` pairs and the winner's seat."""
    last = view.get("last_trick")
    if not last:
        return None
    if game == "tressette":
        pairs = [(c["seat"], c["card"]) for c in last["cards"]]
    else:
        pairs = [(seat, card) for seat, card in last["cards"]]
    return pairs, str(last["winner"])


def holder(view: dict[str, Any], game: str, pairs: list[tuple[str, str]]) -> str | None:
    """The seat holding the trick made of ``pairs`` so far (T9; B10 with the view's trump/Boston)."""
    if not pairs:
        return None
    if game == "tressette":
        suit = pairs[0][1][1]
        best = max((p for p in pairs if p[1][1] == suit), key=lambda p: TRESSETTE_ORDER.index(p[1][0]))
        return best[0]
    boston = view.get("boston")
    for seat, card in pairs:
        if card == boston:
            return seat
    trump = view.get("trump_suit")
    trumps = [p for p in pairs if p[1][1] == trump]
    if trumps:
        return max(trumps, key=lambda p: FRENCH_ORDER.index(p[1][0]))[0]
    suit = pairs[0][1][1]
    return max((p for p in pairs if p[1][1] == suit), key=lambda p: FRENCH_ORDER.index(p[1][0]))[0]


def trick_holder_after(state: GameState, action: str) -> tuple[str | None, list[tuple[str, str]]]:
    """Play ``action`` on a copy: who holds (or took) the trick then, and the trick's cards."""
    after = state.clone()
    after.apply(action)
    view = after.view(None)
    pairs = trick_cards(view, state.game)
    if pairs:
        return holder(view, state.game, pairs), pairs
    done = last_trick(view, state.game)
    if done is None:
        return None, []
    return done[1], done[0]


def side_of(state: GameState, seat: str) -> set[str]:
    """The seats on ``seat``'s side: Tressette partners; Boston contract side or its opponents."""
    labels = [state.seat_label(p) for p in range(state.num_players)]
    if state.game == "tressette":
        i = labels.index(seat)
        return {labels[i], labels[(i + 2) % 4]}
    if state.game == "boston":
        contract = state.view(None).get("contract")
        if contract:
            players = set(contract["players"])
            return players if seat in players else set(labels) - players
    return {seat}


def candidate_actions(state: GameState) -> list[str]:
    """Every legal action, plus each single true declaration with a lead when the engine's list
    leaves declarations out (the full list of the engine, whatever its version)."""
    legal = state.legal_actions()
    if state.game != "tressette" or any(" " in a for a in legal):
        return legal
    from pyapp.tressette.declarations import truthful_declarations
    from pyapp.tressette.rules import TressetteState

    if not isinstance(state, TressetteState) or state.lead_context() is None:
        return legal
    out = list(legal)
    for card in legal:
        out += [f"{card} {tok}" for tok in truthful_declarations(state, card) if state.can(f"{card} {tok}")]
    return out


def canonical(state: GameState, action: str) -> str:
    """``action`` spelled as the engine lists it: a draw or a lead's declarations may come in any
    order from a page (``"draw 7c Ah"`` -> the listed ``"draw Ah 7c"``)."""
    words = action.split()
    if len(words) < 3:
        return " ".join(words)
    head, rest = words[0], sorted(words[1:])
    for legal in state.legal_actions():
        parts = legal.split()
        if parts[0] == head and sorted(parts[1:]) == rest:
            return legal
    return " ".join(words)
