"""Lesson files: a game's lessons written as data (TOML), read into :mod:`pyapp.lessons.model`.

A lesson file (``pyapp/<game>/lessons.toml``, described in ``docs/lessons.md``) holds the
``game`` it teaches, named ``positions`` and the ``lessons`` in teaching order, each a list of
``steps``. Texts are tables of the two languages (``{it = "...", en = "..."}``). A position is
either a deal (the game's builder's arguments: ``hands``, ``dealer``...), a ``record`` (the
notation of ``docs/notation.md``) with the learner's ``seat``, or ``from`` another position; then
``undo`` takes back its last actions, ``then`` adds actions, ``seen_by`` moves the learner and
``reveal`` shows other seats' cards.

The loader names no game: deals and later shuffles are built by the :class:`Builders` it is given
(the game's :class:`~pyapp.lessons.course.Course`). A malformed file raises
:class:`LessonFileError` naming the file, the lesson, the step and what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol, get_args

from pyapp.i18n import LANGS
from pyapp.lessons import model
from pyapp.lessons.model import Goal, GoalKind, Lesson, Position, Question, Show, Step
from pyapp.lessons.positions import record_position


class LessonFileError(ValueError):
    """A lesson file that cannot be read: the file, the lesson id and step (when known) and why."""

    def __init__(self, source: str, reason: str, lesson: str | None = None, step: int | None = None) -> None:
        where = source
        if lesson is not None:
            where += f": lesson {lesson}"
        if step is not None:
            where += f": step {step}"
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.lesson = lesson
        self.step = step
        self.reason = reason


class Builders(Protocol):
    """What builds a game's positions (its course): the deal of a first hand and later shuffles."""

    @property
    def game(self) -> str:
        """The game whose positions it builds (a lesson file's ``game``)."""

    def deal(self, args: Mapping[str, Any]) -> Position:
        """The position its deal builder gives for ``args`` (the position table's other keys)."""

    def shuffle(self, args: Mapping[str, Any]) -> str:
        """The ``shuffle`` action of a later hand dealing ``args`` (``then = [{shuffle = {...}}]``)."""


class _Problem(Exception):
    """Something wrong inside a lesson or a position; :class:`LessonFileError` adds where."""


POSITION_KEYS = frozenset({"from", "record", "seat", "undo", "then", "seen_by", "reveal"})
"""The keys a position table gives the loader; a deal's other keys go to the game's builder."""

QUESTION_KEYS = ("act", "pick_card", "pick_hand", "number", "choice", "multi")
"""The keys naming an ask step's question, exactly one per ask step."""

STEP_KEYS = {
    "explain": frozenset({"explain", "position", "show", "cards"}),
    "ask": frozenset(
        {"ask", "position", "right", "wrong", "args", "cards", "options", "players", *QUESTION_KEYS}
    ),
    "play_on": frozenset({"play_on", "position"}),
}
"""Every key a step of each kind may have (the kind is the key holding the step's text)."""

SHOWS: tuple[Show, ...] = get_args(Show)
GOAL_KINDS: tuple[GoalKind, ...] = get_args(GoalKind)
GROUP_GOALS = ("all", "any_of")
"""Goals made of other goals."""


def read_lessons(path: Path, builders: Builders) -> tuple[Lesson, ...]:
    """The lessons of the file at ``path``, for the game ``builders`` builds positions of."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LessonFileError(str(path), f"cannot be read ({exc.strerror or exc})") from None
    return parse_lessons(text, str(path), builders)


def parse_lessons(text: str, source: str, builders: Builders) -> tuple[Lesson, ...]:
    """The lessons of lesson-file ``text`` (``source`` names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonFileError(source, f"not valid TOML: {exc}") from None
    unknown = set(data) - {"game", "positions", "lessons"}
    if unknown:
        raise LessonFileError(source, f"unknown key {sorted(unknown)[0]!r} (game, positions, lessons)")
    if data.get("game") != builders.game:
        raise LessonFileError(source, f"game = {data.get('game')!r}, expected {builders.game!r}")
    try:
        positions = _Positions(data.get("positions", {}), builders)
    except _Problem as exc:
        raise LessonFileError(source, str(exc)) from None
    lessons = data.get("lessons")
    if not isinstance(lessons, list) or not lessons:
        raise LessonFileError(source, "no [[lessons]]")
    for name in positions.tables:
        try:
            positions.named(name)
        except _Problem as exc:
            raise LessonFileError(source, f"position {name!r}: {exc}") from None
    return tuple(
        _lesson(table, number, source, builders.game, positions) for number, table in enumerate(lessons, 1)
    )


def _lesson(table: object, number: int, source: str, game: str, positions: _Positions) -> Lesson:
    """One ``[[lessons]]`` table as a :class:`Lesson`."""
    if not isinstance(table, dict):
        raise LessonFileError(source, f"lesson {number} is not a table")
    lesson_id = table.get("id")
    if not isinstance(lesson_id, str) or not lesson_id:
        raise LessonFileError(source, f"lesson {number} has no id")
    try:
        unknown = set(table) - {"id", "title", "summary", "steps"}
        if unknown:
            raise _Problem(f"unknown key {sorted(unknown)[0]!r} (id, title, summary, steps)")
        steps = table.get("steps")
        if not isinstance(steps, list) or not steps:
            raise _Problem("no [[lessons.steps]]")
        title, summary = _text(table.get("title"), "title"), _text(table.get("summary"), "summary")
    except _Problem as exc:
        raise LessonFileError(source, str(exc), lesson_id) from None
    built: list[Step] = []
    for index, step in enumerate(steps, 1):
        try:
            built.append(_step(step, positions))
        except _Problem as exc:
            raise LessonFileError(source, str(exc), lesson_id, index) from None
    return Lesson(lesson_id, game, title, summary, tuple(built))


def _step(table: object, positions: _Positions) -> Step:
    """One ``[[lessons.steps]]`` table: an explain, ask or play_on step."""
    if not isinstance(table, dict):
        raise _Problem("a step is a table")
    kinds = [kind for kind in STEP_KEYS if kind in table]
    if len(kinds) != 1:
        raise _Problem("a step has exactly one of explain, ask, play_on (its text)")
    kind = kinds[0]
    unknown = set(table) - STEP_KEYS[kind]
    if unknown:
        raise _Problem(f"unknown key {sorted(unknown)[0]!r} in a {kind} step")
    text = _text(table[kind], kind)
    position = positions.of(table["position"]) if "position" in table else None
    if kind == "explain":
        show = table.get("show", "table")
        if show not in SHOWS:
            raise _Problem(f"show = {show!r}: one of {', '.join(SHOWS)}")
        return model.Explain(text, position, show, _cards(table.get("cards", ())))
    if kind == "play_on":
        if position is None:
            raise _Problem("a play_on step needs a position")
        return model.PlayOn(text, position)
    right = _text(table["right"], "right") if "right" in table else None
    wrong = _text(table["wrong"], "wrong") if "wrong" in table else None
    return model.Ask(text, _question(table), position, right, wrong)


def _question(table: Mapping[str, Any]) -> Question:
    """The question of an ask step (its one question key and that question's own keys)."""
    named = [key for key in QUESTION_KEYS if key in table]
    if len(named) != 1:
        raise _Problem(f"an ask step has exactly one of {', '.join(QUESTION_KEYS)}")
    key = named[0]
    allowed: dict[str, set[str]] = {
        "act": set(),
        "pick_card": set(),
        "pick_hand": {"players"},
        "number": {"args", "cards"},
    }
    extra = {k for k in ("args", "cards", "options", "players") if k in table} - allowed.get(
        key, {"args", "options"}
    )
    if extra:
        raise _Problem(f"{sorted(extra)[0]!r} does not go with {key}")
    value = table[key]
    if key == "act":
        return model.Act(_goal(value))
    if key == "pick_hand":
        players = table.get("players", 5)
        if not isinstance(players, int) or isinstance(players, bool):
            raise _Problem(f"players = {players!r}: a whole number")
        return model.PickHand(_strings(value, "pick_hand"), players)
    if not isinstance(value, str) or not value:
        raise _Problem(f"{key} = {value!r}: the name of an answer key")
    if key == "pick_card":
        return model.PickCard(value)
    args = _strings(table.get("args", []), "args")
    if key == "number":
        return model.Number(value, args, _cards(table.get("cards", ())))
    options = _strings(table.get("options"), "options")
    return model.Choice(options, value, args) if key == "choice" else model.Multi(options, value, args)


def _goal(value: object) -> Goal:
    """A goal: ``"kind value value"``, ``{kind = [values]}`` or ``{all = [goals]}`` / ``{any_of = [goals]}``."""
    if isinstance(value, str):
        words = value.split()
        return _simple_goal(words[0] if words else "", words[1:])
    if isinstance(value, dict) and len(value) == 1:
        ((kind, items),) = value.items()
        if not isinstance(items, list):
            raise _Problem(f"goal {kind!r}: a list")
        if kind in GROUP_GOALS:
            if not items:
                raise _Problem(f"goal {kind!r}: a list of goals")
            return Goal("all" if kind == "all" else "any_of", parts=tuple(_goal(item) for item in items))
        return _simple_goal(kind, items)
    raise _Problem(f"act = {value!r}: a goal is 'kind values...', {{kind = [values]}} or {{all = [goals]}}")


def _simple_goal(kind: str, values: list[Any]) -> Goal:
    """A goal of ``kind`` with ``values`` (checked: a known kind, strings)."""
    simple = [k for k in GOAL_KINDS if k not in GROUP_GOALS]
    for known in simple:
        if kind == known:
            return Goal(known, _strings(values, f"goal {kind!r}"))
    raise _Problem(f"unknown goal {kind!r} (one of {', '.join(simple)}, all, any_of)")


def _text(value: object, what: str) -> dict[str, str]:
    """A text in every language: ``{it = "...", en = "..."}``."""
    if not isinstance(value, dict) or set(value) != set(LANGS):
        raise _Problem(f"{what}: a text is {{{', '.join(f'{lang} = ...' for lang in LANGS)}}}")
    for lang in LANGS:
        if not isinstance(value[lang], str) or not value[lang].strip():
            raise _Problem(f"{what}: the {lang!r} text is missing or empty")
    return {lang: value[lang] for lang in LANGS}


def _strings(value: object, what: str) -> tuple[str, ...]:
    """A list of strings."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _Problem(f"{what}: a list of strings")
    return tuple(value)


def _cards(value: object) -> tuple[str, ...]:
    """Card codes: one string split at spaces (``"Ad 3d"``) or a list of strings."""
    if isinstance(value, str):
        return tuple(value.split())
    return _strings(list(value) if isinstance(value, tuple) else value, "cards")


class _Positions:
    """The file's named positions, each built once (a ``from`` chain in any order)."""

    def __init__(self, tables: object, builders: Builders) -> None:
        if not isinstance(tables, dict) or not all(isinstance(t, dict) for t in tables.values()):
            raise _Problem("[positions.NAME] are tables")
        self.tables: dict[str, dict[str, Any]] = tables
        self.builders = builders
        self.built: dict[str, Position] = {}
        self.building: list[str] = []

    def named(self, name: str) -> Position:
        """The position called ``name``."""
        found = self.built.get(name)
        if found is not None:
            return found
        if name not in self.tables:
            raise _Problem(f"no position {name!r} in [positions]")
        if name in self.building:
            raise _Problem(f"positions built from each other: {' -> '.join([*self.building, name])}")
        self.building.append(name)
        try:
            found = self.of(self.tables[name])
        finally:
            self.building.pop()
        self.built[name] = found
        return found

    def of(self, value: object) -> Position:
        """A step's or a named position: a name, or a position table."""
        if isinstance(value, str):
            return self.named(value)
        if not isinstance(value, dict):
            raise _Problem(f"position = {value!r}: a name or a table")
        try:
            return self._build(value)
        except ValueError as exc:  # PositionError, or a game without a builder
            raise _Problem(f"the position cannot be built: {exc}") from None

    def _build(self, table: Mapping[str, Any]) -> Position:
        """A position table: its base (``from``, ``record`` or a deal) and what changes it."""
        if "from" in table:
            if "record" in table or set(table) - POSITION_KEYS or "seat" in table:
                raise _Problem("a position 'from' another takes only undo, then, seen_by, reveal")
            position = self.named(_name(table["from"]))
        elif "record" in table:
            if set(table) - POSITION_KEYS:
                raise _Problem(f"unknown key {sorted(set(table) - POSITION_KEYS)[0]!r} beside a record")
            record, seat = table["record"], table.get("seat")
            if not isinstance(record, str) or not isinstance(seat, str):
                raise _Problem("a record position has the record text and the learner's seat")
            position = record_position(record, seat)
        else:
            args = {k: v for k, v in table.items() if k not in POSITION_KEYS or k == "seat"}
            if not args:
                raise _Problem("a position has 'from', a 'record' or the game's deal")
            try:
                position = self.builders.deal(args)
            except TypeError as exc:
                raise _Problem(f"the {self.builders.game} deal: {exc}") from None
        undo = table.get("undo", 0)
        if not isinstance(undo, int) or isinstance(undo, bool) or not 0 <= undo <= len(position.history):
            raise _Problem(f"undo = {undo!r}: how many of the last actions to take back")
        if undo:
            position = replace(position, history=position.history[:-undo])
        then = table.get("then", [])
        if not isinstance(then, list):
            raise _Problem("then = [actions]")
        position = position.then(*(self._action(action) for action in then))
        if "seen_by" in table:
            position = position.seen_by(_name(table["seen_by"]))
        if "reveal" in table:
            position = position.revealing(*_strings(table["reveal"], "reveal"))
        return position

    def _action(self, value: object) -> str:
        """One action of ``then``: an action string or ``{shuffle = {...}}`` (a later deal)."""
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and set(value) == {"shuffle"} and isinstance(value["shuffle"], dict):
            try:
                return self.builders.shuffle(value["shuffle"])
            except TypeError as exc:
                raise _Problem(f"the {self.builders.game} shuffle: {exc}") from None
        raise _Problem(f"{value!r} is not an action: a string, or {{shuffle = {{...}}}}")


def _name(value: object) -> str:
    """A position's or seat's name."""
    if not isinstance(value, str) or not value:
        raise _Problem(f"{value!r} is not a name")
    return value
