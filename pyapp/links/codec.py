"""Short replay links: one hand or a whole game in a URL fragment, ``#v2.<digits>[.<move>]``.

A game is exactly its options and actions, and the engine numbers every choice (engine contract
v2): an action is its place among ``legal_actions()``, a chance outcome its ``chance_index`` (a
shuffle: the rank of the deck's permutation). A link writes those choices, after a short header,
with exact arithmetic coding (:mod:`pyapp.links.radix`), in this order:

1. the game (its spec's ``link_number``, one of 8) and the kind: a whole game, or one hand;
2. the options: a flag "all defaults", else how many differ and, for each, its index in the
   game's option list (one of 16) and its value (a choice's index, or the number);
3. for a hand (or a game that itself began at a hand): the start position
   (:mod:`pyapp.start`: dealer, scores before the hand, chips), written by the game's model;
4. a flag "complete" (the hand, or the game, is over), else the number of actions;
5. the actions, each among the legal actions (all alike, except where a game's link model,
   :mod:`pyapp.links.model`, weighs them: Tressette cuts and leads). A forced action (every card
   of the last trick) costs nothing.

The fragment is ``v2.``, the digits, :data:`CHECK_CHARS` check digits (CRC-32 of what precedes
them, so a damaged or extended link is refused instead of showing another game), and optionally
``.M``: the move the viewer opens at (``0`` is before the first action). Old links (``r=``, the
zlib-packed record text) still open. Every refusal is a :class:`LinkError` with an it/en
reason; decoding never raises anything else. The format: ``docs/notation.md``, "Replay links".
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Final, Literal

from pyapp.core import CHANCE, GameState, IllegalAction, Option, OptionError, parse_int
from pyapp.errors import Refusal
from pyapp.games import UnknownGame, by_link_number, spec
from pyapp.links.legacy import FragmentError, decode_fragment
from pyapp.links.model import Groups, Model
from pyapp.links.radix import ALPHABET, DIGITS, Packer, RadixError, Unpacker
from pyapp.record import read_record, write_record
from pyapp.start import (
    START_TAG,
    Start,
    StartError,
    at_hand_start,
    between_hands,
    fresh_state,
    parse_start,
    start_of,
)

VERSION: Final = "v2"
"""The link format written today (``#v2.…``); ``r=`` links are the first format."""

PREFIX: Final = VERSION + "."

LEGACY_PREFIX: Final = "r="

GAME_RADIX: Final = 8
"""Room for 8 games: each game's number is its spec's ``link_number`` (append only)."""
OPTION_RADIX: Final = 16
"""Room for up to 16 options per game (append only, as for games)."""

CHECK_CHARS: Final = 3
"""Check digits at the end of a link (18 bits of CRC-32): a damaged link passes unnoticed about
once in 262,144 times."""

MAX_LINK: Final = 1 << 20
"""The longest fragment read (characters); a longer one is refused before any decoding."""

MAX_ACTIONS: Final = 1_000_000
"""Decoding stops with an error past this many actions (only a damaged link gets there)."""

PAGE: Final = "replay.html"
"""The viewer page, relative to the site."""

Kind = Literal["game", "hand"]


class LinkError(Refusal, ValueError):
    """A link that cannot be opened: ``key`` and ``params`` name the it/en reason."""


@dataclass(frozen=True)
class Link:
    """A decoded link: the record it carries and where the viewer opens it."""

    record: str
    """The record text: the whole game, or one hand (with its ``Start:`` tag)."""
    kind: Kind
    position: int | None
    """The move to open at (``None``: the viewer chooses); never beyond the record's actions."""
    legacy: bool = False
    """Whether it was an old ``r=`` link."""


@dataclass(frozen=True)
class HandSpan:
    """Where one hand lies in a game's history: from its shuffle to its last action."""

    number: int
    """1 for the game's first hand (every deal counts: a Boston redeal, a voided Tressette hand)."""
    first: int
    """Index in the history of the hand's ``shuffle``."""
    end: int
    """Index just after the hand's last action."""
    complete: bool
    """Whether the hand is over (else the game stops in the middle of it)."""
    start: Start
    """The position before the shuffle: dealer and scores before the hand."""


# -- hands ------------------------------------------------------------------------------------------


def replay_from(cls: type[GameState], options: dict[str, str | int], start: str | None) -> GameState:
    """A fresh state of ``cls`` (at ``start``, a ``Start:`` text, if given)."""
    return fresh_state(cls, options, start)


def hand_spans(state: GameState, start: str | None = None) -> list[HandSpan]:
    """The hands of ``state``'s game, in order (``start``: the record's ``Start:`` tag, if any)."""
    replay = replay_from(type(state), state.options, start)
    spans: list[HandSpan] = []
    first = -1
    position: Start | None = None
    for index, action in enumerate(state.history):
        if first < 0 and action.startswith("shuffle ") and at_hand_start(replay):
            first, position = index, start_of(replay)
        replay.apply(action)
        if first >= 0 and between_hands(replay):
            assert position is not None
            spans.append(HandSpan(len(spans) + 1, first, index + 1, True, position))
            first = -1
    if first >= 0:
        assert position is not None
        spans.append(HandSpan(len(spans) + 1, first, len(state.history), False, position))
    return spans


def hand_state(state: GameState, span: HandSpan, moves: int | None = None) -> GameState:
    """The hand ``span`` of ``state``'s game as a game of its own (its first ``moves`` actions)."""
    hand = span.start.build(type(state), state.options)
    end = span.end if moves is None else span.first + moves
    for action in state.history[span.first : end]:
        hand.apply(action)
    return hand


def hand_record(record_text: str, number: int, moves: int | None = None) -> str:
    """The record of hand ``number`` (1-based) of a game record, up to ``moves`` actions of it."""
    record = read_record(record_text)
    return hand_text(record.state, _span(record.state, record.tags.get(START_TAG), number), moves)


def hand_text(state: GameState, span: HandSpan, moves: int | None = None) -> str:
    """The record of the hand ``span`` of ``state``'s game, up to ``moves`` actions of it."""
    if moves is not None and not 0 <= moves <= span.end - span.first:
        raise LinkError("links.bad_move", move=moves, moves=span.end - span.first)
    return write_record(hand_state(state, span, moves), {START_TAG: span.start.text()})


def _span(state: GameState, start: str | None, number: int) -> HandSpan:
    spans = hand_spans(state, start)
    if not 1 <= number <= len(spans):
        raise LinkError("links.no_hand", hand=number, hands=len(spans))
    return spans[number - 1]


# -- models: what a choice costs --------------------------------------------------------------------


def model_for(game: str) -> Model:
    """A fresh model of ``game``'s choices (its spec's ``link_model``; else all alike)."""
    ref = spec(game).link_model
    return ref.load_class(Model)() if ref is not None else Model()


def _put_grouped(packer: Packer, groups: Groups, action: str) -> None:
    for index, (actions, weights) in enumerate(groups):
        if action in actions:
            packer.put(index, len(groups))
            packer.weighted(actions.index(action), weights)
            return
    raise ValueError(f"{action!r} is not legal")


# -- writing ----------------------------------------------------------------------------------------


def _pack_options(packer: Packer, spec: tuple[Option, ...], options: dict[str, str | int]) -> None:
    changed = [(i, o) for i, o in enumerate(spec) if options[o.name] != o.default]
    packer.flag(not changed)
    if not changed:
        return
    packer.uint(len(changed) - 1, 2)
    for index, option in changed:
        packer.put(index, OPTION_RADIX)
        value = options[option.name]
        if isinstance(option.default, int):
            assert isinstance(value, int)
            packer.uint(value, 4)
        else:
            packer.uint(option.choices.index(str(value)), 2)


def pack(state: GameState, kind: Kind, start: Start | None, complete: bool) -> str:
    """The link digits of ``state``'s game (replayed from ``start`` when given), check included."""
    game = state.game
    model = model_for(game)
    packer = Packer()
    packer.put(spec(game).link_number, GAME_RADIX)
    packer.put(0 if kind == "game" else 1, 2)
    _pack_options(packer, type(state).option_spec, state.options)
    if kind == "game":
        packer.flag(start is not None)
    elif start is None:
        raise ValueError("a hand link needs the hand's start position")
    if start is not None:
        model.pack_start(packer, start, state.options)
    packer.flag(complete)
    if not complete:
        packer.uint(len(state.history), 5)
    replay = start.build(type(state), state.options) if start else type(state)(**state.options)
    for action in state.history:
        if replay.current_player() == CHANCE:
            packer.put(replay.chance_index(action), replay.chance_count())
        else:
            legal = replay.legal_actions()
            groups = model.groups(replay, legal)
            if groups is None:
                packer.put(legal.index(action), len(legal))
            else:
                _put_grouped(packer, groups, action)
                model.seen(replay, action)
        replay.apply(action)
    try:
        body = packer.text()
    except RadixError:  # a contrived record (endless first choices): its link would be refused
        raise LinkError("links.unlinkable") from None
    return body + _check(body)


def _check(body: str) -> str:
    """The :data:`CHECK_CHARS` check digits of a link's digits (CRC-32 of ``v2.`` and them)."""
    crc = zlib.crc32((PREFIX + body).encode("ascii"))
    return "".join(ALPHABET[crc >> (6 * i) & 63] for i in range(CHECK_CHARS))


def _fragment(payload: str, position: int | None) -> str:
    out = PREFIX + payload
    return out if position is None else f"{out}.{position}"


def game_link(record_text: str, moves: int | None = None, at: int | None = None) -> str:
    """The fragment (no ``#``) of a whole game record, up to ``moves`` actions, opening at ``at``."""
    record = read_record(record_text)
    state = record.state
    start_text = record.tags.get(START_TAG)
    total = len(state.history)
    if moves is not None:
        if not 0 <= moves <= total:
            raise LinkError("links.bad_move", move=moves, moves=total)
        if moves < total:
            state = replay_from(type(state), state.options, start_text)
            for action in record.state.history[:moves]:
                state.apply(action)
    start = parse_start(type(state), state.options, start_text) if start_text else None
    number = pack(state, "game", start, state.is_terminal())
    return _fragment(number, _position(at, len(state.history)))


def hand_link(record_text: str, number: int, moves: int | None = None, at: int | None = None) -> str:
    """The fragment (no ``#``) of hand ``number`` of a game record (see :func:`hand_record`)."""
    record = read_record(record_text)
    span = _span(record.state, record.tags.get(START_TAG), number)
    return hand_fragment(record.state, span, moves, at)


def hand_fragment(state: GameState, span: HandSpan, moves: int | None = None, at: int | None = None) -> str:
    """The fragment (no ``#``) of the hand ``span`` of ``state``'s game (first ``moves`` actions)."""
    length = span.end - span.first
    if moves is not None and not 0 <= moves <= length:
        raise LinkError("links.bad_move", move=moves, moves=length)
    hand = hand_state(state, span, moves)
    complete = moves is None or moves == length
    packed = pack(hand, "hand", span.start, complete and span.complete)
    return _fragment(packed, _position(at, len(hand.history)))


def _position(at: int | None, total: int) -> int | None:
    if at is None:
        return None
    if not 0 <= at <= total:
        raise LinkError("links.bad_move", move=at, moves=total)
    return at


def make_link(
    record_text: str, hand: int | None = None, move: int | None = None, at: int | None = None
) -> str:
    """``replay.html#…`` for a record: the whole game, or hand ``hand`` (1-based).

    ``move`` cuts the game (or hand) after that many actions; ``at`` is the move the viewer opens
    at. Raise :class:`~pyapp.record.RecordError` for a bad record, :class:`LinkError` for a hand or
    move that is not there.
    """
    if hand is None:
        return f"{PAGE}#{game_link(record_text, move, at)}"
    return f"{PAGE}#{hand_link(record_text, hand, move, at)}"


# -- reading ----------------------------------------------------------------------------------------


def _unpack_options(reader: Unpacker, spec: tuple[Option, ...]) -> dict[str, str | int]:
    options: dict[str, str | int] = {}
    if reader.flag():
        return options
    count = reader.uint(2, len(spec)) + 1
    last = -1
    for _ in range(count):
        index = reader.get(OPTION_RADIX)
        if not last < index < len(spec):  # in the game's order, each once (as the writer puts them)
            raise LinkError("common.link.corrupt")
        last = index
        option = spec[index]
        if isinstance(option.default, int):
            value: str | int = reader.uint(4, 1 << 62)
        else:
            choice = reader.uint(2, 1 << 16)
            if choice >= len(option.choices):
                raise LinkError("common.link.corrupt")
            value = option.choices[choice]
        try:
            options[option.name] = option.parse(value)
        except OptionError:
            raise LinkError("common.link.corrupt") from None
        if options[option.name] == option.default:  # the writer lists changed options only
            raise LinkError("common.link.corrupt")
    return options


def unpack(payload: str) -> tuple[GameState, Kind, Start | None]:
    """The game (or hand) of a link's digits, replayed: the state, the kind, the start position."""
    body, check = payload[:-CHECK_CHARS], payload[-CHECK_CHARS:]
    if len(payload) <= CHECK_CHARS or _check(body) != check:
        raise LinkError("common.link.corrupt")
    try:
        reader = Unpacker(body)
        game = by_link_number(reader.get(GAME_RADIX))
        if game is None:
            raise LinkError("links.unknown_game")
        try:
            cls = game.state.load_class(GameState)  # type: ignore[type-abstract]
        except (UnknownGame, ImportError):
            raise LinkError("links.unknown_game") from None
        model = model_for(game.name)
        kind: Kind = "hand" if reader.get(2) else "game"
        options = cls.parse_options(_unpack_options(reader, cls.option_spec))
        start: Start | None = None
        if kind == "hand" or reader.flag():
            start = model.unpack_start(reader, options)
            start.check(options)
            state = start.build(cls, options)
        else:
            state = cls(**options)
        complete = reader.flag()
        if complete:
            for _ in range(MAX_ACTIONS):
                if state.is_terminal() or (kind == "hand" and state.history and between_hands(state)):
                    break
                _step(state, reader, model)
            else:
                raise LinkError("common.link.corrupt")
        else:
            for _ in range(reader.uint(5, MAX_ACTIONS + 1)):
                if state.is_terminal() or (kind == "hand" and state.history and between_hands(state)):
                    raise LinkError("common.link.corrupt")  # a hand link holds one hand
                _step(state, reader, model)
    except (RadixError, StartError, OptionError):
        raise LinkError("common.link.corrupt") from None
    except IllegalAction as exc:  # the engine no longer agrees with the link's numbering
        raise LinkError("links.stale", reason=exc.message("en")) from None
    if not reader.done():
        raise LinkError("common.link.corrupt")
    return state, kind, start


def _step(state: GameState, reader: Unpacker, model: Model) -> None:
    """Play the action whose number comes next (a chance outcome or a legal action's index)."""
    if state.current_player() == CHANCE:
        action = state.chance_outcome(reader.get(state.chance_count()))
    else:
        legal = state.legal_actions()
        groups = model.groups(state, legal)
        if groups is None:
            action = legal[reader.get(len(legal))]
        else:
            actions, weights = groups[reader.get(len(groups))]
            action = actions[reader.weighted(weights)]
            model.seen(state, action)
    state.apply(action)


def _parse_position(text: str, total: int) -> int:
    value = parse_int(text)
    if value is None:
        raise LinkError("links.bad_position", text=text)
    if value > total:
        raise LinkError("links.bad_move", move=value, moves=total)
    return value


def read_link(fragment: str) -> Link:
    """The record and position a link fragment carries (a leading ``#`` is ignored).

    Accepts today's ``v2.`` links and the older ``r=`` ones; raise :class:`LinkError` with the
    reason for anything else, a damaged, truncated or extended link included.
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_LINK:
        raise LinkError("links.too_long", size=len(text), limit=MAX_LINK)
    if not text:
        raise LinkError("links.empty")
    if text.startswith(LEGACY_PREFIX):
        return _read_legacy(text)
    if not text.startswith(PREFIX):
        head = text.split(".", 1)[0]
        if head[:1] == "v" and parse_int(head[1:]) is not None and "." in text:
            raise LinkError("links.version", version=head)
        raise LinkError("common.link.not_replay")
    body = text[len(PREFIX) :]
    digits, dot, position = body.partition(".")
    for index, char in enumerate(digits):
        if char not in DIGITS:
            raise LinkError("links.junk", char=char, position=len(PREFIX) + index + 1)
    state, kind, start = unpack(digits)
    tags = {START_TAG: start.text()} if start is not None else {}
    at = _parse_position(position, len(state.history)) if dot else None
    return Link(write_record(state, tags), kind, at)


def _read_legacy(text: str) -> Link:
    try:
        record = decode_fragment(text)
    except FragmentError as exc:
        raise LinkError(exc.key, **exc.params) from None
    return Link(record, "game", None, legacy=True)


def check_link(fragment: str) -> tuple[str, int | None]:
    """The record text and position of a link whose record also reads (raises on either)."""
    link = read_link(fragment)
    read_record(link.record)  # a legacy link's record may be bad: say so like for a file
    return link.record, link.position
