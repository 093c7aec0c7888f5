"""The learner's progress in ``localStorage``: per lesson the step reached, whether it is done, the
questions answered and the record of a hand being played on; per drill the best streak."""

from __future__ import annotations

import json
import time
from typing import Any

from pyapp.views import common

PROGRESS_KEY = "circolo.learn"
"""The ``localStorage`` key of the learner's progress (JSON)."""


class Progress:
    """The learner's progress, read from and written to ``localStorage`` as JSON."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {"lessons": {}, "drills": {}}
        self.corrupt = False
        """Whether the saved progress could not be read (it was set aside, not lost)."""
        text = common.storage_get(PROGRESS_KEY)
        if text:
            try:
                data = json.loads(text)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                self.data["lessons"] = dict(data.get("lessons") or {})
                self.data["drills"] = dict(data.get("drills") or {})
            except (ValueError, TypeError):
                common.storage_set(f"circolo.corrupt.learn.{int(time.time())}", text)
                self.corrupt = True
        self.storable = common.storage_set(PROGRESS_KEY, json.dumps(self.data))

    def save(self) -> None:
        """Write the progress back."""
        common.storage_set(PROGRESS_KEY, json.dumps(self.data))

    def lesson(self, lesson_id: str) -> dict[str, Any]:
        """The saved state of one lesson (step, done, plays)."""
        entry = self.data["lessons"].get(lesson_id)
        return entry if isinstance(entry, dict) else {}

    def set_step(self, lesson_id: str, step: int, done: bool = False) -> None:
        """Remember that the lesson is at ``step`` (and whether it was finished once)."""
        entry = dict(self.lesson(lesson_id))
        entry["step"] = step
        entry["done"] = bool(entry.get("done")) or done
        self.data["lessons"][lesson_id] = entry
        self.save()

    def set_play(self, lesson_id: str, step: int, record: str | None) -> None:
        """Remember (or forget) the record of the hand played on at ``step``."""
        entry = dict(self.lesson(lesson_id))
        plays = dict(entry.get("plays") or {})
        if record is None:
            plays.pop(str(step), None)
        else:
            plays[str(step)] = record
        entry["plays"] = plays
        self.data["lessons"][lesson_id] = entry
        self.save()

    def answers(self, lesson_id: str) -> dict[str, Any]:
        """The questions of a lesson already answered: step -> ``{"answer": text}`` (a right answer,
        judged again by the engine when shown) or ``{"shown": True}`` (the solution was asked for)."""
        saved = self.lesson(lesson_id).get("answers")
        return saved if isinstance(saved, dict) else {}

    def set_answer(self, lesson_id: str, step: int, answer: str | None) -> None:
        """Remember the right ``answer`` given at ``step`` (``None``: the solution was shown)."""
        entry = dict(self.lesson(lesson_id))
        answers = dict(self.answers(lesson_id))
        answers[str(step)] = {"shown": True} if answer is None else {"answer": answer}
        entry["answers"] = answers
        self.data["lessons"][lesson_id] = entry
        self.save()

    def best(self, drill_id: str) -> int:
        """The best streak of a drill."""
        entry = self.data["drills"].get(drill_id)
        return int(entry.get("best", 0)) if isinstance(entry, dict) else 0

    def set_best(self, drill_id: str, best: int) -> None:
        """Remember a drill's best streak."""
        if best > self.best(drill_id):
            self.data["drills"][drill_id] = {"best": best}
            self.save()
