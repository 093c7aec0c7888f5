"""The pieces of a poker evening: its options, clock, names, players, tables and refusals.

Plain data only: :mod:`pyapp.poker.serata.evening` applies the entries, :mod:`.tables` holds the
rules of forming tables and seats, :mod:`.settle` the settlement. Every number an entry carries is
read with :func:`pyapp.core.parse_int` (one spelling per number) and every time is ``HH:MM``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Final

from pyapp import errors
from pyapp.core import parse_int

MINUTES_HELD: Final = 30
"""PE5, PE10: a player away longer than this loses the place; back sooner, he finds it as he left it."""

MINIMUM_MINUTES: Final = 60
"""PE6: the shortest a table plays; before that only a player who lost a whole passata may stop."""

ROUNDS_OF_GRACE: Final = 2
"""PE5: a drawn player not at the table when the third round (giro) begins loses the place."""

NAME_LIMIT: Final = 40
"""The longest player name (characters)."""

MAX_PASSATE: Final = 10
"""The most passate one ``passata`` entry may buy (a sanity bound, as at the poker table)."""

MAX_CHIPS: Final = 10**9
"""The largest chip count an entry may give (damaged input stays bounded)."""

_TIME: Final = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
_MONEY: Final = re.compile(r"(0|[1-9][0-9]{0,6})(?:\.([0-9]{2}))?")


class Refusal(errors.Refusal):
    """An entry the evening's rules refuse (a :class:`pyapp.errors.Refusal`): its ``key`` names
    the it/en message with its clause (``serata.pe5.late``), ``params`` fill it in. The evening
    turns it into a :class:`~pyapp.club.record.ClubRecordError` with the entry's line."""


def rule_of(key: str) -> str | None:
    """The clause a message key belongs to (``serata.pe5.late`` -> ``PE5``), if any."""
    parts = key.split(".")
    if len(parts) > 1 and re.fullmatch(r"pe[0-9]+", parts[1]):
        return parts[1].upper()
    return None


# -- options ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionSpec:
    """One organiser's setting: name, default text and how it is read."""

    name: str
    default: str
    low: int = 0
    high: int = 0
    money: bool = False


OPTION_SPEC: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("seats", "5", 4, 6),
    OptionSpec("passata", "100", 10, 1_000_000),
    OptionSpec("stakes", "10", money=True),
    OptionSpec("ante", "1", 1, 10_000),
    OptionSpec("dealer_ante", "1", 0, 10_000),
    OptionSpec("tables", "0", 0, 50),
)
"""The options of an evening, in the order a record writes them (``docs/notation/club.md``, "Poker
evening (serata)"):
``seats`` per table (PE2, 4-6), ``passata`` the chips of one passata, ``stakes`` the money value
of a passata of each list (``10`` or ``10,20``: one list per value, PE4), ``ante`` and
``dealer_ante`` (the pot a resto must cover, PE12), ``tables`` the most tables per list (0: as
many as the sign-ups make)."""


def money_text(cents: int) -> str:
    """The one spelling of an amount of money: ``10``, ``2.50``, ``-3.75``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    whole, part = divmod(cents, 100)
    return f"{sign}{whole}" if part == 0 else f"{sign}{whole}.{part:02d}"


def parse_money(text: str) -> int | None:
    """Cents of a canonical amount (``10``, ``2.50``; not ``10.00``, ``2.5``, ``+3``), else ``None``."""
    match = _MONEY.fullmatch(text)
    if not match:
        return None
    cents = int(match.group(1)) * 100 + int(match.group(2) or 0)
    return cents if money_text(cents) == text else None


@dataclass(frozen=True)
class Options:
    """The organiser's settings, typed (see :data:`OPTION_SPEC`)."""

    seats: int = 5
    passata: int = 100
    stakes: tuple[int, ...] = (1000,)
    ante: int = 1
    dealer_ante: int = 1
    tables: int = 0

    @property
    def forms_at(self) -> int:
        """PE2: the sign-ups that make a table: five, or four at four-seat tables (reading)."""
        return min(5, self.seats)

    def stake_text(self, stake: int) -> str:
        """The label of list ``stake`` (its passata's value)."""
        return money_text(self.stakes[stake])

    def texts(self) -> dict[str, str]:
        """Every option as written in a record, in spec order."""
        return {
            "seats": str(self.seats),
            "passata": str(self.passata),
            "stakes": ",".join(money_text(c) for c in self.stakes),
            "ante": str(self.ante),
            "dealer_ante": str(self.dealer_ante),
            "tables": str(self.tables),
        }

    def pot(self, players: int) -> int:
        """PE12: the pot of a hand with ``players`` at the table (every uscita and the dealer's)."""
        return self.ante * players + self.dealer_ante


def read_options(given: dict[str, str]) -> Options:
    """Typed options from a record's ``Option:`` lines; :class:`Refusal` names a bad one."""
    known = {spec.name: spec for spec in OPTION_SPEC}
    values: dict[str, object] = {}
    for name, text in given.items():
        spec = known.get(name)
        if spec is None:
            raise Refusal("serata.option.unknown", name=name, known=", ".join(known))
        if spec.money:
            parts = text.split(",")
            cents = [parse_money(p) for p in parts]
            if any(c is None or c <= 0 for c in cents) or len(set(cents)) != len(cents) or len(parts) > 4:
                raise Refusal("serata.option.stakes", name=name, value=text)
            values[name] = tuple(c for c in cents if c is not None)
            continue
        number = parse_int(text)
        if number is None or not spec.low <= number <= spec.high:
            raise Refusal("serata.option.range", name=name, value=text, low=spec.low, high=spec.high)
        values[name] = number
    return Options(**values)  # type: ignore[arg-type]


# -- the clock --------------------------------------------------------------------------------------


def parse_clock(text: str) -> int | None:
    """Minutes after midnight of ``HH:MM`` (two digits each), else ``None``."""
    match = _TIME.fullmatch(text)
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


def clock_text(minutes: int) -> str:
    """``HH:MM`` of a time in minutes since the evening's first midnight (days wrap)."""
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def next_time(previous: int | None, text: str) -> int | None:
    """The absolute minute of an entry at ``HH:MM`` after one at ``previous``: the same day, or the
    next when the time is more than twelve hours earlier (an evening past midnight). ``None``
    when ``text`` is not a time; a time going back is the caller's refusal (it stays earlier)."""
    minute = parse_clock(text)
    if minute is None:
        return None
    if previous is None:
        return minute
    day = previous - previous % 1440
    candidate = day + minute
    if candidate < previous and previous - candidate > 12 * 60:
        candidate += 1440
    return candidate


# -- names ------------------------------------------------------------------------------------------


def canonical_name(text: str) -> str:
    """A name as it is kept: NFC, runs of blanks made one space, no blanks at the ends."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a player's name (a message key), or ``None``."""
    if not text.strip():
        return "serata.name.empty"
    if len(text) > NAME_LIMIT:
        return "serata.name.long"
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        return "serata.name.control"
    return None


def key_of(name: str) -> str:
    """The identity of a name: two spellings that differ only in case are the same player."""
    return canonical_name(name).casefold()


# -- players and tables -----------------------------------------------------------------------------

STATUSES: Final = ("listed", "late", "seated", "away", "out", "gone")
"""A player's status, one of:

* ``listed``: on a list, without a seat: waiting, or in a table still forming;
* ``late``: a seat drawn for him, not yet at the table (PE5: until the third round);
* ``seated``: at the table;
* ``away``: stepped away; the seat is held for half an hour (PE10);
* ``out``: not at a table, with the chips he has (stopped, lost the place, or his table closed);
* ``gone``: off the lists without having played (withdrew, or lost the place before sitting).
"""
LISTED, LATE, SEATED, AWAY, OUT, GONE = STATUSES


@dataclass
class SignUp:
    """One line of a list (PE1): who, at which stake, when."""

    name: str
    stake: int
    time: int
    active: bool = True
    """False once withdrawn or given up for another list (PE4)."""


@dataclass
class Player:
    """One person of the evening: where he is and his resto (PE12)."""

    name: str
    status: str = LISTED
    arrived: int | None = None
    passate: int = 0
    chips: int = 0
    stake: int | None = None
    table: int | None = None
    seat: int | None = None
    since: int | None = None
    """When he stepped away (``away``) or got up (``out``)."""
    why: str = ""
    """Why he is ``out`` or ``gone``: ``quit``, ``lost``, ``closed``, ``withdrew``, ``late``."""
    broken: bool = False
    """PE11: his table broke up; he may take a free seat of another table of his list."""

    def net(self, passata: int) -> int:
        """Chips now minus passate bought (PE14), in chips."""
        return self.chips - self.passate * passata


@dataclass
class Table:
    """A table that has had its seats drawn: seat 1 is the first dealer, seat 2 on his left..."""

    number: int
    stake: int
    seats: list[str | None]
    filled: list[bool]
    """Whether each seat has ever been taken (PE7, PE9: the dealer's right fills last)."""
    start: int
    lot: bool
    drawn: int
    """The players at the draw: a round (giro) is that many hands (PE5)."""
    hands: int = 0
    pot: int = 0
    """Chips in the middle carried to the next hand (piatto di parola, a passed-out pot: P8, P14)."""
    closed: int | None = None
    stays: dict[int, list[str]] = field(default_factory=dict)
    """PE8: per empty seat, the neighbours who said they stay where they are."""

    @property
    def playing(self) -> bool:
        """Whether the table is still in play."""
        return self.closed is None

    def free(self) -> list[int]:
        """The empty seats (indices)."""
        return [i for i, name in enumerate(self.seats) if name is None]


@dataclass
class Forming:
    """A table made by the list (PE2, PE3) whose seats are not drawn yet."""

    number: int
    stake: int
    names: list[str]


@dataclass
class Note:
    """Something the rules did by themselves or a judgement left to the organiser (PE6)."""

    time: int
    key: str
    params: dict[str, object]
    warning: bool = False
    index: int = -1
    """The entry it belongs to (0-based), -1 for a clock event."""


@dataclass
class State:
    """Everything an evening is at one moment (built only by applying entries)."""

    options: Options
    signups: list[SignUp] = field(default_factory=list)
    players: dict[str, Player] = field(default_factory=dict)
    tables: list[Table] = field(default_factory=list)
    now: int | None = None
    closed: bool = False
    notes: list[Note] = field(default_factory=list)

    def player(self, name: str) -> Player | None:
        """The player of ``name`` (any spelling that differs only in case), if known."""
        return self.players.get(key_of(name))

    def table(self, number: int) -> Table | None:
        """The drawn table numbered ``number``."""
        return next((t for t in self.tables if t.number == number), None)
