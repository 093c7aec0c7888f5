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

from dataclasses import dataclass, field

from pyapp.core import CHANCE, TERMINAL, GameState, IllegalAction, OptionError
from pyapp.games import UnknownGame, game_class
from pyapp.i18n import DEFAULT_LANG, t


@dataclass
class Record:
    """A parsed record: the replayed state plus the free tags of the header."""

    state: GameState
    tags: dict[str, str] = field(default_factory=dict)


class RecordError(ValueError):
    """A malformed or illegal record: where (line number, action text) and why (it/en)."""

    def __init__(self, line: int, action: str, key: str, **params: object) -> None:
        self.line = line
        self.action = action
        self.key = key
        self.params = params
        self.illegal: IllegalAction | None = None
        super().__init__(self.message("en"))

    @classmethod
    def from_illegal(cls, line: int, action: str, exc: IllegalAction) -> RecordError:
        """Wrap a rules refusal met while replaying ``action`` at ``line``."""
        err = cls(line, action, exc.key)
        err.illegal = exc
        err.args = (err.message("en"),)
        return err

    def reason(self, lang: str = DEFAULT_LANG) -> str:
        """Why the record is refused, in ``lang``."""
        if self.illegal is not None:
            return self.illegal.message(lang)
        return t(self.key, lang, **self.params)

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


def write_record(state: GameState, tags: dict[str, str] | None = None) -> str:
    """The canonical record text of ``state`` (header, blank line, one action per line)."""
    lines = [f"Game: {state.game}"]
    lines += [f"Option: {o.name}={state.options[o.name]}" for o in state.option_spec]
    for key, value in (tags or {}).items():
        lines.append(f"{key}: {value}")
    lines.append("")
    replay = type(state)(**state.options)
    for action in state.history:
        actor = replay.current_player()
        lines.append(f"{replay.seat_label(actor)} {action}")
        replay.apply(action)
    return "\n".join(lines) + "\n"


def _is_key(text: str) -> bool:
    return bool(text) and text[0].isalpha() and all(ch.isalnum() or ch in "-_" for ch in text)


def read_record(text: str) -> Record:
    """Parse and replay a record; raise :class:`RecordError` saying where and why it is bad."""
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise RecordError(1, "", "common.record.empty")
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    game: str | None = None
    options: dict[str, str] = {}
    tags: dict[str, str] = {}
    while i < len(lines) and lines[i].strip():
        raw = lines[i]
        lineno = i + 1
        i += 1
        if raw.lstrip().startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or not _is_key(key):
            raise RecordError(lineno, raw.strip(), "common.record.bad_header", text=raw.strip())
        if game is None:
            if key != "Game":
                raise RecordError(lineno, raw.strip(), "common.record.no_game")
            game = value
            continue
        if key == "Option":
            name, eq, val = value.partition("=")
            if not eq or not name.strip():
                raise RecordError(lineno, raw.strip(), "common.record.bad_option", reason=value)
            options[name.strip()] = val.strip()
        else:
            tags[key] = value
    if game is None:
        raise RecordError(1, "", "common.record.no_game")
    try:
        cls = game_class(game)
    except UnknownGame:
        raise RecordError(1, f"Game: {game}", "common.record.unknown_game", game=game) from None
    try:
        state = cls(**options)
    except OptionError as exc:
        raise RecordError(1, "Option", "common.record.bad_option", reason=str(exc)) from None
    for index in range(i, len(lines)):
        raw = lines[index].strip()
        lineno = index + 1
        if not raw or raw.startswith("#"):
            continue
        actor_label, _, action = raw.partition(" ")
        action = " ".join(action.split())
        if not action:
            raise RecordError(lineno, raw, "common.record.bad_line")
        expected = state.current_player()
        if expected == TERMINAL:
            raise RecordError(lineno, action, "common.game_over")
        expected_label = state.seat_label(expected) if expected != CHANCE else "*"
        if actor_label != expected_label:
            raise RecordError(
                lineno, action, "common.record.wrong_actor", given=actor_label, expected=expected_label
            )
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise RecordError.from_illegal(lineno, action, exc) from None
    return Record(state=state, tags=tags)
