"""Tressette tournament meetings from game records, and whole tournaments played by computer players.

* :func:`entries_from_result` -- the scorekeeper's entries of a meeting played at a Circolo
  table (its record read by :func:`pyapp.record.read_record`, then :meth:`result`);
* :func:`simulate` -- ``python3 -m pyapp club simulate --game tressette``: a tournament where
  every meeting is a real engine match between computer players.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pyapp.club.record import ClubRecordError, Entry
from pyapp.club.schedule import open_ties
from pyapp.club.tournament import Ledger, drawn_lots
from pyapp.core import play_out
from pyapp.tressette import TEAM_LABELS
from pyapp.tressette.rules import TressetteState
from pyapp.tressette.tournament.meeting import TARGET, Meeting
from pyapp.tressette.tournament.rules import TressetteTournament


# -- entries from a game record ------------------------------------------------------------------------
def entries_from_result(
    result: Mapping[str, Any], a: str, b: str, players: Sequence[str] = ()
) -> list[Entry]:
    """The entries of a meeting ``a``-``b`` played at a Circolo table (``a`` sat N-S, ``b`` E-W).

    ``result`` is :meth:`TressetteState.result`: each scored hand becomes a ``hand`` entry and
    each penalty a ``penalty`` entry, in order; a ``dealer`` entry comes first when
    ``players`` (``a``'s two, then ``b``'s) lets the first dealer's seat be named.
    """
    out: list[Entry] = []
    names = dict(zip(TEAM_LABELS, (a, b), strict=True))
    hands = list(result.get("hands", []))
    if hands and len(players) == 4:
        seat_players = dict(zip(("N", "S", "E", "W"), players, strict=True))
        out.append(Entry("dealer", (a, b, seat_players[hands[0]["dealer"]])))
    for hand in hands:
        number = str(hand["partita"])
        if "penalty" in hand:
            out.append(Entry("penalty", (a, b, number, names[hand["penalty"]])))
        else:
            points = hand["points"]
            out.append(Entry("hand", (a, b, number, str(points["NS"]), str(points["EW"]))))
    return out


SIMULATE_SETTINGS: Final[dict[str, tuple[object, str]]] = {
    "teams": (8, "number of teams"),
    "groups": (2, "number of groups (TT2)"),
    "knockout": (0, "the first K of each group play a knockout bracket (TT6); 0: none"),
    "match": ("best_of_three", "best_of_three, or all_three (TT3)"),
}
"""The settings of ``python3 -m pyapp club simulate --game tressette``: name -> (default, help)."""


# -- simulation ------------------------------------------------------------------------------------
def simulate(
    teams: int = 8,
    groups: int = 2,
    seed: int = 0,
    knockout: int = 0,
    level: str = "medium",
    match: str = "best_of_three",
    **unused: object,
) -> Ledger:
    """A whole tournament played by computer players of ``level`` with real engine games.

    Groups are drawn by lot, every meeting is a Tressette match played to the end, entered from
    its result as the scorekeeper would; ties left at the end of a group are drawn by lot; with
    ``knockout`` the first K of each group play the bracket to the final.
    """
    from pyapp.bots import make_bot

    rng = random.Random(seed)
    ledger = Ledger.new("tressette", {"groups": groups, "match": match}, {"Title": f"Simulazione {seed}"})
    names = [f"Squadra {i + 1}" for i in range(teams)]
    for i, name in enumerate(names):
        ledger.add(Entry("team", (name, f"Giocatore {i + 1}A", f"Giocatore {i + 1}B")))
    for entry in draw_groups(names, groups, rng):
        ledger.add(entry)
    bots = [make_bot("tressette", level) for _ in range(4)]

    def tournament() -> TressetteTournament:
        state = ledger.state
        assert isinstance(state, TressetteTournament)
        return state

    def play(meeting: Meeting) -> None:
        game = play_out(TressetteState(match=match), bots, rng)
        a, b = meeting.teams
        teams_now = tournament().teams
        players = [*teams_now[a].players, *teams_now[b].players]
        for entry in entries_from_result(game.result(), a, b, players):
            ledger.add(entry)

    for meeting in sorted(tournament().meetings.values(), key=lambda m: (m.round, m.stage)):
        play(meeting)
    for name in list(tournament().groups):
        placed, _ = tournament().standings(name)
        for entry in drawn_lots(open_ties(placed), rng, name):
            ledger.add(entry)
    if knockout:
        ledger.add(Entry("knockout", (str(knockout),)))
        while True:
            state = tournament()
            waiting = [m for m in state.knockout.values() if not m.complete(state.all_three)]
            if not waiting:
                break
            play(waiting[0])
    return ledger


def draw_groups(teams: Sequence[str], groups: int, rng: random.Random) -> list[Entry]:
    """TT2 by lot: ``draw`` entries putting the shuffled ``teams`` into ``groups`` groups (A, B, ...)."""
    order = list(teams)
    rng.shuffle(order)
    out = []
    base, extra = divmod(len(order), groups)
    start = 0
    for g in range(groups):
        size = base + (1 if g < extra else 0)
        out.append(Entry("draw", (group_name(g), *order[start : start + size])))
        start += size
    return out


def group_name(index: int) -> str:
    """The name of the ``index``-th group: A, B, ..., Z, AA, AB, ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# -- what the app draws for the organiser, and game records ------------------------------------------
def draw(state: TressetteTournament, kind: str, rng: random.Random, params: Mapping[str, Any]) -> list[Entry]:
    """The entries of a lot drawn by the app: ``groups`` (TT2), a meeting's first ``dealer`` (TT9,
    params ``a``, ``b``), or the ``lot`` of every open tie of a complete ``group`` (TT5)."""
    if kind == "groups":
        return draw_groups(list(state.teams), int(state.options["groups"]), rng)
    if kind == "dealer":
        a, b = str(params.get("a", "")), str(params.get("b", ""))
        if a not in state.teams or b not in state.teams:
            raise ClubRecordError(0, "", "club.tressette.no_meeting", a=a, b=b)
        return [Entry("dealer", (a, b, rng.choice([*state.teams[a].players, *state.teams[b].players])))]
    if kind == "lot":
        group = str(params.get("group", ""))
        if group not in state.groups or not state.group_complete(group):
            raise ClubRecordError(0, "", "club.tressette.lot_early", group=group)
        return drawn_lots(open_ties(state.standings(group)[0]), rng, group)
    raise ClubRecordError(0, "", "club.draw.unknown", kind=kind)


def entries_from_game(
    state: TressetteTournament,
    game: str,
    options: Mapping[str, Any],
    result: Mapping[str, Any],
    params: Mapping[str, Any],
) -> list[Entry]:
    """The entries of the meeting ``a``-``b`` (params; ``a`` sat N-S) from a Circolo game: its
    game name, options and :meth:`result` (the caller read its record with the engine)."""
    a, b = str(params.get("a", "")), str(params.get("b", ""))
    if a not in state.teams or b not in state.teams:
        raise ClubRecordError(0, "", "club.tressette.no_meeting", a=a, b=b)
    if game != "tressette":
        raise ClubRecordError(0, "", "club.import.wrong_game", game=game)
    if options.get("target") != TARGET:
        raise ClubRecordError(0, "", "club.import.target", target=options.get("target"), expected=TARGET)
    players = [*state.teams[a].players, *state.teams[b].players]
    return entries_from_result(result, a, b, players)
