"""The answer key: the engine decides what is right, and explains what is wrong.

* :func:`judge_action` -- an action in a real position: illegal (the engine's refusal reason),
  legal but missing the step's :class:`~pyapp.lessons.model.Goal` (why, in words), or right;
* :func:`right_actions` -- every legal action meeting a goal (so equal cards and every winning
  card count as right);
* :data:`KEYS` -- the key functions of the other questions (who took the trick, how many points,
  which calls are legal...), each computed from the engine's state, view, result or evaluator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.core import GameState, IllegalAction
from pyapp.i18n import t
from pyapp.lessons import course_of, engine
from pyapp.lessons.course import Answer, KeyFunction, Verdict
from pyapp.lessons.model import Goal, split_action
from pyapp.lessons.picture import action_label, card_words, deck_of, option_label, seat_name

# -- goals -------------------------------------------------------------------------------------------


def meets(state: GameState, seat: str, goal: Goal, action: str) -> Verdict:
    """Whether the legal ``action`` meets ``goal`` in ``state`` (the learner sits in ``seat``)."""
    game = state.game
    head, tokens = split_action(action)
    words = action.split()
    kind = goal.kind
    if kind == "any":
        return Verdict("right")
    if kind == "all":
        for part in goal.parts:
            verdict = meets(state, seat, part, action)
            if not verdict.right:
                return verdict
        return Verdict("right")
    if kind == "any_of":
        verdicts = [meets(state, seat, part, action) for part in goal.parts]
        return next((v for v in verdicts if v.right), verdicts[0] if verdicts else Verdict("wrong"))
    if kind == "actions":
        if action in goal.values:
            return Verdict("right")
        return Verdict("wrong", "lessons.why.actions", {"action": _label(game, action)})
    if kind == "cards":
        if head in goal.values:
            return Verdict("right")
        return Verdict("wrong", "lessons.why.cards", {"card": _card(game, head)})
    if kind in ("wins_trick", "side_wins_trick", "loses_trick"):
        holder, pairs = engine.trick_holder_after(state, action)
        best = next((card for s, card in pairs if s == holder), head)
        mine = {seat} if kind != "side_wins_trick" else engine.side_of(state, seat)
        holds = holder in mine
        if (kind == "loses_trick") != holds:
            return Verdict("right")
        params: dict[str, object] = {
            "card": _card(game, head),
            "holder": _seat(holder or ""),
            "best": _card(game, best),
        }
        if kind == "loses_trick":
            return Verdict("wrong", "lessons.why.loses_trick", params)
        if kind == "side_wins_trick":
            return Verdict("wrong", "lessons.why.side_wins_trick", params)
        return Verdict("wrong", "lessons.why.wins_trick", params)
    if kind == "suit":
        suit = _effective_suit(state, head)
        if suit in goal.values:
            return Verdict("right")
        return Verdict(
            "wrong",
            "lessons.why.suit",
            {"card": _card(game, head), "suits": _suits(game, goal.values)},
        )
    if kind == "declares":
        missing = [tok for tok in goal.values if tok not in tokens]
        if not missing:
            return Verdict("right")
        return Verdict("wrong", "lessons.why.declares", {"calls": _calls(game, missing)})
    if kind == "verb":
        if words and words[0] in goal.values:
            return Verdict("right")
        return Verdict("wrong", "lessons.why.verb", {"action": _label(game, action)})
    if kind == "amount":
        verb_name, which = goal.values
        values = amounts_of(state, verb_name)
        target = max(values) if which == "max" else min(values)
        if words and words[0] == verb_name and len(words) == 2 and int(words[1]) == target:
            return Verdict("right")
        if words and words[0] == verb_name and len(words) == 2:
            return Verdict("wrong", f"lessons.why.amount_{which}", {"n": words[1]})
        return Verdict("wrong", "lessons.why.verb", {"action": _label(game, action)})
    if kind == "discards":
        changed = sorted(words[1:]) if words and words[0] == "draw" else []
        if changed == sorted(goal.values):
            return Verdict("right")
        if not changed:
            return Verdict("wrong", "lessons.why.stood_pat", {})
        key = "lessons.why.discards_one" if len(changed) == 1 else "lessons.why.discards"
        return Verdict("wrong", key, {"cards": _cards(game, changed), "n": len(changed)})
    raise ValueError(f"unknown goal kind {kind!r}")


def judge_action(state: GameState, seat: str, goal: Goal, action: str) -> Verdict:
    """Judge the learner's ``action``: the engine's refusal, the goal's explanation, or right."""
    player = state.current_player()
    if player < 0 or state.seat_label(player) != seat:
        return Verdict("illegal", "lessons.why.not_your_turn")
    action = engine.canonical(state, action)
    try:
        state.verify(action)
    except IllegalAction as exc:
        return Verdict("illegal", refusal=exc)
    return meets(state, seat, goal, action)


def right_actions(state: GameState, seat: str, goal: Goal) -> list[str]:
    """Every legal action of ``state`` that meets ``goal`` (the whole set of right answers)."""
    return [a for a in engine.candidate_actions(state) if meets(state, seat, goal, a).right]


def amounts_of(state: GameState, verb_name: str) -> list[int]:
    """The legal amounts of ``verb_name`` now (every amount the engine lists for it)."""
    values = []
    for action in state.legal_actions():
        words = action.split()
        if len(words) == 2 and words[0] == verb_name and words[1].isdigit():
            values.append(int(words[1]))
    return values


def _effective_suit(state: GameState, head: str) -> str:
    """The suit a card counts as (the game's course says: the Boston is a trump)."""
    return course_of(state.game).effective_suit(state, head)


def _card(game: str, code: str) -> Callable[[str], str]:
    return lambda lang: card_words(code, game, lang)


def _cards(game: str, codes: list[str]) -> Callable[[str], str]:
    return lambda lang: ", ".join(card_words(c, game, lang) for c in codes)


def _seat(label: str) -> Callable[[str], str]:
    return lambda lang: seat_name(label, lang) if label else "?"


def _label(game: str, action: str) -> Callable[[str], str]:
    return lambda lang: action_label(game, action, lang)


def _suits(game: str, suits: tuple[str, ...]) -> Callable[[str], str]:
    deck = deck_of(game)
    return lambda lang: ", ".join(t(f"card.{deck}.suit.{s}", lang) for s in suits)


def _calls(game: str, tokens: list[str]) -> Callable[[str], str]:
    return lambda lang: ", ".join(option_label(game, tok, lang) for tok in tokens)


# -- keys of the other questions ---------------------------------------------------------------------


def _need(state: GameState | None) -> GameState:
    if state is None:
        raise ValueError("this question needs a position")
    return state


def key_trick_winner(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The card that took the position's last completed trick (the engine's trick winner)."""
    done = engine.last_trick(_need(state))
    if done is None:
        raise ValueError("the position has no completed trick")
    pairs, winner = done
    return next(card for s, card in pairs if s == winner)


def _last_hand(state: GameState) -> dict[str, Any]:
    hands = [h for h in state.result().get("hands", []) if h.get("points") and h.get("counted", True)]
    if not hands:
        raise ValueError("no hand has been scored in this position")
    last: dict[str, Any] = hands[-1]
    return last


def key_hand_points(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Points of a team or a seat (``args[0]``) in the last scored hand."""
    return int(_last_hand(_need(state))["points"][args[0]])


def key_legal_calls(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The calls the player to act may make now (the engine's legal actions)."""
    return frozenset(_need(state).legal_actions())


def key_max_amount(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The largest legal amount of ``args[0]`` (``bet``, ``raise``, ``open``) now."""
    values = amounts_of(_need(state), args[0])
    if not values:
        raise ValueError(f"no legal {args[0]} here")
    return max(values)


def key_to_act(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The seat to act now (who leads, who bids first, who speaks)."""
    st = _need(state)
    return st.seat_label(st.current_player())


KEYS: dict[str, KeyFunction] = {
    "trick_winner": key_trick_winner,
    "hand_points": key_hand_points,
    "legal_calls": key_legal_calls,
    "max_amount": key_max_amount,
    "to_act": key_to_act,
}
"""The answer keys every game shares (the ``key`` of Number, Choice, Multi and PickCard
questions); each game's course adds its own."""


def key_function(game: str, name: str) -> KeyFunction | None:
    """The answer key ``name`` of a question about ``game``: a shared one or the game's own."""
    return KEYS.get(name) or course_of(game).keys.get(name)


def key_names(game: str) -> list[str]:
    """Every answer key a question about ``game`` may name."""
    return sorted({*KEYS, *course_of(game).keys})
