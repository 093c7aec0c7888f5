"""A tournament as its record: the entries, the corrections, and the state they build.

:class:`Tournament` is what every game's tournament rules are (``pyapp/<game>/tournament.py``):
a state built from the organiser's options and changed only by ``apply(entry)``, which refuses
an impossible entry with a :class:`~pyapp.club.record.ClubRecordError` (the rule, in it/en) and
changes nothing when it refuses.

:class:`Ledger` is the record and that state together, and knows the entries every tournament
shares: ``correct N ...`` (entry ``N`` replaced by the entry that follows, in place) and
``cancel N`` (entry ``N`` struck out). Neither removes anything from the record: the state is
always the replay of the *effective* entries (each correction applied where it belongs), and a
correction that would make any entry impossible is refused with that entry's reason. Undo is
the removal of the last entry and nothing else.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from pyapp.club.event import ClubEvent, event, games_with
from pyapp.club.record import ClubRecord, ClubRecordError, Entry, read, write
from pyapp.core import Option, OptionError, parse_int
from pyapp.errors import Msg
from pyapp.i18n import DEFAULT_LANG

KIND = "tournament"
CORRECT = "correct"
CANCEL = "cancel"
SHARED_VERBS = (CORRECT, CANCEL)


class Tournament(ABC):
    """The rules of one game's tournament: entries in, standings out.

    Subclasses set ``game``, ``option_spec`` and ``verbs`` (the entries they accept, each
    handled by the method ``entry_<verb>(entry)``), and build their JSON in :meth:`to_json`.
    A handler checks everything before it changes anything.
    """

    game: ClassVar[str]
    option_spec: ClassVar[tuple[Option, ...]] = ()
    verbs: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: Mapping[str, str | int] | None = None) -> None:
        given = dict(options or {})
        spec = {o.name: o for o in self.option_spec}
        for name in given:
            if name not in spec:
                raise OptionError("common.option.unknown", name=name, game=self.game)
        self.options: dict[str, str | int] = {
            o.name: o.parse(given[o.name]) if o.name in given else o.default for o in self.option_spec
        }

    def apply(self, entry: Entry) -> None:
        """Play one entry, or refuse it (:class:`ClubRecordError`) and change nothing."""
        if entry.verb not in self.verbs:
            self.refuse(
                entry, "club.entry.unknown_verb", verb=entry.verb, verbs=", ".join(self.verbs + SHARED_VERBS)
            )
        handler: Callable[[Entry], None] = getattr(self, "entry_" + entry.verb)
        handler(entry)

    @staticmethod
    def refuse(entry: Entry, key: str, **params: object) -> NoReturn:
        """Refuse ``entry`` for the reason ``key`` (a message of the club catalog)."""
        raise ClubRecordError(entry.line, str(entry), key, **params)

    def arity(self, entry: Entry, low: int, high: int | None = None, usage: str = "") -> None:
        """Refuse ``entry`` unless it has between ``low`` and ``high`` arguments."""
        high = low if high is None else high
        if not low <= len(entry.args) <= high:
            self.refuse(entry, "club.entry.arity", verb=entry.verb, usage=usage or entry.verb)

    def number(self, entry: Entry, text: str, low: int, high: int, what: str) -> int:
        """``text`` as a whole number in ``low..high`` (canonical spelling), or a refusal.

        ``what`` is the catalog key naming the number (``club.what.points``).
        """
        value = parse_int(text)
        if value is None:
            self.refuse(entry, "club.entry.not_number", what=Msg(what), given=text)
        if not low <= value <= high:
            self.refuse(entry, "club.entry.range", what=Msg(what), value=value, low=low, high=high)
        return value

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The tournament as JSON data: every meeting or table, and the standings in rank order."""

    @abstractmethod
    def complete(self) -> bool:
        """Whether every meeting or game the tournament needs has been played (and ties drawn)."""


def drawn_lots(ties: list[list[str]], rng: random.Random, *head: str) -> list[Entry]:
    """``lot`` entries for ``ties`` (each shuffled by ``rng``), each starting with ``head``."""
    out = []
    for tie in ties:
        order = list(tie)
        rng.shuffle(order)
        out.append(Entry("lot", (*head, *order)))
    return out


class _Broken(Exception):
    """A replay stopped at entry ``number`` (numbered as in the record) for ``error``."""

    def __init__(self, number: int, error: ClubRecordError) -> None:
        super().__init__(number, error)
        self.number = number
        self.error = error


@dataclass(frozen=True)
class EntryStatus:
    """What became of one entry of the record: struck out, corrected, or a correction itself."""

    number: int
    entry: Entry
    cancelled_by: int | None = None
    corrected_by: int | None = None
    target: int | None = None
    """For a ``correct``/``cancel`` entry: the number of the entry it changes."""


class Ledger:
    """A tournament's record and the state its effective entries build.

    ``record.entries`` is the whole history as entered (numbered from 1); ``state`` is always
    the replay of :meth:`effective`. Every change goes through :meth:`add` (checked first,
    nothing changed on a refusal) or :meth:`undo`.
    """

    def __init__(self, record: ClubRecord, state: Tournament) -> None:
        self.record = record
        self.state = state

    # -- building -----------------------------------------------------------------------------
    @classmethod
    def new(
        cls, game: str, options: Mapping[str, str | int] | None = None, tags: Mapping[str, str] | None = None
    ) -> Ledger:
        """An empty tournament of ``game`` (refused for a game without tournaments, or a bad option)."""
        rules = tournament_event(game).rules
        try:
            state = rules(options)
        except OptionError as exc:
            raise ClubRecordError(0, "", "club.entry.option", reason=exc) from None
        record = ClubRecord(KIND, game, {k: str(v) for k, v in (options or {}).items()}, dict(tags or {}))
        return cls(record, state)

    @classmethod
    def read(cls, text: str) -> Ledger:
        """The tournament of a record's text; :class:`ClubRecordError` names the line and the reason."""
        record = read(text)
        if record.kind != KIND:
            line = record.tag_lines.get("Club", 1)
            raise ClubRecordError(line, f"Club: {record.kind}", "club.entry.not_tournament", kind=record.kind)
        rules = tournament_event(record.game, record.tag_lines.get("Game", 2), f"Game: {record.game}").rules
        try:
            state = rules(record.options)
        except OptionError as exc:
            name = exc.params.get("name", "")
            line = record.option_lines.get(str(name), 0)
            text_of = f"Option: {name}={record.options.get(str(name), '')}" if line else ""
            raise ClubRecordError(line, text_of, "club.entry.option", reason=exc) from None
        entries = record.entries
        record.entries = []
        ledger = cls(record, state)
        for entry in entries:
            ledger._play(entry, atomic=False)
        return ledger

    # -- the entries ----------------------------------------------------------------------------
    def effective(self, entries: list[Entry] | None = None) -> list[tuple[int, Entry]]:
        """The entries that count, numbered as in the record, each as last corrected, in order."""
        current: dict[int, Entry | None] = {}
        for number, entry in enumerate(self.record.entries if entries is None else entries, start=1):
            if entry.verb == CORRECT:
                target = parse_int(entry.args[0]) if entry.args else None
                if target is not None:
                    current[target] = Entry(entry.args[1], entry.args[2:], entry.line)
            elif entry.verb == CANCEL:
                target = parse_int(entry.args[0]) if entry.args else None
                if target is not None:
                    current[target] = None
            else:
                current[number] = entry
        return [(n, e) for n, e in sorted(current.items()) if e is not None]

    def statuses(self) -> list[EntryStatus]:
        """Every entry of the record with what became of it (for the page's list)."""
        cancelled: dict[int, int] = {}
        corrected: dict[int, int] = {}
        targets: dict[int, int] = {}
        for number, entry in enumerate(self.record.entries, start=1):
            if entry.verb in SHARED_VERBS:
                target = parse_int(entry.args[0]) if entry.args else None
                if target is None:
                    continue
                targets[number] = target
                (cancelled if entry.verb == CANCEL else corrected)[target] = number
        return [
            EntryStatus(n, e, cancelled.get(n), corrected.get(n), targets.get(n))
            for n, e in enumerate(self.record.entries, start=1)
        ]

    def _fresh(self) -> Tournament:
        return type(self.state)(self.state.options)

    def _replay(self, effective: list[tuple[int, Entry]]) -> Tournament:
        """A fresh state with ``effective`` applied; :class:`_Broken` names the entry refused."""
        state = self._fresh()
        for number, entry in effective:
            try:
                state.apply(entry)
            except ClubRecordError as exc:
                raise _Broken(number, exc) from None
        return state

    def _play(self, entry: Entry, atomic: bool = True) -> None:
        """Check ``entry`` against the state and append it; a refusal changes nothing.

        The entry is applied in place; if it is refused (or anything goes wrong), the state is
        rebuilt from the record, which has not changed. ``atomic=False`` (reading a whole
        record, which a refusal abandons anyway) skips the rebuild.
        """
        if entry.verb in SHARED_VERBS:
            self.state = self._correction(entry)
        else:
            try:
                self.state.apply(entry)
            except BaseException:
                if atomic:
                    self.state = self._replay(self.effective())
                raise
        self.record.entries.append(entry)

    def _correction(self, entry: Entry) -> Tournament:
        """The state after a ``correct``/``cancel`` entry, or its refusal."""
        number = len(self.record.entries) + 1
        usage = "correct N …" if entry.verb == CORRECT else "cancel N"
        if (entry.verb == CANCEL and len(entry.args) != 1) or (entry.verb == CORRECT and len(entry.args) < 2):
            raise ClubRecordError(entry.line, str(entry), "club.entry.arity", verb=entry.verb, usage=usage)
        target = parse_int(entry.args[0])
        if target is None:
            raise ClubRecordError(
                entry.line,
                str(entry),
                "club.entry.not_number",
                what=Msg("club.what.entry"),
                given=entry.args[0],
            )
        if not 1 <= target < number:
            raise ClubRecordError(
                entry.line, str(entry), "club.entry.no_such_entry", number=target, last=number - 1
            )
        original = self.record.entries[target - 1]
        if original.verb in SHARED_VERBS:
            raise ClubRecordError(entry.line, str(entry), "club.entry.correct_correction", number=target)
        live = dict(self.effective())
        if target not in live:
            raise ClubRecordError(entry.line, str(entry), "club.entry.already_cancelled", number=target)
        if entry.verb == CORRECT and entry.args[1] != original.verb:
            raise ClubRecordError(
                entry.line, str(entry), "club.entry.correct_verb", number=target, verb=original.verb
            )
        trial = self.effective([*self.record.entries, entry])
        try:
            return self._replay(trial)
        except _Broken as broken:
            exc = broken.error
            if broken.number == target:
                raise ClubRecordError(entry.line, str(entry), exc.key, **exc.params) from None
            raise ClubRecordError(
                entry.line,
                str(entry),
                "club.entry.breaks",
                number=broken.number,
                entry=exc.text,
                reason=Msg(exc.key, exc.params),
            ) from None

    def add(self, entry: Entry) -> None:
        """Append ``entry`` if the rules allow it (else :class:`ClubRecordError`, nothing changed)."""
        self._play(entry)

    def undo(self) -> Entry | None:
        """Remove the last entry (``None`` when there is none); the state goes back with it."""
        if not self.record.entries:
            return None
        last = self.record.entries.pop()
        try:
            self.state = self._replay(self.effective())
        except _Broken:  # cannot happen: every prefix of a ledger replays (kept for safety)
            self.record.entries.append(last)
            raise
        return last

    def text(self) -> str:
        """The record as written (canonical)."""
        return write(self.record)

    def to_json(self) -> dict[str, Any]:
        """The tournament's JSON (:meth:`Tournament.to_json`) with the title and entry count."""
        out: dict[str, Any] = {"game": self.record.game}
        if "Title" in self.record.tags:
            out["title"] = self.record.tags["Title"]
        out.update(self.state.to_json())
        out["entries"] = len(self.record.entries)
        out["complete"] = self.state.complete()
        return out


def check_text(text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
    """Judge a tournament record: (0, standings JSON with ``valid``) or (1, the error as JSON)."""
    try:
        ledger = Ledger.read(text)
    except ClubRecordError as exc:
        return 1, exc.as_dict(lang)
    return 0, {"valid": True, **ledger.to_json()}


S = TypeVar("S", bound=Tournament)


@dataclass(frozen=True)
class TournamentEvent(ClubEvent, Generic[S]):
    """A game's tournament, as its package registers it (``club={"tournament": Ref("…:EVENT")}``,
    :mod:`pyapp.club.event`): its rules, and what the app does for the organiser with them."""

    kind: ClassVar[str] = KIND
    rules: type[S]
    """The :class:`Tournament` subclass: the entries the game's tournament accepts, its standings."""
    draw: Callable[[S, str, random.Random, Mapping[str, Any]], list[Entry]]
    """``draw(state, kind, rng, params)``: the entries of a lot the app draws for the organiser
    (groups, a first dealer, a round's tables, a tie); refused with a :class:`ClubRecordError`."""
    entries_from_game: Callable[
        [S, str, Mapping[str, Any], Mapping[str, Any], Mapping[str, Any]], list[Entry]
    ]
    """``entries_from_game(state, game, options, result, params)``: the entries of a meeting or a
    table played at a Circolo table, from the game's name, options and ``result()``."""
    simulate: Callable[..., Ledger]
    """``simulate(seed=, level=, **settings)``: a whole tournament played by computer players."""
    simulate_settings: Mapping[str, tuple[object, str]] = field(default_factory=dict)
    """The settings of ``simulate`` (``python3 -m pyapp club simulate --game G``): name -> (default, help)."""
    view: str | None = None
    """The game's panel of the tournaments page (a module under ``pyapp.views``)."""

    def judge(self, text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
        """Judge a tournament record (:func:`check_text`)."""
        return check_text(text, lang)


def tournament_event(game: str, line: int = 0, text: str = "") -> TournamentEvent[Any]:
    """``game``'s tournament (its spec's ``club["tournament"]``); a game without one is refused
    (:class:`ClubRecordError` at ``line``, ``text``: the record's ``Game:`` line)."""
    found = event(game, KIND)
    if not isinstance(found, TournamentEvent):
        raise ClubRecordError(
            line, text, "club.entry.no_tournament", game=game, games=", ".join(games_with(KIND))
        )
    return found


def tournament_class(game: str) -> type[Tournament]:
    """The tournament rules of ``game`` (refused for a game without tournaments)."""
    rules: type[Tournament] = tournament_event(game).rules
    return rules
