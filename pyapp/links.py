"""Short replay links: one hand or a whole game in a URL fragment, ``#v2.<digits>[.<move>]``.

A game is exactly its options and actions, and the engine numbers every choice (engine contract
v2): an action is its place among ``legal_actions()``, a chance outcome its ``chance_index`` (a
shuffle: the rank of the deck's permutation). A link writes those choices, after a short header,
with exact arithmetic coding (:mod:`pyapp.links_radix`), in this order:

1. the game (its index in :data:`GAMES`, one of 8) and the kind: a whole game, or one hand;
2. the options: a flag "all defaults", else how many differ and, for each, its index in the
   game's option list (one of 16) and its value (a choice's index, or the number);
3. for a hand (or a game that itself began at a hand): the start position
   (:mod:`pyapp.links_start`: dealer, scores before the hand, chips);
4. a flag "complete" (the hand, or the game, is over), else the number of actions;
5. the actions, each among the legal actions (all alike, except where a game's :class:`Model`
   weighs them: Tressette cuts and leads). A forced action (every card of the last trick) costs
   nothing.

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
from pyapp.games import UnknownGame, game_class
from pyapp.i18n import DEFAULT_LANG, t
from pyapp.links_radix import ALPHABET, DIGITS, Packer, RadixError, Unpacker
from pyapp.links_start import (
    START_TAG,
    STARTS,
    Start,
    StartError,
    at_hand_start,
    between_hands,
    fresh_state,
    parse_start,
    start_of,
)
from pyapp.record import read_record, write_record

VERSION: Final = "v2"
"""The link format written today (``#v2.…``); ``r=`` links are the first format."""

PREFIX: Final = VERSION + "."

LEGACY_PREFIX: Final = "r="

GAMES: Final[tuple[str, ...]] = ("tressette", "boston", "poker")
"""Game numbers in links (append only: a number, once given, keeps its game)."""

GAME_RADIX: Final = 8
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


class LinkError(ValueError):
    """A link that cannot be opened: ``key`` and ``params`` name the it/en reason."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The reason in ``lang``."""
        return t(self.key, lang, **self.params)


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

Groups = list[tuple[list[str], list[int]]]
"""The legal actions split into groups, each with a weight per action: a link writes the group's
index (all groups equally likely), then the action within it by weight."""


class Model:
    """How a link weighs the choices of one game (the default: every legal action alike).

    A model may learn as the link goes (its weights depend on the choices already read), so the
    writer and the reader each use a fresh instance and show it every action in order.
    """

    def groups(self, state: GameState, legal: list[str]) -> Groups | None:
        """The weighted groups for choosing among ``legal`` now (``None``: all alike)."""
        return None

    def seen(self, state: GameState, action: str) -> None:
        """``action`` is about to be played in ``state`` (update what the model has learnt)."""


class TressetteModel(Model):
    """Tressette cuts and leads, weighted by what the players of the link have done so far.

    **A cut**: declining or cutting, each weighing ``2 k + 1`` where ``k`` counts the earlier cuts
    of that kind in the link (the 39 depths alike).

    **A lead** (every card with every combination of its true declarations, about 90 choices on
    average) mixes two guesses. *By card*: every card alike, then its declaration by kind -- the
    *canonical* call (what the computer players say and the table proposes), *none* (the plain
    card) or *another* combination -- each kind weighing ``2 k + 1`` (``k``: earlier leads of
    that kind; the canonical call starts at ``k = 1``), the other combinations sharing theirs.
    *Blind*: every lead alike. A lead weighs ``a * floor(2**24 * p_card) + b * floor(2**24 / N)``
    with ``a = 2 (canonical + plain) + 1``, ``b = 2 other + 1`` and ``N`` the number of leads, so
    a link soon learns whether its players call as the table proposes (a small fraction of a
    bit per lead) or not (little more than the blind choice).
    """

    SCALE: Final = 1 << 24

    def __init__(self) -> None:
        self.counts = {"canonical": 1, "plain": 0, "other": 0, "nocut": 0, "cut": 0}
        self._canonicals: dict[str, str] | None = None
        """The canonical lead of each card while a lead is being chosen, else ``None``."""

    def groups(self, state: GameState, legal: list[str]) -> Groups | None:
        self._canonicals = None
        if legal and legal[0] == "nocut":
            return self._cut(legal)
        if not any(" " in action and not action.startswith("penalty") for action in legal):
            return None
        from pyapp.tressette.declarations import canonical_declaration
        from pyapp.tressette.rules import TressetteState

        assert isinstance(state, TressetteState)
        by_card: dict[str, list[str]] = {}
        for action in legal:
            if not action.startswith("penalty"):
                by_card.setdefault(action.split(" ", 1)[0], []).append(action)
        counts = self.counts
        kind_weight = {k: 2 * counts[k] + 1 for k in ("canonical", "plain", "other")}
        canonicals: dict[str, str] = {}
        card_share: dict[str, int] = {}
        for card, actions in by_card.items():
            call = canonical_declaration(state, card)
            best = canonicals[card] = f"{card} {call}" if call else ""
            share = max(1, sum(1 for a in actions if a not in (card, best)))
            weights = {
                a: kind_weight["canonical"] * share
                if a == best
                else kind_weight["plain"] * share
                if a == card
                else kind_weight["other"]
                for a in actions
            }
            total = len(by_card) * sum(weights.values())
            for action, weight in weights.items():
                card_share[action] = self.SCALE * weight // total
        by_kind = 2 * (counts["canonical"] + counts["plain"]) + 1
        blind = (2 * counts["other"] + 1) * (self.SCALE // len(legal))
        self._canonicals = canonicals
        return [(legal, [by_kind * card_share.get(a, 0) + blind for a in legal])]

    def _cut(self, legal: list[str]) -> Groups:
        """The cut: declining against cutting (the 39 depths alike), each kind weighing ``2 k + 1``."""
        depths = sum(1 for a in legal if a.startswith("cut "))
        w_nocut, w_cut = 2 * self.counts["nocut"] + 1, 2 * self.counts["cut"] + 1
        weights = [w_nocut * depths if a == "nocut" else w_cut if a.startswith("cut ") else 1 for a in legal]
        return [(legal, weights)]

    def seen(self, state: GameState, action: str) -> None:
        if action == "nocut" or action.startswith("cut "):
            self.counts[action.split(" ")[0]] += 1
            return
        canonicals, self._canonicals = self._canonicals, None
        if canonicals is None or action.startswith("penalty"):
            return
        card = action.split(" ", 1)[0]
        kind = "plain" if action == card else "canonical" if action == canonicals.get(card) else "other"
        self.counts[kind] += 1


MODELS: Final[dict[str, type[Model]]] = {"tressette": TressetteModel}
"""Per game, how its choices are weighted (games not listed: every legal action alike)."""


def model_for(game: str) -> Model:
    """A fresh model of ``game``'s choices."""
    return MODELS.get(game, Model)()


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
    packer = Packer()
    packer.put(GAMES.index(game), GAME_RADIX)
    packer.put(0 if kind == "game" else 1, 2)
    _pack_options(packer, type(state).option_spec, state.options)
    if kind == "game":
        packer.flag(start is not None)
    elif start is None:
        raise ValueError("a hand link needs the hand's start position")
    if start is not None:
        start.pack(packer, state.options)
    packer.flag(complete)
    if not complete:
        packer.uint(len(state.history), 5)
    replay = start.build(type(state), state.options) if start else type(state)(**state.options)
    model = model_for(game)
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
        game_number = reader.get(GAME_RADIX)
        if game_number >= len(GAMES):
            raise LinkError("links.unknown_game")
        try:
            cls = game_class(GAMES[game_number])
        except UnknownGame:
            raise LinkError("links.unknown_game") from None
        kind: Kind = "hand" if reader.get(2) else "game"
        options = cls.parse_options(_unpack_options(reader, cls.option_spec))
        start: Start | None = None
        if kind == "hand" or reader.flag():
            start = STARTS[cls.game].unpack(reader, options)
            start.check(options)
            state = start.build(cls, options)
        else:
            state = cls(**options)
        complete = reader.flag()
        model = model_for(cls.game)
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
    from pyapp.session import FragmentError, decode_fragment

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
