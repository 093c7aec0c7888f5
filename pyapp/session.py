"""The one narrow boundary between the engine and the browser views: plain data in and out.

A :class:`TableSession` is a game at a table where some seats are humans and the others are
computer players. Views never touch a :class:`~pyapp.core.GameState`; they call

* ``snapshot(lang)``: everything the human may see now, as JSON-ready dicts and lists;
* ``act(action, lang)``: a human's action; ``{"ok": True}`` or ``{"ok": False, "error": text}``;
* ``pending()`` / ``step()``: whether a computer player or chance moves next, and do one such move;
* ``think()``: the same move, one slice of the computer player's thinking per call (a browser runs
  one call per event-loop turn, so a search player never freezes the page);
* ``suggest()``: the ``hard`` player's advice for the human to act, sliced the same way;
* ``save()`` / :meth:`TableSession.load`: the game as record text (what survives a reload).

Everything is reproducible from the record: the random generator only draws *new* chance
outcomes and bot choices, which are then recorded as actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from pyapp import bots as bots_registry
from pyapp.core import CHANCE, TERMINAL, Bot, GameState, IllegalAction
from pyapp.games import Ref, new_game, spec
from pyapp.i18n import DEFAULT_LANG
from pyapp.record import RecordError, read_record, write_record
from pyapp.session_types import ActAnswer, Snapshot, ThinkAnswer
from pyapp.start import START_TAG, fresh_state
from pyapp.tricks import Tricks

HUMAN: Final = "human"

LEVELS: Final = bots_registry.LEVELS
"""The computer players' levels a table offers, weakest first (:data:`pyapp.bots.LEVELS`)."""

DEFAULT_LEVEL: Final = bots_registry.DEFAULT_LEVEL

normalize_level = bots_registry.normalize_level


def make_bot(game: str, kind: str) -> Bot:
    """A computer player of level ``kind`` (``easy``, ``medium``, ``hard``; old records' ``rule``
    is ``medium``; ``random``) for ``game`` (:func:`pyapp.bots.make_bot`)."""
    return bots_registry.make_bot(game, kind)


def table_view(game: str) -> str | None:
    """The table view of ``game``, ``module:Class`` under ``pyapp.views`` (its spec's ``view``)."""
    return spec(game).view


def _call(ref: Ref, *args: object) -> Any:
    """Call the function a game's spec names."""
    function = ref.load()
    assert callable(function), ref.path
    return function(*args)


def _seat_tag(players: list[str]) -> str:
    return " ".join(players)


BROWSER_SLICE_MS: Final = 5.0
"""The slice of a search player's thinking at the browser's tables (:attr:`TableSession.slice_ms`):
Pyodide does a slice's work about twice as slowly as CPython and a slice overshoots by its last
unit of work, so one slice must stay well inside the 50 ms that make a long task."""

ADVISOR: Final = "hard"
"""The level of the player that answers :meth:`TableSession.suggest`."""


@dataclass
class Decision:
    """A decision under way: the state it was started on (the very object, at ``moves`` actions)
    and its sliced computation."""

    state: GameState
    moves: int
    seat: int
    thought: bots_registry.Thought

    def current(self, state: GameState) -> bool:
        """Whether this decision was started on ``state`` as it is now (not before an undo or a move)."""
        return self.state is state and self.moves == len(state.history)

    def advance(self) -> str | None:
        """One slice of thinking: the action once decided, else ``None``."""
        try:
            next(self.thought)
        except StopIteration as stop:
            action: str = stop.value
            return action
        return None


@dataclass
class TableSession:
    """A game in progress at one table: the state, who sits where, and the computer players."""

    state: GameState
    players: list[str]
    """Per seat: ``"human"`` or a computer player's level (``"easy"``, ``"medium"``, ``"hard"``;
    ``"rule"`` in old records, read as ``"medium"``; ``"random"``)."""
    tags: dict[str, str] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)
    bots: dict[int, Bot] = field(default_factory=dict)
    migrated: int = 0
    """Actions :meth:`load` read in an older spelling (0 for a new or canonical game)."""
    slice_ms: ClassVar[float | None] = None
    """If set, the longest slice of every search player's thinking (``Budget.slice_ms``) at
    tables made from then on; ``None`` keeps the players' own. The browser sets a shorter one:
    Pyodide runs a slice's work more slowly, and a slice shares its turn with the page."""
    _move: Decision | None = field(default=None, repr=False)
    _advice: Decision | None = field(default=None, repr=False)
    _advisor: Bot | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        for seat, kind in enumerate(self.players):
            if kind != HUMAN and seat not in self.bots:
                self.bots[seat] = self._sliced(make_bot(self.state.game, kind))
        self.tags["Players"] = _seat_tag(self.players)

    def _sliced(self, bot: Bot) -> Bot:
        """``bot`` with the tables' :attr:`slice_ms`, if one is set and it searches."""
        if self.slice_ms is not None and isinstance(bot, bots_registry.ThinkingBot):
            bot.budget = replace(bot.budget, slice_ms=self.slice_ms)
        return bot

    # -- creation and persistence -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        humans: tuple[int, ...] = (2,),
        bot: str = bots_registry.DEFAULT_LEVEL,
        options: dict[str, str | int] | None = None,
        rng: random.Random | None = None,
        tags: dict[str, str] | None = None,
    ) -> TableSession:
        """A fresh game of ``game`` with humans at ``humans`` and ``bot`` players elsewhere
        (``tags``: free header tags of the record, e.g. a table's ``Mode: practice``)."""
        if not bots_registry.is_level(game, bot):
            raise ValueError(f"no {bot!r} computer player for {game!r}")
        state = new_game(game, **(options or {}))
        players = [HUMAN if seat in humans else bot for seat in range(state.num_players)]
        return cls(state=state, players=players, tags=dict(tags or {}), rng=rng or random.Random())

    def save(self) -> str:
        """The whole game as record text (header tag ``Players`` says who sits where)."""
        return write_record(self.state, self.tags)

    @classmethod
    def load(cls, text: str, rng: random.Random | None = None) -> TableSession:
        """Rebuild a session from :meth:`save` output; raise :class:`RecordError` if it is bad.

        Saves and links made before the v2 engine contract may hold older spellings of legal
        actions: they are read in their canonical spelling (``migrated`` counts them; the next
        :meth:`save` writes the canonical record).
        """
        record = read_record(text, migrate=True)
        state = record.state
        given = record.tags.get("Players")
        if given is None:
            raise RecordError(1, "Players", "common.record.no_players", n=state.num_players)
        players = given.split()
        if len(players) != state.num_players or any(
            p != HUMAN and not bots_registry.is_level(state.game, p) for p in players
        ):
            line = record.tag_lines.get("Players", 1)
            levels = ", ".join(bots_registry.LEVELS)
            raise RecordError(
                line,
                f"Players: {given}",
                "common.record.bad_players",
                text=given,
                n=state.num_players,
                levels=levels,
            )
        session = cls(state=state, players=players, tags=dict(record.tags), rng=rng or random.Random())
        session.migrated = record.migrated
        return session

    @property
    def game(self) -> str:
        """The registry name of the game at this table."""
        return self.state.game

    @property
    def move_count(self) -> int:
        """How many actions (chance included) the game has had."""
        return len(self.state.history)

    def at_move(self, count: int) -> TableSession:
        """A copy of this session rewound to its first ``count`` actions (replays step through it)."""
        count = max(0, min(count, len(self.state.history)))
        state = self._replayed(self.state.history[:count])
        return TableSession(state=state, players=list(self.players), tags=dict(self.tags), rng=self.rng)

    def _replayed(self, history: list[str]) -> GameState:
        """A fresh copy of the game (at its ``Start:`` position, if any) with ``history`` played."""
        state = fresh_state(type(self.state), self.state.options, self.tags.get(START_TAG))
        for action in history:
            state.apply(action)
        return state

    # -- the human side ---------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat, kind in enumerate(self.players) if kind == HUMAN]

    def viewer(self) -> int | None:
        """The seat whose view the interface shows (the first human; ``None`` if all are bots)."""
        humans = self.humans
        return humans[0] if humans else None

    def snapshot(self, lang: str = DEFAULT_LANG) -> Snapshot:
        """What the interface shows now, as plain data."""
        state = self.state
        player = state.current_player()
        seat = self.viewer()
        human_turn = player >= 0 and self.players[player] == HUMAN
        return {
            "game": state.game,
            "options": dict(state.options),
            "players": list(self.players),
            "seat": seat,
            "to_act": player,
            "to_act_label": state.seat_label(player) if player >= 0 else None,
            "human_turn": human_turn,
            "legal": state.legal_actions() if human_turn else [],
            "terminal": player == TERMINAL,
            "view": (view := state.view(seat)),
            "tricks": self._tricks(view),
            "result": state.result(),
            "moves": len(state.history),
            "lang": lang,
            "extras": self._extras(seat),
            "tags": dict(self.tags),
        }

    def _extras(self, seat: int | None) -> dict[str, Any]:
        """The game's own help for ``seat`` (its spec's ``extras``; none for most games)."""
        ref = spec(self.state.game).extras
        if ref is None:
            return {}
        extras: dict[str, Any] = _call(ref, self.state, seat)
        return extras

    def _tricks(self, view: dict[str, Any]) -> Tricks | None:
        """The trick-taking shape of ``view`` (its spec's ``tricks``; ``None`` without tricks)."""
        ref = spec(self.state.game).tricks
        if ref is None:
            return None
        tricks: Tricks = _call(ref, self.state, view)
        return tricks

    def act(self, action: str, lang: str = DEFAULT_LANG) -> ActAnswer:
        """Play a human's ``action``; refuse with a readable reason and change nothing if illegal."""
        state = self.state
        player = state.current_player()
        seat = player if player >= 0 and self.players[player] == HUMAN else self.viewer()
        try:
            # with no human at the table, a seat number that never is the one to act
            state.verify_as(state.num_players if seat is None else seat, action)
            state.apply(action)
        except IllegalAction as exc:
            return {"ok": False, "error": exc.message(lang)}
        return {"ok": True, "actor": state.seat_label(player), "action": action}

    # -- the computer side --------------------------------------------------------------------------------
    def pending(self) -> bool:
        """Whether the next move belongs to chance or a computer player."""
        player = self.state.current_player()
        return player == CHANCE or (player >= 0 and self.players[player] != HUMAN)

    def step(self) -> dict[str, Any] | None:
        """Make the one chance or computer move that is due; ``None`` if a human is to act."""
        state = self.state
        player = state.current_player()
        if player == CHANCE:
            action = state.chance_sample(self.rng)
        elif player >= 0 and self.players[player] != HUMAN:
            action = self.bots[player].choose(state.info_state(player), self.rng)
        else:
            return None
        self._move = None
        state.apply(action)
        return {"actor": state.seat_label(player), "action": action}

    def think(self) -> ThinkAnswer | None:
        """One slice of the due chance or computer move: ``step`` cut into short calls.

        Returns ``None`` if no such move is due (a human is to act, or the game is over);
        ``{"done": False}`` while the computer player is still thinking (call again, after
        letting the page breathe); ``{"done": True, "actor": ..., "action": ...}`` once the move
        has been made. A decision started before an undo or any other move is dropped, never
        played: the next call starts afresh on the game as it is.
        """
        state = self.state
        player = state.current_player()
        if not self.pending():
            self._move = None
            return None
        if self._move is None or not self._move.current(state):
            if player == CHANCE:
                return self._apply(player, state.chance_sample(self.rng))
            bot = self.bots[player]
            if not isinstance(bot, bots_registry.ThinkingBot):
                return self._apply(player, bot.choose(state.info_state(player), self.rng))
            self._move = Decision(
                state, len(state.history), player, bot.think(state.info_state(player), self.rng)
            )
            return {"done": False}  # the information state was the first slice's work
        action = self._move.advance()
        if action is None:
            return {"done": False}
        return self._apply(player, action)

    def _apply(self, player: int, action: str) -> ThinkAnswer:
        self._move = None
        self.state.apply(action)
        return {"done": True, "actor": self.state.seat_label(player), "action": action}

    def suggest(self) -> ThinkAnswer | None:
        """One slice of the ``hard`` player's advice for the human to act (practice mode).

        It sees only the human seat's information state, exactly as a computer player in that
        seat would, and draws from a generator seeded by the position (asked twice, it says the
        same). Returns ``None`` when no human is to act; ``{"done": False}`` while it
        thinks; ``{"done": True, "action": a, "moves": n}`` with a legal action ``a`` once decided
        (``n``: the moves played when it was asked). Nothing is played.
        """
        state = self.state
        player = state.current_player()
        if player < 0 or self.players[player] != HUMAN:
            self._advice = None
            return None
        if self._advice is None or not self._advice.current(state):
            if self._advisor is None:
                self._advisor = self._sliced(make_bot(state.game, ADVISOR))
            info = state.info_state(player)
            if not isinstance(self._advisor, bots_registry.ThinkingBot):
                advice = self._advisor.choose(info, random.Random(len(state.history)))
                return {"done": True, "action": advice, "moves": len(state.history)}
            self._advice = Decision(
                state,
                len(state.history),
                player,
                self._advisor.think(info, random.Random(len(state.history))),
            )
            return {"done": False}  # the information state was this slice's work
        action = self._advice.advance()
        if action is None:
            return {"done": False}
        self._advice = None
        return {"done": True, "action": action, "moves": len(state.history)}

    def undo(self) -> bool:
        """Take back the moves since the human's last decision (practice); ``False`` if none."""
        history = self.state.history
        humans = set(self.humans)
        replay = self._replayed([])
        last_human = -1
        for index, action in enumerate(history):
            if replay.current_player() in humans:
                last_human = index
            replay.apply(action)
        if last_human < 0:
            return False
        self.state = self._replayed(history[:last_human])
        self._move = self._advice = None
        return True
