"""The tables of ``serata.html``: each table's state, its seats drawn on a felt (seat 1, the first
dealer, at the bottom; play goes to the left, clockwise), and what the organiser records there:
the draw (PE7), arrivals, passate and chip counts (PE12), departures and returns (PE10), the
neighbours' moves (PE8), the first in surplus sitting (PE5, PE9), hands dealt, the close (PE6,
PE11) and "play this table" at ``poker.html``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.serata_parts import (
    SerataPage,
    button,
    entry_form,
    field_value,
    labelled,
    players_by_name,
    section,
    status_text,
)
from pyapp.views.vdom import VNode, h

PLAYER_ACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "seated": (("serata.ui.leave", "leave"), ("serata.ui.quit", "quit")),
    "away": (("serata.ui.return", "return"), ("serata.ui.quit", "quit")),
    "late": (("serata.ui.arrive", "arrive"), ("serata.ui.withdraw", "withdraw")),
}
"""The one-click entries for a player holding a seat, by his status (label, verb)."""


def seat_node(
    table: dict[str, Any], index: int, name: str | None, players: dict[str, dict[str, Any]]
) -> VNode:
    """One seat on the felt: its name, resto and marks (first dealer, dealer, away, awaited)."""
    n = len(table["seats"])
    classes = ["seat", f"s{index + 1}", f"of{n}"]
    drawn = table.get("status") != "forming"  # a forming table's seats are not drawn yet
    lines: list[VNode | None] = [
        h("span", text=tr("serata.ui.seat", n=index + 1), cls="seat-no") if drawn else None
    ]
    label = [tr("serata.ui.seat", n=index + 1)] if drawn else []
    if name is None:
        classes.append("is-empty")
        lines.append(h("span", text=tr("serata.ui.seat_free"), cls="seat-name"))
        label.append(tr("serata.ui.seat_free"))
    else:
        player = players.get(name, {})
        lines.append(h("strong", text=name, cls="seat-name"))
        label.append(name)
        if player.get("passate"):
            resto = f"{player['chips']} · {player['passate']}P"
            lines.append(h("span", text=resto, cls="seat-resto"))
            label.append(
                f"{tr('serata.ui.chips')} {player['chips']}, {tr('serata.ui.passate')} {player['passate']}"
            )
        if name in table.get("away", []):
            classes.append("is-away")
            lines.append(h("span", text=tr("serata.ui.status.away"), cls="badge"))
            label.append(tr("serata.ui.status.away"))
        if name in table.get("late", []):
            classes.append("is-late")
            lines.append(h("span", text=tr("serata.ui.late"), cls="badge"))
            label.append(tr("serata.ui.late"))
    if index == 0 and table.get("first_dealer"):
        classes.append("is-first")
        lines.append(h("span", text=tr("serata.ui.first_dealer"), cls="badge badge-first"))
        label.append(tr("serata.ui.first_dealer"))
    if table.get("status") == "playing" and table.get("dealer") == index + 1:
        classes.append("is-dealer")
        lines.append(h("span", text=tr("serata.ui.dealer"), cls="badge badge-dealer"))
        label.append(tr("serata.ui.dealer"))
    return h("li", *lines, cls=classes, attrs={"aria-label": ", ".join(label)}, key=f"seat-{index}")


def table_actions(page: SerataPage, snap: dict[str, Any], table: dict[str, Any]) -> list[VNode | None]:
    """What the organiser records at a table: per player, per free seat, hands, play, close."""
    number = table["number"]
    where = f"table-{number}"
    players = players_by_name(snap)

    def add(*args: str) -> None:
        page.add(where, *args)

    def counter(name: str) -> Callable[[Any], None]:
        return lambda node: add("chips", name, field_value(node, "chips"))

    if table["status"] == "forming":
        return [
            h("p", text=tr("serata.ui.draw_hint"), cls="hint"),
            h(
                "div",
                button(
                    tr("serata.ui.draw"),
                    lambda _e: page.draw(number, True),
                    f"draw-{number}",
                    quiet=False,
                    id=f"draw-{number}",
                ),
                button(tr("serata.ui.free_choice"), lambda _e: page.draw(number, False), f"seats-{number}"),
                cls="table-buttons no-print",
            ),
        ]
    rows: list[VNode] = []
    for index, name in enumerate(table["seats"]):
        if name is None:
            continue
        player = players.get(name, {})
        status = player.get("status")
        acts: list[VNode] = []
        if status == "seated":
            acts.append(
                button(
                    tr("serata.ui.buy"), common.bind(lambda n: add("passata", n, "1"), name), f"buy-{index}"
                )
            )

            chips_field = h(
                "input",
                attrs={
                    "type": "number",
                    "name": "chips",
                    "min": 0,
                    "value": player.get("chips", 0),
                    "inputmode": "numeric",
                    "aria-label": f"{tr('serata.ui.chips')} {name}",
                },
            )
            acts.append(
                entry_form(
                    [labelled(tr("serata.ui.chips"), chips_field, hidden=True)],
                    tr("serata.ui.count"),
                    counter(name),
                    "count-form",
                    key=f"count-{index}",
                    small=True,
                )
            )
        for label, verb in PLAYER_ACTIONS.get(status or "", ()):
            acts.append(
                button(tr(label), common.bind(lambda a: add(a[0], a[1]), (verb, name)), f"{verb}-{index}")
            )
        rows.append(
            h(
                "li",
                h("span", text=f"{index + 1}. {name}", cls="row-name"),
                h("span", *acts, cls="row-actions"),
                key=f"row-{index}",
            )
        )
    first = snap.get("first_present", {}).get(table["stake"])
    for seat in table.get("free", []):
        acts = []
        for neighbour in table.get("neighbours", {}).get(str(seat), []):
            acts.append(
                button(
                    tr("serata.ui.move", n=seat) + f" ({neighbour})",
                    common.bind(lambda a: add("move", *a), [neighbour, str(seat)]),
                    f"move-{seat}-{neighbour}",
                )
            )
            acts.append(
                button(
                    tr("serata.ui.stay") + f" ({neighbour})",
                    common.bind(lambda n: add("stay", n), neighbour),
                    f"stay-{seat}-{neighbour}",
                )
            )
        if first and seat in table.get("sit_choices", []):
            acts.append(
                button(
                    tr("serata.ui.sit_who", name=first, n=seat),
                    common.bind(lambda a: add("sit", *a), [first, str(number), str(seat)]),
                    f"sit-{seat}",
                    quiet=False,
                )
            )
        rows.append(
            h(
                "li",
                h("span", text=f"{seat}. {tr('serata.ui.seat_free')}", cls="row-name"),
                h("span", *acts, cls="row-actions"),
                key=f"free-{seat}",
            )
        )
    for player in snap["players"]:
        if player["table"] == number and player["status"] == "out" and player["why"] in ("quit", "lost"):
            name = player["name"]
            rows.append(
                h(
                    "li",
                    h("span", text=f"{name} ({status_text(player)})", cls="row-name"),
                    h(
                        "span",
                        button(
                            tr("serata.ui.return"),
                            common.bind(lambda n: add("return", n), name),
                            f"back-{name}",
                        ),
                        button(
                            tr("serata.ui.return_consent"),
                            common.bind(lambda n: add("return", n, "consent"), name),
                            f"backc-{name}",
                        ),
                        cls="row-actions",
                    ),
                    key=f"out-{name}",
                )
            )

    present = [n for n in table["seats"] if n and players.get(n, {}).get("status") == "seated"]
    hands_field = h(
        "input",
        attrs={
            "type": "number",
            "name": "hands",
            "min": table["hands"] + 1,
            "value": table["hands"] + 1,
            "inputmode": "numeric",
            "id": f"hands-{number}",
        },
    )
    me_field = h(
        "select",
        *[h("option", text=n, attrs={"value": n}) for n in present],
        attrs={"name": "me", "id": f"play-me-{number}"},
    )
    return [
        h("ul", *rows, cls="table-rows no-print", attrs={"aria-label": tr("serata.ui.table", n=number)}),
        h(
            "div",
            entry_form(
                [labelled(tr("serata.ui.hands_add"), hands_field)],
                tr("serata.ui.hands_set"),
                lambda node: add("hands", str(number), field_value(node, "hands")),
                "hands-form",
                small=True,
            ),
            entry_form(
                [labelled(tr("serata.ui.play_as"), me_field)],
                tr("serata.ui.play"),
                lambda node: page.play_table(number, field_value(node, "me")),
                "play-form",
                submit_attrs={"id": f"play-{number}"},
                small=True,
            ),
            h("p", text=tr("serata.ui.play_note"), cls="hint"),
            button(
                tr("serata.ui.close_table"),
                lambda _e: add("close", str(number)),
                f"close-{number}",
                id=f"close-{number}",
            ),
            cls="table-buttons no-print",
        ),
    ]


def table_card(page: SerataPage, snap: dict[str, Any], table: dict[str, Any], ro: bool) -> VNode:
    """One table: its state, its seats on a felt, and (not read-only) what may be recorded there."""
    players = players_by_name(snap)
    number = table["number"]
    status = {
        "forming": "serata.ui.forming",
        "playing": "serata.ui.playing",
        "closed": "serata.ui.closed_table",
    }[table["status"]]
    meta: list[str] = []
    if len(snap["lists"]) > 1:
        meta.append(f"{tr('serata.ui.stake')} {table['stake']}")
    if table["status"] != "forming":
        meta.append(tr("serata.ui.hands", n=table["hands"]))
        if table["status"] == "playing":
            clock = snap["clock"] or ""
            until = table["minimum_until"]
            meta.append(
                tr("serata.ui.minimum", time=until) if clock < until else tr("serata.ui.minimum_done")
            )
            if table.get("late"):
                meta.append(tr("serata.ui.third_round", n=table["third_round_at"]))
            meta.append(tr("serata.ui.pot", n=table["pot"]))
            if table.get("carried"):
                meta.append(tr("serata.ui.carried", n=table["carried"]))
    felt = h(
        "ol",
        *[seat_node(table, i, name, players) for i, name in enumerate(table["seats"])],
        cls=f"felt seats-{len(table['seats'])}",
        attrs={"aria-label": tr("serata.ui.table", n=number)},
        key="felt",
    )
    body: list[VNode | None] = [
        h(
            "h3",
            tr("serata.ui.table", n=number),
            " ",
            h("span", text=tr(status), cls=f"badge table-{table['status']}"),
        ),
        h("p", text=" · ".join(meta), cls="table-meta") if meta else None,
        felt,
    ]
    if not ro and table["status"] != "closed":
        body += table_actions(page, snap, table)
    body.append(page.alert_for(f"table-{number}"))
    return h(
        "article",
        *body,
        cls=f"table-card is-{table['status']}",
        attrs={"id": f"table-{number}"},
        key=f"table-{number}",
    )


def tables_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """PE2-PE11: the tables forming and in play, seats drawn on a felt."""
    cards = [table_card(page, snap, t, ro) for t in snap["tables"]]
    if not cards:
        cards = [h("p", text=tr("serata.ui.no_tables"), cls="hint", key="no-tables")]
    return section("tables", tr("serata.ui.tables"), page.alert_for("play"), *cards)
