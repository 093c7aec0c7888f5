"""Validation of lessons and drills: every position replays, every answer is legal, every lesson ends.

:func:`check_lesson` returns the :class:`Problem` list of one lesson (empty when it is sound):
the texts exist in Italian and English; every position replays on the engine and the learner's
seat exists; every act question is asked when the learner is to act, has at least one right
action and every action the author names is legal there; every other question's key can be
computed by the engine and is among the options offered; every play-on position is a hand that
the computer players can play to its end. :func:`check_drill` draws rounds of a drill and checks
each like a lesson question. ``python3 -m pyapp lessons --check`` runs them all.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from pyapp.cards import CardError, parse_cards
from pyapp.core import TERMINAL, GameState
from pyapp.lessons import all_drills, all_lessons, course_of, engine, games
from pyapp.lessons.judge import amounts_of, key_names, right_actions
from pyapp.lessons.model import (
    Act,
    Ask,
    Choice,
    Drill,
    Explain,
    Goal,
    Lesson,
    Multi,
    Number,
    PickCard,
    PickHand,
    PlayOn,
    Position,
    Step,
    text_problem,
)
from pyapp.lessons.picture import deck_of
from pyapp.lessons.questions import key_of, pick_card_options

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
PLAY_ON_LIMIT = 3000
"""Moves the computer players may make to finish a play-on hand before the check gives up."""


@dataclass(frozen=True)
class Problem:
    """Why a lesson (or drill) is broken: its id, the step (1-based, ``None``: the lesson) and why."""

    lesson: str
    step: int | None
    reason: str

    def as_dict(self) -> dict[str, object]:
        """The problem as JSON data."""
        return {"lesson": self.lesson, "step": self.step, "reason": self.reason}

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step is not None else "lesson"
        return f"{self.lesson}: {where}: {self.reason}"


class StepError(ValueError):
    """One reason a step is broken (internal to the checker)."""


def _text(what: str, text: object) -> None:
    problem = text_problem(text)
    if problem:
        raise StepError(f"{what}: {problem}")


def _position(position: Position | None, game: str, required: bool) -> GameState | None:
    if position is None:
        if required:
            raise StepError("this step needs a position")
        return None
    if position.game != game:
        raise StepError(f"the position is a {position.game} game in a {game} lesson")
    try:
        state = engine.replay(position)
    except engine.ReplayError as exc:
        raise StepError(f"the position does not replay: {exc}") from None
    labels = [state.seat_label(p) for p in range(state.num_players)]
    for seat in (position.seat, *position.reveal):
        if seat not in labels:
            raise StepError(f"no seat {seat!r} at this table (seats {' '.join(labels)})")
    return state


def _cards(codes: Iterable[str], game: str) -> None:
    try:
        parse_cards(" ".join(codes), deck_of(game))
    except CardError as exc:
        raise StepError(str(exc)) from None


def _check_goal(goal: Goal, state: GameState, game: str) -> None:
    legal = state.legal_actions()
    if goal.kind == "actions":
        for action in goal.values:
            if not state.can(action):
                raise StepError(f"the expected action {action!r} is not legal here")
    elif goal.kind == "cards":
        _cards(goal.values, game)
        playable = {a.split()[0] for a in legal}
        if not playable & set(goal.values):
            raise StepError(f"none of the expected cards {' '.join(goal.values)} may be played here")
        for code in goal.values:
            if code not in playable:
                raise StepError(f"the expected card {code} may not be played here")
    elif goal.kind == "amount":
        if len(goal.values) != 2 or goal.values[1] not in ("max", "min"):
            raise StepError("amount goal needs a verb and max or min")
        if not amounts_of(state, goal.values[0]):
            raise StepError(f"no legal {goal.values[0]} amount here")
    elif goal.kind == "discards":
        _cards(goal.values, game)
    elif goal.kind in ("all", "any_of"):
        if not goal.parts:
            raise StepError(f"{'all_of' if goal.kind == 'all' else 'any_of'} needs at least one goal")
        for part in goal.parts:
            _check_goal(part, state, game)


def check_ask(step: Ask, game: str) -> None:
    """Raise :class:`StepError` with the reason when the question ``step`` about ``game`` is broken."""
    _text("prompt", step.prompt)
    if step.right is not None:
        _text("right-answer note", step.right)
    if step.wrong is not None:
        _text("wrong-answer note", step.wrong)
    q = step.question
    needs_position = isinstance(q, (Act, PickCard))
    stateless = course_of(game).stateless_keys
    needs_position = needs_position or (isinstance(q, (Number, Choice, Multi)) and q.key not in stateless)
    state = _position(step.position, game, needs_position)
    if isinstance(q, Act):
        assert state is not None and step.position is not None
        player = state.current_player()
        if player < 0 or state.seat_label(player) != step.position.seat:
            who = state.seat_label(player) if player >= 0 else ("nobody" if player == TERMINAL else "chance")
            raise StepError(f"the learner ({step.position.seat}) is not to act here ({who} is)")
        _check_goal(q.goal, state, game)
        right = right_actions(state, step.position.seat, q.goal)
        if not right:
            raise StepError("no legal action meets the goal: the question has no right answer")
        for action in right:
            if not state.can(action):  # pragma: no cover - right_actions draws from legal_actions
                raise StepError(f"the expected answer {action!r} is not legal")
        return
    if isinstance(q, (Number, Choice, Multi)) and q.key not in key_names(game):
        raise StepError(f"unknown key {q.key!r} (known: {', '.join(key_names(game))})")
    if isinstance(q, Number):
        _cards(q.cards, game)
    if isinstance(q, PickHand):
        if len(q.hands) < 2:
            raise StepError("pick-hand needs two hands or more")
        seen: set[str] = set()
        for hand in q.hands:
            codes = hand.split()
            _cards(codes, game)
            if len(codes) != 5:
                raise StepError(f"a poker hand has five cards: {hand!r}")
            if seen & set(codes):
                raise StepError(f"a card is in two hands: {' '.join(sorted(seen & set(codes)))}")
            seen |= set(codes)
    try:
        key = key_of(step, state, game)
    except (ValueError, KeyError, IndexError) as exc:
        raise StepError(f"the engine cannot compute the answer: {exc}") from None
    if isinstance(q, PickCard):
        if str(key) not in pick_card_options(step, state, step.position):
            raise StepError(f"the right card {key} is not among the cards offered")
    if isinstance(q, Choice):
        if len(set(q.options)) != len(q.options) or len(q.options) < 2:
            raise StepError("a choice needs two different options or more")
        if str(key) not in q.options:
            raise StepError(f"the right answer {key!r} is not among the options {q.options}")
    if isinstance(q, Multi):
        assert isinstance(key, frozenset)
        if not key <= set(q.options):
            raise StepError(f"right answers {sorted(key - set(q.options))} are not among the options")
        if not key:
            raise StepError("no option is right")
    if isinstance(q, Number) and not isinstance(key, int):
        raise StepError("the key of a number question must be a number")


def _check_play_on(step: PlayOn, game: str) -> None:
    _text("text", step.text)
    state = _position(step.position, game, True)
    assert state is not None
    if state.is_terminal():
        raise StepError("the game is over in this position: nothing to play on")
    from pyapp.session import TableSession

    start = engine.hands_finished(state)
    session = TableSession(state=state.clone(), players=["rule"] * state.num_players, rng=random.Random(7))
    for _ in range(PLAY_ON_LIMIT):
        now = session.state
        if now.is_terminal() or engine.hands_finished(now) > start:
            return
        session.step()
    raise StepError("the computer players did not finish the hand")


def check_step(step: Step, game: str) -> None:
    """Raise :class:`StepError` with the reason when ``step`` is broken."""
    if isinstance(step, Explain):
        _text("text", step.text)
        if step.show not in ("hand", "trick", "table"):
            raise StepError(f"unknown show {step.show!r}")
        _position(step.position, game, False)
        _cards(step.cards, game)
    elif isinstance(step, Ask):
        check_ask(step, game)
    elif isinstance(step, PlayOn):
        _check_play_on(step, game)
    else:
        raise StepError(f"unknown step {step!r}")


def check_lesson(lesson: Lesson, seen_ids: set[str] | None = None) -> list[Problem]:
    """Every problem of ``lesson`` (an empty list when it is sound)."""
    problems: list[Problem] = []

    def lesson_problem(reason: str) -> None:
        problems.append(Problem(lesson.id, None, reason))

    if not ID_PATTERN.match(lesson.id):
        lesson_problem("the id must be lower-case words joined by hyphens")
    if seen_ids is not None:
        if lesson.id in seen_ids:
            lesson_problem("another lesson has the same id")
        seen_ids.add(lesson.id)
    if lesson.game not in games():
        lesson_problem(f"unknown game {lesson.game!r}")
        return problems
    for what, text in (("title", lesson.title), ("summary", lesson.summary)):
        problem = text_problem(text)
        if problem:
            lesson_problem(f"{what}: {problem}")
    if not lesson.steps:
        lesson_problem("a lesson needs at least one step")
    for number, step in enumerate(lesson.steps, start=1):
        try:
            check_step(step, lesson.game)
        except StepError as exc:
            problems.append(Problem(lesson.id, number, str(exc)))
    return problems


def check_drill(drill: Drill, rounds: int = 6, seed: int = 1) -> list[Problem]:
    """Draw ``rounds`` rounds of ``drill`` and check each one like a lesson question."""
    problems: list[Problem] = []
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        try:
            step = drill.make(rng)
            check_ask(step, drill.game)
        except (StepError, RuntimeError) as exc:
            problems.append(Problem(drill.id, number, str(exc)))
    return problems


def check_all(
    lessons: Iterable[Lesson] | None = None, drills: Iterable[Drill] | None = None
) -> list[Problem]:
    """The problems of every lesson and drill (by default all of them)."""
    seen: set[str] = set()
    problems: list[Problem] = []
    for lesson in all_lessons() if lessons is None else lessons:
        problems += check_lesson(lesson, seen)
    for drill in all_drills() if drills is None else drills:
        if drill.id in seen:
            problems.append(Problem(drill.id, None, "a lesson or drill has the same id"))
        seen.add(drill.id)
        problems += check_drill(drill)
    return problems
