"""The plain-text game record: a header, then every action of the game, one per line.

A record holds a whole game (a Tressette match, a Boston game, a Poker session)::

    Game: tressette
    Option: first_lead=mano
    Option: match=best_of_three
    Event: Torneo sociale

    * draw 3d Rb
    S shuffle Ad 2d 3d ...
    E cut 17
    ...

Header lines are ``Key: value``. ``Game`` comes first and is required; ``Option: name=value``
lines set table options (the writer lists every option, defaults included, in the game's
order); any other key is a free tag kept as written. A blank line ends the header. Each body
line is ``ACTOR ACTION``: the seat label of who acts (``*`` for chance) and the action in the
game's notation. Lines starting with ``#`` are comments (not kept). ``write_record(read_record(
text)) == text`` for every record written by :func:`write_record`. See ``docs/notation.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from pyapp.core import TERMINAL, GameState, IllegalAction, Option, OptionError
from pyapp.errors import Refusal
from pyapp.games import UnknownGame, game_class
from pyapp.i18n import DEFAULT_LANG, t
from pyapp.start import START_TAG, StartError, start_state


@dataclass
class Record:
    """A parsed record: the replayed state plus the free tags of the header."""

    state: GameState
    tags: dict[str, str] = field(default_factory=dict)
    migrated: int = 0
    """How many actions were read in an older spelling and replaced by the canonical one
    (only with ``read_record(text, migrate=True)``)."""
    tag_lines: dict[str, int] = field(default_factory=dict)
    """The line of each free tag (1-based), for errors about a tag's value found later."""


class RecordError(Refusal, ValueError):
    """A malformed or illegal record: where (line number, action text) and why (it/en)."""

    def __init__(self, line: int, action: str, key: str, **params: object) -> None:
        super().__init__(key, **params)
        self.line = line
        self.action = action
        self.illegal: IllegalAction | None = None

    @classmethod
    def from_illegal(cls, line: int, action: str, exc: IllegalAction) -> RecordError:
        """Wrap a rules refusal met while replaying ``action`` at ``line``."""
        err = cls(line, action, exc.key)
        err.illegal = exc
        return err

    def reason(self, lang: str = DEFAULT_LANG) -> str:
        """Why the record is refused, in ``lang``."""
        if self.illegal is not None:
            return self.illegal.message(lang)
        return super().message(lang)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """Line, action and reason in one sentence."""
        return t("common.record.at", lang, line=self.line, action=self.action, reason=self.reason(lang))

    def as_dict(self, lang: str = DEFAULT_LANG) -> dict[str, object]:
        """The error as JSON data."""
        return {
            "line": self.line,
            "action": self.action,
            "reason": self.reason(lang),
            "error": self.message(lang),
        }


class TagError(Refusal, ValueError):
    """A header tag :func:`write_record` cannot write so that :func:`read_record` reads it back."""


RESERVED_KEYS: Final = ("Game", "Option")
"""Header keys that are not free tags."""


def check_tag(key: str, value: str) -> None:
    """Raise :class:`TagError` unless ``key: value`` reads back as exactly this tag.

    A key is a letter followed by letters, digits, ``-`` or ``_`` (not ``Game`` or ``Option``);
    a value has no line break of any kind (``\\n``, U+0085, U+2028...) and no leading or trailing
    blank.
    """
    if not _is_key(key) or key in RESERVED_KEYS:
        raise TagError("common.record.bad_tag_key", tag=key)
    if value.strip() != value or len(value.splitlines()) > 1 or "\ufeff" in value:
        raise TagError("common.record.bad_tag_value", tag=key)


def write_record(state: GameState, tags: Mapping[str, str] | None = None) -> str:
    """The canonical record text of ``state`` (header, blank line, one action per line).

    Raise :class:`TagError` for a tag that would not read back unchanged.
    """
    lines = [f"Game: {state.game}"]
    lines += [f"Option: {o.name}={state.options[o.name]}" for o in state.option_spec]
    for key, value in (tags or {}).items():
        check_tag(key, value)
        lines.append(f"{key}: {value}")
    lines.append("")
    for actor, action in zip(state.actors, state.history, strict=True):
        lines.append(f"{state.seat_label(actor)} {action}")
    return "\n".join(lines) + "\n"


def _is_key(text: str) -> bool:
    return (
        bool(text) and text.isascii() and text[0].isalpha() and all(ch.isalnum() or ch in "-_" for ch in text)
    )


BLANKS: Final = re.compile(r"\s+")
"""What separates the actor from the action and the words of an action: any run of blanks
(spaces, tabs, and the no-break or other Unicode spaces a record pasted from a web page or a
chat may hold; line breaks have already split the lines)."""

BOM: Final = "\ufeff"


def read_record(text: str, migrate: bool = False) -> Record:
    """Parse and replay a record; raise :class:`RecordError` saying where and why it is bad.

    With ``migrate``, an action written in an older, non-canonical spelling of a legal action
    (saves made before the v2 engine contract: poker's bare ``rebuy``, draws in hand order...) is
    replaced by its canonical spelling instead of refused; ``Record.migrated`` counts them.

    A leading byte-order mark is ignored. Each header key may appear once (an ``Option`` name
    too). In the body, any run of blanks (:data:`BLANKS`: spaces, tabs, no-break spaces...)
    separates the actor from the action and the words of the action (the writer uses one space);
    the action must then be the canonical spelling the game lists.
    """
    if text.startswith(BOM):
        text = text[1:]
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise RecordError(1, "", "common.record.empty")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    cls: type[GameState] | None = None
    spec: dict[str, Option] = {}
    options: dict[str, str | int] = {}
    seen: dict[str, int] = {}
    tags: dict[str, str] = {}
    while i < len(lines) and lines[i].strip():
        raw = lines[i]
        lineno = i + 1
        i += 1
        if raw.lstrip().startswith("#"):
            continue
        shown = raw.strip()
        key, sep, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not _is_key(key):
            raise RecordError(lineno, shown, "common.record.bad_header", text=shown)
        if cls is None:
            if key != "Game":
                raise RecordError(lineno, shown, "common.record.no_game")
            try:
                cls = game_class(value)
            except UnknownGame:
                raise RecordError(lineno, shown, "common.record.unknown_game", game=value) from None
            spec = {o.name: o for o in cls.option_spec}
            seen[key] = lineno
            continue
        if key == "Option":
            name, eq, val = value.partition("=")
            name, val = name.strip(), val.strip()
            if not eq or not name:
                raise RecordError(lineno, shown, "common.record.bad_option", reason=value)
            first = seen.get(f"Option:{name}")
            if first is not None:
                raise RecordError(lineno, shown, "common.record.repeated_option", name=name, first=first)
            seen[f"Option:{name}"] = lineno
            option = spec.get(name)
            try:
                if option is None:
                    raise OptionError("common.option.unknown", name=name, game=cls.game)
                options[name] = option.parse(val)
            except OptionError as exc:
                raise RecordError(lineno, shown, exc.key, **exc.params) from None
            continue
        first = seen.get(key)
        if first is not None:
            raise RecordError(lineno, shown, "common.record.repeated_tag", tag=key, first=first)
        seen[key] = lineno
        tags[key] = value
    if cls is None:
        raise RecordError(1, "", "common.record.no_game")
    state = _first_state(cls, options, tags, seen)
    migrated = 0
    for index in range(i, len(lines)):
        raw = lines[index].strip()
        lineno = index + 1
        if not raw.strip() or raw.startswith("#"):
            continue
        words = BLANKS.split(raw, maxsplit=1)
        actor_label = words[0]
        action = " ".join(BLANKS.split(words[1])) if len(words) > 1 else ""
        if not action:
            raise RecordError(lineno, raw, "common.record.bad_line")
        expected = state.current_player()
        if expected == TERMINAL:
            raise RecordError(lineno, action, "common.game_over")
        expected_label = state.seat_label(expected)
        if actor_label != expected_label:
            raise RecordError(
                lineno, action, "common.record.wrong_actor", given=actor_label, expected=expected_label
            )
        try:
            state.apply(action)
        except IllegalAction as exc:
            canonical = exc.params.get("canonical")
            if not (migrate and exc.key == "common.non_canonical" and isinstance(canonical, str)):
                raise RecordError.from_illegal(lineno, action, exc) from None
            try:
                state.apply(canonical)
            except IllegalAction:
                raise RecordError.from_illegal(lineno, action, exc) from None
            migrated += 1
    tag_lines = {key: seen[key] for key in tags}
    return Record(state=state, tags=tags, migrated=migrated, tag_lines=tag_lines)


def _first_state(
    cls: type[GameState], options: dict[str, str | int], tags: dict[str, str], seen: dict[str, int]
) -> GameState:
    """The state before the record's first action: fresh, or at the hand a ``Start:`` tag names
    (a hand record, :mod:`pyapp.start`)."""
    text = tags.get(START_TAG)
    if text is None:
        return cls(**options)
    try:
        return start_state(cls, options, text)
    except StartError as exc:
        line = seen[START_TAG]
        raise RecordError(line, f"{START_TAG}: {text}", exc.key, **exc.params) from None


def judge(text: str, lang: str = DEFAULT_LANG) -> tuple[int, dict[str, object]]:
    """Judge record ``text``: (exit status, JSON-able report) of ``python3 -m pyapp check``.

    ``{"valid", "game", "options", "complete", "actions", "result"}`` and status 0, or ``{"valid":
    false, "line", "action", "reason", "error"}`` and status 1.
    """
    try:
        record = read_record(text)
    except RecordError as exc:
        return 1, {"valid": False, **exc.as_dict(lang)}
    state = record.state
    return 0, {
        "valid": True,
        "game": state.game,
        "options": state.options,
        "complete": state.is_terminal(),
        "actions": len(state.history),
        "result": state.result(),
    }
