"""The boundary between the evening page and the engine: plain data in and out.

``serata.html`` holds a :class:`SerataSession`: it adds entries (``add``: ``{"ok": true,
"warnings", "notes"}`` or ``{"ok": false, "error", "refusal", "rule"}``, the evening unchanged;
``notes`` and ``refusal`` are the same messages as data, said again when the language changes),
undoes the last one, saves and loads the record (a damaged save keeps its good entries), packs
the evening into a read-only link, starts a table at the poker table and brings its ledger back. Everything the page
draws comes from :meth:`SerataSession.snapshot` (the checker's JSON plus the record's lines).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from pyapp.club.record import ClubRecordError, Entry, split_entry
from pyapp.errors import Msg
from pyapp.i18n import DEFAULT_LANG
from pyapp.links.legacy import FragmentError, decode_fragment, encode_fragment
from pyapp.poker.serata import play
from pyapp.poker.serata import tables as seats_rules
from pyapp.poker.serata.evening import Evening, read_partial
from pyapp.poker.serata.model import Refusal, clock_text, money_text, next_time, parse_clock, rule_of
from pyapp.poker.serata.report import state_json

__all__ = ["HANDOVER_TAG", "LINK_PREFIX", "ClubRecordError", "SerataSession", "money_text", "seat_names"]

HANDOVER_TAG: Final = play.TAG
"""The tag of a poker record that is a table of an evening (the poker page's way back)."""

LINK_PREFIX: Final = "s="
"""The fragment of a read-only evening link: ``serata.html#s=<packed record>`` (the replay
links' packing: zlib and base64url, :func:`pyapp.links.legacy.encode_fragment`)."""


def seat_names(tags: Mapping[str, str]) -> dict[str, str] | None:
    """The players' names of a poker game that is a table of an evening (its record's ``Serata``
    tag), by seat label (``"1"`` is the first seat); ``None`` for any other game."""
    handover = play.handover_of(dict(tags))
    if handover is None:
        return None
    return {str(seat): name for seat, name in enumerate(handover.names, start=1)}


def _failure(exc: ClubRecordError, lang: str) -> dict[str, Any]:
    """A refusal: its reason in ``lang`` (``error``) and as plain data (``refusal``, which
    :func:`pyapp.i18n.say` says again when the page's language changes), the rule and the key."""
    return {
        "ok": False,
        "error": exc.reason(lang),
        "refusal": exc.reason_data(),
        "rule": rule_of(exc.key),
        "key": exc.key,
    }


class SerataSession:
    """An evening being kept on the page."""

    def __init__(self, evening: Evening) -> None:
        self.evening = evening

    # -- creation and persistence -------------------------------------------------------------------
    @classmethod
    def new(cls, options: dict[str, str] | None = None, tags: dict[str, str] | None = None) -> SerataSession:
        """A new evening; raise :class:`ClubRecordError` for a bad option (its reason says which)."""
        given = dict(tags or {})
        given.setdefault("Id", f"{random.getrandbits(40):010x}")
        return cls(Evening(options, given))

    @classmethod
    def load(cls, text: str) -> tuple[SerataSession, ClubRecordError | None]:
        """The evening of a saved record and the first error in it (its good entries are kept)."""
        evening, error = read_partial(text)
        return cls(evening), error

    def save(self) -> str:
        """The record's text (what the page stores after every entry)."""
        return self.evening.text()

    @property
    def empty(self) -> bool:
        """Whether nothing has been recorded yet."""
        return not self.evening.entries

    # -- entries ------------------------------------------------------------------------------------
    def default_time(self, now: str) -> str:
        """The time an entry made ``now`` (``HH:MM`` of the device's clock) gets: ``now``, or the
        last entry's time when the device's clock is behind it (an evening typed in afterwards)."""
        last = self.evening.state.now
        minute = parse_clock(now)
        if minute is None:
            return clock_text(last) if last is not None else "20:00"
        if last is None:
            return now
        at = next_time(last, now)
        return now if at is not None and at >= last else clock_text(last)

    def add(self, verb: str, *args: str, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        """Apply one entry: ``{"ok": True, "entry", "warnings"}`` or the refusal (nothing changes)."""
        return self.add_entry(Entry(verb, tuple(args)), lang)

    def add_text(self, line: str, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        """Apply one typed entry line (the record's spelling)."""
        try:
            entry = split_entry(line.strip())
        except ClubRecordError as exc:
            return _failure(exc, lang)
        return self.add_entry(entry, lang)

    def add_entry(self, entry: Entry, lang: str) -> dict[str, Any]:
        try:
            warnings = self.evening.apply(Entry(entry.verb, entry.args))
        except ClubRecordError as exc:
            return _failure(exc, lang)
        notes = [Msg(w.key, w.params) for w in warnings]
        return {
            "ok": True,
            "entry": str(entry),
            "warnings": [note.message(lang) for note in notes],
            "notes": [note.data() for note in notes],
        }

    def draw(
        self, number: int, time: str, rng: random.Random, lot: bool = True, lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """PE7: draw the seats of forming table ``number`` by lot (``rng``; the record keeps the
        outcome), or seat them in list order by free choice."""
        formed = {f.number: f for f in seats_rules.forming(self.evening.state)}
        if number not in formed:
            return self.add("draw", time, str(number), lang=lang)  # the engine says why not
        names = list(formed[number].names)
        if lot:
            rng.shuffle(names)
        return self.add("draw" if lot else "seats", time, str(number), *names, lang=lang)

    def undo(self) -> str | None:
        """Take back the last entry; its text, or ``None`` when there is none."""
        entry = self.evening.undo()
        return str(entry) if entry is not None else None

    # -- reading -------------------------------------------------------------------------------------
    def snapshot(self, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        """The checker's JSON state plus ``record``: each entry's text with its notes (warnings)."""
        data = state_json(self.evening, lang)
        notes: dict[int, list[dict[str, Any]]] = {}
        for note in data["notes"]:
            notes.setdefault(int(note["entry"]), []).append(note)
        data["record"] = [
            {"index": i, "text": str(entry), "notes": notes.get(i, [])}
            for i, entry in enumerate(self.evening.entries)
        ]
        data["events"] = [n for n in data["notes"] if n["entry"] < 0]
        data["passata"] = self.evening.options.passata
        return data

    # -- the read-only link --------------------------------------------------------------------------
    def link(self) -> str:
        """The fragment of the evening's read-only link (``s=…``)."""
        return LINK_PREFIX + encode_fragment(self.save())[2:]

    @classmethod
    def from_link(cls, fragment: str) -> tuple[SerataSession | None, dict[str, object] | None]:
        """The evening of a link fragment (``#s=…``), or ``None`` and why it cannot be opened (the
        refusal as plain data, :func:`pyapp.i18n.say`); ``(None, None)`` for another fragment."""
        fragment = fragment[1:] if fragment.startswith("#") else fragment
        if not fragment.startswith(LINK_PREFIX):
            return None, None
        try:
            text = decode_fragment("r=" + fragment[len(LINK_PREFIX) :])
        except FragmentError as exc:
            return None, exc.data()
        session, error = cls.load(text)
        if error is not None:
            return None, error.data()
        return session, None

    # -- the poker table -----------------------------------------------------------------------------
    def table_game(
        self, number: int, me: str | None, level: str = "medium", lang: str = DEFAULT_LANG
    ) -> dict[str, Any]:
        """The poker record to start table ``number`` with ``me`` in seat 1, or why not."""
        try:
            return {"ok": True, "record": play.table_game(self.evening, number, me, level)}
        except Refusal as exc:
            return _failure(ClubRecordError(0, "", exc.key, **exc.params), lang)

    def import_game(self, record: str, time: str, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        """Bring a table's game back as entries at ``time`` (all or nothing): ``{"ok", "added",
        "table"}`` or the refusal."""
        handover = None
        try:
            from pyapp.record import read_record

            handover = play.handover_of(read_record(record, migrate=True).tags)
        except ValueError:
            handover = None
        last = self.evening.state.now
        minute = next_time(last, time)
        if minute is None or (last is not None and minute < last):
            minute = last if last is not None else 0
        try:
            added = play.import_ledger(self.evening, record, minute)
        except ClubRecordError as exc:
            return _failure(exc, lang)
        return {"ok": True, "added": len(added), "table": handover.table if handover else None}
