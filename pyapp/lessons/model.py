"""What a lesson is made of: texts in two languages, positions (engine records) and steps.

A :class:`Lesson` is a titled list of steps about one game:

* :class:`Explain` -- a text and, optionally, a position drawn with our cards (a hand, a trick,
  a whole table) or a row of cards;
* :class:`Ask` -- a question the learner answers, judged by the engine: act in a real position
  (:class:`Act`, with a :class:`Goal` saying which actions are right), pick a card, pick the best
  hand, give a number, choose one or several options;
* :class:`PlayOn` -- from a position, the learner plays the hand out against the computer players.

A :class:`Position` is an engine record: options + the action history, in the same notation as
every record (``docs/notation.md``), plus the learner's seat. Everything here is plain, frozen
data; :mod:`pyapp.lessons.check` proves that it replays and that every expected answer is legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from pyapp.i18n import LANGS

Text = Mapping[str, str]
"""A text in every language: ``{"it": "...", "en": "..."}``."""


def T(it: str, en: str) -> dict[str, str]:
    """A text in Italian and English (the two languages of Circolo)."""
    return {"it": it, "en": en}


def text_in(text: Text, lang: str) -> str:
    """``text`` in ``lang`` (Italian when that language is missing)."""
    return text.get(lang) or text.get("it") or next(iter(text.values()), "")


def text_problem(text: object) -> str | None:
    """Why ``text`` is not a valid two-language text (``None`` when it is)."""
    if not isinstance(text, Mapping):
        return "a text must be T(italian, english)"
    for lang in LANGS:
        value = text.get(lang)
        if not isinstance(value, str) or not value.strip():
            return f"the {lang!r} text is missing or empty"
    return None


@dataclass(frozen=True)
class Position:
    """A moment of a real game: the engine record (options + history) and the learner's seat.

    ``seat`` is the seat label the learner sits in (``"S"``, ``"3"``); ``reveal`` lists other
    seats whose cards are drawn face up (an explanation may show the whole table).
    """

    game: str
    history: tuple[str, ...]
    seat: str
    options: Mapping[str, str | int] = field(default_factory=dict)
    reveal: tuple[str, ...] = ()

    def then(self, *actions: str) -> Position:
        """The position after ``actions`` more (each one an action string, space-separated words)."""
        return replace(self, history=(*self.history, *actions))

    def revealing(self, *seats: str) -> Position:
        """The same position with the cards of ``seats`` drawn face up."""
        return replace(self, reveal=tuple(seats))

    def seen_by(self, seat: str) -> Position:
        """The same position with the learner in ``seat``."""
        return replace(self, seat=seat)


# -- goals of an Act question --------------------------------------------------------------------

GoalKind = Literal[
    "actions",
    "cards",
    "wins_trick",
    "side_wins_trick",
    "loses_trick",
    "suit",
    "declares",
    "verb",
    "amount",
    "discards",
    "any",
    "all",
    "any_of",
]


@dataclass(frozen=True)
class Goal:
    """Which actions answer an :class:`Act` question rightly; judged on the engine's state.

    Every legal action that meets the goal is right, so equal cards and every winning card are
    accepted, not only the one the author had in mind. Build goals with the functions below.
    """

    kind: GoalKind
    values: tuple[str, ...] = ()
    parts: tuple[Goal, ...] = ()


def actions(*values: str) -> Goal:
    """Exactly these actions are right (``actions("accetto")``, ``actions("pass")``)."""
    return Goal("actions", values)


def cards(*codes: str) -> Goal:
    """Playing any of these cards is right (with or without a declaration)."""
    return Goal("cards", codes)


def wins_trick() -> Goal:
    """Any card after which the learner holds the trick (takes it, or is winning it so far)."""
    return Goal("wins_trick")


def side_wins_trick() -> Goal:
    """Any card after which the learner's side holds the trick (partner or contract side)."""
    return Goal("side_wins_trick")


def loses_trick() -> Goal:
    """Any card after which the learner does *not* hold the trick."""
    return Goal("loses_trick")


def plays_suit(*suits: str) -> Goal:
    """Any card of these suits (suit letters: ``"c"``; Boston counts the Boston as a trump)."""
    return Goal("suit", suits)


def declares(*tokens: str) -> Goal:
    """A lead carrying every one of these declaration tokens (Tressette: ``"busso"``, ``"volo"``)."""
    return Goal("declares", tokens)


def verb(*verbs: str) -> Goal:
    """Any action whose first word is one of ``verbs`` (``verb("open")``: any amount)."""
    return Goal("verb", verbs)


def amount(verb_name: str, which: Literal["max", "min"]) -> Goal:
    """The largest (or smallest) legal amount of ``verb_name`` (``amount("raise", "max")``)."""
    return Goal("amount", (verb_name, which))


def discards(codes: str) -> Goal:
    """A draw that changes exactly these cards (in any order); ``""`` means standing pat."""
    return Goal("discards", tuple(codes.split()))


def any_legal() -> Goal:
    """Every legal action is right (the point is the rule: the engine refuses the others)."""
    return Goal("any")


def all_of(*parts: Goal) -> Goal:
    """Right when every one of ``parts`` is met."""
    return Goal("all", parts=parts)


def any_of(*parts: Goal) -> Goal:
    """Right when at least one of ``parts`` is met (two ways of saying the same thing)."""
    return Goal("any_of", parts=parts)


# -- questions -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Act:
    """The learner acts in the step's position; right when the action meets ``goal``."""

    goal: Goal
    kind: Literal["act"] = "act"


@dataclass(frozen=True)
class PickCard:
    """Pick one card among those shown; the engine's key names the right one.

    ``key`` is ``"trick_winner"`` (the winner of the position's last completed trick: the cards
    shown are that trick) or a key of the game's course naming a card of the learner's hand
    (Boston's ``"boston_card"``).
    """

    key: str = "trick_winner"
    kind: Literal["pick_card"] = "pick_card"


@dataclass(frozen=True)
class PickHand:
    """Which of these poker hands wins (the engine's evaluator, for a table of ``players``)."""

    hands: tuple[str, ...]
    players: int = 5
    kind: Literal["pick_hand"] = "pick_hand"


@dataclass(frozen=True)
class Number:
    """A number the learner types; the engine computes it with key function ``key`` (see keys.py).

    ``args`` are the key's arguments (``("NS",)``); ``cards`` are drawn beside the question.
    """

    key: str
    args: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    kind: Literal["number"] = "number"


@dataclass(frozen=True)
class Options:
    """What a choice among options holds: the option values, the key function giving the right
    answer (the engine computes it) and the key's arguments."""

    options: tuple[str, ...]
    key: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Choice(Options):
    """One option among ``options`` (answer values); the engine's key function gives the right one."""

    kind: Literal["choice"] = "choice"


@dataclass(frozen=True)
class Multi(Options):
    """Every right option among ``options``; the engine's key function gives the right set."""

    kind: Literal["multi"] = "multi"


Question = Act | PickCard | PickHand | Number | Choice | Multi

# -- steps ---------------------------------------------------------------------------------------

Show = Literal["hand", "trick", "table"]


@dataclass(frozen=True)
class Explain:
    """A text, with a position drawn (``show``: the learner's hand, the trick, or the table) or cards."""

    text: Text
    position: Position | None = None
    show: Show = "table"
    cards: tuple[str, ...] = ()
    kind: Literal["explain"] = "explain"


@dataclass(frozen=True)
class Ask:
    """A question judged by the engine, with feedback on every answer.

    ``right`` is shown after a right answer; ``wrong`` is added to the engine's explanation of a
    legal but wrong one (an illegal action gets the engine's own refusal reason).
    """

    prompt: Text
    question: Question
    position: Position | None = None
    right: Text | None = None
    wrong: Text | None = None
    kind: Literal["ask"] = "ask"


@dataclass(frozen=True)
class PlayOn:
    """From ``position`` the learner plays the hand out against the computer players."""

    text: Text
    position: Position
    kind: Literal["play_on"] = "play_on"


Step = Explain | Ask | PlayOn


@dataclass(frozen=True)
class Lesson:
    """One lesson: an id (``tressette-ranks``), its game, titles and summary in it/en, its steps."""

    id: str
    game: str
    title: Text
    summary: Text
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Drill:
    """An endless exercise about one game: ``make(rng)`` draws the next round."""

    id: str
    game: str
    title: Text
    summary: Text
    make: Callable[[random.Random], Ask]


def split_action(action: str) -> tuple[str, tuple[str, ...]]:
    """The first word of an action and the rest (``"3d busso"`` -> ``("3d", ("busso",))``)."""
    words = action.split()
    return (words[0] if words else ""), tuple(words[1:])
