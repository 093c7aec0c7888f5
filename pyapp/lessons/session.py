"""The boundary between the lesson pages and the engine: plain data in, plain data out.

Views (``pyapp/views/learn.py``, ``embed.py``) never touch a game state; they call

* :func:`catalog` -- every lesson and drill, grouped by game, with titles in one language;
* :class:`LessonRun` -- one lesson: ``step(i)`` (what to show and ask), ``answer(i, text)`` (the
  engine's verdict with feedback), ``solution(i)`` (every right answer) and ``play_on(i)``;
* :class:`PlayRun` -- playing the hand out from a lesson's position against the computer
  players (a :class:`~pyapp.session.TableSession` underneath; its record survives a reload);
* :class:`DrillRun` -- an endless drill: ``next()`` draws a round, ``answer(text)`` judges it and
  keeps the streak and the score.
"""

from __future__ import annotations

import random
import re
from typing import Any

from pyapp.core import GameState
from pyapp.i18n import t
from pyapp.lessons import UnknownLesson, all_drills, all_lessons, engine, games, get_drill, get_lesson
from pyapp.lessons.drills import ROUND_SEEDS, RoundError, make_round, round_code, round_seed
from pyapp.lessons.model import Ask, Explain, Lesson, PlayOn, Position, Step, text_in
from pyapp.lessons.picture import deck_of, picture
from pyapp.lessons.questions import answer_label, judge, question_data, right_answers, simplest
from pyapp.record import RecordError, read_record
from pyapp.session import HUMAN, TableSession
from pyapp.session_types import ActAnswer

__all__ = [
    "DrillRun",
    "LessonRun",
    "PlayRun",
    "RoundError",
    "UnknownLesson",
    "catalog",
    "drill_ids",
    "lesson_ids",
]


def catalog(lang: str) -> dict[str, Any]:
    """Every lesson and drill by game: ``{"games": [{"game", "name", "lessons", "drills"}]}``."""
    listed = []
    for game in games():
        listed.append(
            {
                "game": game,
                "name": t(f"lessons.game.{game}", lang),
                "lessons": [
                    {
                        "id": lesson.id,
                        "title": text_in(lesson.title, lang),
                        "summary": text_in(lesson.summary, lang),
                        "steps": len(lesson.steps),
                    }
                    for lesson in all_lessons()
                    if lesson.game == game
                ],
                "drills": [
                    {"id": d.id, "title": text_in(d.title, lang), "summary": text_in(d.summary, lang)}
                    for d in all_drills()
                    if d.game == game
                ],
            }
        )
    return {"games": listed}


def lesson_ids() -> list[str]:
    """The ids of every lesson."""
    return [lesson.id for lesson in all_lessons()]


def drill_ids() -> list[str]:
    """The ids of every drill."""
    return [d.id for d in all_drills()]


def _state(position: Position | None) -> GameState | None:
    return engine.replay(position) if position is not None else None


def _step_data(step: Step, game: str, lang: str) -> dict[str, Any]:
    """What the page shows for ``step`` (text, the position drawn, the question)."""
    data: dict[str, Any] = {"kind": step.kind, "deck": deck_of(game), "game": game}
    position = step.position
    state = _state(position)
    if isinstance(step, Explain):
        data["text"] = text_in(step.text, lang)
        data["show"] = step.show
        data["cards"] = list(step.cards)
    elif isinstance(step, Ask):
        data["text"] = text_in(step.prompt, lang)
        data["show"] = "table"
        data["question"] = question_data(step, state, game, lang)
        data["cards"] = data["question"].get("cards", [])
    else:
        data["text"] = text_in(step.text, lang)
        data["show"] = "table"
        data["cards"] = []
    if position is not None and state is not None:
        full_menu = isinstance(step, Ask) and step.question.kind == "act"
        data["picture"] = picture(state, position.seat, position.reveal, lang, full_menu=full_menu)
        if not full_menu:
            data["picture"]["controls"] = None
        if isinstance(step, Ask) and not full_menu:
            hide_answer(data["picture"], answer_words(step, state, game, lang))
    else:
        data["picture"] = None
    return data


def answer_words(step: Ask, state: GameState | None, game: str, lang: str) -> list[str]:
    """The right answers of a question that is not an action, as the page would write them."""
    if step.question.kind in ("act", "multi"):
        return []  # an action is chosen among the learner's own cards and calls; options are all shown
    return [answer_label(step, game, a, lang) for a in right_answers(step, state, game)]


def states_answer(line: str, answers: list[str]) -> bool:
    """Whether a line of text names one of ``answers`` (a number as a number of its own)."""
    for answer in answers:
        if re.fullmatch(r"-?\d+", answer):
            if re.search(rf"(?<![\d]){re.escape(answer.lstrip('-'))}(?!\d)", line):
                return True
        elif answer and answer.casefold() in line.casefold():
            return True
    return False


def hide_answer(pic: dict[str, Any], answers: list[str]) -> None:
    """Leave out of a question's picture the facts that would state its answer (a Boston card
    named in the facts while the question asks which card is the Boston; the pot while the
    question asks for the pot): the learner works the answer out from the position."""
    if not answers:
        return
    for name in ("info", "summary"):
        pic[name] = [line for line in pic.get(name) or [] if not states_answer(line, answers)]
    for seat in pic.get("seats") or []:
        seat["notes"] = [line for line in seat["notes"] if not states_answer(line, answers)]
        seat["badges"] = [line for line in seat["badges"] if not states_answer(line, answers)]


def _verdict_data(step: Ask, state: GameState | None, game: str, answer: str, lang: str) -> dict[str, Any]:
    """The engine's verdict on ``answer`` with the texts the page shows."""
    verdict = judge(step, state, game, answer)
    out: dict[str, Any] = {
        "verdict": verdict.verdict,
        "right": verdict.right,
        "answer": answer,
        "answer_label": answer_label(step, game, answer, lang),
        "message": verdict.message(lang),
        "note": "",
        "also": [],
    }
    if verdict.right:
        out["note"] = text_in(step.right, lang) if step.right else ""
        given = engine.canonical(state, answer) if state is not None else " ".join(answer.split())
        others = [a for a in simplest(right_answers(step, state, game), game) if a != given]
        out["also"] = [answer_label(step, game, a, lang) for a in others]
        if step.question.kind == "act" and state is not None and step.position is not None:
            after = state.clone()
            after.apply(engine.canonical(state, answer))
            out["after"] = picture(after, step.position.seat, step.position.reveal, lang)
            out["after"]["controls"] = None
    elif verdict.verdict == "wrong" and step.wrong:
        out["note"] = text_in(step.wrong, lang)
    return out


class LessonRun:
    """One lesson being taken: its steps as page data, and the engine judging the answers."""

    def __init__(self, lesson_id: str) -> None:
        self.lesson: Lesson = get_lesson(lesson_id)

    @property
    def count(self) -> int:
        """How many steps the lesson has."""
        return len(self.lesson.steps)

    def meta(self, lang: str) -> dict[str, Any]:
        """The lesson's id, game, title, summary and number of steps."""
        lesson = self.lesson
        return {
            "id": lesson.id,
            "game": lesson.game,
            "game_name": t(f"lessons.game.{lesson.game}", lang),
            "title": text_in(lesson.title, lang),
            "summary": text_in(lesson.summary, lang),
            "steps": self.count,
        }

    def _step(self, index: int) -> Step:
        if not 0 <= index < self.count:
            raise IndexError(f"lesson {self.lesson.id} has no step {index + 1}")
        return self.lesson.steps[index]

    def step(self, index: int, lang: str) -> dict[str, Any]:
        """Step ``index`` (0-based) as page data: kind, text, picture, question."""
        data = _step_data(self._step(index), self.lesson.game, lang)
        data["index"] = index
        data["count"] = self.count
        return data

    def answer(self, index: int, answer: str, lang: str) -> dict[str, Any]:
        """The engine's verdict on the learner's ``answer`` to step ``index`` (an ask step)."""
        step = self._step(index)
        if not isinstance(step, Ask):
            raise ValueError(f"step {index + 1} asks nothing")
        return _verdict_data(step, _state(step.position), self.lesson.game, answer, lang)

    def solution(self, index: int, lang: str) -> dict[str, Any]:
        """Every right answer of step ``index``: values and labels."""
        step = self._step(index)
        if not isinstance(step, Ask):
            raise ValueError(f"step {index + 1} asks nothing")
        values = simplest(right_answers(step, _state(step.position), self.lesson.game), self.lesson.game)
        return {
            "answers": [{"value": v, "label": answer_label(step, self.lesson.game, v, lang)} for v in values]
        }

    def play_on(self, index: int, saved: str | None = None, rng: random.Random | None = None) -> PlayRun:
        """Playing on from step ``index``'s position (resumed from ``saved`` when it fits)."""
        step = self._step(index)
        if not isinstance(step, PlayOn):
            raise ValueError(f"step {index + 1} is not a play-on step")
        return PlayRun(step.position, saved, rng)


class PlayRun:
    """The hand played out from a position: the learner's seat is human, the others computer."""

    def __init__(
        self, position: Position, saved: str | None = None, rng: random.Random | None = None
    ) -> None:
        self.position = position
        self.restored = False
        self.discarded = ""
        start = engine.replay(position)
        self.start_hands = engine.hands_finished(start)
        session = None
        if saved:
            session = self._resume(saved, start)
        if session is None:
            seat = start.seat_of(position.seat)
            players = [HUMAN if p == seat else "rule" for p in range(start.num_players)]
            session = TableSession(state=start, players=players, rng=rng or random.Random())
        elif rng is not None:
            session.rng = rng
        self.session = session

    def _resume(self, saved: str, start: GameState) -> TableSession | None:
        """The saved play if it is this position played further, else ``None`` (noted)."""
        try:
            record = read_record(saved)
        except RecordError as exc:
            self.discarded = exc.message("en")
            return None
        state = record.state
        prefix = list(self.position.history)
        if (
            state.game != start.game
            or state.options != start.options
            or state.history[: len(prefix)] != prefix
        ):
            self.discarded = "another position"
            return None
        try:
            session = TableSession.load(saved)
        except RecordError as exc:
            self.discarded = exc.message("en")
            return None
        self.restored = True
        return session

    @property
    def finished(self) -> bool:
        """Whether the hand is over (or the whole game)."""
        state = self.session.state
        return state.is_terminal() or engine.hands_finished(state) > self.start_hands

    def view(self, lang: str) -> dict[str, Any]:
        """The table as the learner sees it, the controls when it is his turn, and whether it ended."""
        state = self.session.state
        data = picture(state, self.position.seat, (), lang)
        if self.finished:
            data["controls"] = None
        data["finished"] = self.finished
        data["moves"] = len(state.history) - len(self.position.history)
        return data

    def act(self, action: str, lang: str) -> ActAnswer:
        """The learner's move: ``{"ok": True}`` or the engine's refusal (state unchanged)."""
        if self.finished:
            return {"ok": False, "error": t("lessons.play.finished", lang)}
        return self.session.act(engine.canonical(self.session.state, action), lang)

    def pending(self) -> bool:
        """Whether a computer player (or the dealer) moves next."""
        return not self.finished and self.session.pending()

    def step(self) -> dict[str, Any] | None:
        """Make the one computer or chance move that is due."""
        if self.finished:
            return None
        return self.session.step()

    def record(self) -> str:
        """The record of the play so far (to resume it after a reload)."""
        return self.session.save()


class DrillRun:
    """An endless drill: one round after another, with a streak and a score."""

    def __init__(self, drill_id: str, rng: random.Random | None = None) -> None:
        try:
            self.drill = get_drill(drill_id)
        except KeyError:
            raise UnknownLesson(drill_id) from None
        self.rng = rng or random.Random()
        self.round: Ask | None = None
        self.seed = 0
        """The seed the current round was drawn from (its link's code)."""
        self.rounds = 0
        self.answered = 0
        self.score = 0
        self.streak = 0
        self.best = 0
        self.tried = False
        self.solved = False

    def meta(self, lang: str) -> dict[str, Any]:
        """The drill's id, game, title and summary."""
        return {
            "id": self.drill.id,
            "game": self.drill.game,
            "game_name": t(f"lessons.game.{self.drill.game}", lang),
            "title": text_in(self.drill.title, lang),
            "summary": text_in(self.drill.summary, lang),
        }

    def next(self, lang: str) -> dict[str, Any]:
        """Draw the next round and return it as page data (like a lesson's ask step)."""
        self.seed = self.rng.randrange(ROUND_SEEDS)
        self.round = make_round(self.drill, self.seed)
        self.rounds += 1
        self.tried = False
        self.solved = False
        return self.current(lang)

    def load(self, code: str) -> None:
        """Open the round packed in ``code`` (a round link); raise ``RoundError`` if it is bad."""
        self.seed = round_seed(code)
        self.round = make_round(self.drill, self.seed)
        self.rounds += 1
        self.tried = False
        self.solved = False

    def code(self) -> str:
        """The current round packed for a link (``#drill=ID&q=CODE``)."""
        if self.round is None:
            raise ValueError("no round drawn")
        return round_code(self.seed)

    def current(self, lang: str) -> dict[str, Any]:
        """The round being played, as page data."""
        if self.round is None:
            return self.next(lang)
        data = _step_data(self.round, self.drill.game, lang)
        data.update(self.scores())
        return data

    def scores(self) -> dict[str, int]:
        """Rounds drawn, rounds answered, rounds right at the first try, the current and best streak."""
        return {
            "rounds": self.rounds,
            "answered": self.answered,
            "score": self.score,
            "streak": self.streak,
            "best": self.best,
        }

    def answer(self, answer: str, lang: str) -> dict[str, Any]:
        """Judge ``answer`` to the round; only the first answer of a round counts for the score."""
        if self.round is None:
            raise ValueError("no round drawn")
        out = _verdict_data(self.round, _state(self.round.position), self.drill.game, answer, lang)
        if not self.tried and out["verdict"] != "illegal":
            self.tried = True
            self.answered += 1
            if out["right"]:
                self.score += 1
                self.streak += 1
                self.best = max(self.best, self.streak)
            else:
                self.streak = 0
        if out["right"]:
            self.solved = True
        out.update(self.scores())
        return out

    def solution(self, lang: str) -> dict[str, Any]:
        """Every right answer of the round (showing it ends the streak)."""
        if self.round is None:
            raise ValueError("no round drawn")
        if not self.tried:
            self.tried = True
            self.answered += 1
            self.streak = 0
        values = simplest(
            right_answers(self.round, _state(self.round.position), self.drill.game), self.drill.game
        )
        return {
            "answers": [
                {"value": v, "label": answer_label(self.round, self.drill.game, v, lang)} for v in values
            ],
            **self.scores(),
        }
