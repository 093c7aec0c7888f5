"""Asking and judging one question: what the page shows, and the engine's verdict on an answer.

Shared by the lessons and the drills. :func:`question_data` is the plain data a page needs to
ask (options with labels, cards to draw); :func:`judge` returns the verdict on an answer given as
text (an action, a card code, an option value, a number, option values separated by spaces);
:func:`right_answers` lists every right answer, for "show me" and for the tests.
"""

from __future__ import annotations

from typing import Any

from pyapp.core import GameState, IllegalAction
from pyapp.i18n import t
from pyapp.lessons import course_of, engine
from pyapp.lessons.course import Answer, Verdict
from pyapp.lessons.judge import judge_action, key_function, right_actions
from pyapp.lessons.model import Act, Ask, Choice, Multi, Number, PickCard, PickHand, Position
from pyapp.lessons.picture import (
    action_label,
    card_words,
    deck_of,
    hand_in,
    option_label,
    seat_name,
    sort_hand,
)


def key_of(step: Ask, state: GameState | None, game: str) -> Answer:
    """The engine's right answer of a non-act question about ``game``."""
    q = step.question
    name: str
    args: tuple[str, ...]
    shown: tuple[str, ...]
    if isinstance(q, PickCard):
        name, args, shown = q.key, (), ()
    elif isinstance(q, PickHand):
        name, args, shown, state = "best_hand", q.hands, (str(q.players),), None
    elif isinstance(q, Number):
        name, args, shown = q.key, q.args, q.cards
    elif isinstance(q, (Choice, Multi)):
        name, args, shown = q.key, q.args, q.options
    else:
        raise TypeError("an act question has goals, not a key")
    key = key_function(game, name)
    if key is None:
        raise KeyError(name)
    return key(state, args, shown)


def pick_card_options(step: Ask, state: GameState | None, position: Position | None) -> list[str]:
    """The cards a pick-card question offers: the last trick, or the learner's hand."""
    q = step.question
    assert isinstance(q, PickCard)
    st = engine_state(state)
    if q.key == "trick_winner":
        done = engine.last_trick(st)
        return [card for _, card in done[0]] if done else []
    seat = st.seat_of(position.seat) if position else None
    return hand_in(st.view(seat), st.game)


def engine_state(state: GameState | None) -> GameState:
    """``state``, which this question needs."""
    if state is None:
        raise ValueError("this question needs a position")
    return state


def question_data(step: Ask, state: GameState | None, game: str, lang: str) -> dict[str, Any]:
    """What the page needs to ask ``step`` (controls of an act question come with the picture)."""
    q = step.question
    data: dict[str, Any] = {"kind": q.kind}
    if isinstance(q, PickCard):
        st = engine_state(state)
        options = pick_card_options(step, st, step.position)
        owners: dict[str, str] = {}
        if q.key == "trick_winner":
            done = engine.last_trick(st)
            owners = {card: seat for seat, card in done[0]} if done else {}
            if done:
                data["leader"] = seat_name(done[0][0][0], lang)
        data["options"] = [
            {
                "value": c,
                "label": card_words(c, game, lang),
                "cards": [c],
                "seat": seat_name(owners[c], lang) if c in owners else None,
            }
            for c in options
        ]
    elif isinstance(q, PickHand):
        data["options"] = [
            {
                "value": str(i),
                "label": t("lessons.hand_n", lang, n=i + 1),
                "cards": sort_hand(game, hand.split(), {}),
            }
            for i, hand in enumerate(q.hands)
        ]
    elif isinstance(q, Number):
        data["cards"] = list(q.cards)
    elif isinstance(q, (Choice, Multi)):
        data["options"] = [{"value": v, "label": option_label(game, v, lang)} for v in _option_values(q)]
    return data


def _option_values(q: Choice | Multi) -> list[str]:
    return list(q.options)


def right_answers(step: Ask, state: GameState | None, game: str) -> list[str]:
    """Every right answer of ``step`` (all right actions of an act question; the key otherwise)."""
    q = step.question
    if isinstance(q, Act):
        st = engine_state(state)
        assert step.position is not None
        return right_actions(st, step.position.seat, q.goal)
    key = key_of(step, state, game)
    if isinstance(key, frozenset):
        return [" ".join(v for v in _option_values(q) if v in key)]  # type: ignore[arg-type]
    return [str(key)]


def simplest(answers: list[str], game: str) -> list[str]:
    """The right answers a page lists (the game's course may leave out answers that only add to
    another one, as Tressette's declarations)."""
    return course_of(game).simplest(answers)


def answer_label(step: Ask, game: str, answer: str, lang: str) -> str:
    """An answer in words (an action, a card, an option, a hand...)."""
    q = step.question
    if isinstance(q, Act):
        return action_label(game, answer, lang)
    if isinstance(q, PickCard):
        return card_words(answer, game, lang)
    if isinstance(q, PickHand):
        return t("lessons.hand_n", lang, n=int(answer) + 1) if answer.isdigit() else answer
    if isinstance(q, (Choice, Multi)):
        values = answer.split() if isinstance(q, Multi) else [answer]
        return ", ".join(option_label(game, v, lang) for v in values) or t("lessons.none_chosen", lang)
    return answer


def judge(step: Ask, state: GameState | None, game: str, answer: str) -> Verdict:
    """The engine's verdict on ``answer`` to ``step`` in ``state`` (the step's position)."""
    q = step.question
    answer = " ".join(answer.split())
    if isinstance(q, Act):
        assert step.position is not None
        return judge_action(engine_state(state), step.position.seat, q.goal, answer)
    key = key_of(step, state, game)
    if isinstance(q, Number):
        try:
            given = int(answer)
        except ValueError:
            return Verdict("illegal", "lessons.why.not_a_number", {"text": answer})
        if given == key:
            return Verdict("right")
        assert isinstance(key, int)
        if key < 0 or given < 0:  # "-1 is too many" reads wrong: say which way the number lies
            return Verdict("wrong", "lessons.why.below" if given > key else "lessons.why.above", {"n": given})
        return Verdict(
            "wrong", "lessons.why.too_low" if given < key else "lessons.why.too_high", {"n": given}
        )
    if isinstance(q, Multi):
        assert isinstance(key, frozenset)
        chosen = set(answer.split())
        unknown = chosen - set(_option_values(q))
        if unknown:
            return Verdict("illegal", "lessons.why.unknown_option", {"text": " ".join(sorted(unknown))})
        if chosen == key:
            return Verdict("right")
        extra = [v for v in _option_values(q) if v in chosen - key]
        if extra:
            return _why_extra(q, state, game, extra[0])
        missing = len(key - chosen)
        return Verdict(
            "wrong", "lessons.why.missing_one" if missing == 1 else "lessons.why.missing", {"n": missing}
        )
    if isinstance(q, (Choice, PickCard, PickHand)):
        allowed = [o for o in _choice_values(step, state)]
        if answer not in allowed:
            return Verdict("illegal", "lessons.why.unknown_option", {"text": answer})
        if answer == str(key):
            return Verdict("right")
        return _why_choice(step, state, game, answer, str(key))
    raise TypeError(f"unknown question {q!r}")


def _choice_values(step: Ask, state: GameState | None) -> list[str]:
    q = step.question
    if isinstance(q, PickCard):
        return pick_card_options(step, state, step.position)
    if isinstance(q, PickHand):
        return [str(i) for i in range(len(q.hands))]
    assert isinstance(q, Choice)
    return list(q.options)


def _why_extra(q: Multi, state: GameState | None, game: str, value: str) -> Verdict:
    """A wrong option of a multiple choice: the engine's own refusal when it is an action."""
    st = engine_state(state) if state is not None else None
    if st is not None:
        action = course_of(game).option_action(q, value)
        try:
            st.verify(action)
        except IllegalAction as exc:
            return Verdict(
                "wrong", "lessons.why.extra_refused", {"option": _opt(game, value), "reason": exc.message}
            )
    return Verdict("wrong", "lessons.why.extra", {"option": _opt(game, value)})


def _opt(game: str, value: str) -> Any:
    return lambda lang: option_label(game, value, lang)


def _why_choice(step: Ask, state: GameState | None, game: str, answer: str, key: str) -> Verdict:
    q = step.question
    if isinstance(q, PickCard) and q.key == "trick_winner":
        return _why_trick(engine_state(state), game, answer, key)
    own = course_of(game).why_choice(step, q, answer, key)
    if own is not None:
        return own
    return Verdict("wrong", "lessons.why.choice", {"option": _opt(game, answer)})


def _why_trick(state: GameState, game: str, card: str, winner: str) -> Verdict:
    """Why ``card`` did not take the trick that ``winner`` took."""
    done = engine.last_trick(state)
    assert done is not None
    led = done[0][0][1][1]
    deck = deck_of(game)
    params: dict[str, object] = {
        "card": lambda lang: card_words(card, game, lang),
        "suit": lambda lang: t(f"card.{deck}.suit.{led}", lang),
    }
    own = course_of(game).why_trick(state, card, winner, led, params)
    if own is not None:
        return own
    if card[1] != led:
        return Verdict("wrong", "lessons.why.trick.off_suit", params)
    return Verdict("wrong", "lessons.why.trick.lower", params)
