"""The Poker all'italiana table: the human sits at seat 1 with computer players around the table.

Seats are numbered ``1..n`` clockwise; play passes to the left, so the opponents are drawn from
the human's left (seat 2) to his right (seat n). Everything shown comes from
``TableSession.snapshot`` (the engine's ``view`` of the human's seat and the session's
``result``); every move goes through ``TableController.act``. Amounts are bounded by the view's
``min``/``max`` (or the smallest and largest amount of the legal list): a number field, a slider
and quick amounts, never a button per amount; an amount beyond them is refused by the rules with
their own message, shown next to the hand.
"""

from __future__ import annotations

from typing import Any

from pyapp.session_types import Snapshot
from pyapp.views import common, serata_link
from pyapp.views.cardviews import card_face
from pyapp.views.common import tr
from pyapp.views.motion import rect_of
from pyapp.views.poker.sheet import PokerSheet
from pyapp.views.poker.words import action_text, card, cards_text, combination_text
from pyapp.views.vdom import VNode, h


class PokerTable(PokerSheet):
    """The Poker all'italiana view: the felt with the seats and the pot, the dock, the chips' motion."""

    # -- the board -------------------------------------------------------------------------------------
    def board(self, snapshot: Snapshot) -> VNode:
        if snapshot["moves"] != self._decision:
            self._decision = snapshot["moves"]
            self.discard = []
            self.amount_text = None
        view = snapshot["view"]
        me = view.get("me")
        seats = view["seats"]
        start = snapshot["seat"] or 0
        others = h(
            "div",
            *[self.opponent_seat(view, seats[(start + i) % len(seats)], me) for i in range(1, len(seats))],
            cls="pk-opponents",
            attrs={"data-count": len(seats) - 1},
        )
        felt = h(
            "section",
            others,
            self.center(snapshot),
            cls="pk-felt",
            key="felt",
            attrs={"aria-label": tr("poker.ui.table")},
        )
        return self.board_frame(felt, self.dock(snapshot), self.summary(snapshot), "pk-board")

    def badges(self, view: dict[str, Any], info: dict[str, Any]) -> VNode:
        label = info["seat"]
        box = h("div", cls="pk-badges")
        if view.get("dealer") == label:
            box.append(h("span", cls="badge dealer", text=tr("poker.ui.dealer")))
        if view.get("to_act") == label and view["phase"] != "game_over":
            box.append(h("span", cls="badge turn", text=tr("poker.ui.turn")))
        if view.get("opener") == label:
            box.append(h("span", cls="badge opener", text=tr("poker.ui.opener")))
        if not info["seated"]:
            box.append(h("span", cls="badge gone", text=tr("poker.ui.gone")))
        elif info["folded"]:
            box.append(h("span", cls="badge folded", text=tr("poker.ui.folded")))
        elif info["all_in"]:
            box.append(h("span", cls="badge all-in", text=tr("poker.ui.all_in")))
        return box

    def seat_facts(self, info: dict[str, Any]) -> list[VNode]:
        """Resto, the bet of this round, the draw and the last action of one seat."""
        facts = [h("p", cls="pk-resto", text=tr("poker.ui.resto", n=info["resto"]))]
        if info["bet"]:
            facts.append(h("p", cls="pk-bet", text=tr("poker.ui.bet", n=info["bet"])))
        if info["draw"] is not None:
            drawn = info["draw"]
            text = (
                tr("poker.ui.served")
                if drawn == 0
                else (tr("poker.ui.drew_one") if drawn == 1 else tr("poker.ui.drew", n=drawn))
            )
            facts.append(h("p", cls="pk-draw", text=text, attrs={"data-draw": drawn}))
        if info["last"] and not str(info["last"]).startswith(("draw", "serve")):
            facts.append(h("p", cls="pk-last", text=action_text(info["last"])))
        return facts

    def opponent_seat(self, view: dict[str, Any], info: dict[str, Any], me: str | None) -> VNode:
        label = info["seat"]
        box = h(
            "div",
            h("h2", cls="seat-name", text=self.seat_name(label, me)),
            self.badges(view, info),
            cls="pk-seat",
            key=f"seat-{label}",
            attrs={
                "data-seat": label,
                "data-turn": "true" if view.get("to_act") == label else None,
                "data-folded": "true" if info["folded"] or not info["seated"] else None,
            },
        )
        if info.get("shown"):
            box.append(
                h("div", *[card_face(card(code), 50) for code in info["shown"]], cls="pk-shown"),
                h(
                    "p",
                    cls="pk-combination",
                    text=combination_text(info.get("combination")),
                    attrs={"data-combination": "true"},
                ),
            )
        elif self.revealed.get(label) and not info["folded"]:  # every hand open: pyapp/views/replay.py
            box.append(
                h("div", *[card_face(card(c), 50) for c in self.revealed[label]], cls="pk-shown pk-open")
            )
        elif info["cards"] and not info["folded"]:
            box.append(
                h(
                    "div",
                    *[
                        h(
                            "img",
                            cls="back",
                            attrs={"src": common.back_url("fr"), "alt": "", "width": 40, "height": 60},
                            key=f"b{k}",
                        )
                        for k in range(info["cards"])
                    ],
                    cls="backs",
                    attrs={"role": "img", "aria-label": common.tr_n("poker.ui.cards_held", info["cards"])},
                )
            )
        box.append(*self.seat_facts(info))
        return box

    def center(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        me = view.get("me")
        box = h("div", cls="pk-center", key="center")
        box.append(h("p", cls="pk-pot", text=tr("poker.ui.pot_total", n=view["pot"]), attrs={"id": "pot"}))
        pots = view.get("pots") or []
        anyone_all_in = any(s["all_in"] and s["in_hand"] and not s["folded"] for s in view["seats"])
        if len(pots) > 1 and anyone_all_in:  # side pots exist only when someone is all'altezza (P3)
            listing = h("ul", cls="pk-pots")
            for index, pot in enumerate(pots):
                seats = ", ".join(self.seat_name(s, me) for s in pot["eligible"])
                key = "poker.ui.main_pot" if index == 0 else "poker.ui.side_pot"
                listing.append(h("li", text=tr(key, n=pot["amount"], seats=seats, k=index)))
            box.append(listing)
        box.append(
            h(
                "p",
                cls="pk-requirement",
                text=tr(f"poker.ui.req.{view['requirement']}"),
                attrs={"data-requirement": view["requirement"]},
            )
        )
        facts = [tr(f"poker.ui.phase.{view['phase']}")]
        if view["phase"] in ("bet1", "bet2") and view["current_bet"]:
            facts.append(tr("poker.ui.current_bet", n=view["current_bet"]))
            cap = int(snapshot["options"].get("raise_cap") or 0)
            if cap:
                facts.append(tr("poker.ui.raises", n=view["raises"], cap=cap))
        box.append(h("p", cls="pk-facts", text=" \u00b7 ".join(facts)))
        return box

    def dock(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        me = view.get("me")
        seat = snapshot["seat"] or 0
        info = view["seats"][seat]
        drawing = snapshot["human_turn"] and view["phase"] == "draw" and not self.replay
        codes = view.get("cards") or []
        items = []
        for index, code in enumerate(codes):
            face = card(code)
            if drawing:
                chosen = code in self.discard
                label = tr(
                    "poker.ui.discard_label" if chosen else "poker.ui.keep_label",
                    card=common.card_label(face),
                )
                item = self.card_button(
                    face,
                    index,
                    label,
                    pressed=chosen,
                    cls="card-button" + (" is-selected" if chosen else ""),
                    on_click=self.toggle_discard,
                )
            else:
                item = h("span", card_face(face, 100), cls="pk-card", key=f"c-{code}")
            items.append(h("li", item, key=code))
        if not codes:
            items.append(h("li", cls="pk-empty", text=tr("poker.ui.no_cards"), key="empty"))
        hand = h(
            "ul",
            *items,
            cls="hand hand-own pk-hand" + (" is-drawing" if drawing else ""),
            attrs={"aria-label": tr("poker.ui.your_hand")},
            key="hand",
        )
        notes = []
        if view.get("combination") and codes:
            notes.append(
                h(
                    "span",
                    cls="pk-combination",
                    attrs={"id": "my-combination"},
                    text=tr("poker.ui.you_hold", combination=combination_text(view["combination"])),
                )
            )
        if view.get("openers"):
            notes.append(
                h(
                    "span",
                    cls="pk-openers",
                    text=tr("poker.ui.your_openers", cards=cards_text(view["openers"])),
                )
            )
        if view.get("aside"):
            notes.append(
                h("span", cls="pk-openers", text=tr("poker.ui.aside", cards=cards_text(view["aside"])))
            )
        return h(
            "section",
            h(
                "div",
                h("h2", cls="seat-name", text=self.seat_name(info["seat"], me)),
                self.badges(view, info),
                *self.seat_facts(info),
                cls="dock-head",
            ),
            self.messages(snapshot),
            self.controls(snapshot),
            hand,
            h("p", *notes, cls="pk-notes") if notes else None,
            cls="dock pk-seat pk-own",
            key="dock",
            attrs={
                "data-seat": info["seat"],
                "data-turn": "true" if snapshot["human_turn"] else None,
                "data-folded": "true" if info["folded"] else None,
                "aria-label": tr("table.dock"),
            },
        )

    # -- motion: chips ----------------------------------------------------------------------------------
    def before_patch(self, snapshot: Snapshot) -> None:
        self._rects = {}
        if self.motion is None or not self.motion.enabled or self.previous is None:
            return
        root = common.app_root()
        for node in root.querySelectorAll("[data-seat].pk-seat"):
            self._rects[str(node.getAttribute("data-seat"))] = rect_of(node)
        self._rects["pot"] = rect_of(common.by_id("pot"))

    def after_patch(self, previous: Snapshot | None, snapshot: Snapshot) -> None:
        """Chips fly from a seat that put some in to the pot, and from the pot to who won it.

        They take off from where things were before the patch and land where they are now: a seat's
        box changes size when a showdown's cards or the hand's summary come and go.
        """
        if previous is None or self.motion is None or not self.motion.enabled or not self._rects:
            return
        root = common.app_root()
        pot_before = self._rects.get("pot") or rect_of(common.by_id("pot"))
        pot = rect_of(common.by_id("pot")) or pot_before
        before = {s["seat"]: s for s in previous["view"]["seats"]}
        for seat in snapshot["view"]["seats"]:
            old = before.get(seat["seat"])
            if (
                old is not None
                and seat["put_in"] > old["put_in"]
                and snapshot["view"]["hand"] == previous["view"]["hand"]
            ):
                self.motion.chips(
                    self._rects.get(seat["seat"]),
                    pot,
                    count=2 + min(3, (seat["put_in"] - old["put_in"]) // 10),
                )
        hands, old_hands = snapshot["result"]["hands"], previous["result"]["hands"]
        if len(hands) > len(old_hands):
            for pot_award in hands[-1].get("pots") or []:
                winner = pot_award.get("winner")
                if winner:
                    seat_now = rect_of(root.querySelector(f".pk-seat[data-seat='{winner}']"))
                    self.motion.chips(pot_before, seat_now or self._rects.get(winner), count=5)


_table = PokerTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``poker.html``."""
    serata_link.install(_table)  # a table of a poker evening: the way back (pyapp/views/serata_link.py)
    _table.main()
