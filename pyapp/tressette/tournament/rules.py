"""The Tressette tournament (club.md TT1-TT9) and the scorekeeper of a partita (T12-T16).

Entries (``docs/notation/club.md``, "Tressette tournament")::

    team NAME PLAYER PLAYER          TT1: a team of two, fixed
    group NAME TEAM TEAM ...         TT2: a group by the organiser's hand
    draw NAME TEAM TEAM ...          TT2: a group drawn by lot (the draw as it came out)
    dealer A B PLAYER                TT9: who deals first in the meeting A-B
    hand A B P PTS_A PTS_B           T12: one scored hand of partita P of the meeting A-B
    penalty A B P TEAM               TT7/T16: 3 points off TEAM in partita P, the hand voided
    partita A B P TOT_A TOT_B        partita P by its final totals only (T14 checked)
    forfeit A B TEAM                 TEAM loses the meeting 2-0
    disqualify TEAM                  TT8: its meetings not yet complete are lost 2-0
    lot GROUP TEAM TEAM ...          TT5: the order drawn among teams equal on every column
    knockout K                       TT6: the first K of each group enter the bracket

Each meeting is best of three (TT3; the option ``match=all_three`` plays all three), a partita
won is one point (TT4). A hand is worth 11 points (T12), so the second side's points follow
from the first's; the partita ends exactly when T14 says (31 or more after a complete hand, the
higher total wins, equal totals go on), and a hand entered after its end is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pyapp.club.record import Entry
from pyapp.club.schedule import Placed, bracket_rounds, open_ties, rank, round_robin, seed_bracket
from pyapp.club.tournament import Tournament
from pyapp.core import Option, parse_int
from pyapp.errors import Msg
from pyapp.tressette.tournament.meeting import (
    HAND_POINTS,
    MATCH_OPTION,
    MAX_PARTITE,
    TARGET,
    Meeting,
    Partita,
    Team,
    signed,
    totals_possible,
)


class TressetteTournament(Tournament):
    """TT1-TT9: teams, groups, meetings, standings, knockout, penalties and disqualification."""

    game: ClassVar[str] = "tressette"
    option_spec: ClassVar[tuple[Option, ...]] = (
        Option("groups", 1, low=1, high=64),
        Option("match", MATCH_OPTION.default, MATCH_OPTION.choices),
    )
    verbs: ClassVar[tuple[str, ...]] = (
        "team",
        "group",
        "draw",
        "dealer",
        "hand",
        "penalty",
        "partita",
        "forfeit",
        "disqualify",
        "lot",
        "knockout",
    )

    def __init__(self, options: Mapping[str, str | int] | None = None) -> None:
        super().__init__(options)
        self.all_three = self.options["match"] == "all_three"
        self.teams: dict[str, Team] = {}
        self.groups: dict[str, list[str]] = {}
        self.drawn: dict[str, bool] = {}
        self.meetings: dict[frozenset[str], Meeting] = {}
        """Group meetings by their pair of teams (each pair of a group meets once, TT2)."""
        self.lots: dict[str, list[list[str]]] = {}
        self.knockout_k = 0
        self.slots: list[str | None] = []
        self.knockout: dict[frozenset[str], Meeting] = {}
        self.results = 0
        """Entries about meetings so far (groups and teams are closed after the first)."""

    # -- helpers -------------------------------------------------------------------------------
    @property
    def groups_made(self) -> bool:
        """Every team is in a group, and there are as many groups as the option says (TT2)."""
        return (
            bool(self.teams)
            and len(self.groups) == int(self.options["groups"])
            and all(t.group is not None for t in self.teams.values())
        )

    def _team(self, entry: Entry, name: str) -> Team:
        team = self.teams.get(name)
        if team is None:
            self.refuse(entry, "club.tressette.no_team", team=name)
        return team

    def _side(self, entry: Entry, meeting: Meeting, flip: bool, name: str) -> int:
        if name not in meeting.teams:
            self.refuse(
                entry, "club.tressette.not_in_meeting", team=name, a=meeting.teams[0], b=meeting.teams[1]
            )
        side = meeting.teams.index(name)
        return 1 - side if flip else side

    def _meeting(self, entry: Entry, a: str, b: str) -> tuple[Meeting, bool]:
        """The open meeting of ``a`` and ``b`` and whether the entry names them the other way round."""
        if not self.groups_made:
            self.refuse(entry, "club.tressette.groups_first")
        self._team(entry, a)
        self._team(entry, b)
        if a == b:
            self.refuse(entry, "club.tressette.same_team", team=a)
        pair = frozenset((a, b))
        found = self._knockout_meeting(pair) or self.meetings.get(pair)
        if found is None:
            self.refuse(entry, "club.tressette.no_meeting", a=a, b=b)
        if found.complete(self.all_three):
            pa, pb = found.points(self.all_three)
            if found.teams[0] != a:
                pa, pb = pb, pa
            self.refuse(entry, "club.tressette.meeting_complete", a=a, b=b, pa=pa, pb=pb)
        return found, found.teams[0] != a

    def _knockout_meeting(self, pair: frozenset[str]) -> Meeting | None:
        if not self.slots:
            return None
        for bouts in self.bracket():
            for bout in bouts:
                if (
                    not bout.bye
                    and bout.a is not None
                    and bout.b is not None
                    and frozenset((bout.a, bout.b)) == pair
                ):
                    return self.knockout.get(pair)
        return None

    def _partita(self, entry: Entry, meeting: Meeting, text: str, fresh: bool = False) -> Partita:
        """The partita numbered ``text``: the one in progress, or the next one (created here)."""
        number = parse_int(text)
        if number is None or number < 1:
            self.refuse(entry, "club.entry.not_number", what=Msg("club.what.partita"), given=text)
        if number > MAX_PARTITE:
            self.refuse(entry, "club.tressette.no_fourth", number=number)
        current = meeting.current()
        expected = current.number if current else len(meeting.partite) + 1
        if number < expected:
            done = meeting.partite[number - 1]
            self.refuse(
                entry, "club.tressette.partita_over", number=number, a=done.totals[0], b=done.totals[1]
            )
        if number > expected:
            self.refuse(entry, "club.tressette.partita_not_yet", number=number, expected=expected)
        if current is None:
            return Partita(number)
        if fresh and current.events:
            self.refuse(entry, "club.tressette.partita_started", number=number)
        return current

    def _store(self, meeting: Meeting, partita: Partita) -> None:
        if not meeting.partite or meeting.partite[-1] is not partita:
            meeting.partite.append(partita)
        self.results += 1

    def _points(self, entry: Entry, text: str) -> int:
        value = parse_int(text)
        if value is None:
            self.refuse(entry, "club.entry.not_number", what=Msg("club.what.points"), given=text)
        if value > HAND_POINTS:
            self.refuse(entry, "club.tressette.hand_points", value=value, total=HAND_POINTS)
        return value

    # -- setting up ------------------------------------------------------------------------------
    def entry_team(self, entry: Entry) -> None:
        """TT1: a team and its two players (before the groups are made)."""
        self.arity(entry, 3, usage="team NAME PLAYER PLAYER")
        name, p1, p2 = entry.args
        if self.groups:
            self.refuse(entry, "club.tressette.teams_closed")
        for text in entry.args:
            if not text.strip():
                self.refuse(entry, "club.entry.blank_name")
        if any(t.casefold() == name.casefold() for t in self.teams):
            self.refuse(entry, "club.tressette.team_exists", team=name)
        if p1.casefold() == p2.casefold():
            self.refuse(entry, "club.tressette.same_player", player=p1)
        for team in self.teams.values():
            for player in (p1, p2):
                if player.casefold() in (p.casefold() for p in team.players):
                    self.refuse(entry, "club.tressette.player_taken", player=player, team=team.name)
        self.teams[name] = Team(name, (p1, p2))

    def entry_group(self, entry: Entry) -> None:
        """TT2: a group by the organiser's hand."""
        self._make_group(entry, drawn=False)

    def entry_draw(self, entry: Entry) -> None:
        """TT2: a group drawn by lot (the entry is the draw's outcome)."""
        self._make_group(entry, drawn=True)

    def _make_group(self, entry: Entry, drawn: bool) -> None:
        if len(entry.args) < 3:
            self.refuse(entry, "club.entry.arity", verb=entry.verb, usage=f"{entry.verb} NAME TEAM TEAM …")
        name, members = entry.args[0], list(entry.args[1:])
        wanted = int(self.options["groups"])
        total = len(self.teams)
        if self.groups_made:
            self.refuse(entry, "club.tressette.groups_done", groups=wanted)
        if not name.strip():
            self.refuse(entry, "club.entry.blank_name")
        if name in self.groups:
            self.refuse(entry, "club.tressette.group_exists", group=name)
        if total < 2 * wanted:
            self.refuse(entry, "club.tressette.too_few_teams", teams=total, groups=wanted)
        for member in members:
            team = self._team(entry, member)
            if team.group is not None:
                self.refuse(entry, "club.tressette.team_placed", team=member, group=team.group)
        if len(set(members)) != len(members):
            self.refuse(entry, "club.tressette.team_twice")
        low, high = total // wanted, -(-total // wanted)
        placed = sum(len(g) for g in self.groups.values()) + len(members)
        left_groups = wanted - len(self.groups) - 1
        left_teams = total - placed
        if not low <= len(members) <= high or not left_groups * low <= left_teams <= left_groups * high:
            self.refuse(
                entry, "club.tressette.group_size", size=len(members), low=low, high=high, groups=wanted
            )
        self.groups[name] = members
        self.drawn[name] = drawn
        for member in members:
            self.teams[member].group = name
        if self.groups_made:
            for group, teams in self.groups.items():
                for number, pairs in enumerate(round_robin(teams), start=1):
                    for a, b in pairs:
                        self.meetings[frozenset((a, b))] = Meeting((a, b), group, number)

    # -- meetings ----------------------------------------------------------------------------------
    def entry_dealer(self, entry: Entry) -> None:
        """TT9: who deals first in a meeting (by the turned cards, or drawn)."""
        self.arity(entry, 3, usage="dealer A B PLAYER")
        a, b, player = entry.args
        meeting, _ = self._meeting(entry, a, b)
        if meeting.partite:
            self.refuse(entry, "club.tressette.dealer_late")
        if meeting.dealer is not None:
            self.refuse(entry, "club.tressette.dealer_given", player=meeting.dealer)
        players = self.teams[a].players + self.teams[b].players
        if player not in players:
            self.refuse(entry, "club.tressette.not_a_player", player=player, players=", ".join(players))
        meeting.dealer = player

    def entry_hand(self, entry: Entry) -> None:
        """T12-T14: one scored hand of a partita (points 0-11 each side, 11 together)."""
        self.arity(entry, 5, usage="hand A B P PTS_A PTS_B")
        a, b, number, text_a, text_b = entry.args
        meeting, flip = self._meeting(entry, a, b)
        partita = self._partita(entry, meeting, number)
        if partita.by_totals:
            self.refuse(
                entry,
                "club.tressette.partita_over",
                number=partita.number,
                a=partita.totals[0],
                b=partita.totals[1],
            )
        pa, pb = self._points(entry, text_a), self._points(entry, text_b)
        if pa + pb != HAND_POINTS:
            self.refuse(entry, "club.tressette.hand_sum", a=pa, b=pb, total=HAND_POINTS)
        if flip:
            pa, pb = pb, pa
        partita.hand(pa, pb)
        self._store(meeting, partita)

    def entry_penalty(self, entry: Entry) -> None:
        """TT7/T16: 3 points off the offending team in the partita; the hand is voided."""
        self.arity(entry, 4, usage="penalty A B P TEAM")
        a, b, number, offender = entry.args
        meeting, flip = self._meeting(entry, a, b)
        side = self._side(entry, meeting, False, offender)
        partita = self._partita(entry, meeting, number)
        partita.penalty(side)
        self._store(meeting, partita)

    def entry_partita(self, entry: Entry) -> None:
        """A partita entered by its final totals only: T14 must allow them."""
        self.arity(entry, 5, usage="partita A B P TOT_A TOT_B")
        a, b, number, text_a, text_b = entry.args
        meeting, flip = self._meeting(entry, a, b)
        partita = self._partita(entry, meeting, number, fresh=True)
        ta, tb = (signed(text_a), signed(text_b))
        if ta is None or tb is None:
            bad = text_a if ta is None else text_b
            self.refuse(entry, "club.entry.not_number", what=Msg("club.what.total"), given=bad)
        if not totals_possible(ta, tb):
            self.refuse(entry, "club.tressette.totals_impossible", a=ta, b=tb, target=TARGET)
        if flip:
            ta, tb = tb, ta
        partita.totals = [ta, tb]
        partita.by_totals = True
        partita.winner = 0 if ta > tb else 1
        partita.events.append({"kind": "totals", "totals": [ta, tb]})
        self._store(meeting, partita)

    def entry_forfeit(self, entry: Entry) -> None:
        """A meeting lost 2-0 by forfeit by the team named last."""
        self.arity(entry, 3, usage="forfeit A B TEAM")
        a, b, loser = entry.args
        meeting, _ = self._meeting(entry, a, b)
        side = self._side(entry, meeting, False, loser)
        meeting.forfeit = (side,)
        self.results += 1

    def entry_disqualify(self, entry: Entry) -> None:
        """TT8: the team's meetings not yet complete are lost 2-0 by forfeit; played ones stand."""
        self.arity(entry, 1, usage="disqualify TEAM")
        team = self._team(entry, entry.args[0])
        if not self.groups_made:
            self.refuse(entry, "club.tressette.groups_first")
        if team.disqualified:
            self.refuse(entry, "club.tressette.already_disqualified", team=team.name)
        team.disqualified = True
        for meeting in [*self.meetings.values(), *self.knockout.values()]:
            self._forfeit_disqualified(meeting)
        self.results += 1

    def _forfeit_disqualified(self, meeting: Meeting) -> None:
        """TT8: a meeting not complete (played out or already forfeited) is lost by the disqualified."""
        if meeting.complete(self.all_three):
            return
        sides = tuple(s for s in (0, 1) if self.teams[meeting.teams[s]].disqualified)
        if sides:
            meeting.forfeit = tuple(sorted(set(meeting.forfeit) | set(sides)))

    # -- standings --------------------------------------------------------------------------------
    def group_complete(self, name: str) -> bool:
        """Every meeting of group ``name`` is complete."""
        return all(m.complete(self.all_three) for m in self.meetings.values() if m.stage == name)

    def _rows(self, name: str) -> dict[str, dict[str, Any]]:
        """Per team of the group: the TT5 columns over its meetings."""
        rows: dict[str, dict[str, Any]] = {}
        for team in self.groups[name]:
            rows[team] = {
                "team": team,
                "points": 0,
                "partite_won": 0,
                "partite_lost": 0,
                "scored": 0,
                "conceded": 0,
                "played": 0,
                "cappotti": 0,
            }
        for meeting in self.meetings.values():
            if meeting.stage != name:
                continue
            points = meeting.points(self.all_three)
            counted = meeting.counted(self.all_three)
            for side in (0, 1):
                row = rows[meeting.teams[side]]
                row["points"] += points[side]
                row["partite_won"] += points[side]
                row["partite_lost"] += points[1 - side]
                if meeting.complete(self.all_three):
                    row["played"] += 1
                if counted:
                    for partita in meeting.partite:
                        if partita.winner is not None:
                            row["scored"] += partita.totals[side]
                            row["conceded"] += partita.totals[1 - side]
                        row["cappotti"] += partita.cappotti[side]
        return rows

    def standings(self, name: str) -> tuple[list[Placed[str]], dict[str, dict[str, Any]]]:
        """TT5: the group's standings (rank order) and each team's columns."""
        rows = self._rows(name)
        h2h: dict[str, int | None] = dict.fromkeys(rows)

        def among(tied: list[str]) -> dict[str, int]:
            members = set(tied)
            out = dict.fromkeys(tied, 0)
            for meeting in self.meetings.values():
                if meeting.stage == name and set(meeting.teams) <= members:
                    points = meeting.points(self.all_three)
                    out[meeting.teams[0]] += points[0]
                    out[meeting.teams[1]] += points[1]
            h2h.update(out)
            return out

        stages: list[Callable[[list[str]], Mapping[str, Any]]] = [
            lambda tied: {t: rows[t]["points"] for t in tied},
            among,
            lambda tied: {t: rows[t]["partite_won"] - rows[t]["partite_lost"] for t in tied},
            lambda tied: {t: rows[t]["scored"] - rows[t]["conceded"] for t in tied},
        ]
        placed = rank(self.groups[name], stages, self.lots.get(name, []))
        for team, row in rows.items():
            row["head_to_head"] = h2h[team]
            row["partite_diff"] = row["partite_won"] - row["partite_lost"]
            row["points_diff"] = row["scored"] - row["conceded"]
            row["disqualified"] = self.teams[team].disqualified
        return placed, rows

    def entry_lot(self, entry: Entry) -> None:
        """TT5: the order drawn among teams of a complete group equal on every column."""
        if len(entry.args) < 3:
            self.refuse(entry, "club.entry.arity", verb="lot", usage="lot GROUP TEAM TEAM …")
        name, members = entry.args[0], list(entry.args[1:])
        if name not in self.groups or not self.groups_made:
            self.refuse(entry, "club.tressette.no_group", group=name)
        if not self.group_complete(name):
            self.refuse(entry, "club.tressette.lot_early", group=name)
        placed, _ = self.standings(name)
        if len(set(members)) != len(members) or set(members) not in [set(t) for t in open_ties(placed)]:
            self.refuse(entry, "club.tressette.lot_not_tied", group=name, teams=", ".join(members))
        self.lots.setdefault(name, []).append(members)

    # -- knockout -----------------------------------------------------------------------------------
    def entry_knockout(self, entry: Entry) -> None:
        """TT6: the first K of each group (disqualified teams left out) enter the bracket."""
        self.arity(entry, 1, usage="knockout K")
        if self.slots:
            self.refuse(entry, "club.tressette.knockout_started")
        if not self.groups_made or not all(self.group_complete(g) for g in self.groups):
            self.refuse(entry, "club.tressette.knockout_early")
        smallest = min(len(g) for g in self.groups.values())
        k = self.number(entry, entry.args[0], 1, smallest, "club.what.qualifiers")
        by_place: list[list[tuple[str, str]]] = [[] for _ in range(k)]
        for name in self.groups:
            placed, _ = self.standings(name)
            eligible = [p for p in placed if not self.teams[p.item].disqualified]
            chosen = eligible[:k]
            if len(eligible) > k and eligible[k].tied and eligible[k].rank == eligible[k - 1].rank:
                self.refuse(entry, "club.tressette.knockout_tie", group=name)
            if any(p.tied for p in chosen):
                self.refuse(entry, "club.tressette.knockout_tie", group=name)
            for place, line in enumerate(chosen):
                by_place[place].append((line.item, name))
        entrants = [pair for row in by_place for pair in row]
        if len(entrants) < 2:
            self.refuse(entry, "club.tressette.knockout_small")
        group_of = dict(entrants)
        slots = seed_bracket([team for team, _ in entrants], lambda team: group_of[team])
        self.knockout_k = k
        self.slots = slots
        self._open_knockout()

    def bracket(self) -> list[list[Any]]:
        """The knockout rounds (:func:`pyapp.club.schedule.bracket_rounds`) as they stand."""

        def winner_of(a: str, b: str) -> str | None:
            meeting = self.knockout.get(frozenset((a, b)))
            if meeting is None:
                return None
            side = meeting.winner(self.all_three)
            return None if side is None else meeting.teams[side]

        return bracket_rounds(self.slots, winner_of)

    def _open_knockout(self) -> None:
        """Create the knockout meetings whose two sides are known (a disqualified side forfeits)."""
        changed = True
        while changed:
            changed = False
            for number, bouts in enumerate(self.bracket(), start=1):
                for bout in bouts:
                    if bout.bye or bout.a is None or bout.b is None:
                        continue
                    pair = frozenset((bout.a, bout.b))
                    if pair not in self.knockout:
                        meeting = Meeting((bout.a, bout.b), "", number)
                        self._forfeit_disqualified(meeting)
                        self.knockout[pair] = meeting
                        changed = True

    def apply(self, entry: Entry) -> None:
        """Play one entry; a knockout result may bring the next knockout meeting."""
        super().apply(entry)
        if self.slots:
            self._open_knockout()

    def champion(self) -> str | None:
        """The winner of the knockout's final, once played."""
        if not self.slots:
            return None
        rounds = self.bracket()
        final = rounds[-1][0] if rounds else None
        if final is None:
            return self.slots[0]
        winner: str | None = final.winner
        return winner

    def complete(self) -> bool:
        """Every group meeting complete, and the knockout (if started) decided."""
        if not self.groups_made:
            return False
        if not all(self.group_complete(g) for g in self.groups):
            return False
        return not self.slots or self.champion() is not None

    # -- JSON ------------------------------------------------------------------------------------------
    def meeting_json(self, meeting: Meeting) -> dict[str, Any]:
        """One meeting: partite played, winner, points, and the scorekeeper's sheets."""
        winner = meeting.winner(self.all_three)
        current = meeting.current()
        forfeit_sides = meeting.forfeit if not meeting.played_out(self.all_three) else ()
        return {
            "teams": list(meeting.teams),
            "partite": [list(p.totals) for p in meeting.partite if p.winner is not None],
            "winner": None if winner is None else meeting.teams[winner],
            "points": meeting.points(self.all_three),
            "complete": meeting.complete(self.all_three),
            "round": meeting.round,
            "forfeit": [meeting.teams[s] for s in forfeit_sides] or None,
            "dealer": meeting.dealer,
            "cappotti": [sum(p.cappotti[s] for p in meeting.partite) for s in (0, 1)],
            "current": None
            if current is None
            else {"partita": current.number, "totals": list(current.totals), "hands": current.hands},
            "next_partita": None
            if meeting.complete(self.all_three)
            else (current.number if current else len(meeting.partite) + 1),
            "sheets": [
                {
                    "partita": p.number,
                    "totals": list(p.totals),
                    "winner": None if p.winner is None else meeting.teams[p.winner],
                    "hands": p.hands,
                    "events": [
                        {**e, "team": meeting.teams[e["side"]]} if e["kind"] == "penalty" else dict(e)
                        for e in p.events
                    ],
                }
                for p in meeting.partite
            ],
        }

    def group_json(self, name: str) -> dict[str, Any]:
        """A group: its teams, its meetings in schedule order, its standings in rank order."""
        placed, rows = self.standings(name)
        meetings = sorted((m for m in self.meetings.values() if m.stage == name), key=lambda m: m.round)
        complete = self.group_complete(name)
        return {
            "name": name,
            "drawn": self.drawn[name],
            "teams": list(self.groups[name]),
            "meetings": [self.meeting_json(m) for m in meetings],
            "standings": [{**rows[p.item], "rank": p.rank, "tied": p.tied, "lot": p.lot} for p in placed],
            "complete": complete,
            "ties": open_ties(placed) if complete else [],
        }

    def to_json(self) -> dict[str, Any]:
        """TT JSON: ``groups`` with meetings and standings, ``knockout``, teams, options."""
        out: dict[str, Any] = {
            "options": dict(self.options),
            "teams": [
                {"name": t.name, "players": list(t.players), "group": t.group, "disqualified": t.disqualified}
                for t in self.teams.values()
            ],
            "groups": [self.group_json(name) for name in self.groups] if self.groups_made else [],
            "groups_made": self.groups_made,
            "knockout": None,
        }
        if self.slots:
            rounds = []
            for bouts in self.bracket():
                line = []
                for bout in bouts:
                    item: dict[str, Any] = {"teams": [bout.a, bout.b], "winner": bout.winner, "bye": bout.bye}
                    if bout.a is not None and bout.b is not None and not bout.bye:
                        meeting = self.knockout.get(frozenset((bout.a, bout.b)))
                        if meeting is not None:
                            item = {**self.meeting_json(meeting), "bye": False}
                    line.append(item)
                rounds.append(line)
            out["knockout"] = {
                "qualifiers": self.knockout_k,
                "slots": list(self.slots),
                "rounds": rounds,
                "champion": self.champion(),
            }
        return out
