"""``python3 -m pyapp serata simulate``: an evening played out by the medium computer players.

The organiser's side is scripted and random (seeded): sign-ups from 20:00, arrivals (a few after
the draw, one sometimes never), the seats drawn by lot at 21:00, then half-hour blocks until
after midnight. In each block every table in play deals a few hands with the poker engine and
the medium players (:mod:`pyapp.bots`), whose ledger comes back through
:func:`pyapp.poker.serata.play.import_ledger` exactly as a table played on the page does; between
blocks a player steps away and comes back, one stops after the first hour and the first in
surplus takes his seat, and the clock runs. Everything goes through :meth:`Evening.apply`, so a
simulation is also a long test of the rules; the record it builds is the whole evening.
"""

from __future__ import annotations

import random
from typing import Final

from pyapp.bots import make_bot
from pyapp.club.record import Entry
from pyapp.core import CHANCE
from pyapp.poker.rules import PokerState
from pyapp.poker.serata import play
from pyapp.poker.serata import tables as seats_rules
from pyapp.poker.serata.evening import Evening
from pyapp.poker.serata.model import AWAY, LISTED, SEATED, clock_text
from pyapp.record import read_record, write_record
from pyapp.start import between_hands

FIRST_NAMES: Final = (
    "Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ivo", "Luca", "Marta", "Nino", "Olga",
    "Piero", "Rita", "Sandro", "Teresa", "Ugo", "Vera", "Walter", "Zeno", "Alba", "Beppe", "Clara",
    "Dino", "Ezio", "Flora", "Gino", "Ines", "Lino", "Mara",
)  # fmt: skip
SURNAMES: Final = (
    "Rossi",
    "Bianchi",
    "Verdi",
    "Neri",
    "Russo",
    "Greco",
    "Conti",
    "Gallo",
    "Costa",
    "Fontana",
)

HANDS_PER_BLOCK: Final = 6
BLOCKS: Final = 7
MAX_EXTRA_HANDS: Final = 60
"""A block plays on past its hands until no pot is carried over (at most this many more)."""


def names(count: int, rng: random.Random) -> list[str]:
    """``count`` different player names."""
    pool = [f"{first} {last}" for last in SURNAMES for first in FIRST_NAMES]
    rng.shuffle(pool)
    return pool[:count]


class Simulation:
    """One simulated evening (see the module)."""

    def __init__(self, signups: int, seed: int, seats: int = 5) -> None:
        self.rng = random.Random(seed)
        self.evening = Evening(
            {"seats": str(seats)}, {"Title": f"Serata simulata {seed}", "Id": f"sim-{seed}"}
        )
        self.names = names(signups, self.rng)
        self.time = 20 * 60
        self.bot = make_bot("poker", "medium")

    def add(self, verb: str, *args: str, at: int | None = None) -> None:
        """Apply one entry at ``at`` (default: the simulation's clock)."""
        when = self.time if at is None else at
        self.evening.apply(Entry(verb, (clock_text(when), *args)))

    def run(self) -> Evening:
        """Play the whole evening; the evening."""
        rng = self.rng
        late: dict[str, int] = {}
        for i, name in enumerate(self.names):
            self.time = 20 * 60 + i * min(2 * len(self.names), 40) // len(self.names)
            self.add("signup", name)
        never = self.names[2] if len(self.names) >= 6 and rng.random() < 0.5 else None
        arrivals = []
        for name in self.names:
            if name == never:
                continue
            if rng.random() < 0.15:
                late[name] = 21 * 60 + rng.randrange(5, 50)
            else:
                arrivals.append((min(20 * 60 + 55, 20 * 60 + 40 + rng.randrange(0, 16)), name))
        for when, name in sorted(arrivals):
            self.time = max(self.time, when)
            self.add("arrive", name)
        self.time = 21 * 60
        for forming in seats_rules.forming(self.evening.state):
            order = list(forming.names)
            rng.shuffle(order)  # the lot; the record keeps its outcome
            self.add("draw", str(forming.number), *order)
        for block in range(BLOCKS):
            start = 21 * 60 + 30 * block
            for name, when in sorted(late.items(), key=lambda x: x[1]):
                if when <= start + 29:
                    self._arrive_late(name, max(when, self.time))
                    del late[name]
            self.time = max(self.time, start)
            self._events(block)
            for number in [t.number for t in self.evening.state.tables if t.playing]:
                self._play_block(number, start + 25)
            self.time = max(self.time, start + 29)
            self._fill_seats()
        self.time += 5
        self._give_out_pots()
        self.add("close")
        return self.evening

    def _give_out_pots(self) -> None:
        """A pot still in the middle at the close: the organiser shares it among the players at the
        table (the first ones in seat order get the odd chips), so that the chips add up (PE14)."""
        for number in [t.number for t in self.evening.state.tables if t.playing and t.pot]:
            table = self.evening.state.table(number)
            assert table is not None
            present = self._present(number) or [n for n in table.seats if n]
            share, odd = divmod(table.pot, len(present))
            for i, name in enumerate(present):
                player = self.evening.state.player(name)
                assert player is not None
                self.add("chips", name, str(player.chips + share + (1 if i < odd else 0)))
            self.add("pot", str(number), "0")

    def _arrive_late(self, name: str, when: int) -> None:
        player = self.evening.state.player(name)
        self.time = max(self.time, when)
        if player is not None and player.status in ("late", LISTED) and player.arrived is None:
            self.add("arrive", name)

    def _present(self, number: int) -> list[str]:
        table = self.evening.state.table(number)
        return seats_rules.present_at(self.evening.state, table) if table else []

    def _events(self, block: int) -> None:
        """Between blocks: someone away comes back; one steps away; after an hour one stops."""
        state = self.evening.state
        for player in list(state.players.values()):
            if player.status == AWAY:
                self.add("return", player.name, at=self.time)
        playing = [t for t in state.tables if t.playing]
        if not playing:
            return
        table = playing[block % len(playing)]
        present = self._present(table.number)
        if block in (1, 4) and len(present) >= 5:
            self.add("leave", self.rng.choice(present))
        elif block == 3 and len(present) >= 4:
            quitter = self.rng.choice(present)
            self.add("quit", quitter)
            self._neighbour_moves(table.number)
        self._fill_seats()

    def _neighbour_moves(self, number: int) -> None:
        """PE8: the neighbours of an empty seat say whether they move (the bigger loser first)."""
        state = self.evening.state
        table = state.table(number)
        assert table is not None
        for seat in table.free():
            sides = [table.seats[s] for s in seats_rules.neighbours(table, seat)]
            movers = [
                p for p in (state.player(n) for n in sides if n) if p is not None and p.status == SEATED
            ]
            movers.sort(key=lambda p: p.net(state.options.passata))
            for player in movers:
                if self.rng.random() < 0.3:
                    self.add("move", player.name, str(seat + 1))
                    return
                self.add("stay", player.name)

    def _fill_seats(self) -> None:
        """PE5, PE9: the first in surplus takes a free seat, as long as one is there."""
        for number in [t.number for t in self.evening.state.tables]:
            while True:
                state = self.evening.state  # a new state after every entry
                table = state.table(number)
                if table is None or not table.playing or not table.free():
                    break
                first = seats_rules.first_present(state, table.stake)
                if first is None:
                    break
                self.add("sit", first, str(number), str(seats_rules.sit_choices(table)[0] + 1))

    def _play_block(self, number: int, end: int) -> None:
        """A few hands at table ``number`` with the medium players; the ledger comes back at ``end``."""
        pot = self.evening.state.options.pot(len(self._present(number)))
        for name in self._present(number):
            player = self.evening.state.player(name)
            assert player is not None
            if player.chips < pot:
                self.add("passata", name, str(-(-(pot - player.chips) // self.evening.options.passata)))
        if not 4 <= len(self._present(number)) <= 6:
            return
        record = play.table_game(self.evening, number, None)
        game = read_record(record).state
        assert isinstance(game, PokerState)
        rng = self.rng
        target = HANDS_PER_BLOCK
        while not game.is_terminal():
            if between_hands(game) and game.current_player() == CHANCE:
                if game.hands_dealt >= target and (
                    not game.carry or game.hands_dealt >= target + MAX_EXTRA_HANDS
                ):
                    break
            actor = game.current_player()
            if actor == CHANCE:
                game.apply(game.chance_sample(rng))
            else:
                game.apply(self.bot.choose(game.info_state(actor), rng))
        tags = read_record(record).tags
        self.time = max(self.time, end)
        play.import_ledger(self.evening, write_record(game, tags), self.time)


def simulate(signups: int, seed: int, seats: int = 5) -> Evening:
    """An evening of ``signups`` players played out with seed ``seed`` (see the module)."""
    return Simulation(signups, seed, seats).run()
