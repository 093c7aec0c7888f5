"""What the Poker table tells: hand and session summaries, the score bar, the session ledger and
standings, the hand's log and the buy-ins; the settings form's selects."""

from __future__ import annotations

from typing import Any

from pyapp.session_types import Snapshot
from pyapp.views.cardviews import card_face
from pyapp.views.common import tr
from pyapp.views.poker.controls import PokerControls
from pyapp.views.poker.words import action_text, card, cards_text, combination_text, option_label, signed
from pyapp.views.table.render import score_item
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import folded


class PokerSheet(PokerControls):
    """Summaries, scores and the log of the Poker table."""

    def summary(self, snapshot: Snapshot) -> VNode | None:
        if self.replay:
            return None
        if self.summary_waits(snapshot):
            return self.hand_summary(snapshot)
        if snapshot["terminal"] or not (self.human_seated(snapshot) or self.may_return(snapshot)):
            return self.session_summary(snapshot)
        return None

    def outcome_lines(self, snapshot: Snapshot, hand: dict[str, Any]) -> list[tuple[str, str]]:
        """What happened to the pot of ``hand``: ``(winner seat or "", text)`` lines."""
        view = snapshot["view"]
        me = view.get("me")
        outcome = hand["outcome"]
        if outcome == "passed":
            req = tr(f"poker.ui.req_short.{hand.get('next_requirement') or view['requirement']}")
            return [("", tr("poker.ui.out.passed", pot=hand["pot"], req=req))]
        if outcome == "parola":
            return [("", tr("poker.ui.out.parola", pot=hand["pot"]))]
        lines = []
        for index, pot in enumerate(hand["pots"]):
            if outcome == "uncalled" or "combination" not in pot:
                text = self.said("poker.ui.out.uncalled", pot["winner"], me, n=pot["amount"])
            else:
                key = "poker.ui.out.won" if index == 0 else "poker.ui.out.won_side"
                text = self.said(
                    key, pot["winner"], me, n=pot["amount"], combination=combination_text(pot["combination"])
                )
            lines.append((pot["winner"], text))
        return lines

    def hand_summary(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        me = view.get("me")
        hand = snapshot["result"]["hands"][-1]
        body: list[VNode] = [
            h("p", cls="highlight pk-award", text=text, attrs={"data-winner": winner or None})
            for winner, text in self.outcome_lines(snapshot, hand)
        ]
        if hand.get("opener"):
            body.append(
                h(
                    "p",
                    text=self.said(
                        "poker.ui.opened_by", hand["opener"], me, cards=cards_text(hand.get("openers") or [])
                    ),
                )
            )
            if hand.get("openers_aside"):
                body.append(
                    h("p", text=tr("poker.ui.openers_aside", cards=cards_text(hand["openers_aside"])))
                )
        if hand.get("shown"):
            rows = []
            for label, entry in hand["shown"].items():
                rows.append(
                    h(
                        "li",
                        h("strong", text=self.seat_name(label, me)),
                        h("span", *[card_face(card(code), 40) for code in entry["cards"]], cls="pk-shown"),
                        h(
                            "span",
                            cls="pk-combination",
                            text=combination_text(entry),
                            attrs={"data-combination": entry.get("category", "")},
                        ),
                        key=label,
                    )
                )
            body += [h("h3", text=tr("poker.ui.shown_title")), h("ul", *rows, cls="pk-shown-list")]
        if hand.get("conceded"):
            body.append(
                h(
                    "p",
                    text=tr(
                        "poker.ui.conceded", seats=", ".join(self.seat_name(s, me) for s in hand["conceded"])
                    ),
                )
            )
        draws = hand.get("draws") or {}
        if draws:
            parts = [
                tr("poker.ui.draw_pat", seat=self.seat_name(s, me))
                if n == 0
                else tr("poker.ui.draw_n", seat=self.seat_name(s, me), n=n)
                for s, n in draws.items()
            ]
            body.append(h("p", cls="pk-draws", text=tr("poker.ui.draws_line", draws=", ".join(parts))))
        return self.summary_panel(
            snapshot,
            tr("poker.ui.hand_over", n=hand["hand"]),
            *body,
            key=f"hand-summary-{hand['hand']}",
            cls="summary pk-summary",
            attrs={"data-outcome": hand["outcome"]},
            first=self.next_hand_button(tr("poker.ui.next_hand")),
        )

    def session_summary(self, snapshot: Snapshot) -> VNode:
        title = tr("poker.ui.session_over") if snapshot["terminal"] else tr("poker.ui.you_left")
        return self.match_over(
            snapshot,
            title,
            h("div", self.standings_table(snapshot), cls="pk-table-wrap"),
            new_text=tr("poker.ui.new_session"),
            new_id="new-session",
            key="session-summary",
            cls="summary pk-summary",
        )

    def standings_table(self, snapshot: Snapshot) -> VNode:
        me = snapshot["view"].get("me")
        head = h(
            "tr",
            *[
                h("th", text=tr(f"poker.ui.col.{key}"), attrs={"scope": "col"})
                for key in ("player", "resto", "passate", "net", "net_passate")
            ],
        )
        body = h("tbody")
        rows = snapshot["result"]["standings"]
        shared = {row["seat"] for row in rows if row.get("player", 1) > 1}
        for row in rows:
            net = row["net_units"]
            current = row.get("player", 1) == snapshot["view"]["seats"][int(row["seat"]) - 1].get("player", 1)
            name = self.seat_name(row["seat"], me)
            if row["seat"] in shared:
                name = tr("poker.ui.player_k", name=name, k=row.get("player", 1))
            body.append(
                h(
                    "tr",
                    h("th", text=name, attrs={"scope": "row"}),
                    h("td", text=str(row["resto"])),
                    h("td", text=str(row["passate_bought"])),
                    h("td", text=signed(net), cls="pos" if net > 0 else ("neg" if net < 0 else None)),
                    h("td", text=signed(row["net_passate"])),
                    cls="is-me" if row["seat"] == me and current else None,
                    attrs={"data-seat": row["seat"], "data-player": row.get("player", 1)},
                )
            )
        return h("table", h("thead", head), body, cls="pk-standings")

    def score_items(self, snapshot: Snapshot) -> list[VNode]:
        view = snapshot["view"]
        me_info = view["seats"][snapshot["seat"] or 0]
        items = [
            score_item(tr("poker.ui.you"), str(me_info["resto"]), "score is-you"),
            h("span", text=tr("poker.ui.pot_total", n=view["pot"]), cls="score-meta"),
        ]
        if view["hand"]:
            items.append(h("span", text=tr("poker.ui.hand_n", n=view["hand"]), cls="score-meta hand-points"))
        dealer = view.get("dealer")
        if dealer:
            items.append(
                h(
                    "span",
                    text=self.said("poker.ui.dealer_is", dealer, view.get("me")),
                    cls="score-meta score-dealer",
                )
            )
        return items

    def score_sheet(self, snapshot: Snapshot) -> VNode:
        """The session ledger: each player's chips after every hand, rebuys marked; then the standings."""
        view = snapshot["view"]
        me = view.get("me")
        result = snapshot["result"]
        labels = [s["seat"] for s in view["seats"]]
        buys: dict[tuple[int, str], int] = {}
        for e in result.get("buyins") or []:
            buys[(int(e["before_hand"]), e["seat"])] = buys.get((int(e["before_hand"]), e["seat"]), 0) + int(
                e["units"]
            )
        head = h(
            "tr",
            h("th", text=tr("poker.ui.col.hand"), attrs={"scope": "col"}),
            *[h("th", text=self.seat_name(s, me), attrs={"scope": "col"}) for s in labels],
        )
        body = h("tbody")
        for hand in result["hands"]:
            cells = []
            for s in labels:
                chips = (hand.get("resto") or {}).get(s)
                bought = buys.get((int(hand["hand"]), s))
                cells.append(
                    h(
                        "td",
                        h("span", text="\u2014" if chips is None else str(chips)),
                        h("span", text=tr("poker.ui.sheet_rebuy", n=bought), cls="sub rebuy")
                        if bought
                        else None,
                    )
                )
            body.append(
                h(
                    "tr",
                    h("th", text=str(hand["hand"]), attrs={"scope": "row"}),
                    *cells,
                    attrs={"data-hand": hand["hand"]},
                )
            )
        sheet = h("div", cls="sheet")
        if result["hands"]:
            sheet.append(
                h(
                    "div",
                    h("table", h("thead", head), body, cls="sheet-table", attrs={"id": "sheet-hands"}),
                    cls="pk-table-wrap",
                )
            )
        else:
            sheet.append(h("p", text=tr("table.sheet.empty")))
        sheet.append(
            h("h3", text=tr("poker.ui.standings")),
            h("div", self.standings_table(snapshot), cls="pk-table-wrap"),
        )
        events = self.buyin_lines(snapshot)
        if events:
            sheet.append(
                h("h3", text=tr("poker.ui.buyins_title")),
                h("ol", *[h("li", text=t) for t in events], cls="pk-buyins", attrs={"id": "buyins"}),
            )
        return sheet

    def log_entries(self, snapshot: Snapshot) -> list[tuple[str, str, str]]:
        view = snapshot["view"]
        me = view.get("me")
        lines = []
        for k, (seat, action) in enumerate(view.get("log") or []):
            if seat == me:
                text = tr("poker.ui.log_you", action=action_text(action))
            else:
                text = tr("poker.ui.log_line", seat=self.seat_name(seat, me), action=action_text(action))
            lines.append((f"a{view['hand']}-{k}", text, "play"))
        hands = snapshot["result"]["hands"]
        if lines:
            self._hand_log = (int(view["hand"]), list(view.get("log") or []))
        elif hands and self._hand_log[0] == hands[-1]["hand"] and self.summary_waits(snapshot):
            # the hand is over and its actions left the view: keep them on show with its summary
            number, actions = self._hand_log
            for k, (seat, action) in enumerate(actions):
                key = "poker.ui.log_you" if seat == me else "poker.ui.log_line"
                text = tr(key, seat=self.seat_name(seat, me), action=action_text(action))
                lines.append((f"a{number}-{k}", text, "play"))
        if hands and (self.summary_waits(snapshot) or not view.get("log")):
            hand = hands[-1]
            for k, (_winner, text) in enumerate(self.outcome_lines(snapshot, hand)):
                lines.append((f"h{hand['hand']}-{k}", text, "score"))
        return lines

    def side_panels(self, snapshot: Snapshot) -> list[VNode]:
        return [
            folded(
                tr("poker.ui.standings"),
                h("div", self.standings_table(snapshot), cls="pk-table-wrap"),
                ident="standings",
                cls="settings-box pk-standings-box",
            )
        ]

    def buyin_lines(self, snapshot: Snapshot) -> list[str]:
        """Buy-ins and departures of the session in words, in the order they happened (P3, P4)."""
        me = snapshot["view"].get("me")
        result = snapshot["result"]
        events = [(e["before_hand"], 1, e) for e in result.get("departures") or []]
        events += [(e["before_hand"], 0 if e["kind"] != "join" else 2, e) for e in result.get("buyins") or []]
        lines = []
        for hand, _, e in sorted(events, key=lambda x: (x[0], x[1])):
            if "kind" not in e:
                lines.append(self.said("poker.ui.buyin.leave", e["seat"], me, hand=hand, resto=e["resto"]))
            elif e["kind"] == "join":
                key = "poker.ui.buyin.join_double" if e.get("double") else "poker.ui.buyin.join"
                lines.append(self.said(key, e["seat"], me, hand=hand, units=e["units"]))
            else:
                lines.append(
                    self.said(f"poker.ui.buyin.{e['kind']}", e["seat"], me, hand=hand, units=e["units"])
                )
        return lines

    def settings_field(self, name: str, values: tuple[str | int, ...], chosen: object) -> VNode:
        """A select per option (poker has many numeric settings)."""
        field_id = f"opt-{name}"
        select = h(
            "select",
            *[
                h(
                    "option",
                    text=option_label(name, value),
                    attrs={"value": value, "selected": str(chosen) == str(value)},
                )
                for value in values
            ],
            attrs={"name": name, "id": field_id},
        )
        return h("label", tr(f"poker.ui.opt.{name}"), " ", select, attrs={"for": field_id})
