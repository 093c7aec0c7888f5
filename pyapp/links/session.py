"""The replay viewer's window on the engine, and sharing from a table: plain data in and out.

Like :mod:`pyapp.session` (which it extends), this is a boundary the browser views may use: it
hands out :class:`ReplaySession` objects (a :class:`~pyapp.session.TableSession` whose
``snapshot`` also carries every seat's cards) and strings, never a game state.

* :func:`open_link` / :func:`open_text`: a link fragment, or pasted text (a record or a link),
  as a :class:`ReplaySession` at its opening move; errors are :class:`~pyapp.links.codec.LinkError` or
  :class:`~pyapp.record.RecordError`, both with an it/en ``message(lang)``;
* :meth:`ReplaySession.at_move` rewinds or advances quickly (states are kept every few moves);
* :meth:`ReplaySession.stops` (the moves where a trick or a phase ends: stepping by trick) and
  :meth:`ReplaySession.hand_ends` (where a hand is over);
* :meth:`ReplaySession.link` (this hand or game, opening at a move), :meth:`ReplaySession.record`
  (what is being viewed, to download), :meth:`ReplaySession.play_on` (a record to play on from a
  move against the computer players);
* :func:`game_fragment` / :func:`hand_fragment_of` / :func:`hands_of`: links of a game in
  progress at a table, for "share the game" and "share this hand".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from pyapp.bots import DEFAULT_LEVEL, LEVELS, normalize_level
from pyapp.core import GameState
from pyapp.games import spec
from pyapp.i18n import DEFAULT_LANG
from pyapp.links.codec import (
    PAGE,
    HandSpan,
    LinkError,
    game_link,
    hand_fragment,
    hand_spans,
    read_link,
)
from pyapp.record import RecordError, read_record, write_record
from pyapp.session import HUMAN, TableSession
from pyapp.session_types import LastAction, Snapshot
from pyapp.start import START_TAG, between_hands, fresh_state

__all__ = ["PAGE", "LinkError", "RecordError", "ReplaySession", "open_link", "open_text"]

CHECKPOINT: Final = 16
"""A copy of the state is kept every this many moves, so any move is a few actions away."""


def cards_of(state: GameState, seat: int) -> list[str]:
    """The cards ``seat`` holds now (from its own view, where its spec's ``cards_key`` says)."""
    cards = state.view(seat).get(spec(state.game).cards_key)
    return [str(c) for c in cards] if isinstance(cards, list) else []


@dataclass
class Timeline:
    """Every position of one record: the history and copies of the state every few moves."""

    cls: type[GameState]
    options: dict[str, str | int]
    start: str | None
    history: list[str]
    saved: dict[int, GameState] = field(default_factory=dict)
    viewed: str | None = None
    """The link fragment of the whole record (without a position), made once."""
    _stops: list[int] | None = None
    _ends: list[int] | None = None

    def state_at(self, count: int) -> GameState:
        """A fresh copy of the state after the first ``count`` actions."""
        count = max(0, min(count, len(self.history)))
        if 0 not in self.saved:
            self.saved[0] = fresh_state(self.cls, self.options, self.start)
        base = max(k for k in self.saved if k <= count)
        state = self.saved[base].clone()
        for index in range(base, count):
            state.apply(self.history[index])
            if (index + 1) % CHECKPOINT == 0 and index + 1 not in self.saved:
                self.saved[index + 1] = state.clone()
        return state

    def scan(self) -> None:
        """Find the stops (trick or phase ends) and the hand ends, walking the record once."""
        state = self.state_at(0)
        stops: list[int] = []
        ends: list[int] = []
        phase = state.phase()
        for index, action in enumerate(self.history):
            state.apply(action)
            now = state.phase()
            position = index + 1
            trick = state.view(None).get("trick")
            trick_done = now == "play" and trick == [] and phase == "play"
            if now != phase or trick_done or position == len(self.history):
                stops.append(position)
            if between_hands(state) and phase not in state.between_phases:
                ends.append(position)
            phase = now
        self._stops, self._ends = stops, ends

    def stops(self) -> list[int]:
        """Positions where a trick, a betting round or another phase ends (stepping by trick)."""
        if self._stops is None:
            self.scan()
        assert self._stops is not None
        return self._stops

    def hand_ends(self) -> list[int]:
        """Positions right after a hand is over (its score is known)."""
        if self._ends is None:
            self.scan()
        assert self._ends is not None
        return self._ends


@dataclass
class ReplaySession(TableSession):
    """A :class:`TableSession` over a record being replayed (read-only: the views never act)."""

    timeline: Timeline | None = None
    kind: str = "game"
    """``"game"`` (a whole record) or ``"hand"`` (a hand record with its ``Start:`` tag)."""

    # -- creation ------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, text: str, kind: str = "game", seat: int | None = None) -> ReplaySession:
        """The replay of record ``text`` at its last move (raise :class:`RecordError`)."""
        record = read_record(text)
        state = record.state
        tags = {k: v for k, v in record.tags.items() if k == START_TAG}
        timeline = Timeline(type(state), dict(state.options), tags.get(START_TAG), list(state.history))
        timeline.saved[len(state.history)] = state.clone()
        viewer = spec(state.game).viewer_seat if seat is None else seat
        players = [HUMAN if p == viewer else "rule" for p in range(state.num_players)]
        return cls(state=state, players=players, tags=tags, timeline=timeline, kind=kind)

    def _timeline(self) -> Timeline:
        assert self.timeline is not None
        return self.timeline

    @property
    def total(self) -> int:
        """How many actions the whole record has."""
        return len(self._timeline().history)

    def at_move(self, count: int) -> ReplaySession:
        """This replay after ``count`` actions (same record, same seats)."""
        state = self._timeline().state_at(count)
        return ReplaySession(
            state=state,
            players=list(self.players),
            tags=dict(self.tags),
            rng=self.rng,
            bots=self.bots,
            timeline=self.timeline,
            kind=self.kind,
        )

    def with_viewer(self, seat: int) -> ReplaySession:
        """The same replay seen from seat ``seat`` (whose view the table draws at the bottom)."""
        players = [HUMAN if p == seat else "rule" for p in range(len(self.players))]
        return ReplaySession(
            state=self.state,
            players=players,
            tags=dict(self.tags),
            rng=self.rng,
            bots=self.bots,
            timeline=self.timeline,
            kind=self.kind,
        )

    # -- what the viewer shows ----------------------------------------------------------------------
    def snapshot(self, lang: str = DEFAULT_LANG) -> Snapshot:
        """The table snapshot plus ``hands`` (every seat's cards) and ``replay`` (where we are)."""
        out = super().snapshot(lang)
        state = self.state
        hands: dict[str, list[str]] = {}
        for seat in range(state.num_players):
            hands[state.seat_label(seat)] = cards_of(state, seat)
        position = len(state.history)
        timeline = self._timeline()
        if isinstance(out["view"], dict) and "me" in out["view"]:
            out["view"]["me"] = None  # a spectator: the tables then name every seat, no "you"
        out["hands"] = hands
        out["replay"] = {
            "position": position,
            "total": len(timeline.history),
            "kind": self.kind,
            "seats": [state.seat_label(p) for p in range(state.num_players)],
            "last_action": self.describe(position),
            "hand_end": position > 0
            and between_hands(state)
            and not between_hands(timeline.state_at(position - 1)),
        }
        return out

    def describe(self, position: int) -> LastAction | None:
        """The action that led to ``position``: ``{"actor": label, "action": text}``."""
        if position <= 0:
            return None
        state = self.state
        history = self._timeline().history
        actors = state.actors if len(state.actors) >= position else self._timeline().state_at(position).actors
        return {"actor": state.seat_label(actors[position - 1]), "action": history[position - 1]}

    def stops(self) -> list[int]:
        """Positions to stop at when stepping by trick (or by phase, in poker)."""
        return list(self._timeline().stops())

    def hand_ends(self) -> list[int]:
        """Positions right after a hand is over."""
        return list(self._timeline().hand_ends())

    def first_dealt(self) -> int:
        """The first position where cards are in the players' hands (where a viewer opens)."""
        timeline = self._timeline()
        for position in range(min(len(timeline.history), 4) + 1):
            state = timeline.state_at(position)
            if any(cards_of(state, p) for p in range(state.num_players)):
                return position
        return 0

    # -- what the viewer gives away ------------------------------------------------------------------
    def record(self) -> str:
        """The record being viewed (the whole of it, with its ``Start:`` tag if any)."""
        timeline = self._timeline()
        tags = {k: v for k, v in self.tags.items() if k == START_TAG}  # not the viewer's Players
        return write_record(timeline.state_at(len(timeline.history)), tags)

    def link(self, position: int | None = None, scope: str = "viewed") -> str:
        """``replay.html#…`` of what is viewed (``scope="viewed"``: the hand or game of the link)
        or of the hand around ``position`` (``scope="hand"``), opening at ``position``."""
        timeline = self._timeline()
        if scope == "hand" and self.kind == "game":
            full = timeline.state_at(len(timeline.history))
            span = _span_at(full, timeline.start, position or 0)
            if span is not None:
                at = None if position is None else max(0, min(position - span.first, span.end - span.first))
                return f"{PAGE}#{hand_fragment(full, span, at=at)}"
        if timeline.viewed is None:
            full = timeline.state_at(len(timeline.history))
            timeline.viewed = game_or_hand(full, self.tags, self.kind, None)
        suffix = "" if position is None else f".{max(0, min(position, len(timeline.history)))}"
        return f"{PAGE}#{timeline.viewed}{suffix}"

    def play_on(self, position: int, seat: int | None = None, level: str = DEFAULT_LEVEL) -> dict[str, str]:
        """A record to play on from ``position`` at a table, the human at ``seat`` (default: the
        viewer's seat), computer players of ``level`` elsewhere (the level the table remembers;
        an unknown name means the default): ``{"game", "record"}``."""
        state = self._timeline().state_at(position)
        human = self.players.index(HUMAN) if seat is None and HUMAN in self.players else (seat or 0)
        level = normalize_level(level)
        if level not in LEVELS:
            level = DEFAULT_LEVEL
        players = " ".join(HUMAN if p == human else level for p in range(state.num_players))
        tags = {**{k: v for k, v in self.tags.items() if k == START_TAG}, "Players": players}
        return {"game": state.game, "record": write_record(state, tags)}


def game_or_hand(full: GameState, tags: dict[str, str], kind: str, position: int | None) -> str:
    """The fragment of ``full`` as a game link, or as its own first hand for a hand record."""
    tags = {k: v for k, v in tags.items() if k == START_TAG}
    text = write_record(full, tags)
    if kind == "hand":
        spans = hand_spans(full, tags.get(START_TAG))
        if spans and spans[0].first == 0 and spans[0].end == len(full.history):
            return hand_fragment(full, spans[0], at=position)
    return game_link(text, at=position)


def _span_at(state: GameState, start: str | None, position: int) -> HandSpan | None:
    """The hand in progress or just over at ``position`` (the last one begun by then)."""
    found = None
    for span in hand_spans(state, start):
        if span.first < max(position, 1):
            found = span
    return found


# -- opening ------------------------------------------------------------------------------------------


def open_link(fragment: str) -> tuple[ReplaySession, int]:
    """The replay a link fragment holds and the move to open at (its own, or where cards show)."""
    link = read_link(fragment)
    session = ReplaySession.from_record(link.record, link.kind)
    if not link.legacy:  # the link's own digits (what link() would make again)
        session._timeline().viewed = ".".join(fragment.lstrip("#").split(".")[:2])
    position = link.position if link.position is not None else session.first_dealt()
    return session.at_move(position), position


def open_text(text: str) -> tuple[ReplaySession, int]:
    """Pasted or opened text: a record (opens at its first dealt move) or a link (any form)."""
    body = text.strip().lstrip("\ufeff")
    if "\n" in body or body.startswith("Game:"):  # a record (a link is one line)
        session = ReplaySession.from_record(text)
        return session.at_move(session.first_dealt()), session.first_dealt()
    fragment = body.split("#", 1)[1] if "#" in body else body
    return open_link(fragment)


# -- sharing from a table --------------------------------------------------------------------------------


def game_fragment(session: TableSession, position: int | None = None) -> str:
    """``replay.html#…`` of the whole game at a table (opening at ``position``)."""
    return f"{PAGE}#{game_link(session.save(), at=position)}"


def hands_of(session: TableSession) -> list[dict[str, Any]]:
    """The hands of the game at a table: ``{"number", "complete", "moves"}`` each."""
    state = session.state
    return [
        {"number": s.number, "complete": s.complete, "moves": s.end - s.first}
        for s in hand_spans(state, session.tags.get(START_TAG))
    ]


def hand_fragment_of(session: TableSession, number: int | None = None) -> str | None:
    """``replay.html#…`` of hand ``number`` of the game at a table (default: the last one begun),
    opening where the hand's cards are dealt; ``None`` before the first deal."""
    state = session.state
    spans = hand_spans(state, session.tags.get(START_TAG))
    if not spans:
        return None
    span = spans[-1] if number is None else next((s for s in spans if s.number == number), None)
    if span is None:
        return None
    return f"{PAGE}#{hand_fragment(state, span)}"
