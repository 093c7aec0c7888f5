"""What an evening shows: its state as JSON data (the checker prints it, the page draws it).

``state_json(evening, lang)`` gives::

    {"valid": true, "options", "tags", "entries", "clock", "closed",
     "lists": [{"stake", "signups": [{"name", "time", "status", "active"}]}],
     "tables": [{"number", "stake", "status", "seats", "first_dealer", "lot", "start",
                 "minimum_until", "closed_at", "hands", "round", "third_round_at", "dealer", "away",
                 "late", "free", "sit_choices", "pot", "carried", "neighbours": {seat: [names]}}],
     "waiting": [names], "queues": {stake: [names]}, "first_present": {stake: name},
     "must_choose": [names],
     "players": [{"name", "stake", "status", "why", "table", "seat", "arrived", "passate", "chips",
                  "net", "result", "cents", "broken"}],
     "balanced", "chips_total", "bought_total", "transfers": [{"from", "to", "amount", "cents"}],
     "fewest_proven", "notes": [{"time", "rule", "message", "warning", "entry"}]}

``pot`` is what a player's resto must cover (PE12: every uscita, the dealer's, and ``carried``,
the chips left in the middle for the next hand); ``seats`` holds the names seat by seat from the first dealer (``null`` for an empty seat; an away
or late player keeps his name there and is listed in ``away``/``late``); ``result`` is money
(``cents`` / 100), ``net`` chips.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import DEFAULT_LANG, t
from pyapp.poker.serata import tables as seats_rules
from pyapp.poker.serata.evening import Evening
from pyapp.poker.serata.model import (
    AWAY,
    LATE,
    MINIMUM_MINUTES,
    ROUNDS_OF_GRACE,
    SEATED,
    State,
    Table,
    clock_text,
    money_text,
    rule_of,
)
from pyapp.poker.serata.settle import fewest_transfers, money_results


def balanced(state: State) -> tuple[bool, int, int]:
    """PE14: whether every list's chips add up to the passate bought; the two totals in chips."""
    passata = state.options.passata
    ok = True
    chips_total = owed_total = 0
    for stake in range(len(state.options.stakes)):
        bought = [p for p in state.players.values() if p.passate and p.stake == stake]
        chips = sum(p.chips for p in bought) + sum(t.pot for t in state.tables if t.stake == stake)
        owed = sum(p.passate for p in bought) * passata
        ok = ok and chips == owed
        chips_total += chips
        owed_total += owed
    return ok, chips_total, owed_total


def results(state: State) -> dict[str, int]:
    """PE14: every player who bought a passata, his result in cents (summing to zero when balanced)."""
    opts = state.options
    nets = {
        p.name: (p.net(opts.passata), opts.stakes[p.stake or 0]) for p in state.players.values() if p.passate
    }
    return money_results(nets, opts.passata)


def settlement(state: State) -> tuple[list[dict[str, Any]], bool]:
    """PE14: who pays whom (fewest transfers) and whether the count is proven the fewest; no
    transfers while the chips do not add up."""
    if not balanced(state)[0]:
        return [], False
    cents = results(state)
    if sum(cents.values()) != 0:
        return [], False
    transfers, exact = fewest_transfers(cents)
    out = [
        {"from": payer, "to": payee, "amount": amount / 100, "cents": amount, "text": money_text(amount)}
        for payer, payee, amount in transfers
    ]
    return out, exact


def dealer_seat(state: State, table: Table) -> int | None:
    """The seat that deals next: the first dealer moved on one player per hand dealt, among the
    players at the table now (an estimate when players came and went)."""
    order = [i for i, name in enumerate(table.seats) if name and _status(state, name) == SEATED]
    if not order:
        return None
    return order[table.hands % len(order)]


def _status(state: State, name: str) -> str:
    player = state.player(name)
    return player.status if player else ""


def table_json(state: State, table: Table) -> dict[str, Any]:
    """One drawn table (see the module)."""
    present = seats_rules.present_at(state, table)
    dealer = dealer_seat(state, table)
    return {
        "number": table.number,
        "stake": state.options.stake_text(table.stake),
        "status": "playing" if table.playing else "closed",
        "seats": list(table.seats),
        "first_dealer": table.seats[0] if table.filled[0] else None,
        "lot": table.lot,
        "start": clock_text(table.start),
        "minimum_until": clock_text(table.start + MINIMUM_MINUTES),
        "closed_at": clock_text(table.closed) if table.closed is not None else None,
        "hands": table.hands,
        "round": table.drawn,
        "third_round_at": ROUNDS_OF_GRACE * table.drawn,
        "dealer": dealer + 1 if dealer is not None else None,
        "away": seats_rules.holders(state, table, AWAY),
        "late": seats_rules.holders(state, table, LATE),
        "free": [s + 1 for s in table.free()],
        "sit_choices": [s + 1 for s in seats_rules.sit_choices(table)] if table.playing else [],
        "pot": state.options.pot(len(present)) + table.pot,
        "carried": table.pot,
        "neighbours": {
            str(seat + 1): [
                name
                for side in seats_rules.neighbours(table, seat)
                if (name := table.seats[side])
                and _status(state, name) == SEATED
                and name not in table.stays.get(seat, [])
            ]
            for seat in table.free()
        }
        if table.playing
        else {},
    }


def state_json(evening: Evening, lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """The evening's state as JSON data (the shape is in the module's docstring)."""
    state = evening.state
    opts = state.options
    tables = [table_json(state, table) for table in state.tables]
    for forming in seats_rules.forming(state) if not state.closed else []:
        tables.append(
            {
                "number": forming.number,
                "stake": opts.stake_text(forming.stake),
                "status": "forming",
                "seats": [*forming.names, *([None] * (opts.seats - len(forming.names)))],
                "first_dealer": None,
                "hands": 0,
                "free": [],
                "away": [],
                "late": [],
            }
        )
    queues = {opts.stake_text(s): seats_rules.queue(state, s) for s in range(len(opts.stakes))}
    cents = results(state)
    ok, chips_total, owed_total = balanced(state)
    transfers, exact = settlement(state)
    players = []
    for player in state.players.values():
        players.append(
            {
                "name": player.name,
                "stake": opts.stake_text(player.stake) if player.stake is not None else None,
                "stakes": [opts.stake_text(s) for s in seats_rules.stakes_of(state, player.name)],
                "status": player.status,
                "why": player.why,
                "table": player.table,
                "seat": player.seat + 1 if player.seat is not None else None,
                "arrived": clock_text(player.arrived) if player.arrived is not None else None,
                "passate": player.passate,
                "chips": player.chips,
                "net": player.net(opts.passata),
                "result": cents.get(player.name, 0) / 100,
                "cents": cents.get(player.name, 0),
                "broken": player.broken,
            }
        )
    return {
        "valid": True,
        "options": opts.texts(),
        "tags": dict(evening.tags),
        "entries": len(evening.entries),
        "clock": clock_text(state.now) if state.now is not None else None,
        "closed": state.closed,
        "lists": [
            {
                "stake": opts.stake_text(s),
                "signups": [
                    {
                        "name": su.name,
                        "time": clock_text(su.time),
                        "status": _status(state, su.name),
                        "active": su.active,
                    }
                    for su in state.signups
                    if su.stake == s
                ],
            }
            for s in range(len(opts.stakes))
        ],
        "tables": tables,
        "waiting": [name for names in queues.values() for name in names],
        "queues": queues,
        "first_present": {
            opts.stake_text(s): seats_rules.first_present(state, s) for s in range(len(opts.stakes))
        },
        "must_choose": seats_rules.must_choose(state),
        "players": players,
        "balanced": ok,
        "chips_total": chips_total,
        "bought_total": owed_total,
        "transfers": transfers,
        "fewest_proven": exact,
        "notes": [
            {
                "time": clock_text(note.time),
                "rule": rule_of(note.key),
                "message": t(note.key, lang, **note.params),
                "warning": note.warning,
                "entry": note.index,
            }
            for note in state.notes
        ],
    }
