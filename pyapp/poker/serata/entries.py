"""The entries of a poker evening and the rules each one is checked against (PE1-PE14).

An evening is exactly its options and its entries, as a game is its options and actions. Each
entry is checked against the club's rules (``shared/rules/club.md``, PE1-PE14) and either changes
the state or is refused with a reason in Italian or English naming the rule; a refused entry
changes nothing. Where the regulation leaves a judgement to the organiser (PE6: the minimum
hour, closing a table short while players wait; PE5: a drawn player not yet here) the entry is
taken and a warning is noted beside it.

Entries (``docs/notation/club.md``, "Poker evening (serata)"); every one starts with the time
``HH:MM``::

    signup 20:05 "Anna Rossi"          withdraw 20:40 "Anna Rossi"      choose 20:50 Bruno 20
    arrive 20:55 "Anna Rossi"          draw 21:00 1 Anna Bruno Carla Dario Elena
    seats 21:00 2 Fabio Gino Ivo Luca Meri      (free choice instead of the lot)
    hands 21:40 1 12                   chips 21:40 Anna 135            passata 21:41 Bruno 1
    pot 21:40 1 24
    leave 22:00 Carla                  return 22:20 Carla              return 23:10 Carla consent
    quit 22:30 Dario                   move 22:31 Elena 4              stay 22:31 Anna
    sit 22:35 Nino 1 4                 close 23:30 2                   close 00:45

The automatic parts (as a game's automations inside ``apply``): the tables the lists make
(PE2-PE4), a player away more than half an hour losing his seat (PE5, when the clock passes it),
a drawn player still missing when the third round begins losing his (PE5), the passata (or two,
PE13) bought on taking a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from pyapp.club.record import Entry
from pyapp.core import parse_int
from pyapp.poker.serata import tables as seats_rules
from pyapp.poker.serata.model import (
    AWAY,
    GONE,
    LATE,
    LISTED,
    MAX_CHIPS,
    MAX_PASSATE,
    MINIMUM_MINUTES,
    MINUTES_HELD,
    OUT,
    ROUNDS_OF_GRACE,
    SEATED,
    Note,
    Player,
    Refusal,
    SignUp,
    State,
    Table,
    canonical_name,
    clock_text,
    key_of,
    name_problem,
    next_time,
)

CONSENT: Final = "consent"

FORMS: Final[dict[str, str]] = {
    "signup": "signup TIME NAME [STAKE]",
    "withdraw": "withdraw TIME NAME [STAKE]",
    "choose": "choose TIME NAME STAKE",
    "arrive": "arrive TIME NAME",
    "draw": "draw TIME TABLE NAME…",
    "seats": "seats TIME TABLE NAME…",
    "hands": "hands TIME TABLE HANDS",
    "pot": "pot TIME TABLE CHIPS",
    "chips": "chips TIME NAME CHIPS",
    "passata": "passata TIME NAME COUNT",
    "leave": "leave TIME NAME",
    "return": "return TIME NAME [consent]",
    "quit": "quit TIME NAME",
    "move": "move TIME NAME SEAT",
    "stay": "stay TIME NAME",
    "sit": "sit TIME NAME TABLE SEAT",
    "close": "close TIME [TABLE]",
}
"""Every verb and its form (what a refusal for a wrong number of arguments shows)."""

VERBS: Final = tuple(FORMS)


@dataclass
class Warn:
    """A judgement left to the organiser, noted beside the entry that caused it (PE5, PE6)."""

    key: str
    params: dict[str, object]


# -- playing one entry --------------------------------------------------------------------------------

Handler = Callable[[State, list[str], int, list[Warn]], None]


def play(state: State, entry: Entry, index: int) -> list[Warn]:
    """Check and play ``entry`` (the ``index``-th) on ``state``, in place; raise :class:`Refusal`."""
    if state.closed:
        raise Refusal("serata.closed")
    handler = _HANDLERS.get(entry.verb)
    if handler is None:
        raise Refusal("serata.unknown_verb", verb=entry.verb, verbs=", ".join(VERBS))
    if not entry.args:
        raise Refusal("serata.syntax", form=FORMS[entry.verb])
    time = next_time(state.now, entry.args[0])
    if time is None:
        raise Refusal("serata.time", value=entry.args[0])
    if state.now is not None and time < state.now:
        raise Refusal("serata.time_back", time=entry.args[0], last=clock_text(state.now))
    advance_clock(state, time)
    warnings: list[Warn] = []
    handler(state, list(entry.args[1:]), time, warnings)
    state.now = time
    for warning in warnings:
        state.notes.append(Note(time, warning.key, dict(warning.params), True, index))
    return warnings


def advance_clock(state: State, time: int) -> None:
    """PE5: a player away more than half an hour when the clock reaches ``time`` loses his seat."""
    for player in state.players.values():
        if player.status == AWAY and player.since is not None and time - player.since > MINUTES_HELD:
            lost_at = player.since + MINUTES_HELD
            _free_seat(state, player)
            player.status, player.why, player.since = OUT, "lost", lost_at
            state.notes.append(
                Note(lost_at, "serata.pe5.away_lost", {"name": player.name, "minutes": MINUTES_HELD})
            )


def _free_seat(state: State, player: Player) -> None:
    """Leave ``player``'s seat empty (his table and seat are kept as where he last sat)."""
    table = state.table(player.table) if player.table is not None else None
    if table is not None and player.seat is not None and table.seats[player.seat] == player.name:
        table.seats[player.seat] = None
        table.stays.pop(player.seat, None)


def _arity(verb: str, args: list[str], low: int, high: int) -> None:
    if not low <= len(args) <= high:
        raise Refusal("serata.syntax", form=FORMS[verb])


def _name(text: str) -> str:
    """A name as written in an entry: valid and in its one spelling."""
    problem = name_problem(text)
    if problem:
        raise Refusal(problem, limit=40)
    canonical = canonical_name(text)
    if canonical != text:
        raise Refusal("serata.name.canonical", canonical=canonical)
    return text


def _known(state: State, text: str) -> Player:
    """The player an entry names: known, and spelled as he signed up."""
    name = _name(text)
    player = state.player(name)
    if player is None:
        raise Refusal("serata.name.unknown", name=name)
    if player.name != name:
        raise Refusal("serata.name.spelling", name=name, known=player.name)
    return player


def _number(text: str, what: str, low: int, high: int) -> int:
    value = parse_int(text)
    if value is None or not low <= value <= high:
        raise Refusal(f"serata.number.{what}", value=text, low=low, high=high)
    return value


def _stake(state: State, args: list[str], at: int, required: bool) -> int:
    """The list an entry names at ``args[at]`` (left out when there is only one)."""
    opts = state.options
    if len(args) <= at:
        if len(opts.stakes) > 1 and required:
            raise Refusal(
                "serata.pe4.stake_needed",
                stakes=", ".join(opts.stake_text(s) for s in range(len(opts.stakes))),
            )
        return 0
    texts = [opts.stake_text(s) for s in range(len(opts.stakes))]
    if args[at] not in texts:
        raise Refusal("serata.pe4.stake_unknown", stake=args[at], stakes=", ".join(texts))
    if len(opts.stakes) == 1:
        raise Refusal("serata.pe4.stake_single")
    return texts.index(args[at])


def _table(state: State, text: str, playing: bool = True) -> Table:
    number = _number(text, "table", 1, 999)
    table = state.table(number)
    if table is None:
        raise Refusal("serata.table.unknown", table=number)
    if playing and not table.playing:
        raise Refusal("serata.table.closed", table=number)
    return table


def _seat(table: Table, text: str) -> int:
    return _number(text, "seat", 1, len(table.seats)) - 1


def _buy_in(state: State, player: Player, table: Table) -> int:
    """A newcomer's passate on taking a seat: one, or two after a rebuy at the table (PE13)."""
    if player.passate:
        return 0
    count = 2 if seats_rules.someone_rebought(state, table) else 1
    player.passate = count
    player.chips += count * state.options.passata
    return count


# -- the handlers ---------------------------------------------------------------------------------


def _signup(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE1: a name at the end of a list, with its time."""
    _arity("signup", args, 1, 2)
    name = _name(args[0])
    stake = _stake(state, args, 1, required=True)
    player = state.player(name)
    if player is not None and player.name != name:
        raise Refusal("serata.name.spelling", name=name, known=player.name)
    if player is not None and player.status in (SEATED, LATE, AWAY):
        raise Refusal("serata.pe1.seated", name=name)
    if player is not None and stake in seats_rules.stakes_of(state, name):
        raise Refusal("serata.pe1.twice", name=name)
    if player is None:
        player = state.players.setdefault(key_of(name), Player(name))
    if player.status == GONE:
        player.status, player.why = LISTED, ""
    if player.status == OUT:
        if player.stake is not None and player.stake != stake:
            raise Refusal("serata.pe4.other_stake", name=name)
        player.status, player.broken = LISTED, False
    state.signups.append(SignUp(name, stake, time))


def _withdraw(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE1, PE5: off the list (his place goes to the first in surplus), a drawn player who is not
    coming, or a player of a broken table giving up his right to a seat (PE11)."""
    _arity("withdraw", args, 1, 2)
    player = _known(state, args[0])
    if player.status in (SEATED, AWAY):
        raise Refusal("serata.pe1.withdraw_seated", name=player.name)
    if player.status == OUT:
        if not player.broken:
            raise Refusal("serata.pe1.not_listed", name=player.name)
        player.broken = False
        return
    stakes = seats_rules.stakes_of(state, player.name)
    if not stakes:
        raise Refusal("serata.pe1.not_listed", name=player.name)
    if len(args) > 1 or len(stakes) > 1:
        stake = _stake(state, args, 1, required=True)
        if stake not in stakes:
            raise Refusal("serata.pe1.not_on_list", name=player.name, stake=state.options.stake_text(stake))
        drop = [stake]
    else:
        drop = stakes
    if player.status == LATE:
        _free_seat(state, player)
        drop = stakes
    for signup in state.signups:
        if signup.name == player.name and signup.stake in drop:
            signup.active = False
    if not seats_rules.stakes_of(state, player.name):
        player.status, player.why, player.since = GONE, "withdrew", time


def _choose(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE4: a player on two lists keeps one."""
    _arity("choose", args, 2, 2)
    player = _known(state, args[0])
    stake = _stake(state, args, 1, required=True)
    stakes = seats_rules.stakes_of(state, player.name)
    if player.status != LISTED or len(stakes) < 2 or stake not in stakes:
        raise Refusal("serata.pe4.not_two", name=player.name)
    for signup in state.signups:
        if signup.name == player.name and signup.stake != stake:
            signup.active = False


def _arrive(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """The player is here: on the list, or at the seat drawn for him (PE5, PE13)."""
    _arity("arrive", args, 1, 1)
    player = _known(state, args[0])
    if player.arrived is not None and player.status in (LISTED, SEATED, AWAY):
        raise Refusal("serata.arrive.twice", name=player.name)
    if player.status == GONE and player.why == "late":
        raise Refusal("serata.pe5.lost_place", name=player.name)
    if player.status == LATE:
        table = state.table(player.table) if player.table is not None else None
        assert table is not None
        player.status, player.arrived = SEATED, time
        _buy_in(state, player, table)
        return
    if player.status != LISTED:
        raise Refusal("serata.arrive.not_listed", name=player.name)
    player.arrived = time


def _draw(state: State, args: list[str], time: int, warnings: list[Warn], lot: bool = True) -> None:
    """PE7: the seats of a table formed by the list, in order from the first dealer (seat 1)."""
    verb = "draw" if lot else "seats"
    if len(args) < 2:
        raise Refusal("serata.syntax", form=FORMS[verb])
    number = _number(args[0], "table", 1, 999)
    if state.table(number) is not None:
        raise Refusal("serata.pe7.drawn", table=number)
    formed = {f.number: f for f in seats_rules.forming(state)}
    if number not in formed:
        numbers = ", ".join(str(n) for n in formed) or "-"
        raise Refusal("serata.pe2.not_formed", table=number, forming=numbers)
    roster = formed[number]
    names = [_name(a) for a in args[1:]]
    keys = [key_of(n) for n in names]
    if len(set(keys)) != len(keys):
        raise Refusal("serata.pe7.repeated")
    expected = {key_of(n): n for n in roster.names}
    missing = [expected[k] for k in expected if k not in keys]
    extra = [n for n, k in zip(names, keys, strict=True) if k not in expected]
    if missing or extra:
        raise Refusal(
            "serata.pe7.roster",
            table=number,
            names=", ".join(roster.names),
            missing=", ".join(missing) or "-",
            extra=", ".join(extra) or "-",
        )
    for name in names:
        if expected[key_of(name)] != name:
            raise Refusal("serata.name.spelling", name=name, known=expected[key_of(name)])
    double = [n for n in names if len(seats_rules.stakes_of(state, n)) > 1]
    if double:
        raise Refusal("serata.pe4.choose", names=", ".join(double))
    size = state.options.seats
    table = Table(
        number=number,
        stake=roster.stake,
        seats=[*names, *([None] * (size - len(names)))],
        filled=[True] * len(names) + [False] * (size - len(names)),
        start=time,
        lot=lot,
        drawn=len(names),
    )
    state.tables.append(table)
    state.tables.sort(key=lambda t: t.number)
    for seat, name in enumerate(names):
        player = state.player(name)
        assert player is not None
        player.stake, player.table, player.seat = roster.stake, number, seat
        if player.arrived is None:
            player.status = LATE
            warnings.append(
                Warn("serata.pe5.not_here", {"name": name, "hands": ROUNDS_OF_GRACE * table.drawn})
            )
        else:
            player.status = SEATED
            _buy_in(state, player, table)


def _seats(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    _draw(state, args, time, warnings, lot=False)


def _hands(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """Hands dealt so far at a table: the resto must cover the pot (PE12); a drawn player still
    missing when the third round begins loses his seat (PE5)."""
    _arity("hands", args, 2, 2)
    table = _table(state, args[0])
    count = _number(args[1], "hands", 1, 100_000)
    if count <= table.hands:
        raise Refusal("serata.hands.back", table=table.number, hands=table.hands)
    present = seats_rules.present_at(state, table)
    pot = state.options.pot(len(present)) + table.pot
    for name in present:
        player = state.player(name)
        assert player is not None
        if player.chips < pot:
            raise Refusal("serata.pe12.short", name=name, chips=player.chips, pot=pot)
    table.hands = count
    if count >= ROUNDS_OF_GRACE * table.drawn:
        for name in seats_rules.holders(state, table, LATE):
            player = state.player(name)
            assert player is not None
            _free_seat(state, player)
            player.status, player.why, player.since = GONE, "late", time
            for signup in state.signups:
                if signup.name == player.name:
                    signup.active = False
            state.notes.append(Note(time, "serata.pe5.late_lost", {"name": name, "table": table.number}))


def _pot(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """The chips left in the middle of a table for the next hand (a pot carried over)."""
    _arity("pot", args, 2, 2)
    table = _table(state, args[0])
    table.pot = _number(args[1], "chips", 0, MAX_CHIPS)


def _chips(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """A player's resto counted now (a hand entry of a real-card table, or a table played here)."""
    _arity("chips", args, 2, 2)
    player = _known(state, args[0])
    if not player.passate:
        raise Refusal("serata.pe12.no_resto", name=player.name)
    player.chips = _number(args[1], "chips", 0, MAX_CHIPS)


def _passata(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE12: the resto raised by whole passate, by a player at the table, between hands."""
    _arity("passata", args, 2, 2)
    player = _known(state, args[0])
    count = _number(args[1], "passate", 1, MAX_PASSATE)
    if player.status != SEATED:
        raise Refusal("serata.pe12.not_seated", name=player.name)
    player.passate += count
    player.chips += count * state.options.passata


def _leave(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE10: a player steps away; his seat and resto wait for him half an hour."""
    _arity("leave", args, 1, 1)
    player = _known(state, args[0])
    if player.status != SEATED:
        raise Refusal("serata.pe10.not_seated", name=player.name)
    player.status, player.since = AWAY, time


def _return(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE10: back within half an hour, the same seat and resto; later (or his seat taken) only
    with everyone's consent: his seat if free, else the one on the left of the last player."""
    _arity("return", args, 1, 2)
    player = _known(state, args[0])
    consent = len(args) == 2
    if consent and args[1] != CONSENT:
        raise Refusal("serata.syntax", form=FORMS["return"])
    if player.status == AWAY:
        if consent:
            raise Refusal("serata.pe10.no_consent_needed", name=player.name)
        player.status, player.since = SEATED, None
        return
    table = state.table(player.table) if player.table is not None else None
    if player.status != OUT or player.why not in ("quit", "lost") or table is None:
        raise Refusal("serata.pe10.not_away", name=player.name)
    if not table.playing:
        raise Refusal("serata.table.closed", table=table.number)
    assert player.since is not None and player.seat is not None
    within = time - player.since <= MINUTES_HELD
    if within and table.seats[player.seat] is None and player.why == "quit":
        if consent:
            raise Refusal("serata.pe10.no_consent_needed", name=player.name)
        seat = player.seat
    else:
        if not consent:
            raise Refusal("serata.pe10.consent", name=player.name, minutes=MINUTES_HELD)
        found = seats_rules.return_seat(table, player.seat)
        if found is None:
            raise Refusal("serata.pe10.full", name=player.name, table=table.number)
        seat = found
    table.seats[seat] = player.name
    table.filled[seat] = True
    table.stays.pop(seat, None)
    player.seat, player.status, player.since, player.why = seat, SEATED, None, ""


def _quit(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """A player stops: his seat is empty at once (PE8, PE9). PE6: before the first hour only one
    who has lost a whole passata may stop (a warning, the organiser judges)."""
    _arity("quit", args, 1, 1)
    player = _known(state, args[0])
    if player.status not in (SEATED, AWAY):
        raise Refusal("serata.pe10.not_seated", name=player.name)
    table = state.table(player.table) if player.table is not None else None
    assert table is not None
    passata = state.options.passata
    if time < table.start + MINIMUM_MINUTES and player.net(passata) > -passata:
        warnings.append(
            Warn(
                "serata.pe6.early_quit",
                {"name": player.name, "until": clock_text(table.start + MINIMUM_MINUTES)},
            )
        )
    _free_seat(state, player)
    player.status, player.why, player.since = OUT, "quit", time


def _move(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE8: no changing seats, except into an empty seat next to one's own; of its two neighbours
    the one with the larger loss first."""
    _arity("move", args, 2, 2)
    player = _known(state, args[0])
    if player.status != SEATED or player.table is None or player.seat is None:
        raise Refusal("serata.pe10.not_seated", name=player.name)
    table = _table(state, str(player.table))
    target = _seat(table, args[1])
    if table.seats[target] is not None:
        raise Refusal("serata.pe8.taken", seat=target + 1, name=table.seats[target])
    sides = seats_rules.neighbours(table, target)
    if player.seat not in sides:
        raise Refusal("serata.pe8.not_neighbour", name=player.name, seat=target + 1)
    passata = state.options.passata
    stayed = table.stays.get(target, [])
    for other_seat in sides:
        other_name = table.seats[other_seat]
        other = state.player(other_name) if other_name else None
        if other is None or other is player or other.status != SEATED or other.name in stayed:
            continue
        if other.net(passata) < player.net(passata):
            raise Refusal("serata.pe8.bigger_loser", name=other.name, seat=target + 1)
    old = player.seat
    table.seats[old] = None
    table.seats[target] = player.name
    table.filled[target] = True
    table.stays.pop(target, None)
    player.seat = target


def _stay(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE8: a neighbour of an empty seat says he stays where he is (the other may move)."""
    _arity("stay", args, 1, 1)
    player = _known(state, args[0])
    table = state.table(player.table) if player.table is not None else None
    if player.status != SEATED or table is None or player.seat is None:
        raise Refusal("serata.pe10.not_seated", name=player.name)
    empty = [s for s in table.free() if player.seat in seats_rules.neighbours(table, s)]
    if not empty:
        raise Refusal("serata.pe8.no_empty", name=player.name)
    for seat in empty:
        table.stays.setdefault(seat, []).append(player.name)


def _sit(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE5, PE9, PE11, PE13: the first in surplus takes a free seat of a table in play."""
    _arity("sit", args, 3, 3)
    player = _known(state, args[0])
    table = _table(state, args[1])
    seat = _seat(table, args[2])
    if table.seats[seat] is not None:
        raise Refusal("serata.pe8.taken", seat=seat + 1, name=table.seats[seat])
    stake = table.stake
    queue = seats_rules.queue(state, stake)
    if player.name not in queue:
        raise Refusal("serata.pe5.not_in_surplus", name=player.name, table=table.number)
    if player.status == LISTED and player.arrived is None:
        raise Refusal("serata.pe5.not_arrived", name=player.name)
    first = seats_rules.first_present(state, stake)
    if first != player.name:
        raise Refusal("serata.pe5.first_in_surplus", name=player.name, first=first)
    allowed = seats_rules.sit_choices(table)
    if seat not in allowed:
        raise Refusal("serata.pe9.seat", seat=seat + 1, seats=", ".join(str(s + 1) for s in allowed))
    table.seats[seat] = player.name
    table.filled[seat] = True
    table.stays.pop(seat, None)
    player.status, player.stake, player.table, player.seat = SEATED, stake, table.number, seat
    player.broken, player.since, player.why = False, None, ""
    for signup in state.signups:
        if signup.name == player.name:
            signup.active = False
    if _buy_in(state, player, table) == 2:
        warnings.append(Warn("serata.pe13.double", {"name": player.name}))


def _close(state: State, args: list[str], time: int, warnings: list[Warn]) -> None:
    """PE6, PE11: a table closes (its players may take the free seats of another table of their
    list, the biggest loser first), or the evening closes (PE14: the chips must add up)."""
    _arity("close", args, 0, 1)
    if args:
        _close_table(state, _table(state, args[0]), time, warnings, final=False)
        return
    passata = state.options.passata
    for stake in range(len(state.options.stakes)):
        bought = [p for p in state.players.values() if p.passate and p.stake == stake]
        chips = sum(p.chips for p in bought) + sum(t.pot for t in state.tables if t.stake == stake)
        owed = sum(p.passate for p in bought) * passata
        if chips != owed:
            raise Refusal(
                "serata.pe14.balance",
                stake=state.options.stake_text(stake),
                chips=chips,
                owed=owed,
                diff=chips - owed,
            )
    for table in state.tables:
        if table.playing:
            _close_table(state, table, time, warnings, final=True)
    for player in state.players.values():
        player.broken = False
        if player.status == LISTED:
            player.status, player.why = GONE, "closed"
    state.closed = True


def _close_table(state: State, table: Table, time: int, warnings: list[Warn], final: bool) -> None:
    if table.pot:
        raise Refusal("serata.pe14.pot", table=table.number, chips=table.pot)
    if time < table.start + MINIMUM_MINUTES:
        warnings.append(
            Warn(
                "serata.pe6.early_close",
                {"table": table.number, "until": clock_text(table.start + MINIMUM_MINUTES)},
            )
        )
    waiting = [n for n in seats_rules.queue(state, table.stake) if n not in table.seats]
    if table.free() and waiting and not final:
        warnings.append(Warn("serata.pe6.short_close", {"table": table.number, "names": ", ".join(waiting)}))
    others = any(t.playing and t.stake == table.stake and t is not table for t in state.tables)
    table.closed = time
    for name in table.seats:
        player = state.player(name) if name else None
        if player is None:
            continue
        if player.status == LATE:
            player.status, player.why, player.since = GONE, "closed", time
        elif player.status in (SEATED, AWAY):
            player.status, player.why, player.since = OUT, "closed", time
            player.broken = others


_HANDLERS: Final[dict[str, Handler]] = {
    "signup": _signup,
    "withdraw": _withdraw,
    "choose": _choose,
    "arrive": _arrive,
    "draw": _draw,
    "seats": _seats,
    "hands": _hands,
    "pot": _pot,
    "chips": _chips,
    "passata": _passata,
    "leave": _leave,
    "return": _return,
    "quit": _quit,
    "move": _move,
    "stay": _stay,
    "sit": _sit,
    "close": _close,
}
