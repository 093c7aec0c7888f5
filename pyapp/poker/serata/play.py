"""A table of the evening played at the poker table, and its ledger brought back as entries.

:func:`table_game` writes the poker record a table of the evening starts from: the players at
the table now, in seat order with the chosen player in seat 1 (the table page plays seat 1),
their resto and passate in a ``Start:`` tag (``pyapp.start``), the next dealer, the
evening's passata and antes; computer players sit for everyone else (the people not at this
screen). The tag ``Serata`` names the evening, the table and the players seat by seat, so that
:func:`ledger_entries` can turn the game back into entries of the evening: the passate bought
(``passata``), the hands dealt (``hands``), the chips at the end (``chips``) and the players who
stopped (``quit``) and the chips left in the middle for the next hand (``pot``, a piatto di parola or a
passed-out pot: the table's next game starts with it, at kings, P8/P14). The game must be
between hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pyapp.club.record import ClubRecordError, Entry, quote, split_entry
from pyapp.core import parse_int
from pyapp.poker.rules import PokerState
from pyapp.poker.serata import tables as seats_rules
from pyapp.poker.serata.evening import Evening
from pyapp.poker.serata.model import SEATED, Refusal, Table, clock_text
from pyapp.poker.serata.report import dealer_seat
from pyapp.record import RecordError, read_record, write_record
from pyapp.start import START_TAG, between_hands

TAG: Final = "Serata"
"""The tag of a poker record that is a table of an evening: ``ID TABLE NAME…`` (names quoted as
in a club record, seat by seat)."""

HUMAN: Final = "human"


@dataclass(frozen=True)
class Handover:
    """What a poker record says about the evening table it came from."""

    evening: str
    table: int
    names: tuple[str, ...]


def evening_id(evening: Evening) -> str:
    """The evening's identity in the tags of its tables' games (its ``Id`` tag, else ``-``)."""
    return evening.tags.get("Id", "-")


def _table_of(evening: Evening, number: int) -> Table:
    table = evening.state.table(number)
    if table is None:
        raise Refusal("serata.table.unknown", table=number)
    if not table.playing:
        raise Refusal("serata.table.closed", table=number)
    return table


def table_game(evening: Evening, number: int, me: str | None = None, level: str = "medium") -> str:
    """The poker record that starts table ``number`` where the evening is now.

    ``me`` plays seat 1 (``None``: every seat a computer player of ``level``). Refused
    (:class:`Refusal`) when the table has fewer than four or more than six players at it (P1) or
    a player's resto is below the pot (PE12: he buys a passata first)."""
    state = evening.state
    table = _table_of(evening, number)
    present = seats_rules.present_at(state, table)
    if not 4 <= len(present) <= 6:
        raise Refusal("serata.play.players", table=number, n=len(present))
    opts = state.options
    pot = opts.pot(len(present)) + table.pot
    players = [state.player(name) for name in present]
    for player in players:
        assert player is not None
        if player.chips < pot:
            raise Refusal("serata.pe12.short", name=player.name, chips=player.chips, pot=pot)
    start = 0
    if me is not None:
        if me not in present:
            raise Refusal("serata.play.not_here", name=me, table=number)
        start = present.index(me)
    order = present[start:] + present[:start]
    dealer = dealer_seat(state, table)
    dealer_name = table.seats[dealer] if dealer is not None else order[0]
    game = PokerState(
        players=len(order), passata=opts.passata, ante=opts.ante, dealer_ante=opts.dealer_ante, hands=0
    )
    by_name = {p.name: p for p in players if p is not None}
    start_text = (
        f"dealer={order.index(dealer_name or order[0]) + 1} hands=0 requirement={'K' if table.pot else 'J'} "
        f"carry={table.pot} "
        f"resto={','.join(str(by_name[n].chips) for n in order)} "
        f"passate={','.join(str(by_name[n].passate) for n in order)} "
        f"seated={','.join('1' for _ in order)} players={','.join('1' for _ in order)}"
    )
    seats = [HUMAN if (me is not None and i == 0) else level for i in range(len(order))]
    tags = {
        "Players": " ".join(seats),
        START_TAG: start_text,
        TAG: " ".join([quote(evening_id(evening)), str(number), *(quote(n) for n in order)]),
    }
    if "Title" in evening.tags:
        tags["Event"] = evening.tags["Title"]
    text = write_record(game, tags)
    read_record(text)  # the start position is checked exactly as the table will read it
    return text


def handover_of(tags: dict[str, str]) -> Handover | None:
    """The evening table a poker record's tags name, or ``None`` (not an evening table)."""
    value = tags.get(TAG)
    if not value:
        return None
    try:
        entry = split_entry(value)
    except ClubRecordError:
        return None
    head, words = entry.verb, entry.args
    number = parse_int(words[0]) if words else None
    if number is None or len(words) < 2:
        return None
    return Handover(head, number, tuple(words[1:]))


def ledger_entries(evening: Evening, record_text: str, time: int) -> list[Entry]:
    """The entries a game of an evening table adds to the evening at ``time`` (minutes).

    Refused (:class:`Refusal`) when the record is not a table of this evening or a hand is in
    progress."""
    try:
        record = read_record(record_text, migrate=True)
    except RecordError as exc:
        raise Refusal("serata.play.bad_game", reason=exc.message("en")) from None
    handover = handover_of(record.tags)
    state = record.state
    if handover is None or not isinstance(state, PokerState) or handover.evening != evening_id(evening):
        raise Refusal("serata.play.not_evening")
    table = _table_of(evening, handover.table)
    names = list(handover.names)
    if len(names) != state.n or any(
        (p := evening.state.player(n)) is None or p.name != n or p.table != handover.table for n in names
    ):
        raise Refusal("serata.play.not_evening")
    if not between_hands(state):
        raise Refusal("serata.ui.back_mid_hand")
    result = state.result()
    at = clock_text(time)
    out: list[Entry] = []
    for buyin in result["buyins"]:
        if buyin["kind"] in ("rebuy", "topup"):
            name = names[int(buyin["seat"]) - 1]
            out.append(Entry("passata", (at, name, str(buyin["passate"]))))
    if state.hands_dealt:
        out.append(Entry("hands", (at, str(handover.table), str(table.hands + state.hands_dealt))))
    if state.carry != table.pot:
        out.append(Entry("pot", (at, str(handover.table), str(state.carry))))
    for q, name in enumerate(names):
        player = evening.state.player(name)
        bought = sum(int(b["passate"]) for b in result["buyins"] if int(b["seat"]) == q + 1)
        before = (player.chips if player is not None else 0) + bought * state.passata
        if state.resto[q] != before:
            out.append(Entry("chips", (at, name, str(state.resto[q]))))
    for departure in result["departures"]:
        name = names[int(departure["seat"]) - 1]
        player = evening.state.player(name)
        if player is not None and player.status == SEATED:
            out.append(Entry("quit", (at, name)))
    return out


def import_ledger(evening: Evening, record_text: str, time: int) -> list[Entry]:
    """Apply :func:`ledger_entries` to ``evening`` all together or not at all; the entries added.

    Raises :class:`ClubRecordError` (line 0) with the refusal when any entry is refused."""
    try:
        entries = ledger_entries(evening, record_text, time)
    except Refusal as exc:
        raise ClubRecordError(0, "", exc.key, **exc.params) from None
    trial = evening.copy()
    for entry in entries:
        trial.apply(entry)
    evening.state, evening.entries = trial.state, trial.entries
    return entries
