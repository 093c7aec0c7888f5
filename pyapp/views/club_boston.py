"""The Boston tournament's panel of the club page: players, rounds, tables, hands, standings.

Players; each round seated by lot or by the standings with the byes the organiser chooses (BT2);
at each table, the hands as they are played: the contract, its players and the tricks (BT4; the
points and mani are computed, B11-B12), a redeal, or the whole game from a Circolo record; the
standings by points, mani, games won and lot (BT3); the results of every round for print.
"""

from __future__ import annotations

from typing import Any

from pyapp.views import club_common as kit
from pyapp.views import common
from pyapp.views.club_common import Page
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h

CONTRACTS = ("chiedo", "accetto", "solo", "passo")


def _lang() -> str:
    return common.get_lang()


def open_round(data: dict[str, Any]) -> dict[str, Any] | None:
    """The round being played, if any."""
    if data["rounds"] and not data["rounds"][-1]["complete"]:
        last: dict[str, Any] = data["rounds"][-1]
        return last
    return None


def status(snap: dict[str, Any]) -> str:
    """One line: where the tournament stands."""
    data = snap["data"]
    wanted = int(snap["options"]["rounds"])
    if data["complete"]:
        first = [r["player"] for r in data["standings"] if r["rank"] == 1]
        return tr("club.boston.status.done", players=", ".join(first))
    current = open_round(data)
    if current is not None:
        over = sum(1 for t in current["tables"] if t["complete"])
        return tr(
            "club.boston.status.round",
            number=current["number"],
            rounds=wanted,
            over=over,
            tables=len(current["tables"]),
        )
    if not data["rounds"]:
        return tr("club.boston.status.setup", n=len(data["players"]))
    return tr("club.boston.status.between", done=len(data["rounds"]), rounds=wanted)


def setup(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """Before the first round: the players."""
    data = snap["data"]
    if data["rounds"]:
        return []
    session = page.session
    assert session is not None

    def add() -> None:
        if page.send(
            "player-form",
            session.add_entry("player", [kit.value("player-name")], _lang()),
            clear=["player-name"],
        ):
            node = common.by_id("player-name")
            if node:
                node.focus()

    return [
        kit.section(
            "club-players",
            tr("club.boston.players.title", n=len(data["players"])),
            kit.submit_form(
                "player-form",
                add,
                kit.field(tr("club.boston.players.name"), kit.text_input("player-name")),
                kit.button(tr("club.boston.players.add"), lambda _e: None, ident="player-add", submit=True),
                kit.alert(page, "player-form"),
                cls="club-form club-form-row",
            ),
            h(
                "ol",
                *(h("li", text=p, key=p) for p in data["players"]),
                cls="club-names",
                attrs={"id": "player-list"},
            ),
        )
    ]


def scorekeeper(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """The next round's seating, or the open round's tables and their hands."""
    data = snap["data"]
    current = open_round(data)
    if current is None:
        if len(data["rounds"]) >= int(snap["options"]["rounds"]):
            return []
        return [
            kit.section(
                "club-round",
                tr("club.boston.round.next", number=len(data["rounds"]) + 1),
                round_form(page, snap),
            )
        ]
    cards = [
        table_card(page, number, t)
        for number, t in enumerate(current["tables"], start=1)
        if not t["complete"]
    ]
    children: list[VNode | None] = list(cards)
    if current["byes"]:
        children.insert(
            0, h("p", text=tr("club.boston.round.byes", players=", ".join(current["byes"])), cls="club-hint")
        )
    if current["unseated"]:
        children.append(
            h(
                "p",
                text=tr("club.boston.round.unseated", players=", ".join(current["unseated"])),
                cls="club-hint",
            )
        )
    return [kit.section("club-score", tr("club.boston.round.title", number=current["number"]), *children)]


def round_form(page: Page, snap: dict[str, Any]) -> VNode:
    """BT2: seating by lot or by the standings, and who sits out (the organiser chooses)."""
    session = page.session
    assert session is not None
    data = snap["data"]
    players = data["players"]
    needed = len(players) % 4
    rows = {r["player"]: r for r in data["standings"]}
    suggested = sorted(reversed([r["player"] for r in data["standings"]]), key=lambda p: rows[p]["byes"])[
        :needed
    ]
    first = not data["rounds"]

    def start() -> None:
        method = "standings" if kit.value("round-method") == "standings" else "lot"
        page.send("round-form", session.draw("round", _lang(), method=method, byes=kit.checked("round-bye")))

    byes = None
    if needed:
        byes = h(
            "fieldset",
            h("legend", text=tr("club.boston.round.choose_byes", n=needed)),
            *(
                h(
                    "label",
                    h(
                        "input",
                        attrs={
                            "type": "checkbox",
                            "name": "round-bye",
                            "value": p,
                            "checked": p in suggested,
                        },
                    ),
                    p,
                    cls="club-check",
                    key=p,
                )
                for p in players
            ),
            cls="club-fieldset",
        )
    methods = [("lot", tr("club.boston.round.by_lot")), ("standings", tr("club.boston.round.by_standings"))]
    return kit.submit_form(
        "round-form",
        start,
        h("p", text=tr("club.boston.round.hint", n=len(players)), cls="club-hint"),
        kit.field(
            tr("club.boston.round.method"),
            kit.select("round-method", methods, "lot" if first else "standings"),
        ),
        byes,
        kit.button(tr("club.boston.round.start"), lambda _e: None, ident="round-start", submit=True),
        kit.alert(page, "round-form"),
    )


def table_card(page: Page, number: int, data: dict[str, Any]) -> VNode:
    """One table: its players (the dealer marked), the hands so far, and the next hand's form."""
    session = page.session
    assert session is not None
    players = data["players"]
    form = f"hand-{number}"
    rows = []
    counted = 0
    for hand in data["hands"]:
        if hand["counted"]:
            counted += 1
            who = " + ".join(hand["players"])
            what = tr(f"club.boston.contract.{hand['contract']}")
            label = tr("club.boston.hand.line", contract=what, players=who, tricks=hand["tricks"])
            rows.append([str(counted), hand["dealer"], label, *(kit.signed(p) for p in hand["points"])])
        else:
            rows.append(["", hand["dealer"], tr("club.boston.hand.redeal"), "", "", "", ""])
    rows.append(["", "", tr("club.boston.hand.total"), *(kit.signed(p) for p in data["points"])])
    headers = [
        ("#", tr("club.boston.hand.number")),
        (tr("club.boston.hand.dealer"), ""),
        (tr("club.boston.hand.contract"), ""),
    ] + [(p, "") for p in players]
    sheet = kit.table(
        tr("club.boston.table.caption", number=number, counted=data["counted"]),
        headers,
        rows,
        cls="club-table sheet-table",
    )

    def add() -> None:
        contract = kit.value(f"{form}-contract")
        args = [str(number), contract]
        if contract != "passo":
            args.append(kit.value(f"{form}-player"))
            if contract == "accetto":
                args.append(kit.value(f"{form}-partner"))
            args.append(kit.value(f"{form}-tricks"))
        page.send(form, session.add_entry("hand", args, _lang()), clear=[f"{form}-tricks"])

    choice = page.ui.get(f"{form}-contract", "chiedo")

    def pick(event: Any) -> None:
        page.ui[f"{form}-contract"] = str(event.currentTarget.value)
        page.render()

    contract = kit.select(
        f"{form}-contract", [(c, tr(f"club.boston.contract.{c}")) for c in CONTRACTS], choice
    )
    contract.handlers["change"] = pick
    people = [(p, p) for p in players]
    fields: list[VNode | None] = [kit.field(tr("club.boston.hand.contract"), contract)]
    if choice != "passo":
        fields.append(
            kit.field(
                tr("club.boston.hand.player" if choice != "accetto" else "club.boston.hand.asker"),
                kit.select(f"{form}-player", people),
            )
        )
        if choice == "accetto":
            fields.append(
                kit.field(tr("club.boston.hand.partner"), kit.select(f"{form}-partner", people, players[1]))
            )
        fields.append(kit.field(tr("club.boston.hand.tricks"), kit.number_input(f"{form}-tricks", 0, 13)))
    entry = kit.submit_form(
        form,
        add,
        h(
            "p",
            text=tr("club.boston.hand.deals", player=data["dealer"], n=data["counted"] + 1),
            cls="club-hint",
        ),
        h(
            "div",
            *fields,
            kit.button(tr("club.boston.hand.add"), lambda _e: None, ident=f"{form}-add", submit=True),
            cls="club-form-row",
        ),
        kit.alert(page, form),
    )

    def imported(text: str) -> None:
        page.send(
            f"game-{number}", session.import_game(text, _lang(), table=number), clear=[f"game-{number}-text"]
        )

    record = kit.details(
        f"game-box-{number}",
        tr("club.boston.import.title"),
        kit.import_box(page, f"game-{number}", tr("club.boston.import.hint", first=players[0]), imported),
        opened=f"game-{number}" in page.errors,
    )
    return h(
        "div",
        h("h3", text=tr("club.boston.table.title", number=number, players=", ".join(players))),
        entry,
        sheet,
        record,
        cls="table-card",
        key=f"table-{number}",
        attrs={"id": f"table-{number}"},
    )


def standings(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """BT3: points, mani, games won, lot."""
    data = snap["data"]
    if not data["players"]:
        return []
    headers = kit.standings_headers(
        "club.boston.col", "player", "points", "mani", "wins", "games", "byes", "lot"
    )
    rows = [
        [
            kit.rank_cell(r),
            r["player"],
            kit.signed(r["points"]),
            kit.signed(r["mani"]),
            str(r["wins"]),
            str(r["games"]),
            str(r["byes"]),
            kit.lot_cell(r),
        ]
        for r in data["standings"]
    ]
    out: list[VNode | None] = [
        kit.table(tr("club.boston.standings"), headers, rows, cls="club-table standings-table")
    ]
    if data["ties"] and not page.readonly:
        session = page.session
        assert session is not None

        def drawn(_event: Any) -> None:
            page.send("lot-form", session.draw("lot", _lang()))

        ties = "; ".join(", ".join(t) for t in data["ties"])
        out.append(
            h(
                "div",
                h("p", text=tr("club.boston.lot.hint", players=ties), cls="club-hint"),
                kit.button(tr("club.boston.lot.draw"), drawn, ident="lot-draw"),
                kit.alert(page, "lot-form"),
                cls="club-lot",
            )
        )
    return [kit.section("club-standings", tr("club.ui.standings"), *out, cls="club-section standings")]


def grid(page: Page, snap: dict[str, Any]) -> list[VNode]:
    """Every round's tables with each player's points and mani (for print)."""
    rounds = snap["data"]["rounds"]
    if not rounds:
        return []
    rows = []
    for rnd in rounds:
        for number, t in enumerate(rnd["tables"], start=1):
            cells = [
                f"{p} {kit.signed(pts)} ({kit.signed(m)})"
                for p, pts, m in zip(t["players"], t["points"], t["mani"], strict=True)
            ]
            rows.append([str(rnd["number"]), str(number), *cells, ", ".join(t["winners"])])
        if rnd["byes"]:
            rows.append(
                [
                    str(rnd["number"]),
                    "",
                    tr("club.boston.grid.byes", players=", ".join(rnd["byes"])),
                    "",
                    "",
                    "",
                    "",
                ]
            )
    headers = [
        (tr("club.boston.grid.round_short"), tr("club.boston.grid.round")),
        (tr("club.boston.grid.table_short"), tr("club.boston.grid.table")),
        (tr("club.boston.grid.seat", n=1), ""),
        (tr("club.boston.grid.seat", n=2), ""),
        (tr("club.boston.grid.seat", n=3), ""),
        (tr("club.boston.grid.seat", n=4), ""),
        (tr("club.boston.grid.winner"), ""),
    ]
    return [
        kit.section(
            "club-grid",
            tr("club.ui.grid"),
            kit.table(tr("club.boston.grid.caption"), headers, rows, cls="club-table grid-table"),
            cls="club-section grid",
        )
    ]
