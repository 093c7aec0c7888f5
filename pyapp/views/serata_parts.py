"""The sections of ``serata.html``: sign-ups, waiting list, ledger, settlement and the record
(the tables on their felt are :mod:`pyapp.views.serata_tables`). Each function returns a virtual
tree (:func:`pyapp.views.vdom.h`) from the session's snapshot; buttons call back the page (a
:class:`SerataPage`: :class:`pyapp.views.serata.SerataPage`), which adds the entry and shows a
refusal next to the section it came from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pyapp.poker.serata.session import money_text
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h


class SerataPage(Protocol):
    """The evening's page as its sections see it (:class:`pyapp.views.serata.SerataPage`)."""

    def add(self, where: str, verb: str, *args: str) -> bool:
        """Add one entry at the current time; its refusal is said next to ``where``."""

    def add_text(self, line: str) -> None:
        """Add an entry typed in the record's spelling."""

    def draw(self, number: int, lot: bool) -> None:
        """PE7: draw the seats of a forming table, by lot or in list order."""

    def play_table(self, number: int, me: str) -> None:
        """Hand a table to ``poker.html`` with ``me`` in seat 1."""

    def alert_for(self, where: str) -> VNode | None:
        """The refusal or warning of the last entry made from ``where``, if any."""


def money(cents: int) -> str:
    """An amount of money as the page writes it (``12,50 €`` / ``€12.50``)."""
    text = money_text(abs(cents))
    if common.get_lang() == "it":
        text = text.replace(".", ",")
    return ("-" if cents < 0 else "") + tr("serata.ui.money", amount=text)


def button(label: str, handler: Any, key: str, quiet: bool = True, **attrs: Any) -> VNode:
    """A small action button."""
    return h(
        "button",
        text=label,
        cls="button button-small" + (" button-quiet" if quiet else ""),
        attrs={"type": "button", **attrs},
        on={"click": handler},
        key=key,
    )


def labelled(label: str, field: VNode, hidden: bool = False) -> VNode:
    """A form field under its label (``hidden``: the label only for screen readers)."""
    return h("label", h("span", text=label, cls="visually-hidden" if hidden else None), field)


def entry_form(
    fields: list[VNode | None],
    submit_text: str,
    on_submit: Callable[[Any], None],
    cls: str,
    key: str | None = None,
    submit_attrs: dict[str, Any] | None = None,
    small: bool = False,
) -> VNode:
    """A form of ``fields`` and one submit button; ``on_submit`` gets the form element (the
    browser's own submission is prevented)."""

    def submitted(event: Any) -> None:
        event.preventDefault()
        on_submit(event.currentTarget)

    return h(
        "form",
        *fields,
        h(
            "button",
            text=submit_text,
            cls="button button-small" if small else "button",
            attrs={"type": "submit", **(submit_attrs or {})},
        ),
        cls=cls,
        on={"submit": submitted},
        key=key,
    )


def field_value(form: Any, name: str) -> str:
    """The value of the form's field ``name``, blanks trimmed."""
    return str(form.querySelector(f"[name={name}]").value).strip()


def status_text(player: dict[str, Any]) -> str:
    return tr(f"serata.ui.status.{player['status']}")


def section(key: str, title: str, *children: VNode | None, cls: str = "") -> VNode:
    return h(
        "section",
        h("h2", text=title, attrs={"id": f"{key}-title"}),
        *children,
        cls=f"serata-section {cls}".strip(),
        attrs={"id": key, "aria-labelledby": f"{key}-title"},
        key=key,
    )


def players_by_name(snap: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in snap["players"]}


# -- sign-ups ------------------------------------------------------------------------------------------


def signup_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """PE1, PE4: the lists in order, with arrivals and withdrawals."""
    players = players_by_name(snap)
    several = len(snap["lists"]) > 1
    form: VNode | None = None
    if not ro:
        stake_field = None
        if several:
            stake_field = labelled(
                tr("serata.ui.stake"),
                h(
                    "select",
                    *[h("option", text=lst["stake"], attrs={"value": lst["stake"]}) for lst in snap["lists"]],
                    attrs={"name": "stake", "id": "signup-stake"},
                ),
            )

        def signup(form_node: Any) -> None:
            name = " ".join(field_value(form_node, "name").split())
            stake = form_node.querySelector("[name=stake]")
            args = [name] + ([str(stake.value)] if stake else [])
            if name and page.add("signup", "signup", *args):
                form_node.querySelector("[name=name]").value = ""
                form_node.querySelector("[name=name]").focus()

        name_field = h(
            "input",
            attrs={
                "type": "text",
                "name": "name",
                "id": "signup-name",
                "autocomplete": "off",
                "maxlength": 40,
                "required": True,
            },
        )
        form = entry_form(
            [labelled(tr("serata.ui.name"), name_field), stake_field],
            tr("serata.ui.signup"),
            signup,
            "serata-form no-print",
            key="signup-form",
            submit_attrs={"id": "signup-add"},
        )
    lists: list[VNode] = []
    for lst in snap["lists"]:
        items = []
        for i, row in enumerate(lst["signups"]):
            player = players.get(row["name"], {})
            actions: list[VNode] = []
            if not ro and row["active"]:
                name = row["name"]
                if player.get("status") in ("listed", "late") and not player.get("arrived"):
                    actions.append(
                        button(
                            tr("serata.ui.arrive"),
                            common.bind(lambda n: page.add("signup", "arrive", n), name),
                            f"arrive-{i}",
                        )
                    )
                if player.get("status") in ("listed", "late"):
                    stake_args = [lst["stake"]] if several and len(player.get("stakes", [])) > 1 else []
                    actions.append(
                        button(
                            tr("serata.ui.withdraw"),
                            common.bind(lambda a: page.add("signup", "withdraw", *a), [name, *stake_args]),
                            f"withdraw-{i}",
                        )
                    )
                if several and len(player.get("stakes", [])) > 1:
                    actions.append(
                        button(
                            tr("serata.ui.choose") + " " + lst["stake"],
                            common.bind(lambda a: page.add("signup", "choose", *a), [name, lst["stake"]]),
                            f"choose-{i}",
                        )
                    )
            items.append(
                h(
                    "li",
                    h("span", text=row["name"], cls="signup-name"),
                    h("span", text=row["time"], cls="signup-time"),
                    h(
                        "span",
                        text=status_text(player) if player else "",
                        cls=f"badge status-{player.get('status', '')}",
                    ),
                    h("span", *actions, cls="signup-actions no-print") if actions else None,
                    cls="signup"
                    + ("" if row["active"] or player.get("status") not in ("gone",) else " is-gone"),
                    key=f"su-{lst['stake']}-{i}",
                )
            )
        lists.append(
            h(
                "div",
                h("h3", text=f"{tr('serata.ui.stake')} {lst['stake']}") if several else None,
                h("ol", *items, cls="signup-list"),
                key=f"list-{lst['stake']}",
            )
        )
    return section("signups", tr("serata.ui.signups"), form, page.alert_for("signup"), *lists)


def waiting_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """PE1, PE5, PE11: who is first in surplus, list by list."""
    blocks: list[VNode | None] = []
    for stake, names in snap["queues"].items():
        if not names:
            continue
        first = snap["first_present"].get(stake)
        items = [h("li", text=name + (" ★" if name == first else ""), key=f"w-{name}") for name in names]
        label = f"{tr('serata.ui.stake')} {stake}" if len(snap["queues"]) > 1 else None
        blocks.append(
            h(
                "div",
                h("h3", text=label) if label else None,
                h("ol", *items, cls="waiting-list"),
                key=f"q-{stake}",
            )
        )
    if not blocks:
        blocks.append(h("p", text=tr("serata.ui.waiting_none"), cls="hint", key="none"))
    if snap["must_choose"]:
        blocks.append(
            h(
                "p",
                text=tr("serata.ui.must_choose", names=", ".join(snap["must_choose"])),
                cls="serata-alert serata-warning",
                key="choose",
            )
        )
    return section("waiting", tr("serata.ui.waiting"), *blocks, page.alert_for("waiting"))


def ledger_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """PE12: each player's passate and chips, and his result so far."""
    several = len(snap["lists"]) > 1
    head = [tr("serata.ui.player")] + ([tr("serata.ui.stake")] if several else []) + [
        tr("serata.ui.status"), tr("serata.ui.passate"), tr("serata.ui.chips"), tr("serata.ui.result"),
    ]  # fmt: skip
    rows = []
    for player in snap["players"]:
        if not player["passate"]:
            continue
        cells = [h("th", text=player["name"], attrs={"scope": "row"})]
        if several:
            cells.append(h("td", text=player["stake"] or ""))
        cents = player["cents"]
        cells += [
            h("td", text=status_text(player), cls="col-status"),
            h("td", text=str(player["passate"]), cls="num"),
            h("td", text=str(player["chips"]), cls="num"),
            h("td", text=money(cents), cls="num " + ("plus" if cents > 0 else "minus" if cents < 0 else "")),
        ]
        rows.append(h("tr", *cells, key=f"l-{player['name']}"))
    table = h(
        "table",
        h(
            "thead",
            h(
                "tr",
                *[
                    h(
                        "th",
                        text=x,
                        cls="col-status" if x == tr("serata.ui.status") else None,
                        attrs={"scope": "col"},
                    )
                    for x in head
                ],
            ),
        ),
        h("tbody", *rows),
        cls="ledger",
    )
    return section(
        "ledger",
        tr("serata.ui.ledger"),
        h(
            "div",
            table,
            cls="ledger-wrap",
            attrs={"tabindex": 0, "role": "region", "aria-label": tr("serata.ui.ledger")},
        )
        if rows
        else h("p", text="—", cls="hint"),
    )


def settlement_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """PE14: who pays whom, in the fewest transfers; the evening's close."""
    opts = snap["options"]
    parts: list[VNode | None] = [
        h(
            "p",
            text=tr("serata.ui.settlement_lead", value=opts["stakes"], passata=opts["passata"]),
            cls="hint",
        )
    ]
    if not snap["balanced"]:
        parts.append(
            h(
                "p",
                text=tr("serata.ui.unbalanced", chips=snap["chips_total"], owed=snap["bought_total"]),
                cls="serata-alert serata-warning",
            )
        )
    elif snap["transfers"]:
        items = [
            h(
                "li",
                text=tr("serata.ui.transfer", from_=t["from"], to=t["to"], amount=money(t["cents"])),
                key=f"t-{i}",
            )
            for i, t in enumerate(snap["transfers"])
        ]
        parts.append(h("ul", *items, cls="transfers", attrs={"id": "transfers"}))
        parts.append(h("p", text=tr("serata.ui.fewest", n=len(items)), cls="hint"))
    else:
        parts.append(h("p", text=tr("serata.ui.no_transfers"), cls="hint"))
    if not ro and not snap["closed"]:
        parts.append(
            button(
                tr("serata.ui.close_evening"),
                lambda _e: page.add("settlement", "close"),
                "close-evening",
                quiet=False,
                id="close-evening",
            )
        )
    parts.append(page.alert_for("settlement"))
    return section("settlement", tr("serata.ui.settlement"), *parts)


def record_section(page: SerataPage, snap: dict[str, Any], ro: bool) -> VNode:
    """The record itself, each entry with its notes (PE5, PE6, PE13), and a line to type one."""
    items = []
    for row in snap["record"]:
        notes = [
            h(
                "p",
                h("span", text=n["rule"] or "", cls="badge"),
                " ",
                n["message"],
                cls="entry-note" + (" is-warning" if n["warning"] else ""),
            )
            for n in row["notes"]
        ]
        items.append(h("li", h("code", text=row["text"]), *notes, key=f"e-{row['index']}"))
    events = [
        h(
            "li",
            h("span", text=f"{n['time']} · {n['rule'] or ''}", cls="badge"),
            " ",
            n["message"],
            key=f"ev-{i}",
        )
        for i, n in enumerate(snap["events"])
    ]
    form: VNode | None = None
    if not ro and not snap["closed"]:
        entry_field = h(
            "input",
            attrs={
                "type": "text",
                "name": "entry",
                "id": "entry-text",
                "autocomplete": "off",
                "spellcheck": "false",
                "placeholder": "chips 22:10 Anna 140",
            },
        )
        form = entry_form(
            [labelled(tr("serata.ui.entry_add"), entry_field)],
            tr("serata.ui.add"),
            lambda node: page.add_text(field_value(node, "entry")),
            "serata-form no-print",
            key="entry-form",
            submit_attrs={"id": "entry-add"},
        )
    return section(
        "record",
        tr("serata.ui.entries"),
        form,
        page.alert_for("record"),
        h("ul", *events, cls="events") if events else None,
        h("ol", *items, cls="record-list", attrs={"id": "record-list"}),
        cls="serata-record",
    )
