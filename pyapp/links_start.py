"""Start positions: a game that begins at the start of a hand, with the scores before that hand.

A hand record (what a hand link opens) holds one hand, not the whole game; to replay it the
engine must start *at that hand*: who deals, the score of the match so far, the chips of every
seat. The header tag ``Start:`` says so, one ``key=value`` per field, in a fixed order::

    Start: dealer=E hands=2 score=12,7 partite=31,24,5
    Start: dealer=W hands=1 points=6,-2,-2,-2 mani=1,-1,-1,-1
    Start: dealer=3 hands=7 requirement=Q carry=12 resto=100,87,0,113,100 passate=1,1,1,1,2 seated=1,1,0,1,1 players=1,1,1,1,2

:func:`start_state` builds the state such a tag describes (the next action is the hand's
``shuffle``); :func:`start_of` reads the tag of a state that is about to shuffle. The record
reader (:func:`pyapp.record.read_record`) and the table session honour the tag, so a hand record
is checked, replayed, saved and played on like any record.

Fields (see ``docs/notation.md``, "Hand records"):

* Tressette: ``dealer``; ``hands`` scored in the current partita; ``score`` N-S,E-W of the
  partita; ``partite`` the finished partite of the match as ``NS,EW,hands`` separated by ``/``
  (left out when there is none).
* Boston: ``dealer``; ``hands`` counted so far (0-3); ``points`` and ``mani`` of N, E, S, W.
* Poker: ``dealer`` (seat number); ``hands`` dealt so far; ``requirement`` J/Q/K (P8); ``carry``
  (the pot carried in); per seat ``resto``, ``passate`` bought by the player now in the seat,
  ``seated`` (1/0), ``players`` (which player sits there: 1 the first, 2 his successor...).

This module is an engine hook: it sets the fields each game keeps for these facts (there is no
public way to start a game at a given score yet). ``tests/links`` replays real games and checks
that a state built here plays exactly as the original from that point on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from pyapp.core import CHANCE, COMPASS, SHUFFLE, GameState, parse_int
from pyapp.i18n import DEFAULT_LANG, t
from pyapp.links_radix import Packer, Unpacker

START_TAG: Final = "Start"
"""The header tag of a record that begins at the start of a hand."""

LIMIT: Final = 10**12
"""The largest magnitude a number of a start position may have (keeps damaged input bounded)."""


class StartError(ValueError):
    """A ``Start:`` tag that cannot begin a game: ``key`` and ``params`` name the it/en reason."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The reason in ``lang``."""
        return t(self.key, lang, **self.params)


# -- reading the text ------------------------------------------------------------------------------


def _signed(text: str, key: str) -> int:
    """A canonical integer, maybe negative (``-3``), bounded by :data:`LIMIT`."""
    body = text[1:] if text.startswith("-") else text
    value = parse_int(body)
    if value is None or (text.startswith("-") and value == 0) or value > LIMIT:
        raise StartError("links.start.number", field=key, value=text)
    return -value if text.startswith("-") else value


def _unsigned(text: str, key: str) -> int:
    value = _signed(text, key)
    if value < 0:
        raise StartError("links.start.number", field=key, value=text)
    return value


def _ints(text: str, key: str, count: int | None = None, signed: bool = False) -> list[int]:
    parts = text.split(",")
    if count is not None and len(parts) != count:
        raise StartError("links.start.count", field=key, count=count)
    return [_signed(p, key) if signed else _unsigned(p, key) for p in parts]


def _fields(text: str, required: Sequence[str], optional: Sequence[str] = ()) -> dict[str, str]:
    """The ``key=value`` fields of ``text`` (single spaces), every required key once."""
    out: dict[str, str] = {}
    known = (*required, *optional)
    for token in text.split(" "):
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise StartError("links.start.syntax", text=token)
        if key not in known:
            raise StartError("links.start.unknown", field=key, known=", ".join(known))
        if key in out:
            raise StartError("links.start.repeated", field=key)
        out[key] = value
    for key in required:
        if key not in out:
            raise StartError("links.start.missing", field=key)
    return out


def _seat(text: str, labels: Sequence[str]) -> int:
    if text not in labels:
        raise StartError("links.start.seat", value=text, seats=" ".join(labels))
    return list(labels).index(text)


# -- the start positions of each game ---------------------------------------------------------------


class Start(ABC):
    """The context of one hand: what a fresh state needs to begin at that hand's shuffle."""

    game: ClassVar[str]

    @classmethod
    @abstractmethod
    def read(cls, state: GameState) -> Self:
        """The context of ``state``, which is about to shuffle for a hand."""

    @classmethod
    @abstractmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        """The context a ``Start:`` tag spells (syntax and values checked)."""

    @abstractmethod
    def text(self) -> str:
        """The canonical ``Start:`` text."""

    @abstractmethod
    def check(self, options: Mapping[str, str | int]) -> None:
        """Raise :class:`StartError` unless a game with ``options`` can be at this position."""

    @abstractmethod
    def setup(self, state: Any) -> None:
        """Put the fresh ``state`` at this position (the game's own fields)."""

    @abstractmethod
    def pack(self, packer: Packer, options: Mapping[str, str | int]) -> None:
        """Write the context as link digits."""

    @classmethod
    @abstractmethod
    def unpack(cls, reader: Unpacker, options: Mapping[str, str | int]) -> Self:
        """Read the context written by :meth:`pack`."""

    def build(self, cls: type[GameState], options: Mapping[str, str | int]) -> GameState:
        """A fresh state of ``cls`` with ``options``, at this position (next: the shuffle)."""
        self.check(options)
        state = cls(**options)
        self.setup(state)
        return state


@dataclass(frozen=True)
class TressetteStart(Start):
    """Tressette: the dealer, the partita's score and hands, the finished partite of the match."""

    game: ClassVar[str] = "tressette"
    dealer: int
    hands: int
    score: tuple[int, int]
    partite: tuple[tuple[int, int, int], ...]
    """Finished partite: (N-S total, E-W total, hands)."""

    @classmethod
    def read(cls, state: GameState) -> Self:
        s: Any = state
        partite = tuple((int(p["totals"]["NS"]), int(p["totals"]["EW"]), int(p["hands"])) for p in s._partite)
        return cls(s._dealer, s._hand_no, (s._totals[0], s._totals[1]), partite)

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        f = _fields(text, ("dealer", "hands", "score"), ("partite",))
        partite: list[tuple[int, int, int]] = []
        if "partite" in f:
            for part in f["partite"].split("/"):
                ns, ew, hands = _ints(part, "partite", 3, signed=True)
                if hands < 0:
                    raise StartError("links.start.number", field="partite", value=part)
                partite.append((ns, ew, hands))
        ns, ew = _ints(f["score"], "score", 2, signed=True)
        return cls(_seat(f["dealer"], COMPASS), _unsigned(f["hands"], "hands"), (ns, ew), tuple(partite))

    def text(self) -> str:
        out = f"dealer={COMPASS[self.dealer]} hands={self.hands} score={self.score[0]},{self.score[1]}"
        if self.partite:
            out += " partite=" + "/".join(f"{a},{b},{h}" for a, b, h in self.partite)
        return out

    def check(self, options: Mapping[str, str | int]) -> None:
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        wins = [0, 0]
        for ns, ew, hands in self.partite:
            if ns == ew or max(ns, ew) < target:
                raise StartError("links.start.tressette_unfinished", score=f"{ns}-{ew}", target=target)
            _check_sum(ns, ew, hands, penalties)
            wins[0 if ns > ew else 1] += 1
        if len(self.partite) > 2 or (options["match"] == "best_of_three" and max(wins) >= 2):
            raise StartError("links.start.tressette_match_over")
        ns, ew = self.score
        if ns != ew and max(ns, ew) >= target:
            raise StartError("links.start.tressette_partita_over", score=f"{ns}-{ew}", target=target)
        _check_sum(ns, ew, self.hands, penalties)

    def setup(self, state: Any) -> None:
        from pyapp.tressette import TEAM_LABELS

        state._dealer = self.dealer
        state._phase = SHUFFLE
        state._turn = CHANCE
        state._hand_no = self.hands
        state._totals = list(self.score)
        state._partite = [
            {
                "number": i + 1,
                "totals": {"NS": ns, "EW": ew},
                "winner": TEAM_LABELS[0 if ns > ew else 1],
                "hands": hands,
            }
            for i, (ns, ew, hands) in enumerate(self.partite)
        ]
        state._wins = [sum(1 for ns, ew, _ in self.partite if (ns > ew) == (team == 0)) for team in (0, 1)]
        state._partita = len(self.partite) + 1

    def pack(self, packer: Packer, options: Mapping[str, str | int]) -> None:
        """Each hand gives the two teams 11 points in all (T12), a penalty takes 3 (T16): the
        second total follows from the first, the hands and the penalties (counted only when the
        option allows them)."""
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        packer.put(self.dealer, 4)
        fresh = self.hands == 0 and self.score == (0, 0) and not self.partite
        packer.flag(fresh)
        if fresh:
            return
        packer.put(len(self.partite), 3)
        for ns, ew, hands in self.partite:  # winner, the winner's total over the target, hands
            packer.flag(ns > ew)
            packer.uint(max(ns, ew) - target, 3)
            packer.uint(hands, 3)
            _pack_rest(packer, max(ns, ew), ns + ew, hands, penalties)
        packer.uint(self.hands, 3)
        ns, ew = self.score
        if penalties:
            packer.sint(ns, 3)
        else:
            packer.put(ns, 11 * self.hands + 1)
        _pack_rest(packer, ns, ns + ew, self.hands, penalties)

    @classmethod
    def unpack(cls, reader: Unpacker, options: Mapping[str, str | int]) -> Self:
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        dealer = reader.get(4)
        if reader.flag():
            return cls(dealer, 0, (0, 0), ())
        partite = []
        for _ in range(reader.get(3)):
            ns_won = reader.flag()
            high = reader.uint(3, LIMIT) + target
            hands = reader.uint(3, LIMIT)
            low = _unpack_rest(reader, hands, penalties) - high
            partite.append((high, low, hands) if ns_won else (low, high, hands))
        hands = reader.uint(3, LIMIT)
        ns = reader.sint(3, LIMIT) if penalties else reader.get(11 * hands + 1)
        ew = _unpack_rest(reader, hands, penalties) - ns
        return cls(dealer, hands, (ns, ew), tuple(partite))


HAND_POINTS: Final = 11
"""Tressette: the points of a hand, both teams together (35 thirds, rounded down per team: T12)."""

PENALTY_POINTS: Final = 3
"""Tressette: the points a penalty takes from a team (T16)."""


def _check_sum(ns: int, ew: int, hands: int, penalties: bool) -> None:
    """The two totals of a partita add up to 11 per hand scored, less 3 per penalty (T12, T16)."""
    missing = HAND_POINTS * hands - ns - ew
    if missing < 0 or missing % PENALTY_POINTS or (missing and not penalties):
        raise StartError("links.start.tressette_sum", score=f"{ns}-{ew}", hands=hands)


def _pack_rest(packer: Packer, first: int, total: int, hands: int, penalties: bool) -> None:
    """The penalties that make ``total`` (the other total follows)."""
    if penalties:
        packer.uint((HAND_POINTS * hands - total) // PENALTY_POINTS, 1)


def _unpack_rest(reader: Unpacker, hands: int, penalties: bool) -> int:
    """The sum of the two totals written by :func:`_pack_rest`."""
    lost = reader.uint(1, LIMIT) if penalties else 0
    return HAND_POINTS * hands - PENALTY_POINTS * lost


@dataclass(frozen=True)
class BostonStart(Start):
    """Boston: the dealer, the hands counted so far, every seat's points and mani."""

    game: ClassVar[str] = "boston"
    dealer: int
    hands: int
    points: tuple[int, int, int, int]
    mani: tuple[int, int, int, int]

    @classmethod
    def read(cls, state: GameState) -> Self:
        s: Any = state
        return cls(s._dealer, s._counted, tuple(s._points), tuple(s._mani))

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        f = _fields(text, ("dealer", "hands", "points", "mani"))
        a, b, c, d = _ints(f["points"], "points", 4, signed=True)
        w, x, y, z = _ints(f["mani"], "mani", 4, signed=True)
        return cls(_seat(f["dealer"], COMPASS), _unsigned(f["hands"], "hands"), (a, b, c, d), (w, x, y, z))

    def text(self) -> str:
        points = ",".join(map(str, self.points))
        mani = ",".join(map(str, self.mani))
        return f"dealer={COMPASS[self.dealer]} hands={self.hands} points={points} mani={mani}"

    def check(self, options: Mapping[str, str | int]) -> None:
        from pyapp.boston.rules import COUNTED_HANDS

        if self.hands >= COUNTED_HANDS:
            raise StartError("links.start.boston_over", hands=COUNTED_HANDS)
        if sum(self.points) != 0:
            raise StartError("links.start.boston_points")

    def setup(self, state: Any) -> None:
        from pyapp.boston import rules

        state._dealer = self.dealer
        state._phase = rules._DEAL
        state._turn = CHANCE
        state._counted = self.hands
        state._points = list(self.points)
        state._mani = list(self.mani)

    def pack(self, packer: Packer, options: Mapping[str, str | int]) -> None:
        packer.put(self.dealer, 4)
        packer.put(self.hands, 4)
        zero = not any(self.points) and not any(self.mani)
        packer.flag(zero)
        if zero:
            return
        for value in self.points[:3]:  # the points sum to zero (B11): the fourth follows
            packer.sint(value, 4)
        for value in self.mani:
            packer.sint(value, 2)

    @classmethod
    def unpack(cls, reader: Unpacker, options: Mapping[str, str | int]) -> Self:
        dealer = reader.get(4)
        hands = reader.get(4)
        if reader.flag():
            return cls(dealer, hands, (0, 0, 0, 0), (0, 0, 0, 0))
        a, b, c = (reader.sint(4, LIMIT) for _ in range(3))
        w, x, y, z = (reader.sint(2, LIMIT) for _ in range(4))
        return cls(dealer, hands, (a, b, c, -(a + b + c)), (w, x, y, z))


@dataclass(frozen=True)
class PokerStart(Start):
    """Poker: the dealer, hands dealt, the requirement and carried pot, every seat's chips."""

    game: ClassVar[str] = "poker"
    dealer: int
    hands: int
    requirement: int
    carry: int
    resto: tuple[int, ...]
    passate: tuple[int, ...]
    seated: tuple[bool, ...]
    players: tuple[int, ...]

    @classmethod
    def read(cls, state: GameState) -> Self:
        s: Any = state
        return cls(
            s.dealer,
            s.hands_dealt,
            s.requirement,
            s.carry,
            tuple(s.resto),
            tuple(s.bought),
            tuple(s.seated),
            tuple(s.player_no),
        )

    @classmethod
    def parse(cls, text: str, options: Mapping[str, str | int]) -> Self:
        from pyapp.poker.phases import REQUIREMENTS

        n = int(options["players"])
        keys = ("dealer", "hands", "requirement", "carry", "resto", "passate", "seated", "players")
        f = _fields(text, keys)
        if f["requirement"] not in REQUIREMENTS:
            raise StartError("links.start.choice", field="requirement", choices=" ".join(REQUIREMENTS))
        seated = _ints(f["seated"], "seated", n)
        if any(v > 1 for v in seated):
            raise StartError("links.start.choice", field="seated", choices="0 1")
        return cls(
            _seat(f["dealer"], [str(q + 1) for q in range(n)]),
            _unsigned(f["hands"], "hands"),
            REQUIREMENTS.index(f["requirement"]),
            _unsigned(f["carry"], "carry"),
            tuple(_ints(f["resto"], "resto", n)),
            tuple(_ints(f["passate"], "passate", n)),
            tuple(v == 1 for v in seated),
            tuple(_ints(f["players"], "players", n)),
        )

    def text(self) -> str:
        from pyapp.poker.phases import REQUIREMENTS

        def row(values: Sequence[int]) -> str:
            return ",".join(str(int(v)) for v in values)

        return (
            f"dealer={self.dealer + 1} hands={self.hands} requirement={REQUIREMENTS[self.requirement]} "
            f"carry={self.carry} resto={row(self.resto)} passate={row(self.passate)} "
            f"seated={row(self.seated)} players={row(self.players)}"
        )

    def check(self, options: Mapping[str, str | int]) -> None:
        n = int(options["players"])
        if not (len(self.resto) == len(self.passate) == len(self.seated) == len(self.players) == n):
            raise StartError("links.start.count", field="resto", count=n)
        if sum(self.seated) < 2:
            raise StartError("links.start.poker_seated")
        if not self.seated[self.dealer]:
            raise StartError("links.start.poker_dealer", seat=self.dealer + 1)
        if any(v < 1 for v in self.passate) or any(v < 1 for v in self.players):
            raise StartError("links.start.poker_passate")
        hands_max = int(options["hands"])
        if hands_max and self.hands >= hands_max:
            raise StartError("links.start.poker_over", hands=hands_max)
        pot = self.carry + int(options["ante"]) * sum(self.seated) + int(options["dealer_ante"])
        for q in range(n):
            if self.seated[q] and self.resto[q] < pot:
                raise StartError("links.start.poker_short", seat=q + 1, resto=self.resto[q], pot=pot)

    def setup(self, state: Any) -> None:
        state.dealer = self.dealer
        state.hands_dealt = self.hands
        state.requirement = self.requirement
        state.carry = self.carry
        state.resto = list(self.resto)
        state.bought = list(self.passate)
        state.seated = list(self.seated)
        state.player_no = list(self.players)
        state.queue = []
        state.joined_now = set()
        state.new_hand_fields()
        state.set_phase(SHUFFLE, CHANCE)

    def pack(self, packer: Packer, options: Mapping[str, str | int]) -> None:
        n = int(options["players"])
        passata = int(options["passata"])
        packer.put(self.dealer, n)
        packer.uint(self.hands, 4)
        packer.put(self.requirement, 3)
        packer.uint(self.carry, 4)
        packer.flag(all(self.seated))
        if not all(self.seated):
            for seated in self.seated:
                packer.flag(seated)
        packer.flag(all(v == 1 for v in self.passate))
        if not all(v == 1 for v in self.passate):
            for value in self.passate:
                packer.uint(value - 1, 2)
        packer.flag(all(v == 1 for v in self.players))
        if not all(v == 1 for v in self.players):
            for value in self.players:
                packer.uint(value - 1, 2)
        for q in range(n):  # the resto as the gain or loss over what the player bought
            packer.sint(self.resto[q] - self.passate[q] * passata, 5)

    @classmethod
    def unpack(cls, reader: Unpacker, options: Mapping[str, str | int]) -> Self:
        n = int(options["players"])
        passata = int(options["passata"])
        dealer = reader.get(n)
        hands = reader.uint(4, LIMIT)
        requirement = reader.get(3)
        carry = reader.uint(4, LIMIT)
        seated = (True,) * n if reader.flag() else tuple(reader.flag() for _ in range(n))
        passate = (1,) * n if reader.flag() else tuple(reader.uint(2, LIMIT) + 1 for _ in range(n))
        players = (1,) * n if reader.flag() else tuple(reader.uint(2, LIMIT) + 1 for _ in range(n))
        resto = tuple(reader.sint(5, LIMIT) + passate[q] * passata for q in range(n))
        if any(v < 0 for v in resto):
            raise StartError("links.start.number", field="resto", value=min(resto))
        return cls(dealer, hands, requirement, carry, resto, passate, seated, players)


STARTS: Final[dict[str, type[Start]]] = {
    "tressette": TressetteStart,
    "boston": BostonStart,
    "poker": PokerStart,
}
"""The start position of each game, by registry name."""

BETWEEN: Final = frozenset({"lot", "rebuy", "shuffle", "hand_over", "game_over"})
"""The phases in which no hand is in progress (shared names; Poker's ``rebuy``)."""


def phase_of(state: GameState) -> str:
    """The phase name of ``state`` (every game has a ``phase()`` method)."""
    phase = state.phase()
    return phase


def between_hands(state: GameState) -> bool:
    """Whether no hand is in progress: before the first deal, after a hand, or at the end."""
    return phase_of(state) in BETWEEN


def at_hand_start(state: GameState) -> bool:
    """Whether ``state`` is about to shuffle for a hand (its start position can be read)."""
    return (
        state.game in STARTS
        and state.current_player() == CHANCE
        and phase_of(state) in ("shuffle", "hand_over")
    )


def start_of(state: GameState) -> Start:
    """The start position of ``state``, which must be about to shuffle (:func:`at_hand_start`)."""
    if not at_hand_start(state):
        raise ValueError("not at the start of a hand")
    return STARTS[state.game].read(state)


def parse_start(cls: type[GameState], options: Mapping[str, str | int], text: str) -> Start:
    """The start position spelled by ``text`` for a game of ``cls``; refuse bad or non-canonical text.

    ``options`` may leave out options at their defaults.
    """
    options = cls.parse_options(options)
    kind = STARTS.get(cls.game)
    if kind is None:
        raise StartError("links.start.no_game", game=cls.game)
    start = kind.parse(text, options)
    if start.text() != text:
        raise StartError("links.start.non_canonical", canonical=start.text())
    start.check(options)
    return start


def start_state(cls: type[GameState], options: Mapping[str, str | int], text: str) -> GameState:
    """A fresh game of ``cls`` with ``options`` at the start position ``text`` (a ``Start:`` tag)."""
    return parse_start(cls, options, text).build(cls, cls.parse_options(options))


def fresh_state(cls: type[GameState], options: Mapping[str, str | int], start: str | None) -> GameState:
    """A fresh game: from the beginning, or at the start position ``start`` when there is one."""
    if start is None:
        return cls(**options)
    return start_state(cls, options, start)
