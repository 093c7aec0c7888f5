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
from dataclasses import dataclass, field
from typing import Any

from pyapp.cards import Card
from pyapp.core import GameState, IllegalAction
from pyapp.i18n import t
from pyapp.lessons import engine
from pyapp.lessons.model import Goal, split_action
from pyapp.lessons.picture import action_label, card_words, deck_of, option_label, seat_name


@dataclass
class Verdict:
    """The judgement of one answer: ``"right"``, ``"wrong"`` or ``"illegal"``, and why."""

    verdict: str
    key: str = ""
    params: dict[str, object] = field(default_factory=dict)
    refusal: IllegalAction | None = None

    @property
    def right(self) -> bool:
        """Whether the answer is right."""
        return self.verdict == "right"

    def message(self, lang: str) -> str:
        """The explanation in ``lang`` (the engine's refusal for an illegal action)."""
        if self.refusal is not None:
            return self.refusal.message(lang)
        if not self.key:
            return ""
        params = {k: (v(lang) if callable(v) else v) for k, v in self.params.items()}
        return t(self.key, lang, **params)


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
        return Verdict("wrong", "lessons.why.declares", {"calls": _calls(missing)})
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
    """The suit a card counts as: its own, or trump for the Boston (B3)."""
    if state.game == "boston":
        view = state.view(None)
        if head == view.get("boston") and state.options.get("boston_suit") == "trump":
            return str(view.get("trump_suit"))
    return head[1:] if len(head) == 2 else ""


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


def _calls(tokens: list[str]) -> Callable[[str], str]:
    return lambda lang: ", ".join(option_label("tressette", tok, lang) for tok in tokens)


# -- keys of the other questions ---------------------------------------------------------------------

Answer = str | int | frozenset[str]
KeyFunction = Callable[[GameState | None, tuple[str, ...], tuple[str, ...]], Answer]
"""A key function: ``(state or None, args, shown) -> the right answer``; ``shown`` is a Number's
cards, a Choice's or Multi's options, a PickHand's table size."""


def _need(state: GameState | None) -> GameState:
    if state is None:
        raise ValueError("this question needs a position")
    return state


def key_trick_winner(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The card that took the position's last completed trick (T9, B10)."""
    st = _need(state)
    done = engine.last_trick(st.view(None), st.game)
    if done is None:
        raise ValueError("the position has no completed trick")
    pairs, winner = done
    return next(card for s, card in pairs if s == winner)


def key_boston_card(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The Boston of the hand being played (B2)."""
    boston = _need(state).view(None).get("boston")
    if not boston:
        raise ValueError("no hand has been dealt")
    return str(boston)


def key_card_points(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Tressette points of the shown cards (T12, the engine's table of thirds); ``"last"`` adds
    the last trick."""
    from pyapp.tressette import INDEX, LAST_TRICK_THIRDS, THIRDS

    thirds = sum(THIRDS[INDEX[c]] for c in shown) + (LAST_TRICK_THIRDS if "last" in args else 0)
    return thirds // 3


def _last_hand(state: GameState) -> dict[str, Any]:
    hands = [h for h in state.result().get("hands", []) if h.get("points") and h.get("counted", True)]
    if not hands:
        raise ValueError("no hand has been scored in this position")
    last: dict[str, Any] = hands[-1]
    return last


def key_hand_points(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Points of a team (Tressette ``NS``/``EW``) or a seat (Boston) in the last scored hand."""
    return int(_last_hand(_need(state))["points"][args[0]])


def key_hand_mani(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Boston mani of a seat in the last counted hand (B12)."""
    return int(_last_hand(_need(state))["mani"][args[0]])


def key_contract_needed(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Tricks the Boston contract needs (B9)."""
    contract = _need(state).view(None).get("contract")
    if not contract:
        raise ValueError("no contract yet")
    return int(contract["needed"])


def key_legal_calls(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The calls the player to act may make now (the engine's legal actions)."""
    return frozenset(_need(state).legal_actions())


def key_true_declarations(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The offered declaration tokens the engine accepts with the lead of ``args[0]``."""
    st = _need(state)
    card = args[0]
    return frozenset(tok for tok in shown if st.can(f"{card} {tok}"))


def key_deck_size(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Cards in the poker deck for ``args[0]`` players (P2), as the engine builds it."""
    from pyapp.poker.rules import PokerState

    return len(PokerState(players=int(args[0])).cards)


def key_pot(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """Chips in the middle now (P5)."""
    return int(_need(state).view(None)["pot"])


def key_max_amount(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The largest legal amount of ``args[0]`` (``bet``, ``raise``, ``open``) now (P9)."""
    values = amounts_of(_need(state), args[0])
    if not values:
        raise ValueError(f"no legal {args[0]} here")
    return max(values)


def key_side_pot(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The amount of pot number ``args[0]`` (0 = the main pot) now (P3, all'altezza)."""
    pots = _need(state).view(None).get("pots") or []
    index = int(args[0])
    if index >= len(pots):
        raise ValueError(f"there is no pot {index} here")
    return int(pots[index]["amount"])


def key_partita_winner(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The team that won the last partita (T14), or ``none`` when it is still open."""
    partite = _need(state).result().get("partite", [])
    if partite and partite[-1].get("winner"):
        return str(partite[-1]["winner"])
    return "none"


def key_to_act(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The seat to act now (who leads, who bids first, who speaks)."""
    st = _need(state)
    return st.seat_label(st.current_player())


def key_requirement(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The opening requirement of the hand (P7, P8): ``J``, ``Q`` or ``K``."""
    return str(_need(state).view(None)["requirement"])


def key_can_open(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """``yes`` when the player to act may open now (P7), ``no`` otherwise."""
    st = _need(state)
    return "yes" if any(a.startswith("open") for a in st.legal_actions()) else "no"


def key_best_hand(state: GameState | None, args: tuple[str, ...], shown: tuple[str, ...]) -> Answer:
    """The index of the best poker hand among ``args`` (P16, P17, the engine's evaluator);
    ``shown`` holds the table size as its only item."""
    from pyapp.poker.evaluate import evaluate, lowest_rank_for

    players = int(shown[0]) if shown else 5
    lowest = lowest_rank_for(players)
    keys = [evaluate([Card.parse(c, "fr") for c in hand.split()], lowest) for hand in args]
    return str(keys.index(max(keys)))


KEYS: dict[str, KeyFunction] = {
    "trick_winner": key_trick_winner,
    "boston_card": key_boston_card,
    "card_points": key_card_points,
    "hand_points": key_hand_points,
    "hand_mani": key_hand_mani,
    "contract_needed": key_contract_needed,
    "legal_calls": key_legal_calls,
    "true_declarations": key_true_declarations,
    "deck_size": key_deck_size,
    "pot": key_pot,
    "max_amount": key_max_amount,
    "side_pot": key_side_pot,
    "partita_winner": key_partita_winner,
    "to_act": key_to_act,
    "requirement": key_requirement,
    "can_open": key_can_open,
    "best_hand": key_best_hand,
}
"""Key functions by name (the ``key`` of Number, Choice, Multi and PickCard questions)."""
