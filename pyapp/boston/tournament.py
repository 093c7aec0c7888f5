"""The Boston tournament (club.md BT1-BT4): rounds of games at tables of four, and the scorekeeper.

Entries (``docs/notation/club.md``, "Boston tournament")::

    player NAME                     a player of the tournament
    round lot|standings             BT2: the next round, its tables by lot or by the standings
    bye NAME                        BT2: NAME sits out this round (0 points, 0 mani)
    table P1 P2 P3 P4               BT2: a table of the round, in playing order (P1 deals first)
    hand T passo                    B5: four PASSO at table T, redealt, not counted (BT1)
    hand T chiedo P TRICKS          BT4: P asked and played alone; the tricks P made
    hand T accetto P Q TRICKS       BT4: P asked, Q accepted; the tricks they made together
    hand T solo P TRICKS            BT4: P played SOLO; the tricks P made
    lot P1 P2 ...                   BT3: the order drawn among players equal on every column

Points and mani are never typed: they follow from the contract and the tricks by the engine's
own scoring (:func:`pyapp.boston.rules.hand_score`, boston.md B11-B12). A game is four counted
hands at one table (BT1); its winner has most points, then most mani (B13).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from pyapp.boston.actions import ACCETTO, CHIEDO, PASSO, SOLO
from pyapp.boston.rules import COUNTED_HANDS, SEAT_INDEX, BostonState, hand_score
from pyapp.club.record import ClubRecordError, Entry
from pyapp.club.schedule import open_ties, rank
from pyapp.club.tournament import Ledger, Tournament, TournamentEvent, drawn_lots
from pyapp.core import Option, play_out

TRICKS: Final = 13
"""B10: all 13 tricks are played."""

SEATING: Final = ("lot", "standings")
"""BT2: how the tables of a round are made."""

CONTRACTS: Final = (PASSO, CHIEDO, ACCETTO, SOLO)


@dataclass
class Hand:
    """One deal at a table: a redeal (``passo``) or a counted hand with its points and mani."""

    contract: str
    players: tuple[int, ...] = ()
    tricks: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    mani: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    made: bool = False
    dealer: int = 0

    @property
    def counted(self) -> bool:
        """B5: a four-PASSO redeal does not count."""
        return self.contract != PASSO


@dataclass
class Table:
    """A game of four counted hands (BT1) at a table of four, seats in playing order."""

    players: tuple[str, str, str, str]
    hands: list[Hand] = field(default_factory=list)

    @property
    def counted(self) -> int:
        """Counted hands so far."""
        return sum(1 for h in self.hands if h.counted)

    @property
    def complete(self) -> bool:
        """BT1: four counted hands, everyone has dealt once."""
        return self.counted == COUNTED_HANDS

    @property
    def dealer(self) -> int:
        """The seat dealing next: one more after each counted hand, the same after a redeal (B5)."""
        return min(self.counted, COUNTED_HANDS - 1)

    def totals(self) -> tuple[list[int], list[int]]:
        """Each seat's points and mani in this game."""
        points, mani = [0, 0, 0, 0], [0, 0, 0, 0]
        for hand in self.hands:
            for seat in range(4):
                points[seat] += hand.points[seat]
                mani[seat] += hand.mani[seat]
        return points, mani

    def winners(self) -> list[str]:
        """B13: most points, then most mani; still equal, the place is shared (once complete)."""
        if not self.complete:
            return []
        points, mani = self.totals()
        best = max(zip(points, mani, strict=True))
        return [self.players[s] for s in range(4) if (points[s], mani[s]) == best]


@dataclass
class Round:
    """BT2: one round: how it was seated, its byes and its tables."""

    number: int
    method: str
    byes: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)

    def seated(self) -> set[str]:
        """Everyone at a table or on a bye this round."""
        return {p for t in self.tables for p in t.players} | set(self.byes)


class BostonTournament(Tournament):
    """BT1-BT4: players, rounds, byes, tables, hands, standings by points, mani, games won, lot."""

    game: ClassVar[str] = "boston"
    option_spec: ClassVar[tuple[Option, ...]] = (Option("rounds", 3, low=1, high=99),)
    verbs: ClassVar[tuple[str, ...]] = ("player", "round", "bye", "table", "hand", "lot")

    def __init__(self, options: Mapping[str, str | int] | None = None) -> None:
        super().__init__(options)
        self.rounds_wanted = int(self.options["rounds"])
        self.players: list[str] = []
        self.rounds: list[Round] = []
        self.lots: list[list[str]] = []

    # -- helpers -------------------------------------------------------------------------------
    def _player(self, entry: Entry, name: str) -> str:
        if name not in self.players:
            self.refuse(entry, "club.boston.no_player", player=name)
        return name

    def _open_round(self, entry: Entry) -> Round:
        if not self.rounds or self.round_complete(self.rounds[-1]):
            self.refuse(entry, "club.boston.no_round")
        return self.rounds[-1]

    def round_complete(self, rnd: Round) -> bool:
        """Everyone seated or on a bye, and every table's game over."""
        return rnd.seated() == set(self.players) and all(t.complete for t in rnd.tables)

    # -- entries ----------------------------------------------------------------------------------
    def entry_player(self, entry: Entry) -> None:
        """A player (before the first round)."""
        self.arity(entry, 1, usage="player NAME")
        name = entry.args[0]
        if self.rounds:
            self.refuse(entry, "club.boston.players_closed")
        if not name.strip():
            self.refuse(entry, "club.entry.blank_name")
        if any(p.casefold() == name.casefold() for p in self.players):
            self.refuse(entry, "club.boston.player_exists", player=name)
        self.players.append(name)

    def entry_round(self, entry: Entry) -> None:
        """BT2: the next round, seated by lot or by the standings."""
        self.arity(entry, 1, usage="round lot|standings")
        method = entry.args[0]
        if method not in SEATING:
            self.refuse(entry, "club.boston.seating", method=method, choices=", ".join(SEATING))
        if len(self.players) < 4:
            self.refuse(entry, "club.boston.too_few", players=len(self.players))
        if self.rounds and not self.round_complete(self.rounds[-1]):
            self.refuse(entry, "club.boston.round_open", number=self.rounds[-1].number)
        if len(self.rounds) >= self.rounds_wanted:
            self.refuse(entry, "club.boston.rounds_over", rounds=self.rounds_wanted)
        self.rounds.append(Round(len(self.rounds) + 1, method))

    def entry_bye(self, entry: Entry) -> None:
        """BT2: a player sits out this round (chosen by the organiser)."""
        self.arity(entry, 1, usage="bye NAME")
        rnd = self._open_round(entry)
        name = self._player(entry, entry.args[0])
        if name in rnd.seated():
            self.refuse(entry, "club.boston.seated", player=name, number=rnd.number)
        if len(self.players) - len(rnd.byes) - 1 < 4:
            self.refuse(entry, "club.boston.too_many_byes")
        rnd.byes.append(name)

    def entry_table(self, entry: Entry) -> None:
        """BT2: a table of four in playing order; by standings, the best still free sit first."""
        self.arity(entry, 4, usage="table P1 P2 P3 P4")
        rnd = self._open_round(entry)
        names = [self._player(entry, n) for n in entry.args]
        if len(set(names)) != 4:
            self.refuse(entry, "club.boston.table_twice")
        for name in names:
            if name in rnd.seated():
                self.refuse(entry, "club.boston.seated", player=name, number=rnd.number)
        if rnd.method == "standings":
            keys = self.keys()
            free = [p for p in self.players if p not in rnd.seated() and p not in names]
            for name in names:
                better = [p for p in free if keys[p] > keys[name]]
                if better:
                    self.refuse(entry, "club.boston.by_standings", player=name, other=better[0])
        rnd.tables.append(Table((names[0], names[1], names[2], names[3])))

    def entry_hand(self, entry: Entry) -> None:
        """BT4: one deal at a table: a redeal, or a contract, its players and the tricks made."""
        usage = "hand T passo | hand T chiedo|solo P TRICKS | hand T accetto P Q TRICKS"
        if len(entry.args) < 2:
            self.refuse(entry, "club.entry.arity", verb="hand", usage=usage)
        rnd = self._open_round(entry)
        number = self.number(entry, entry.args[0], 1, 99, "club.what.table")
        if number > len(rnd.tables):
            self.refuse(entry, "club.boston.no_table", number=number, round=rnd.number)
        table = rnd.tables[number - 1]
        if table.complete:
            self.refuse(entry, "club.boston.game_over", number=number)
        contract = entry.args[1]
        if contract not in CONTRACTS:
            self.refuse(entry, "club.boston.contract", contract=contract, choices=", ".join(CONTRACTS))
        sizes = {PASSO: 2, CHIEDO: 4, SOLO: 4, ACCETTO: 5}
        if len(entry.args) != sizes[contract]:
            self.refuse(entry, "club.entry.arity", verb="hand", usage=usage)
        dealer = table.dealer
        if contract == PASSO:
            table.hands.append(Hand(PASSO, dealer=dealer))
            return
        seats: list[int] = []
        for name in entry.args[2:-1]:
            if name not in table.players:
                self.refuse(
                    entry,
                    "club.boston.not_at_table",
                    player=name,
                    number=number,
                    players=", ".join(table.players),
                )
            seats.append(table.players.index(name))
        if len(set(seats)) != len(seats):
            self.refuse(entry, "club.boston.accept_self", player=entry.args[2])
        tricks = self.number(entry, entry.args[-1], 0, TRICKS, "club.what.tricks")
        points, mani, made = hand_score(contract, tuple(seats), tricks)
        table.hands.append(Hand(contract, tuple(seats), tricks, points, mani, made, dealer))

    def entry_lot(self, entry: Entry) -> None:
        """BT3: the order drawn among players equal on points, mani and games won, at the end."""
        if len(entry.args) < 2:
            self.refuse(entry, "club.entry.arity", verb="lot", usage="lot P1 P2 …")
        names = [self._player(entry, n) for n in entry.args]
        if not self.complete_rounds():
            self.refuse(entry, "club.boston.lot_early", rounds=self.rounds_wanted)
        if len(set(names)) != len(names) or set(names) not in [set(t) for t in open_ties(self.standings())]:
            self.refuse(entry, "club.boston.lot_not_tied", players=", ".join(names))
        self.lots.append(names)

    # -- standings ------------------------------------------------------------------------------------
    def totals(self) -> dict[str, dict[str, Any]]:
        """Per player: points, mani, games won and played, byes."""
        rows: dict[str, dict[str, Any]] = {
            p: {"player": p, "points": 0, "mani": 0, "wins": 0, "games": 0, "byes": 0} for p in self.players
        }
        for rnd in self.rounds:
            for name in rnd.byes:
                rows[name]["byes"] += 1
            for table in rnd.tables:
                points, mani = table.totals()
                for seat, name in enumerate(table.players):
                    rows[name]["points"] += points[seat]
                    rows[name]["mani"] += mani[seat]
                    if table.complete:
                        rows[name]["games"] += 1
                for name in table.winners():
                    rows[name]["wins"] += 1
        return rows

    def keys(self) -> dict[str, tuple[int, int, int]]:
        """BT3 sort keys: (points, mani, games won)."""
        return {p: (r["points"], r["mani"], r["wins"]) for p, r in self.totals().items()}

    def standings(self) -> list[Any]:
        """BT3: points, then mani, then games won, then the recorded lot."""
        keys = self.keys()
        stages = [
            lambda tied: {p: keys[p][0] for p in tied},
            lambda tied: {p: keys[p][1] for p in tied},
            lambda tied: {p: keys[p][2] for p in tied},
        ]
        return rank(self.players, stages, self.lots)

    def complete_rounds(self) -> bool:
        """All the rounds the option asks for are played."""
        return len(self.rounds) == self.rounds_wanted and self.round_complete(self.rounds[-1])

    def complete(self) -> bool:
        """Every round played (ties still open are shown as shared places)."""
        return self.complete_rounds()

    # -- JSON ------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """BT JSON: ``rounds`` (tables with points and mani per player, byes), ``standings``."""
        rows = self.totals()
        placed = self.standings()
        rounds = []
        for rnd in self.rounds:
            tables = []
            for number, table in enumerate(rnd.tables, start=1):
                points, mani = table.totals()
                tables.append(
                    {
                        "number": number,
                        "players": list(table.players),
                        "points": points,
                        "mani": mani,
                        "complete": table.complete,
                        "winners": table.winners(),
                        "counted": table.counted,
                        "dealer": table.players[table.dealer],
                        "hands": [
                            {
                                "counted": h.counted,
                                "dealer": table.players[h.dealer],
                                "contract": h.contract,
                                "players": [table.players[s] for s in h.players],
                                "tricks": h.tricks if h.counted else None,
                                "made": h.made if h.counted else None,
                                "points": list(h.points),
                                "mani": list(h.mani),
                            }
                            for h in table.hands
                        ],
                    }
                )
            unseated = [p for p in self.players if p not in rnd.seated()]
            rounds.append(
                {
                    "number": rnd.number,
                    "method": rnd.method,
                    "tables": tables,
                    "byes": list(rnd.byes),
                    "unseated": unseated,
                    "complete": self.round_complete(rnd),
                }
            )
        return {
            "options": dict(self.options),
            "players": list(self.players),
            "rounds": rounds,
            "standings": [{**rows[p.item], "rank": p.rank, "tied": p.tied, "lot": p.lot} for p in placed],
            "ties": open_ties(placed) if self.complete_rounds() else [],
        }


# -- entries from a game record ------------------------------------------------------------------------
def entries_from_result(result: Mapping[str, Any], table: int, players: Sequence[str]) -> list[Entry]:
    """The ``hand`` entries of a game played at a Circolo table by table ``table``'s ``players``.

    ``result`` is :meth:`BostonState.result`; ``players`` are the table's four in playing order,
    the first being the game's first dealer (the seats follow clockwise from there).
    """
    hands = list(result.get("hands", []))
    if not hands:
        return []
    first = SEAT_INDEX[hands[0]["dealer"]]

    def name(seat: str) -> str:
        return players[(SEAT_INDEX[seat] - first) % 4]

    out: list[Entry] = []
    for hand in hands:
        contract = hand.get("contract")
        if not hand.get("counted") or contract is None:
            out.append(Entry("hand", (str(table), PASSO)))
            continue
        who = [name(s) for s in contract["players"]]
        out.append(Entry("hand", (str(table), contract["type"], *who, str(contract["tricks"]))))
    return out


SIMULATE_SETTINGS: Final[dict[str, tuple[object, str]]] = {
    "players": (8, "number of players"),
    "rounds": (3, "number of rounds (BT2)"),
    "seating": ("lot", "seating after the first round: lot or standings (BT2)"),
}
"""The settings of ``python3 -m pyapp club simulate --game boston``: name -> (default, help)."""


# -- simulation ------------------------------------------------------------------------------------
def simulate(
    players: int = 8,
    rounds: int = 3,
    seed: int = 0,
    seating: str = "lot",
    level: str = "medium",
    **unused: object,
) -> Ledger:
    """A whole tournament played by computer players of ``level`` with real engine games.

    Round 1 is seated by lot, later rounds by ``seating``; the byes go to those with the fewest
    byes so far (the lot decides among them); every game is a Boston game played to the end
    and entered from its result; ties left at the end are drawn by lot.
    """
    from pyapp.bots import make_bot

    rng = random.Random(seed)
    ledger = Ledger.new("boston", {"rounds": rounds}, {"Title": f"Simulazione {seed}"})
    names = [f"Giocatore {i + 1}" for i in range(players)]
    for name in names:
        ledger.add(Entry("player", (name,)))
    bots = [make_bot("boston", level) for _ in range(4)]

    def tournament() -> BostonTournament:
        state = ledger.state
        assert isinstance(state, BostonTournament)
        return state

    for number in range(1, rounds + 1):
        method = "lot" if number == 1 else seating
        ledger.add(Entry("round", (method,)))
        for entry in seat_round(tournament(), method, rng):
            ledger.add(entry)
        for index, table in enumerate(tournament().rounds[-1].tables, start=1):
            game = BostonState()
            game.apply("dealer N")  # the table's first player deals first (seats follow clockwise)
            play_out(game, bots, rng)
            for entry in entries_from_result(game.result(), index, table.players):
                ledger.add(entry)
    for entry in drawn_lots(open_ties(tournament().standings()), rng):
        ledger.add(entry)
    return ledger


def seat_round(state: BostonTournament, method: str, rng: random.Random) -> list[Entry]:
    """The byes and tables of the open round: byes to those with fewest so far (lot among them),
    tables by lot or by standings (BT2)."""
    rows = state.totals()
    free = [p for p in state.players if p not in state.rounds[-1].seated()]
    byes_needed = len(free) % 4
    order = list(free)
    rng.shuffle(order)
    order.sort(key=lambda p: rows[p]["byes"])
    byes = order[:byes_needed]
    out = [Entry("bye", (p,)) for p in byes]
    seated = [p for p in free if p not in byes]
    rng.shuffle(seated)
    if method == "standings":
        keys = state.keys()
        seated.sort(key=lambda p: keys[p], reverse=True)
    for i in range(0, len(seated), 4):
        out.append(Entry("table", tuple(seated[i : i + 4])))
    return out


# -- what the app draws for the organiser, and game records ------------------------------------------
def draw(state: BostonTournament, kind: str, rng: random.Random, params: Mapping[str, Any]) -> list[Entry]:
    """The entries of a lot drawn by the app: the next ``round`` (params ``method``: lot or
    standings, ``byes``: the players the organiser chose to sit out) with its tables (BT2), or the
    ``lot`` of every open tie at the end (BT3)."""
    if kind == "round":
        method = str(params.get("method", "lot"))
        byes = [str(p) for p in params.get("byes", ()) or ()]
        out = [Entry("round", (method,)), *(Entry("bye", (p,)) for p in byes)]
        seated = [p for p in state.players if p not in byes]
        rng.shuffle(seated)
        if method == "standings":
            keys = state.keys()
            seated.sort(key=lambda p: keys[p], reverse=True)
        if len(seated) % 4:
            raise ClubRecordError(0, "", "club.boston.byes_needed", players=len(seated), byes=len(seated) % 4)
        out += [Entry("table", tuple(seated[i : i + 4])) for i in range(0, len(seated), 4)]
        return out
    if kind == "lot":
        if not state.complete_rounds():
            raise ClubRecordError(0, "", "club.boston.lot_early", rounds=state.rounds_wanted)
        return drawn_lots(open_ties(state.standings()), rng)
    raise ClubRecordError(0, "", "club.draw.unknown", kind=kind)


def suggested_byes(state: BostonTournament) -> list[str]:
    """BT2: who could sit out the next round: as many as needed, those with fewest byes so far and
    lowest in the standings first (the organiser decides)."""
    rows = state.totals()
    order = [p.item for p in reversed(state.standings())]
    order.sort(key=lambda p: rows[p]["byes"])
    return order[: len(state.players) % 4]


def entries_from_game(
    state: BostonTournament,
    game: str,
    options: Mapping[str, Any],
    result: Mapping[str, Any],
    params: Mapping[str, Any],
) -> list[Entry]:
    """The ``hand`` entries of table ``table`` (params) of the open round from a Circolo game: its
    game name, options and :meth:`result` (the table's first player dealt first)."""
    if not state.rounds or state.round_complete(state.rounds[-1]):
        raise ClubRecordError(0, "", "club.boston.no_round")
    tables = state.rounds[-1].tables
    number = int(params.get("table", 0) or 0)
    if not 1 <= number <= len(tables):
        raise ClubRecordError(0, "", "club.boston.no_table", number=number, round=state.rounds[-1].number)
    if game != "boston":
        raise ClubRecordError(0, "", "club.import.wrong_game", game=game)
    return entries_from_result(result, number, tables[number - 1].players)


EVENT: Final = TournamentEvent(
    rules=BostonTournament,
    draw=draw,
    entries_from_game=entries_from_game,
    simulate=simulate,
    simulate_settings=SIMULATE_SETTINGS,
    view="pyapp.views.club_boston",
)
"""The Boston tournament (BT1-BT4), as the game's spec names it (``club={"tournament": ...}``)."""
