"""The poker evening as a record of entries: apply, refuse, undo, read and write (PE1-PE14).

An evening is exactly its options and its entries, as a game is its options and actions: an
:class:`Evening` applies each entry through :func:`pyapp.poker.serata.entries.play` (the forms
of the entries and the rules they are checked against are there), keeps it or refuses it with
the line and the reason (nothing changes), takes the last one back, and reads and writes the
club record (``docs/notation/club.md``, "Poker evening (serata)").
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Final

from pyapp.club.record import ClubRecord, ClubRecordError, Entry, read, write
from pyapp.poker.serata.entries import Warn, play
from pyapp.poker.serata.model import OPTION_SPEC, Options, Refusal, State, read_options

KIND: Final = "serata"
GAME: Final = "poker"


class Evening:
    """A poker evening: options, free tags, entries and the state they build.

    ``apply(entry)`` checks one entry and plays it or raises :class:`ClubRecordError` (nothing
    changes); ``undo()`` takes back the last entry; ``text()`` is the record; :func:`read_evening`
    the other way. The state is read through :mod:`pyapp.poker.serata.report`.
    """

    def __init__(self, options: dict[str, str] | None = None, tags: dict[str, str] | None = None) -> None:
        try:
            self.options: Options = read_options(dict(options or {}))
        except Refusal as exc:
            raise ClubRecordError(0, "Option", exc.key, **exc.params) from None
        self.tags: dict[str, str] = dict(tags or {})
        self.entries: list[Entry] = []
        self.state = State(self.options)

    # -- records ------------------------------------------------------------------------------------
    def record(self) -> ClubRecord:
        """The evening as a club record (every option written, in spec order)."""
        return ClubRecord(KIND, GAME, self.options.texts(), dict(self.tags), list(self.entries))

    def text(self) -> str:
        """The record's canonical text (the save, the export, the link's payload)."""
        return write(self.record())

    # -- entries ------------------------------------------------------------------------------------
    def apply(self, entry: Entry) -> list[Warn]:
        """Check ``entry`` against PE1-PE14 and play it; the warnings it raised (PE5, PE6).

        Raises :class:`ClubRecordError` with the entry's line and the reason; the evening is then
        exactly as it was."""
        trial = copy.deepcopy(self.state)
        try:
            warnings = play(trial, entry, len(self.entries))
        except Refusal as exc:
            raise ClubRecordError(entry.line, str(entry), exc.key, **exc.params) from None
        self.state = trial
        self.entries.append(Entry(entry.verb, entry.args, entry.line))
        return warnings

    def check(self, entry: Entry) -> ClubRecordError | None:
        """The refusal ``entry`` would meet now, or ``None`` (nothing is played)."""
        try:
            play(copy.deepcopy(self.state), entry, len(self.entries))
        except Refusal as exc:
            return ClubRecordError(entry.line, str(entry), exc.key, **exc.params)
        return None

    def undo(self) -> Entry | None:
        """Take back the last entry (the state is rebuilt from the others); ``None`` if none."""
        if not self.entries:
            return None
        last = self.entries[-1]
        self.replay(self.entries[:-1])
        return last

    def replay(self, entries: Iterable[Entry]) -> None:
        """Rebuild the state from ``entries`` (all legal: they were accepted before)."""
        self.state = State(self.options)
        self.entries = []
        for entry in entries:
            self.apply(entry)

    def copy(self) -> Evening:
        """An independent copy (what-if checks, simulations)."""
        return copy.deepcopy(self)


def read_evening(text: str) -> Evening:
    """The evening of record ``text``; :class:`ClubRecordError` names the first bad line."""
    evening, error = read_partial(text)
    if error is not None:
        raise error
    return evening


def read_partial(text: str) -> tuple[Evening, ClubRecordError | None]:
    """As much of record ``text`` as is good, and the first error (``None`` if all is good).

    The entries before a bad one are kept, so a page can show them and the error beside the
    line (nothing is lost). A header error leaves an empty evening (default options)."""
    try:
        record = read(text)
    except ClubRecordError as exc:
        return Evening(), exc
    if record.kind != KIND or record.game != GAME:
        line = record.tag_lines.get("Club", 1)
        return Evening(), ClubRecordError(line, f"Club: {record.kind}", "serata.record.kind")
    try:
        evening = Evening(record.options, record.tags)
    except ClubRecordError as exc:
        line = record.option_lines.get(str(exc.params.get("name", "")), 1)
        return Evening(), ClubRecordError(line, _line_text(text, line), exc.key, **exc.params)
    for entry in record.entries:
        try:
            evening.apply(entry)
        except ClubRecordError as exc:
            return evening, exc
    return evening, None


def _line_text(text: str, line: int) -> str:
    lines = text.splitlines()
    return lines[line - 1] if 0 < line <= len(lines) else ""


def default_options() -> dict[str, str]:
    """The option texts of a new evening (spec order)."""
    return {spec.name: spec.default for spec in OPTION_SPEC}
