"""The plain-text record of a club event: a header of tags, then one entry a line.

A club event (a Tressette or Boston tournament, a poker evening) is exactly its history of
entries, as a game is its history of actions. The same text is the save file, the export, the
shared link's payload and the test fixture::

    Club: tournament
    Game: tressette
    Option: groups=2
    Title: Torneo del martedì

    team Assi "Mario Rossi" "Luigi Bianchi"
    team "Le Spade" Anna Bruno
    ...

Header lines are ``Key: value``. ``Club`` (the kind of event: ``tournament`` or ``serata``) comes
first, then ``Game``; ``Option: name=value`` lines are the organiser's settings; any other key
is a free tag kept as written. A blank line ends the header. Each body line is an entry: a verb
and its arguments separated by blanks. An argument with a blank, a double quote, a backslash or
a ``#`` at its start, or an empty one, is written in double quotes, with ``\\"`` and ``\\\\`` inside.
Lines starting with ``#`` are comments (not kept). ``write(read(text)) == text`` for every
record :func:`write` produced. This module knows nothing of any game: what the verbs mean and
which are allowed is the event's own business (it receives :class:`Entry` values with their
line numbers, to name them in its refusals). See ``docs/notation/club.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from pyapp.errors import Refusal
from pyapp.header import body_start, header_lines, is_key, record_lines, split_option
from pyapp.i18n import DEFAULT_LANG, t

KINDS: Final = ("tournament", "serata")
"""The kinds of club event a record may hold (the ``Club`` tag)."""

_BLANKS: Final = re.compile(r"\s+")
_PLAIN: Final = re.compile(r'[^\s"\\]+')
_MAX_LINES: Final = 100_000
"""A record longer than this is refused outright (a tournament has a few hundred entries)."""


class ClubRecordError(Refusal, ValueError):
    """A malformed club record or a refused entry: where (line, its text) and why (it/en).

    A :class:`~pyapp.errors.Refusal` (``key`` and ``params``: the reason) with the place: ``line``
    is 1-based (0 when the error is about the record as a whole, or about an entry made on a
    page rather than read) and ``text`` the line or entry refused.
    """

    def __init__(self, line: int, text: str, key: str, **params: object) -> None:
        super().__init__(key, **params)
        self.line = line
        self.text = text

    def reason(self, lang: str = DEFAULT_LANG) -> str:
        """Why the record or entry is refused, in ``lang``."""
        return super().message(lang)

    def reason_data(self) -> dict[str, object]:
        """The reason as plain data, to say again in another language (:func:`pyapp.i18n.say`)."""
        return super().data()

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """Line, entry and reason in one sentence."""
        if self.line <= 0:
            return self.reason(lang)
        return t("club.record.at", lang, line=self.line, text=self.text, reason=self.reason(lang))

    def data(self) -> dict[str, object]:
        """The message as plain data (:meth:`pyapp.errors.Refusal.data`)."""
        reason = self.reason_data()
        if self.line <= 0:
            return reason
        return {"key": "club.record.at", "params": {"line": self.line, "text": self.text, "reason": reason}}

    def as_dict(self, lang: str = DEFAULT_LANG) -> dict[str, object]:
        """The error as JSON data: ``{"valid": false, "line", "entry", "reason"}``."""
        return {"valid": False, "line": self.line, "entry": self.text, "reason": self.reason(lang)}


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a club record: a verb and its arguments, with the line it was read from.

    ``line`` is 0 for an entry made in code (by a page or a simulation) rather than read.
    ``str(entry)`` is its one canonical spelling.
    """

    verb: str
    args: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        return " ".join([self.verb, *(quote(a) for a in self.args)])


@dataclass
class ClubRecord:
    """A parsed club record: its kind, game, options, free tags and entries in order."""

    kind: str
    game: str
    options: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    option_lines: dict[str, int] = field(default_factory=dict, compare=False)
    """The line (1-based) of each ``Option`` read, to name it in a refusal found later."""
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False)
    """The line of each header tag read (``Club`` and ``Game`` included)."""


def quote(arg: str) -> str:
    """``arg`` as written in a record: bare when it can be, else in double quotes."""
    if arg and _PLAIN.fullmatch(arg) and not arg.startswith("#"):
        return arg
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def split_entry(text: str, line: int = 0) -> Entry:
    """Read one body line into an :class:`Entry` (blanks of any kind separate arguments)."""
    words: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '"':
            i += 1
            buf: list[str] = []
            while True:
                if i >= n:
                    raise ClubRecordError(line, text, "club.record.open_quote")
                c = text[i]
                if c == "\\" and i + 1 < n and text[i + 1] in '"\\':
                    buf.append(text[i + 1])
                    i += 2
                elif c == '"':
                    i += 1
                    break
                else:
                    buf.append(c)
                    i += 1
            if i < n and not text[i].isspace():
                raise ClubRecordError(line, text, "club.record.after_quote")
            words.append("".join(buf))
        else:
            j = i
            while j < n and not text[j].isspace():
                if text[j] in '"\\':
                    raise ClubRecordError(line, text, "club.record.stray_quote")
                j += 1
            words.append(text[i:j])
            i = j
    if not words:
        raise ClubRecordError(line, text, "club.record.empty_entry")
    return Entry(words[0], tuple(words[1:]), line)


def read(text: str) -> ClubRecord:
    """Parse a club record; :class:`ClubRecordError` names the line and the reason."""
    lines = record_lines(text)
    if len(lines) > _MAX_LINES:
        raise ClubRecordError(0, "", "club.record.too_long", limit=_MAX_LINES)
    if not any(line.strip() for line in lines):
        raise ClubRecordError(0, "", "club.record.empty")
    header: dict[str, tuple[int, str]] = {}
    options: dict[str, str] = {}
    option_lines: dict[str, int] = {}
    tags: dict[str, str] = {}
    order: list[str] = []
    for item in header_lines(lines):
        num, raw, key, value = item.number, item.text, item.key, item.value
        if not key:
            raise ClubRecordError(num, raw, "club.record.bad_header")
        if key == "Option":
            name, val = split_option(value) or ("", "")
            if not is_key(name) or not val:
                raise ClubRecordError(num, raw, "club.record.bad_option")
            if name in options:
                raise ClubRecordError(
                    num, raw, "club.record.repeated_option", name=name, first=option_lines[name]
                )
            options[name] = val
            option_lines[name] = num
            continue
        if key in header:
            raise ClubRecordError(num, raw, "club.record.repeated_tag", tag=key, first=header[key][0])
        header[key] = (num, value)
        order.append(key)
    if "Club" not in header:
        raise ClubRecordError(1, lines[0] if lines else "", "club.record.no_kind", kinds=", ".join(KINDS))
    kind_line, kind = header["Club"]
    if kind not in KINDS:
        raise ClubRecordError(
            kind_line, f"Club: {kind}", "club.record.unknown_kind", kind=kind, kinds=", ".join(KINDS)
        )
    if "Game" not in header:
        raise ClubRecordError(kind_line, f"Club: {kind}", "club.record.no_game")
    game = header["Game"][1]
    for key in order:
        if key not in ("Club", "Game"):
            tags[key] = header[key][1]
    entries: list[Entry] = []
    for j in range(body_start(lines), len(lines)):
        raw = lines[j]
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        entries.append(split_entry(raw, j + 1))
    tag_lines = {key: header[key][0] for key in order}
    return ClubRecord(kind, game, options, tags, entries, option_lines, tag_lines)


def write(record: ClubRecord) -> str:
    """The canonical text of ``record`` (header, a blank line, one entry a line)."""
    out = [f"Club: {record.kind}", f"Game: {record.game}"]
    out += [f"Option: {k}={v}" for k, v in record.options.items()]
    for key, value in record.tags.items():
        if not is_key(key) or key in ("Club", "Game", "Option"):
            raise ClubRecordError(0, key, "club.record.bad_tag_key", tag=key)
        if value != value.strip() or _BLANKS.sub(" ", value) != value or "\ufeff" in value:
            raise ClubRecordError(0, key, "club.record.bad_tag_value", tag=key)
        out.append(f"{key}: {value}")
    out.append("")
    out += [str(e) for e in record.entries]
    return "\n".join(out) + "\n"
