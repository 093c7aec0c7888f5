"""Asking and judging one question: what the page shows, and the engine's verdict on an answer.

Shared by the lessons and the drills. :func:`question_data` is the plain data a page needs to
ask (options with labels, cards to draw); :func:`judge` returns the verdict on an answer given as
text (an action, a card code, an option value, a number, option values separated by spaces);
:func:`right_answers` lists every right answer, for "show me" and for the tests.
"""

from __future__ import annotations

from typing import Any

from pyapp.cards import Card
from pyapp.core import GameState, IllegalAction
from pyapp.i18n import t
from pyapp.lessons import engine
from pyapp.lessons.judge import KEYS, Answer, Verdict, judge_action, right_actions
from pyapp.lessons.model import Act, Ask, Choice, Multi, Number, PickCard, PickHand, Position
from pyapp.lessons.picture import action_label, card_words, option_label, seat_name, sort_hand


def key_of(step: Ask, state: GameState | None) -> Answer:
    """The engine's right answer of a non-act question."""
    q = step.question
    if isinstance(q, PickCard):
        return KEYS[q.key](state, (), ())
    if isinstance(q, PickHand):
        return KEYS["best_hand"](None, q.hands, (str(q.players),))
    if isinstance(q, Number):
        return KEYS[q.key](state, q.args, q.cards)
    if isinstance(q, (Choice, Multi)):
        return KEYS[q.key](state, q.args, q.options)
    raise TypeError("an act question has goals, not a key")


def pick_card_options(step: Ask, state: GameState | None, position: Position | None) -> list[str]:
    """The cards a pick-card question offers: the last trick, or the learner's hand."""
    q = step.question
    assert isinstance(q, PickCard)
    st = engine_state(state)
    if q.key == "trick_winner":
        done = engine.last_trick(st.view(None), st.game)
        return [card for _, card in done[0]] if done else []
    seat = st.seat_of(position.seat) if position else None
    view = st.view(seat)
    return list(view.get("hand") or view.get("cards") or [])


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
            done = engine.last_trick(st.view(None), st.game)
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
                "cards": sort_hand("poker", hand.split(), {}),
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
    key = key_of(step, state)
    if isinstance(key, frozenset):
        return [" ".join(v for v in _option_values(q) if v in key)]  # type: ignore[arg-type]
    return [str(key)]


def simplest(answers: list[str], game: str) -> list[str]:
    """``answers`` without the Tressette leads that only add declarations to another one in the list.

    ``"Ac voglio_3"`` stands for ``"Ac ribusso voglio_3"`` and every other combination of true calls
    with it (several true calls may go with one lead): the right answers a page lists.
    """
    if game != "tressette":
        return list(answers)
    split = [(a.split()[:1], frozenset(a.split()[1:])) for a in answers]
    return [
        answer
        for answer, (card, calls) in zip(answers, split, strict=True)
        if not any(other == card and fewer < calls for other, fewer in split)
    ]


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
    key = key_of(step, state)
    if isinstance(q, Number):
        try:
            given = int(answer)
        except ValueError:
            return Verdict("illegal", "lessons.why.not_a_number", {"text": answer})
        if given == key:
            return Verdict("right")
        assert isinstance(key, int)
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
        action = f"{q.args[0]} {value}" if q.key == "true_declarations" else value
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
    if isinstance(q, PickHand):
        from pyapp.poker.evaluate import evaluate, hand_name, lowest_rank_for

        lowest = lowest_rank_for(q.players)
        mine = evaluate([Card.parse(c, "fr") for c in q.hands[int(answer)].split()], lowest)
        best = evaluate([Card.parse(c, "fr") for c in q.hands[int(key)].split()], lowest)
        if hand_name(mine, "en") == hand_name(best, "en"):
            return _why_same_hand(mine, best, q.hands[int(key)].split())
        return Verdict(
            "wrong",
            "lessons.why.pick_hand",
            {"mine": lambda lang: hand_name(mine, lang), "best": lambda lang: hand_name(best, lang)},
        )
    if isinstance(q, PickCard) and q.key == "trick_winner":
        st = engine_state(state)
        return _why_trick(st, game, answer, key)
    if isinstance(q, PickCard):
        return Verdict(
            "wrong", "lessons.why.not_boston", {"card": lambda lang: card_words(answer, game, lang)}
        )
    return Verdict("wrong", "lessons.why.choice", {"option": _opt(game, answer)})


def _why_same_hand(mine: int, best: int, best_cards: list[str]) -> Verdict:
    """Two hands of the same name (P17): the other cards decide, or, all ranks equal, the suit."""
    from pyapp.poker.evaluate import category, hand_name, significant_ranks, significant_suits

    name: dict[str, object] = {"name": lambda lang: hand_name(best, lang)}
    if category(mine) != category(best) or significant_ranks(mine) != significant_ranks(best):
        return Verdict("wrong", "lessons.why.pick_hand_kickers", name)
    # all ranks equal: the suit of the deciding card (the first in order of significance) decides
    suit = significant_suits(best)[0]
    rank = significant_ranks(best)[0]
    card = next(c for c in best_cards if c[1] == suit and Card.parse(c, "fr").rank_index == rank)
    return Verdict(
        "wrong",
        "lessons.why.pick_hand_suit",
        {**name, "card": lambda lang: card_words(card, "poker", lang)},
    )


def _why_trick(state: GameState, game: str, card: str, winner: str) -> Verdict:
    """Why ``card`` did not take the trick that ``winner`` took."""
    view = state.view(None)
    done = engine.last_trick(view, game)
    assert done is not None
    led = done[0][0][1][1]
    params: dict[str, object] = {
        "card": lambda lang: card_words(card, game, lang),
        "suit": lambda lang: t(f"card.{'it' if game == 'tressette' else 'fr'}.suit.{led}", lang),
    }
    if game == "boston":
        boston = view.get("boston")
        trump = view.get("trump_suit")
        if winner == boston:
            return Verdict("wrong", "lessons.why.trick.boston", params)
        if winner[1] == trump and card[1] != trump:
            return Verdict("wrong", "lessons.why.trick.trumped", params)
        if winner[1] == trump and led != trump:  # both trumped the suit led: the higher trump takes
            return Verdict("wrong", "lessons.why.trick.overtrumped", params)
    if card[1] != led:
        return Verdict("wrong", "lessons.why.trick.off_suit", params)
    return Verdict("wrong", "lessons.why.trick.lower", params)
