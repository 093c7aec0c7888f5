"""A game's course: its lessons and drills, and what only that game knows about teaching it.

Each game with lessons defines a :class:`Course` in its package (``pyapp/<game>/course.py``,
named by its spec's ``lessons``). The lesson machinery (pictures, controls, questions, the answer
key) is the same for every game and asks the course for the rest: how an action or an option is
said, how a hand is sorted, what the table shows beyond seats and cards, the game's own answer
keys and the reasons a wrong answer is wrong.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pyapp.core import GameState, IllegalAction
from pyapp.i18n import t
from pyapp.lessons.lessonfile import read_lessons
from pyapp.lessons.model import Ask, Drill, Lesson, Position

if TYPE_CHECKING:
    from pyapp.lessons.model import Question


def need_position(state: GameState | None) -> GameState:
    """The position an answer key reads (a clear error for a question asked without one)."""
    if state is None:
        raise ValueError("this question needs a position")
    return state


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


Answer = str | int | frozenset[str]
KeyFunction = Callable[[GameState | None, tuple[str, ...], tuple[str, ...]], Answer]
"""A key function: ``(state or None, args, shown) -> the right answer``; ``shown`` is a Number's
cards, a Choice's or Multi's options, a PickHand's table size."""


def answer_keys(*functions: KeyFunction) -> dict[str, KeyFunction]:
    """A course's answer keys by name: each ``key_<name>`` function under its ``<name>``."""
    found: dict[str, KeyFunction] = {}
    for function in functions:
        name = getattr(function, "__name__", "")
        if not name.startswith("key_"):
            raise ValueError(f"an answer key is a function called key_<name>, not {name!r}")
        found[name.removeprefix("key_")] = function
    return found


Seats = dict[str, dict[str, Any]]
"""The seats of a picture by label (``name``, ``badges``, ``notes``, ``cards``, ``count``...)."""

Params = dict[str, object]
"""The parameters of a verdict's message (values, or functions of the language)."""


@dataclass(frozen=True)
class Scene:
    """A position as the learner sees it, what a course's hooks are given to draw or offer."""

    state: GameState
    view: Mapping[str, Any]
    """The learner's view."""
    lang: str
    legal: list[str] = field(default_factory=list)
    """The legal actions of the player to act."""
    hand: list[str] = field(default_factory=list)
    """The learner's cards."""
    full_menu: bool = False
    """Offer every call of the phase, legal or not (so that the engine explains a refusal)."""


class Course:
    """One game's lessons, drills and teaching knowledge; every hook has a plain default."""

    game: ClassVar[str]
    """The game the course teaches."""
    keys: ClassVar[Mapping[str, KeyFunction]] = {}
    """The game's own answer keys (``card_points``, ``pot``...), beside the shared ones."""
    stateless_keys: ClassVar[frozenset[str]] = frozenset()
    """Those of :attr:`keys` that need no position."""
    offers_cards: ClassVar[bool] = False
    """Whether the learner plays by picking a card of the hand (trick-taking games)."""
    lesson_file: ClassVar[str | None] = None
    """The lessons' data file, beside the course's module (``lessons.toml``, ``docs/lessons.md``)."""
    lesson_list: ClassVar[tuple[Lesson, ...]] = ()
    """The lessons of :attr:`lesson_file`, read when the course's class is defined (so that they
    are in memory with the module: a page booting from the memory snapshot reads no file)."""
    drill_list: ClassVar[tuple[Drill, ...]] = ()
    """The drills."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the new course's :attr:`lesson_file` (a malformed file raises ``LessonFileError``)."""
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("lesson_file"):
            module = sys.modules[cls.__module__].__file__
            if module is None:
                raise ValueError(f"{cls.__name__}: its module has no file to find {cls.lesson_file} beside")
            cls.lesson_list = read_lessons(Path(module).with_name(str(cls.lesson_file)), cls())

    def lessons(self) -> tuple[Lesson, ...]:
        """The lessons, in teaching order."""
        return self.lesson_list

    def deal(self, args: Mapping[str, Any]) -> Position:
        """The position the game's deal builder gives for ``args`` (a lesson file's deal)."""
        raise ValueError(f"{self.game} lessons have no deal builder")

    def shuffle(self, args: Mapping[str, Any]) -> str:
        """The ``shuffle`` action of a later hand dealing ``args`` (a lesson file's ``{shuffle = ...}``)."""
        raise ValueError(f"{self.game} lessons have no shuffle builder")

    def drills(self) -> tuple[Drill, ...]:
        """The drills."""
        return self.drill_list

    # -- words ------------------------------------------------------------------------------------
    def action_label(self, action: str, lang: str) -> str:
        """An action in words, as a button or a feedback message names it."""
        return action

    def option_label(self, value: str, lang: str) -> str | None:
        """The game's label of a choice's option value (``None``: the shared labels)."""
        return None

    def sort_hand(self, codes: list[str], view: Mapping[str, Any]) -> list[str]:
        """The learner's hand in the order the table shows it."""
        return list(codes)

    def hands_finished(self, state: GameState) -> int:
        """How many hands (deals) the game has finished: the hands its result lists."""
        hands = state.result().get("hands")
        return len(hands) if isinstance(hands, list) else 0

    # -- the picture --------------------------------------------------------------------------------
    def describe(self, scene: Scene, seats: Seats, out: dict[str, Any]) -> None:
        """Fill in what the game shows beyond seats and cards: badges and notes of the seats,
        ``info`` and ``summary`` lines, and the like."""
        out["info"], out["summary"] = [], []

    def menu(self, scene: Scene, words: list[str], amounts: dict[str, list[int]]) -> list[str]:
        """The buttons of the controls (``words``: the legal actions that are neither cards nor
        amounts); ``amounts`` may be completed in place."""
        return words

    def declare_menu(self, scene: Scene) -> dict[str, list[dict[str, str]]]:
        """Per card of the hand, what may be said with it (Tressette's declarations); none by default."""
        return {}

    # -- judging ------------------------------------------------------------------------------------
    def side_of(self, state: GameState, seat: str) -> set[str]:
        """The seats on ``seat``'s side (partners, a contract's side); alone by default."""
        return {seat}

    def candidate_actions(self, state: GameState) -> list[str]:
        """Every action a learner may mean now (the legal ones by default)."""
        return state.legal_actions()

    def simplest(self, answers: list[str]) -> list[str]:
        """The right answers a page lists (all of them by default)."""
        return list(answers)

    def effective_suit(self, state: GameState, card: str) -> str:
        """The suit a card counts as (its own by default)."""
        return card[1:] if len(card) == 2 else ""

    def why_trick(self, state: GameState, card: str, winner: str, led: str, params: Params) -> Verdict | None:
        """Why ``card`` did not take a trick that ``winner`` took, when the game has a reason of its
        own (trumps...); ``None``: the suit led and the ranks say it."""
        return None

    def option_action(self, question: Question, value: str) -> str:
        """The action a multiple choice's option stands for (to ask the engine why it is wrong)."""
        return value

    def why_choice(self, step: Ask, question: Question, answer: str, key: str) -> Verdict | None:
        """Why ``answer`` is not ``key`` for a question only this game asks; ``None``: the shared reason."""
        return None
