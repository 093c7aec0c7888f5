"""Who plays where: forming tables from the lists (PE2-PE4), who is first in surplus (PE1, PE5,
PE11), which seats a newcomer, a neighbour or a returning player may take (PE7-PE10).

Pure reading functions of a :class:`~pyapp.poker.serata.model.State`; the evening calls them to
check an entry and the snapshot to show the lists.
"""

from __future__ import annotations

from pyapp.poker.serata.model import AWAY, LISTED, OUT, SEATED, Forming, State, Table


def listed(state: State, stake: int) -> list[str]:
    """The names on list ``stake`` still without a seat, in sign-up order (PE1)."""
    out: list[str] = []
    for signup in state.signups:
        player = state.player(signup.name)
        if signup.active and signup.stake == stake and player is not None and player.status == LISTED:
            if player.name not in out:
                out.append(player.name)
    return out


def table_sizes(count: int, seats: int, forms_at: int, limit: int) -> list[int]:
    """PE2, PE3: the tables ``count`` sign-ups make. Each table needs ``forms_at`` (five); at ten
    sign-ups there are two tables even with six seats (two of five), and the sign-ups beyond the
    fives first complete the table of the earliest sign-ups, then the next. ``limit`` caps the
    number of tables (0: none)."""
    tables = count // forms_at
    if limit:
        tables = min(tables, limit)
    extra = count - tables * forms_at
    sizes = []
    for _ in range(tables):
        more = min(extra, seats - forms_at)
        sizes.append(forms_at + more)
        extra -= more
    return sizes


def forming(state: State) -> list[Forming]:
    """The tables the lists make now, before their seats are drawn (PE2-PE4).

    A list makes as many tables as :func:`table_sizes` gives for everyone on it, those already
    holding a seat at its tables in play included (so ten sign-ups make two tables of five even
    when the first was drawn with six seats and five players, PE3's reading); below that, a new
    table waits until the ones in play are complete. The names still without a seat make the new
    tables in order, five each; the names beyond first complete the tables in play (they wait
    there, first in surplus, for a free seat: PE5, PE9), then the new tables in order. Numbers
    follow the drawn tables."""
    opts = state.options
    out: list[Forming] = []
    number = max((t.number for t in state.tables), default=0) + 1
    for stake in range(len(opts.stakes)):
        playing = [t for t in state.tables if t.stake == stake and t.playing]
        names = listed(state, stake)
        holding = sum(1 for t in playing for name in t.seats if name is not None)
        limit = opts.tables
        sizes = table_sizes(holding + len(names), opts.seats, opts.forms_at, limit)
        new = min(len(sizes) - len(playing), len(names) // opts.forms_at)
        if new <= 0:
            continue
        rosters = [names[i * opts.forms_at : (i + 1) * opts.forms_at] for i in range(new)]
        rest = names[new * opts.forms_at :]
        rest = rest[sum(len(t.free()) for t in playing) :]  # they wait for the free seats in play
        for roster in rosters:
            while rest and len(roster) < opts.seats:
                roster.append(rest.pop(0))
        for roster in rosters:
            out.append(Forming(number, stake, roster))
            number += 1
    return out


def in_forming(state: State) -> set[str]:
    """The names that sit in a table still forming."""
    return {name for table in forming(state) for name in table.names}


def must_choose(state: State) -> list[str]:
    """PE4: players signed up at two stakes when both lists have at least five names."""
    counts = [len(listed(state, stake)) for stake in range(len(state.options.stakes))]
    out = []
    for player in state.players.values():
        if player.status != LISTED:
            continue
        stakes = sorted({s.stake for s in state.signups if s.active and s.name == player.name})
        if len(stakes) > 1 and all(counts[s] >= state.options.forms_at for s in stakes):
            out.append(player.name)
    return out


def stakes_of(state: State, name: str) -> list[int]:
    """The lists ``name`` is signed up on now."""
    return sorted({s.stake for s in state.signups if s.active and s.name == name})


def queue(state: State, stake: int) -> list[str]:
    """Who has the right to the next free seat of list ``stake``, in order.

    First the players of a table that broke up (PE11): the biggest loser first, then among winners
    the one who has won least, i.e. by result ascending; then the players in surplus on the list,
    in sign-up order (PE1, PE5)."""
    passata = state.options.passata
    broken = [p for p in state.players.values() if p.status == OUT and p.broken and p.stake == stake]
    broken.sort(key=lambda p: p.net(passata))
    forming_names = in_forming(state)
    waiting = [n for n in listed(state, stake) if n not in forming_names]
    return [p.name for p in broken] + waiting


def first_present(state: State, stake: int) -> str | None:
    """The first of :func:`queue` who is in the club (a PE11 player always is)."""
    for name in queue(state, stake):
        player = state.player(name)
        if player is not None and (player.status == OUT or player.arrived is not None):
            return name
    return None


def neighbours(table: Table, seat: int) -> list[int]:
    """PE8: the occupied seats on either side of ``seat`` (the nearest one each way)."""
    n = len(table.seats)
    out: list[int] = []
    for step in (1, -1):
        for k in range(1, n):
            i = (seat + step * k) % n
            if table.seats[i] is not None:
                if i not in out:
                    out.append(i)
                break
    return out


def sit_choices(table: Table) -> list[int]:
    """PE9: the seats a newcomer may take. Any free seat that has been taken before; else the
    first never taken, counting from the first dealer's left, so that the seats on his right are
    the last to fill and the last one taken is next to him (PE7)."""
    free = table.free()
    vacated = [i for i in free if table.filled[i]]
    if vacated:
        return vacated
    return free[:1]


def return_seat(table: Table, seat: int | None) -> int | None:
    """PE10, later than half an hour: the player's own seat if free, else the one on the left of
    the last player (the first free seat after the last taken one, in seat order), else the
    first free seat; ``None`` when the table is full."""
    free = table.free()
    if not free:
        return None
    if seat is not None and seat in free:
        return seat
    taken = [i for i, name in enumerate(table.seats) if name is not None]
    last = max(taken, default=-1)
    after = [i for i in free if i > last]
    return after[0] if after else free[0]


def present_at(state: State, table: Table) -> list[str]:
    """The players sitting at ``table`` now (not away, not late), in seat order."""
    return holders(state, table, SEATED)


def holders(state: State, table: Table, status: str) -> list[str]:
    """The players holding a seat of ``table`` with ``status`` (``seated``, ``away``, ``late``)."""
    out = []
    for name in table.seats:
        player = state.player(name) if name else None
        if player is not None and player.status == status:
            out.append(player.name)
    return out


def someone_rebought(state: State, table: Table) -> bool:
    """PE13: whether a player at ``table`` has already bought a second (or third) passata."""
    for name in table.seats:
        player = state.player(name) if name else None
        if player is not None and player.status in (SEATED, AWAY) and player.passate >= 2:
            return True
    return False
