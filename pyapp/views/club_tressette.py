"""The Tressette tournament's panel of the club page: teams, groups, the scorekeeper, standings.

Teams and groups (by lot or by hand, TT1-TT2); the scorekeeper of one meeting at a time: a hand's
points (the other team's follow: 11 in all, T12), penalties (TT7), the first dealer (TT9), a
partita by its final totals, a forfeit, a meeting from a Circolo game record; the standings of
each group with every TT5 column and the lot; the knockout (TT6); the results grid for print.
"""

from __future__ import annotations

from typing import Any

from pyapp.views import club_common as kit
from pyapp.views import common
from pyapp.views.club_common import Page
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h

HAND = 11
"""T12: the points of a hand, both teams together (the second box follows the first)."""


def _lang() -> str:
    return common.get_lang()


def open_meetings(data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every meeting still to play, with where it belongs (group and round, or knockout round)."""
    out = []
    for group in data["groups"]:
        for m in group["meetings"]:
            if not m["complete"]:
                out.append((tr("club.tressette.where_group", group=group["name"], round=m["round"]), m))
    knockout = data.get("knockout")
    if knockout:
        for number, bouts in enumerate(knockout["rounds"], start=1):
            for m in bouts:
                if "sheets" in m and not m["complete"]:
                    out.append((stage_name(number, len(bouts)), m))
    return out


def key_of(meeting: dict[str, Any]) -> str:
    """A meeting's key in the page's state: its two teams."""
    return "\t".join(meeting["teams"])


def status(snap: dict[str, Any]) -> str:
    """One line: where the tournament stands."""
    data = snap["data"]
    if not data["groups_made"]:
        return tr("club.tressette.status.setup", n=len(data["teams"]))
    if data["complete"]:
        knockout = data.get("knockout")
        if knockout and knockout.get("champion"):
            return tr("club.tressette.status.champion", team=knockout["champion"])
        return tr("club.tressette.status.done")
    meetings = [m for g in data["groups"] for m in g["meetings"]]
    done = sum(1 for m in meetings if m["complete"])
    if done < len(meetings):
        return tr("club.tressette.status.groups", done=done, total=len(meetings))
    if data.get("knockout"):
        return tr("club.tressette.status.knockout")
    return tr("club.tressette.status.groups_over")


# -- teams and groups ------------------------------------------------------------------------------------
def setup(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """Before the groups: add teams, then draw the groups or make them by hand."""
    data = snap["data"]
    session = page.session
    assert session is not None
    if data["groups_made"]:
        return []

    def add_team() -> None:
        result = session.add_entry(
            "team", [kit.value("team-name"), kit.value("team-p1"), kit.value("team-p2")], _lang()
        )
        if page.send("team-form", result, clear=["team-name", "team-p1", "team-p2"]):
            node = common.by_id("team-name")
            if node:
                node.focus()

    team_form = kit.submit_form(
        "team-form",
        add_team,
        kit.field(tr("club.tressette.team.name"), kit.text_input("team-name")),
        kit.field(tr("club.tressette.team.player", n=1), kit.text_input("team-p1")),
        kit.field(tr("club.tressette.team.player", n=2), kit.text_input("team-p2")),
        kit.button(tr("club.tressette.team.add"), lambda _e: None, ident="team-add", submit=True),
        kit.alert(page, "team-form"),
        cls="club-form club-form-row",
    )
    listed = h(
        "ol",
        *(
            h(
                "li",
                h("strong", text=t["name"]),
                " " + tr("club.tressette.team.of", a=t["players"][0], b=t["players"][1]),
                key=t["name"],
            )
            for t in data["teams"]
        ),
        cls="club-names",
        attrs={"id": "team-list"},
    )
    wanted = int(snap["options"]["groups"])
    placed = {t for g in data.get("groups", []) for t in g["teams"]}
    free = [t["name"] for t in data["teams"] if t["group"] is None and t["name"] not in placed]

    def draw() -> None:
        page.send("groups-form", session.draw("groups", _lang()))

    def by_hand() -> None:
        page.send(
            "groups-form",
            session.add_entry("group", [kit.value("group-name"), *kit.checked("group-team")], _lang()),
            clear=["group-name"],
        )

    groups = kit.submit_form(
        "groups-form",
        by_hand,
        h(
            "p",
            text=tr("club.tressette.groups.hint", groups=wanted, teams=len(data["teams"])),
            cls="club-hint",
        ),
        h(
            "div",
            kit.button(tr("club.tressette.groups.draw"), lambda _e: draw(), ident="groups-draw"),
            cls="panel-actions",
        ),
        kit.details(
            "groups-hand",
            tr("club.tressette.groups.by_hand"),
            kit.field(tr("club.tressette.groups.name"), kit.text_input("group-name", size=6)),
            h(
                "fieldset",
                h("legend", text=tr("club.tressette.groups.members")),
                *(
                    h(
                        "label",
                        h("input", attrs={"type": "checkbox", "name": "group-team", "value": t}),
                        t,
                        cls="club-check",
                        key=t,
                    )
                    for t in free
                ),
                cls="club-fieldset",
            ),
            kit.button(tr("club.tressette.groups.make"), lambda _e: None, submit=True),
        ),
        kit.alert(page, "groups-form"),
    )
    return [
        kit.section("club-teams", tr("club.tressette.teams.title", n=len(data["teams"])), team_form, listed),
        kit.section("club-groups", tr("club.tressette.groups.title"), groups),
    ]


def disqualify_box(page: Page, snap: dict[str, Any]) -> VNode | None:
    """TT8: disqualify a team (its meetings not yet complete are lost 2-0)."""
    data = snap["data"]
    session = page.session
    assert session is not None
    teams = [(t["name"], t["name"]) for t in data["teams"] if not t["disqualified"]]
    if not teams:
        return None

    def disqualify() -> None:
        page.send("dq-form", session.add_entry("disqualify", [kit.value("dq-team")], _lang()))

    return kit.details(
        "club-dq",
        tr("club.tressette.dq.title"),
        kit.submit_form(
            "dq-form",
            disqualify,
            h("p", text=tr("club.tressette.dq.hint"), cls="club-hint"),
            kit.field(tr("club.tressette.dq.team"), kit.select("dq-team", teams)),
            kit.button(tr("club.tressette.dq.button"), lambda _e: None, submit=True),
            kit.alert(page, "dq-form"),
        ),
        opened="dq-form" in page.errors,
    )


# -- the scorekeeper --------------------------------------------------------------------------------------
def scorekeeper(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """Pick a meeting to play, then enter its hands (or its partite, a forfeit, its game record)."""
    data = snap["data"]
    if not data["groups_made"]:
        return []
    waiting = open_meetings(data)
    children: list[VNode | None] = []
    if waiting:
        keys = [key_of(m) for _, m in waiting]
        chosen = page.ui.get("meeting")
        if chosen not in keys:
            chosen = keys[0]
        options = [(key_of(m), f"{where}: {m['teams'][0]} – {m['teams'][1]}") for where, m in waiting]
        picker = kit.select("meeting-pick", options, chosen)

        def pick(event: Any) -> None:
            page.ui["meeting"] = str(event.currentTarget.value)
            page.render()

        picker.handlers["change"] = pick
        children.append(kit.field(tr("club.tressette.meeting.pick"), picker, cls="club-field club-pick"))
        meeting = next(m for _, m in waiting if key_of(m) == chosen)
        children.append(meeting_card(page, snap, meeting))
    else:
        children.append(knockout_form(page, snap))
    if not snap["complete"]:
        children.append(disqualify_box(page, snap))
    return [kit.section("club-score", tr("club.tressette.score.title"), *children)]


def meeting_card(page: Page, snap: dict[str, Any], meeting: dict[str, Any]) -> VNode:
    """One meeting: partite so far, the hand form, penalties, the dealer, the other ways to enter it."""
    session = page.session
    assert session is not None
    a, b = meeting["teams"]
    number = meeting["next_partita"]
    players = {t["name"]: t["players"] for t in snap["data"]["teams"]}
    current = meeting["current"]
    played = ", ".join(f"{x}–{y}" for x, y in meeting["partite"])
    lines = [
        h("h3", text=f"{a} – {b}", attrs={"id": "meeting-title"}),
        h(
            "p",
            text=tr(
                "club.tressette.meeting.state",
                number=number,
                a=current["totals"][0] if current else 0,
                b=current["totals"][1] if current else 0,
                wins=f"{meeting['points'][0]}–{meeting['points'][1]}",
            ),
            cls="meeting-state",
            attrs={"id": "meeting-state"},
        ),
    ]
    if played:
        lines.append(h("p", text=tr("club.tressette.meeting.played", partite=played), cls="club-hint"))

    def follow(_event: Any) -> None:  # T12: the other team's points follow (11 in all)
        node_a, node_b = common.by_id("hand-a"), common.by_id("hand-b")
        text = str(node_a.value or "") if node_a else ""
        if node_b and text.isdigit() and 0 <= int(text) <= HAND:
            node_b.value = str(HAND - int(text))

    def hand() -> None:
        result = session.add_entry(
            "hand", [a, b, str(number), kit.value("hand-a"), kit.value("hand-b")], _lang()
        )
        if page.send("hand-form", result, clear=["hand-a", "hand-b"]):
            node = common.by_id("hand-a")
            if node:
                node.focus()

    def penalty(team: str) -> None:
        page.send("hand-form", session.add_entry("penalty", [a, b, str(number), team], _lang()))

    hand_form = kit.submit_form(
        "hand-form",
        hand,
        h(
            "div",
            kit.field(tr("club.tressette.hand.points", team=a), kit.number_input("hand-a", 0, HAND, follow)),
            kit.field(tr("club.tressette.hand.points", team=b), kit.number_input("hand-b", 0, HAND)),
            kit.button(tr("club.tressette.hand.add"), lambda _e: None, ident="hand-add", submit=True),
            cls="club-form-row",
        ),
        h("p", text=tr("club.tressette.hand.hint"), cls="club-hint"),
        h(
            "div",
            kit.button(
                tr("club.tressette.penalty", team=a), lambda _e: penalty(a), ident="penalty-a", quiet=True
            ),
            kit.button(
                tr("club.tressette.penalty", team=b), lambda _e: penalty(b), ident="penalty-b", quiet=True
            ),
            cls="panel-actions",
        ),
        kit.alert(page, "hand-form"),
    )
    extra: list[VNode | None] = [hand_form, sheet(meeting)]
    if not meeting["partite"] and not current and meeting["dealer"] is None:
        extra.insert(0, dealer_form(page, a, b, [*players[a], *players[b]]))
    elif meeting["dealer"]:
        lines.append(h("p", text=tr("club.tressette.dealer.is", player=meeting["dealer"]), cls="club-hint"))

    def totals() -> None:
        result = session.add_entry(
            "partita", [a, b, str(number), kit.value("tot-a"), kit.value("tot-b")], _lang()
        )
        page.send("totals-form", result, clear=["tot-a", "tot-b"])

    extra.append(
        kit.details(
            "totals-box",
            tr("club.tressette.totals.title"),
            kit.submit_form(
                "totals-form",
                totals,
                h("p", text=tr("club.tressette.totals.hint", number=number), cls="club-hint"),
                h(
                    "div",
                    kit.field(
                        tr("club.tressette.totals.of", team=a),
                        h("input", attrs={"id": "tot-a", "type": "text", "inputmode": "numeric", "size": 4}),
                    ),
                    kit.field(
                        tr("club.tressette.totals.of", team=b),
                        h("input", attrs={"id": "tot-b", "type": "text", "inputmode": "numeric", "size": 4}),
                    ),
                    kit.button(tr("club.tressette.totals.add"), lambda _e: None, submit=True),
                    cls="club-form-row",
                ),
                kit.alert(page, "totals-form"),
            ),
            opened="totals-form" in page.errors,
        )
    )

    def forfeit(team: str) -> None:
        page.send("forfeit-form", session.add_entry("forfeit", [a, b, team], _lang()))

    extra.append(
        kit.details(
            "forfeit-box",
            tr("club.tressette.forfeit.title"),
            h("p", text=tr("club.tressette.forfeit.hint"), cls="club-hint"),
            h(
                "div",
                kit.button(
                    tr("club.tressette.forfeit.by", team=a),
                    lambda _e: forfeit(a),
                    ident="forfeit-a",
                    quiet=True,
                ),
                kit.button(
                    tr("club.tressette.forfeit.by", team=b),
                    lambda _e: forfeit(b),
                    ident="forfeit-b",
                    quiet=True,
                ),
                cls="panel-actions",
            ),
            kit.alert(page, "forfeit-form"),
            opened="forfeit-form" in page.errors,
        )
    )

    def imported(text: str) -> None:
        page.send("game-form", session.import_game(text, _lang(), a=a, b=b), clear=["game-form-text"])

    extra.append(
        kit.details(
            "game-box",
            tr("club.tressette.import.title"),
            kit.import_box(page, "game-form", tr("club.tressette.import.hint", a=a, b=b), imported),
            opened="game-form" in page.errors,
        )
    )
    return h("div", *lines, *extra, cls="meeting-card", key=key_of(meeting), attrs={"id": "meeting-card"})


def dealer_form(page: Page, a: str, b: str, players: list[str]) -> VNode:
    """TT9: who deals first (by the turned cards), or drawn by the app."""
    session = page.session
    assert session is not None

    def chosen() -> None:
        page.send("dealer-form", session.add_entry("dealer", [a, b, kit.value("dealer-pick")], _lang()))

    def drawn(_event: Any) -> None:
        page.send("dealer-form", session.draw("dealer", _lang(), a=a, b=b))

    return kit.submit_form(
        "dealer-form",
        chosen,
        h(
            "div",
            kit.field(tr("club.tressette.dealer.pick"), kit.select("dealer-pick", [(p, p) for p in players])),
            kit.button(tr("club.tressette.dealer.set"), lambda _e: None, submit=True, quiet=True),
            kit.button(tr("club.tressette.dealer.draw"), drawn, ident="dealer-draw", quiet=True),
            cls="club-form-row",
        ),
        kit.alert(page, "dealer-form"),
    )


def sheet(meeting: dict[str, Any]) -> VNode | None:
    """The scorekeeper's sheet of the partita in progress (or the last one played)."""
    if not meeting["sheets"]:
        return None
    last = meeting["sheets"][-1]
    a, b = meeting["teams"]
    rows = []
    hand = 0
    for event in last["events"]:
        if event["kind"] == "hand":
            hand += 1
            points = [
                str(p) + (" " + tr("club.tressette.sheet.cappotto") if p == HAND else "")
                for p in event["points"]
            ]
            rows.append([str(hand), *points, f"{event['totals'][0]}–{event['totals'][1]}"])
        elif event["kind"] == "penalty":
            minus = "\u22123"
            rows.append(
                [
                    tr("club.tressette.sheet.penalty"),
                    minus if event["side"] == 0 else "",
                    minus if event["side"] == 1 else "",
                    f"{event['totals'][0]}–{event['totals'][1]}",
                ]
            )
        else:
            rows.append(
                [
                    tr("club.tressette.sheet.totals"),
                    str(event["totals"][0]),
                    str(event["totals"][1]),
                    f"{event['totals'][0]}–{event['totals'][1]}",
                ]
            )
    caption = tr("club.tressette.sheet.caption", number=last["partita"])
    if last["winner"]:
        caption = tr("club.tressette.sheet.won", number=last["partita"], team=last["winner"])
    return kit.table(
        caption,
        [(tr("club.tressette.sheet.hand"), ""), (a, ""), (b, ""), (tr("club.tressette.sheet.total"), "")],
        rows,
        cls="club-table sheet-table",
    )


def knockout_form(page: Page, snap: dict[str, Any]) -> VNode | None:
    """TT6: once every group is over, the first K of each group may play a knockout."""
    data = snap["data"]
    if data.get("knockout") or not data["groups"]:
        return h("p", text=status(snap), cls="club-hint")
    session = page.session
    assert session is not None
    smallest = min(len(g["teams"]) for g in data["groups"])

    def start() -> None:
        page.send("knockout-form", session.add_entry("knockout", [kit.value("knockout-k")], _lang()))

    return kit.submit_form(
        "knockout-form",
        start,
        h("p", text=tr("club.tressette.knockout.hint"), cls="club-hint"),
        h(
            "div",
            kit.field(
                tr("club.tressette.knockout.k"),
                kit.select(
                    "knockout-k",
                    [(str(k), str(k)) for k in range(1, smallest + 1)],
                    "2" if smallest >= 2 else "1",
                ),
            ),
            kit.button(
                tr("club.tressette.knockout.start"), lambda _e: None, ident="knockout-start", submit=True
            ),
            cls="club-form-row",
        ),
        kit.alert(page, "knockout-form"),
    )


# -- standings and the results grid ------------------------------------------------------------------------
def standings(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """TT5: each group's standings with every column, the lot, and the knockout bracket."""
    data = snap["data"]
    if not data["groups_made"]:
        return []
    headers = kit.standings_headers(
        "club.tressette.col",
        "team",
        "points",
        "h2h",
        "won",
        "lost",
        ("±P", "partite_diff"),
        "scored",
        "conceded",
        ("±", "points_diff"),
        "lot",
    )
    out: list[VNode] = []
    for group in data["groups"]:
        rows = []
        for r in group["standings"]:
            name = r["team"] + (" " + tr("club.tressette.dq.mark") if r["disqualified"] else "")
            rows.append(
                [
                    kit.rank_cell(r),
                    name,
                    str(r["points"]),
                    "" if r["head_to_head"] is None else str(r["head_to_head"]),
                    str(r["partite_won"]),
                    str(r["partite_lost"]),
                    kit.signed(r["partite_diff"]),
                    str(r["scored"]),
                    str(r["conceded"]),
                    kit.signed(r["points_diff"]),
                    kit.lot_cell(r),
                ]
            )
        caption = tr("club.tressette.group", group=group["name"]) + (
            " · " + tr("club.tressette.drawn") if group["drawn"] else ""
        )
        block: list[VNode | None] = [kit.table(caption, headers, rows, cls="club-table standings-table")]
        if group["ties"] and not page.readonly:
            block.append(lot_form(page, group))
        out.append(
            h(
                "div",
                *block,
                cls="club-group",
                key=f"group-{group['name']}",
                attrs={"id": f"standings-{group['name']}"},
            )
        )
    knockout = data.get("knockout")
    if knockout:
        out.append(bracket(knockout))
    return [kit.section("club-standings", tr("club.ui.standings"), *out, cls="club-section standings")]


def lot_form(page: Page, group: dict[str, Any]) -> VNode:
    """TT5: teams equal on every column: the app draws the lot, which is recorded."""
    session = page.session
    assert session is not None
    form = f"lot-{group['name']}"
    ties = "; ".join(", ".join(t) for t in group["ties"])

    def drawn(_event: Any) -> None:
        page.send(form, session.draw("lot", _lang(), group=group["name"]))

    return h(
        "div",
        h("p", text=tr("club.tressette.lot.hint", teams=ties), cls="club-hint"),
        kit.button(tr("club.tressette.lot.draw"), drawn, ident=f"{form}-draw"),
        kit.alert(page, form),
        cls="club-lot",
    )


def stage_name(number: int, bouts: int) -> str:
    """A knockout round's name: the final, the semi-finals, the quarter-finals, else round N."""
    names = {
        1: "club.tressette.knockout.final",
        2: "club.tressette.knockout.semi",
        4: "club.tressette.knockout.quarter",
    }
    return tr(names[bouts]) if bouts in names else tr("club.tressette.knockout.round", n=number)


def bracket(knockout: dict[str, Any]) -> VNode:
    """TT6: the knockout rounds, who met whom and who went through."""
    rounds = []
    for number, bouts in enumerate(knockout["rounds"], start=1):
        items = []
        for m in bouts:
            a, b = m["teams"]
            if m.get("bye"):
                items.append(h("li", text=tr("club.tressette.knockout.bye", team=m["winner"])))
            elif a is None or b is None:
                items.append(h("li", text=tr("club.tressette.knockout.waiting"), cls="club-hint"))
            else:
                points = m.get("points") or [0, 0]
                text = f"{a} {points[0]}–{points[1]} {b}"
                items.append(h("li", text=text, cls="is-done" if m.get("complete") else ""))
        rounds.append(
            h(
                "div",
                h("h4", text=stage_name(number, len(bouts))),
                h("ul", *items),
                cls="bracket-round",
            )
        )
    champion = knockout.get("champion")
    return h(
        "div",
        h("h3", text=tr("club.tressette.knockout.title", k=knockout["qualifiers"])),
        h("div", *rounds, cls="bracket"),
        h("p", text=tr("club.tressette.knockout.champion", team=champion), cls="club-champion")
        if champion
        else None,
        cls="club-knockout",
        attrs={"id": "club-knockout"},
    )


def grid(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """The results grid of each group: every meeting's points, row team first (for print)."""
    data = snap["data"]
    if not data["groups_made"]:
        return []
    out = []
    for group in data["groups"]:
        teams = group["teams"]
        result: dict[tuple[str, str], str] = {}
        for m in group["meetings"]:
            a, b = m["teams"]
            if m["complete"] or m["partite"]:
                pa, pb = m["points"]
                mark = "" if m["complete"] else "…"
                result[(a, b)] = f"{pa}–{pb}{mark}"
                result[(b, a)] = f"{pb}–{pa}{mark}"
        headers = [(tr("club.tressette.col.team"), "")] + [(str(i + 1), t) for i, t in enumerate(teams)]
        rows = [
            [f"{i + 1}. {t}"] + ["\u2014" if t == u else result.get((t, u), "·") for u in teams]
            for i, t in enumerate(teams)
        ]
        out.append(
            kit.table(
                tr("club.tressette.grid", group=group["name"]), headers, rows, cls="club-table grid-table"
            )
        )
    return [kit.section("club-grid", tr("club.ui.grid"), *out, cls="club-section grid")]
