"""The club page's one boundary to the engine: a tournament as plain data in and out.

``pyapp/views/club*.py`` hold a :class:`ClubSession` and never touch a ledger or a tournament
state: they send entry texts (``"hand Assi Coppe 1 6 5"``) and get back ``{"ok": True}`` or
``{"ok": False, "error": reason, "refusal": data}`` (the reason in the page's language, and as
data to say again in another, :func:`pyapp.i18n.say`), and read :meth:`ClubSession.snapshot`.
Lots the app draws for the organiser (groups, a dealer, a tie, a round's tables) and meetings
entered from a game record are asked of the game's tournament (``draw`` and
``entries_from_game`` of the :class:`~pyapp.club.tournament.TournamentEvent` its spec names), so
this module names no game.

Share links: ``club.html#c=DATA`` holds the whole record, zlib-compressed in base64url, the
codec of the first replay links (:func:`pyapp.links.legacy.encode_fragment`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from pyapp.club.event import games_with
from pyapp.club.record import ClubRecordError, Entry, split_entry
from pyapp.club.tournament import CANCEL, CORRECT, KIND, Ledger, TournamentEvent, tournament_event
from pyapp.errors import Refusal
from pyapp.i18n import DEFAULT_LANG
from pyapp.links.legacy import FragmentError, decode_fragment, encode_fragment
from pyapp.record import RecordError, read_record

LINK_PREFIX: Final = "c="
"""The fragment of a shared tournament: ``#c=`` and the packed record."""

_PACKED_PREFIX: Final = "r="
"""The prefix :func:`pyapp.links.legacy.encode_fragment` writes (replaced by :data:`LINK_PREFIX`)."""

Result = dict[str, Any]

__all__ = ["ClubLinkError", "ClubRecordError", "ClubSession", "games"]


class ClubLinkError(Refusal, ValueError):
    """A shared tournament link that cannot be opened (a :class:`~pyapp.errors.Refusal`): not a
    tournament's link, or why its packing or its record is refused (``reason``)."""

    def __init__(self, reason: FragmentError | ClubRecordError | None = None) -> None:
        if reason is None:
            super().__init__("club.link.not_club")
        else:
            super().__init__("club.link.bad", reason=reason)
        self.reason = reason


def games() -> list[dict[str, Any]]:
    """The games with tournaments, their options and their panels (the page's "new tournament" form)."""
    out = []
    for game in games_with(KIND):
        found = tournament_event(game)
        rules = found.rules
        out.append(
            {
                "game": game,
                "view": found.view,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "choices": list(o.choices),
                        "low": o.low,
                        "high": o.high,
                    }
                    for o in rules.option_spec
                ],
            }
        )
    return out


class ClubSession:
    """One tournament on the page: its ledger, the app's lots, its saves and links."""

    def __init__(self, ledger: Ledger, rng: random.Random | None = None) -> None:
        self._ledger = ledger
        self._rng = rng or random.Random()

    # -- creating and loading ----------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        title: str = "",
        options: Mapping[str, str | int] | None = None,
        rng: random.Random | None = None,
    ) -> ClubSession:
        """An empty tournament; :class:`ClubRecordError` for a game without tournaments, a bad option or title."""
        tags = {"Title": " ".join(title.split())} if title.strip() else {}
        ledger = Ledger.new(game, options, tags)
        ledger.text()  # a title that cannot be written back is refused now, not at the first save
        return cls(ledger, rng)

    @classmethod
    def load(cls, text: str, rng: random.Random | None = None) -> ClubSession:
        """The tournament of a record's text (a save, an import); :class:`ClubRecordError` says where."""
        return cls(Ledger.read(text), rng)

    @classmethod
    def open_link(cls, fragment: str, rng: random.Random | None = None) -> ClubSession:
        """The tournament of a ``#c=`` link; :class:`ClubLinkError` says why it cannot be opened."""
        text = fragment[1:] if fragment.startswith("#") else fragment
        if not text.startswith(LINK_PREFIX):
            raise ClubLinkError()
        try:
            record = decode_fragment(_PACKED_PREFIX + text[len(LINK_PREFIX) :])
            return cls.load(record, rng)
        except (FragmentError, ClubRecordError) as exc:
            raise ClubLinkError(exc) from None

    def save(self) -> str:
        """The record's text: the save, the export."""
        return self._ledger.text()

    def fragment(self) -> str:
        """The share link's fragment: ``c=`` and the packed record."""
        return LINK_PREFIX + encode_fragment(self.save())[len(_PACKED_PREFIX) :]

    @property
    def game(self) -> str:
        """The tournament's game."""
        return self._ledger.record.game

    # -- reading -----------------------------------------------------------------------------------
    def snapshot(self, lang: str = DEFAULT_LANG) -> dict[str, Any]:
        """Everything the page shows: the tournament's JSON, the entries and what became of them."""
        data = self._ledger.to_json()
        entries: list[dict[str, Any]] = []
        for status in self._ledger.statuses():
            entries.append(
                {
                    "number": status.number,
                    "text": str(status.entry),
                    "verb": status.entry.verb,
                    "args": list(status.entry.args),
                    "correction": status.entry.verb in (CORRECT, CANCEL),
                    "target": status.target,
                    "cancelled_by": status.cancelled_by,
                    "corrected_by": status.corrected_by,
                }
            )
        effective = {number: str(entry) for number, entry in self._ledger.effective()}
        for item in entries:
            item["now"] = effective.get(int(item["number"]))
        return {
            "game": self.game,
            "view": self._event().view,
            "title": self._ledger.record.tags.get("Title", ""),
            "tags": dict(self._ledger.record.tags),
            "options": dict(self._ledger.state.options),
            "data": data,
            "entries": entries,
            "can_undo": bool(self._ledger.record.entries),
            "complete": bool(data.get("complete")),
            "lang": lang,
        }

    # -- entries -----------------------------------------------------------------------------------
    def _refusal(self, exc: ClubRecordError, lang: str) -> Result:
        """A refused entry: its reason in ``lang`` (``error``) and as plain data (``refusal``, which
        :func:`pyapp.i18n.say` says again when the page's language changes)."""
        return {"ok": False, "error": exc.reason(lang), "key": exc.key, "refusal": exc.reason_data()}

    def add(self, line: str, lang: str = DEFAULT_LANG) -> Result:
        """Add one entry written as text; refused with the reason, nothing changed."""
        try:
            entry = split_entry(line.strip())
        except ClubRecordError as exc:
            return self._refusal(exc, lang)
        return self.add_entries([entry], lang)

    def add_entry(self, verb: str, args: list[str], lang: str = DEFAULT_LANG) -> Result:
        """Add one entry given as a verb and its arguments."""
        return self.add_entries([Entry(verb, tuple(str(a) for a in args))], lang)

    def add_entries(self, entries: list[Entry], lang: str = DEFAULT_LANG) -> Result:
        """Add entries all together, or none of them (the first refusal says why)."""
        done = 0
        try:
            for entry in entries:
                self._ledger.add(entry)
                done += 1
        except ClubRecordError as exc:
            for _ in range(done):
                self._ledger.undo()
            return self._refusal(exc, lang)
        return {"ok": True, "entries": [str(e) for e in entries]}

    def correct(self, number: int, line: str, lang: str = DEFAULT_LANG) -> Result:
        """Replace entry ``number`` by the entry written in ``line`` (a ``correct`` entry)."""
        try:
            entry = split_entry(line.strip())
        except ClubRecordError as exc:
            return self._refusal(exc, lang)
        return self.add_entry(CORRECT, [str(number), entry.verb, *entry.args], lang)

    def cancel(self, number: int, lang: str = DEFAULT_LANG) -> Result:
        """Strike out entry ``number`` (a ``cancel`` entry)."""
        return self.add_entry(CANCEL, [str(number)], lang)

    def undo(self, lang: str = DEFAULT_LANG) -> Result:
        """Remove the last entry of the record."""
        entry = self._ledger.undo()
        if entry is None:
            return self._refusal(ClubRecordError(0, "", "club.ui.nothing_to_undo"), lang)
        return {"ok": True, "entry": str(entry)}

    # -- what the app does for the organiser ------------------------------------------------------
    def _event(self) -> TournamentEvent[Any]:
        return tournament_event(self.game)

    def draw(self, kind: str, lang: str = DEFAULT_LANG, **params: Any) -> Result:
        """A lot drawn by the app (groups, a first dealer, a tie, a round's tables), recorded as entries."""
        try:
            entries = self._event().draw(self._ledger.state, kind, self._rng, params)
        except ClubRecordError as exc:
            return self._refusal(exc, lang)
        return self.add_entries(entries, lang)

    def import_game(self, record_text: str, lang: str = DEFAULT_LANG, **params: Any) -> Result:
        """A meeting or game played at a Circolo table, entered from its game record.

        The record is read by the engine (:func:`pyapp.record.read_record`); the game's tournament
        tournament turns the game's :meth:`result` into entries (``entries_from_game``).
        """
        try:
            try:
                game = read_record(record_text).state
            except RecordError as exc:
                raise ClubRecordError(0, "", "club.import.bad_record", reason=exc) from None
            entries = self._event().entries_from_game(
                self._ledger.state, game.game, dict(game.options), game.result(), params
            )
        except ClubRecordError as exc:
            return self._refusal(exc, lang)
        if not entries:
            return self._refusal(ClubRecordError(0, "", "club.import.empty"), lang)
        return self.add_entries(entries, lang)
