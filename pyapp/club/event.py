"""A game's club events, and how the rest of Circolo finds them: through the game registry.

A game offers club events (a Tressette or Boston tournament, the poker evening) in its spec:
``GameSpec.club`` maps each kind of event (the club record's ``Club:`` tag: ``tournament``,
``serata``) to a :class:`~pyapp.games.Ref` naming a :class:`ClubEvent`, an object of the game's
package that says what the generic club code needs::

    club={"tournament": Ref("pyapp.tressette.tournament:EVENT")}

The code of one kind of event (``pyapp/club/tournament.py`` for every game's tournaments) asks
:func:`event` for a game's event of its kind, and :func:`games_with` for the games that have one;
``python3 -m pyapp club check`` judges a club record of any kind (:func:`judge`); an event with a
command line of its own (``python3 -m pyapp serata ...``) is found by :func:`commands`. Nothing
here names a game or imports one: a game without club events simply leaves ``club`` out.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pyapp.club.record import ClubRecordError, read
from pyapp.games import UnknownGame, spec, specs
from pyapp.i18n import DEFAULT_LANG


class ClubEvent(ABC):
    """One kind of club event of one game, as its package registers it (``GameSpec.club``).

    ``kind`` is the record's ``Club:`` tag; ``command``, when the event has a command line of its
    own, the word of ``python3 -m pyapp WORD ...`` that runs :meth:`main`; ``view``, the page
    part that shows it (a module under ``pyapp.views``, imported on the browser side only).
    """

    kind: ClassVar[str]
    command: ClassVar[str | None] = None
    command_help: ClassVar[str] = ""
    """What the command line does, in a few words (``python3 -m pyapp -h``)."""
    view: str | None = None

    @abstractmethod
    def judge(self, text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
        """Judge a record of this event: ``(0, its state as JSON)`` or ``(1, the refusal as JSON)``
        with ``line``, ``entry`` and ``reason``."""

    def main(self, argv: list[str]) -> int:
        """The event's own command line (``argv`` after the :attr:`command` word); the exit status."""
        raise NotImplementedError(f"a {self.kind} has no command line of its own")


def event(game: str, kind: str) -> ClubEvent | None:
    """The club event of ``kind`` that ``game`` offers, or ``None`` (no such game, or no such event)."""
    try:
        ref = spec(game).club.get(kind)
    except UnknownGame:
        return None
    if ref is None:
        return None
    found = ref.load()
    if not isinstance(found, ClubEvent) or found.kind != kind:
        raise TypeError(f"{ref.path} is not a club event of kind {kind!r}")
    return found


def games_with(kind: str) -> list[str]:
    """The games that offer an event of ``kind``, in the registry's order (nothing is imported)."""
    return [s.name for s in specs() if kind in s.club]


def commands() -> dict[str, ClubEvent]:
    """The club events with a command line of their own, by their command word."""
    out: dict[str, ClubEvent] = {}
    for game in specs():
        for kind in game.club:
            found = event(game.name, kind)
            if found is not None and found.command:
                out.setdefault(found.command, found)
    return out


def judge(text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, Any]]:
    """Judge a club record of any kind: its header names the kind and the game, whose event judges
    it (``python3 -m pyapp club check``); a game without that kind of event is refused at its
    ``Game:`` line."""
    try:
        record = read(text)
        found = event(record.game, record.kind)
        if found is None:
            line = record.tag_lines.get("Game", 2)
            raise ClubRecordError(
                line,
                f"Game: {record.game}",
                "club.record.no_event",
                game=record.game,
                kind=record.kind,
                games=", ".join(games_with(record.kind)),
            )
    except ClubRecordError as exc:
        return 1, exc.as_dict(lang)
    status, report = found.judge(text, lang)
    return int(status), dict(report)
