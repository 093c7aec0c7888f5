"""The Boston table: the human sits South with three computer players, each on his own.

Play is clockwise (N -> E -> S -> W). Drawn with North on top, East on the right, South at the
bottom and West on the left, the play goes round the table clockwise as seen from above: after
the human (S) comes West, on the human's left. Everything shown comes from
``TableSession.snapshot`` (the engine's ``view`` of seat S and the shared trick shape); every move
goes through ``TableController.act``. The felt, trick, hand and dock are :mod:`pyapp.views.tricks`.
"""

from __future__ import annotations

from typing import Any

from pyapp.core import COMPASS
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.cardviews import card_face
from pyapp.views.common import tr
from pyapp.views.table.render import score_item
from pyapp.views.tricks import TrickTable, card_phrase
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button

SEATS = COMPASS
RANKS = "23456789TJQKA"
RED_SUITS = ("d", "h")
CALLS = ("passo", "chiedo", "accetto", "solo")
OPTION_CHOICES: dict[str, tuple[str, ...]] = {"boston_suit": ("trump", "natural")}


def suit_order(trump: str | None) -> dict[str, int]:
    """Display order of the suits: trumps first, then the others alternating red and black."""
    if not trump:
        return {s: i for i, s in enumerate("cdhs")}
    pool = [s for s in "cdhs" if s != trump]
    order = [trump]
    want_red = trump not in RED_SUITS
    while pool:
        pick = next((s for s in pool if (s in RED_SUITS) == want_red), pool[0])
        order.append(pick)
        pool.remove(pick)
        want_red = pick not in RED_SUITS
    return {s: i for i, s in enumerate(order)}


def sort_hand(cards: list[str], trump: str | None, boston: str | None, natural: bool) -> list[str]:
    """The hand by suit, trumps first with the Boston at their head (with its own suit if ``natural``)."""
    order = suit_order(trump)

    def key(code: str) -> tuple[int, int]:
        suit = trump if (code == boston and trump and not natural) else code[1]
        rank = 99 if code == boston else RANKS.index(code[0])
        return (order[suit], -rank)

    return sorted(cards, key=key)


def signed(n: int) -> str:
    """``+3``, ``−2`` (a true minus sign), ``0``."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def mani_text(n: int) -> str:
    """``+1 mano``, ``−2 mani``: the sign and the right number of "mani"."""
    return tr("boston.ui.mani_one" if abs(n) == 1 else "boston.ui.mani_many", n=signed(n))


class BostonTable(TrickTable):
    """The Boston view."""

    game = "boston"
    deck = "fr"
    humans = (2,)
    wait_key = "boston.ui.wait"
    turn_phases = ("bidding", "play")
    option_choices = OPTION_CHOICES
    option_prefix = "boston.ui.opt"
    stylesheets = ("./static/table.css", "./static/boston.css")

    # -- flow ------------------------------------------------------------------------------------------
    def hands_done(self, snapshot: Snapshot) -> int:
        return len(snapshot["view"]["hands_played"])

    # -- advice (practice) -------------------------------------------------------------------------------
    def advisable(self, snapshot: Snapshot) -> bool:
        return bool(snapshot["human_turn"] and snapshot["view"]["phase"] in ("bidding", "play"))

    def advice_text(self, snapshot: Snapshot, action: str) -> str:
        if action in CALLS:
            return self.bid_word(action)
        return tr("table.suggest.play", card=card_phrase(self.card(action)))

    def advice_targets(self, snapshot: Snapshot, action: str) -> list[str]:
        if action in CALLS:
            return [f"#bid-{action}"]
        return super().advice_targets(snapshot, action)

    # -- words ----------------------------------------------------------------------------------------
    def contract_text(self, contract: dict[str, Any]) -> str:
        """``"Est chiede: 5 prese da solo"``, ``"Chiedi tu: ..."`` and the like."""
        seats = sorted(contract["players"], key=lambda s: s != self.me)  # the human first
        if seats == [self.me]:
            return tr(f"boston.ui.contract.{contract['type']}_you")
        if seats[0] == self.me:
            return tr("boston.ui.contract.accetto_you", partner=tr("seat." + seats[1]))
        players = [tr("seat." + s) for s in seats]
        partner = players[1] if len(players) > 1 else ""
        return tr("boston.contract." + contract["type"], player=players[0], partner=partner)

    def bid_word(self, bid: str) -> str:
        """A bid as its call word (PASSO, CHIEDO, ...)."""
        return tr("boston.ui.call." + bid)

    def outcome_text(self, contract: dict[str, Any], made: bool) -> str:
        """ "Contratto fatto: 6 prese su 5 (+1 mano).", "Contratto perso: 1 presa su 8 (−7 mani).\""""
        diff = contract["tricks"] - contract["needed"]
        key = "boston.ui.made" if made else "boston.ui.failed"
        return tr(
            key + "_one" if contract["tricks"] == 1 and not made else key,
            tricks=contract["tricks"],
            needed=contract["needed"],
            mani=mani_text(diff),
        )

    # -- snapshot readers ------------------------------------------------------------------------------
    def hand_counts(self, snapshot: Snapshot) -> dict[str, int]:
        view = snapshot["view"]
        counts = dict(view.get("counts") or {})
        dealer = view.get("dealer")
        if dealer and view.get("trump_card_in_hand") and dealer in counts and dealer != self.me:
            counts[dealer] -= 1  # the turned card is drawn face up beside the backs
        return counts

    def seat_tags(self, snapshot: Snapshot, seat: str) -> list[VNode]:
        view = snapshot["view"]
        tags: list[VNode] = []
        if view.get("dealer") == seat and view["phase"] in ("shuffle", "bidding", "play"):
            tags.append(h("span", cls="badge dealer", text=tr("boston.ui.dealer")))
        contract = view.get("contract")
        if contract and seat in contract["players"] and view["phase"] == "play":
            role = (
                "soloist"
                if contract["type"] == "solo"
                else ("asker" if contract["players"][0] == seat else "acceptor")
            )
            tags.append(h("span", cls="badge role", text=tr(f"boston.ui.role.{role}")))
        if self.seat_turn(snapshot, seat):
            tags.append(h("span", cls="badge turn", text=tr("boston.ui.to_act")))
        if view["phase"] == "play":
            tags.append(
                h("span", cls="tricks-won", text=tr("boston.ui.tricks_won", n=view["tricks_won"][seat]))
            )
        said = [bid for who, bid in view.get("bids") or [] if who == seat]
        if said and view["phase"] == "bidding":
            words = " \u2192 ".join(self.bid_word(b) for b in said)
            label = self.about(seat, "boston.ui.bid_said", bid=words)
            tags.append(h("span", cls="calls bid-bubble", text=words, attrs={"title": label}))
        if view.get("dealer") == seat and view.get("trump_card_in_hand") and seat != self.me:
            tags.append(card_face(self.card(view["trump_card"]), 40).add_class("seat-turned"))
        return tags

    def hand_cards(self, snapshot: Snapshot) -> list[str]:
        view = snapshot["view"]
        natural = view["options"].get("boston_suit") == "natural"
        return sort_hand(list(view.get("hand") or []), view.get("trump_suit"), view.get("boston"), natural)

    def refusal(self, view: dict[str, Any], code: str, legal: list[str]) -> str:
        """Why ``code`` cannot follow now, in the engine's own words (B3, B10)."""
        led = view.get("led_suit")
        if not led:
            return ""
        natural = view["options"].get("boston_suit") == "natural"
        boston = view.get("boston") or ""
        if not natural and code == boston and led == boston[1:]:
            key = f"boston.boston_is_trump.{led}"
        elif not natural and led == view.get("trump_suit") and legal == [boston]:
            key = f"boston.must_play_boston.{led}"
        elif led == view.get("trump_suit"):
            key = f"boston.must_follow_trump.{led}"
        else:
            key = f"boston.must_follow.{led}"
        return tr(key, boston=common.card_label(self.card(boston)) if boston else "")

    def hand_card(self, snapshot: Snapshot, code: str, index: int) -> VNode:
        view = snapshot["view"]
        legal = list(snapshot["legal"])
        my_turn = snapshot["human_turn"] and view["phase"] == "play" and not self.replay
        natural = view["options"].get("boston_suit") == "natural"
        trump = view.get("trump_suit")
        is_trump = bool(trump) and (code[1] == trump or (code == view.get("boston") and not natural))
        playable = my_turn and code in legal
        card = self.card(code)
        label = common.card_label(card)
        if my_turn and not playable:
            label = tr("boston.ui.cannot_play", card=label, reason=self.refusal(view, code, legal))
        classes = ["card-button"]
        cards = self.hand_cards(snapshot)
        if index > 0:
            before = cards[index - 1]
            before_trump = bool(trump) and (
                before[1] == trump or (before == view.get("boston") and not natural)
            )
            if (before_trump, before[1] if not before_trump else "t") != (
                is_trump,
                code[1] if not is_trump else "t",
            ):
                classes.append("suit-start")
        if is_trump:
            classes.append("is-trump")
        if code == view.get("boston"):
            classes.append("is-boston")
        if (
            view.get("dealer") == self.me
            and view.get("trump_card_in_hand")
            and code == view.get("trump_card")
        ):
            classes.append("is-turned")
        return self.card_button(card, index, label, disabled=my_turn and not playable, cls=" ".join(classes))

    # -- felt corners: trump and contract ----------------------------------------------------------------
    def felt_extras(self, snapshot: Snapshot) -> list[VNode]:
        view = snapshot["view"]
        trump_box = h(
            "div",
            cls="info-left trump-info",
            key="trump-info",
            attrs={"role": "group", "aria-label": tr("boston.ui.trump_group")},
        )
        code = view.get("trump_card")
        if code and view["phase"] in ("bidding", "play", "hand_over", "game_over"):
            public = bool(view.get("trump_card_in_hand"))
            trump_box.append(
                card_face(self.card(code), 36).add_class("turned-card" + ("" if public else " is-gone"))
            )
            natural = view["options"].get("boston_suit") == "natural"
            trump_box.append(
                h(
                    "div",
                    h(
                        "p",
                        text=tr("boston.ui.trump_line", suit=tr("boston.suit." + view["trump_suit"])),
                        cls="trump-suit",
                    ),
                    h(
                        "p",
                        text=tr(
                            "boston.ui.boston_short_natural" if natural else "boston.ui.boston_short",
                            card=common.card_label(self.card(view["boston"])),
                        ),
                        attrs={"data-boston": view["boston"]},
                    ),
                    cls="trump-lines",
                )
            )
        else:
            trump_box.append(h("p", text=tr("boston.ui.no_trump_yet")))
        boxes = [trump_box]
        contract = view.get("contract") if view["phase"] == "play" else None
        if contract:
            sides = view.get("tricks_by_side") or {"contract": 0, "opponents": 0}
            boxes.append(
                h(
                    "div",
                    h("p", text=self.contract_text(contract), cls="contract-line"),
                    h(
                        "p",
                        text=tr(
                            "boston.ui.contract_progress",
                            tricks=sides["contract"],
                            needed=contract["needed"],
                            others=sides["opponents"],
                        ),
                        cls="contract-progress",
                    ),
                    cls="info-right contract-info",
                    key="contract-info",
                    attrs={"id": "contract-info"},
                )
            )
        elif view["phase"] == "bidding":
            boxes.append(
                h(
                    "div",
                    h("p", text=tr("boston.ui.bidding_now"), cls="contract-line"),
                    cls="info-right contract-info",
                    key="contract-info",
                    attrs={"id": "contract-info"},
                )
            )
        return boxes

    # -- prompt and controls -----------------------------------------------------------------------------
    def asker(self, view: dict[str, Any]) -> str | None:
        """The seat that said CHIEDO this hand, if any."""
        return next((who for who, bid in view.get("bids") or [] if bid == "chiedo"), None)

    def status_text(self, snapshot: Snapshot) -> str:
        view = snapshot["view"]
        phase = view["phase"]
        if phase in ("lot", "shuffle", "hand_over", "game_over"):
            return self.between_hands_text(view)
        if phase == "bidding":
            if snapshot["human_turn"]:
                asker = self.asker(view)
                return (
                    tr("boston.ui.your_bid_after", asker=tr("seat." + asker))
                    if asker
                    else tr("boston.ui.your_bid")
                )
            return tr("boston.ui.waiting_bid", seat=tr("seat." + view["turn"]))
        if snapshot["human_turn"]:
            return tr("boston.ui.your_answer") if view.get("trick") else tr("boston.ui.your_lead")
        return tr("boston.ui.waiting_play", seat=tr("seat." + view["turn"]))

    def between_hands_text(self, view: dict[str, Any]) -> str:
        """The prompt when no hand is in play: the lot, the first dealer, the dealing, the end."""
        phase = view["phase"]
        if phase == "game_over":
            return tr("boston.ui.game_over")
        if view.get("dealer") and not view["hands_played"] and phase != "lot":
            return self.about(view["dealer"], "boston.ui.first_dealer")
        return tr("boston.ui.lot" if phase == "lot" else "boston.ui.dealing")

    def dock_controls(self, snapshot: Snapshot) -> VNode | None:
        view = snapshot["view"]
        if self.replay or not snapshot["human_turn"] or view["phase"] != "bidding":
            return None
        legal = [call for call in CALLS if call in snapshot["legal"]]
        asker = self.asker(view)
        calls = h("ul", cls="bid-calls")
        for call in legal:
            explain_key = "boston.ui.explain." + ("passo_after" if call == "passo" and asker else call)
            explain_id = f"explain-{call}"
            calls.append(
                h(
                    "li",
                    button(
                        self.bid_word(call),
                        common.bind(self.act, call),
                        ident=f"bid-{call}",
                        cls="button bid-button",
                        attrs={"data-call": call, "aria-describedby": explain_id},
                    ),
                    h(
                        "span",
                        cls="bid-explain",
                        text=tr(explain_key, asker=tr("seat." + (asker or "N"))),
                        attrs={"id": explain_id},
                    ),
                    key=call,
                )
            )
        return h(
            "fieldset",
            h("legend", text=tr("boston.ui.bidding_legend")),
            calls,
            cls="bidding",
            key="bidding",
            attrs={"id": "bidding"},
        )

    # -- summaries ---------------------------------------------------------------------------------------
    def hand_table(self, hand: dict[str, Any], view: dict[str, Any]) -> VNode:
        """Per player: tricks, points and mani of the hand, and the totals so far."""
        totals = {s["seat"]: s for s in view["standings"]}
        head = h(
            "tr",
            *[
                h("th", text=tr("boston.ui.col." + c), attrs={"scope": "col"})
                for c in ("seat", "tricks", "points", "mani", "total_points", "total_mani")
            ],
        )
        body = h("tbody")
        for seat in SEATS:
            points = hand["points"][seat]
            body.append(
                h(
                    "tr",
                    h("th", text=self.seat_name(seat), attrs={"scope": "row"}),
                    h("td", text=str(hand["tricks"][seat])),
                    h(
                        "td",
                        text=signed(points),
                        cls="pos" if points > 0 else ("neg" if points < 0 else None),
                    ),
                    h("td", text=signed(hand["mani"][seat])),
                    h("td", text=signed(totals[seat]["points"])),
                    h("td", text=signed(totals[seat]["mani"])),
                    cls="is-contract" if seat in hand["contract"]["players"] else None,
                    attrs={"data-seat": seat},
                )
            )
        return h("table", h("thead", head), body, cls="hand-table")

    def hand_summary(self, snapshot: Snapshot, final: bool = False) -> VNode:
        view = snapshot["view"]
        hands = view["hands_played"]
        hand = hands[-1]
        key = f"hand-summary-{len(hands)}"
        attrs: dict[str, str | int | bool | None] = {"data-counted": "true" if hand["counted"] else "false"}
        if not hand["counted"]:
            dealer = hand["dealer"]
            explain = (
                tr("boston.ui.redeal_explain_you")
                if dealer == self.me
                else tr("boston.ui.redeal_explain", dealer=tr("seat." + dealer))
            )
            return self.summary_panel(
                snapshot,
                tr("boston.ui.redeal_title"),
                h("p", text=explain),
                key=key,
                attrs=attrs,
                first=self.next_hand_button(tr("boston.ui.redeal_button")),
            )
        contract = hand["contract"]
        last = self.tricks(snapshot)["last"]
        return self.summary_panel(
            snapshot,
            tr("boston.ui.hand_over", n=sum(1 for x in hands if x["counted"])),
            h("p", text=self.contract_text(contract), cls="contract-line"),
            h(
                "p",
                text=self.outcome_text(contract, hand["made"]),
                cls="highlight" if hand["made"] else "highlight failed",
            ),
            self.hand_table(hand, view),
            *(
                [h("h3", text=self.last_trick_title(last["winner"] or "")), self.trick_cards(last, 40)]
                if last
                else []
            ),
            key=key,
            attrs=attrs,
            first=None if final else self.next_hand_button(tr("boston.ui.next_hand")),
            title_id="hand-title" if final else "summary-title",
        )

    def match_summary(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        standings = sorted(view["standings"], key=lambda s: (s["place"], SEATS.index(s["seat"])))
        winners = [s["seat"] for s in standings if s["place"] == 1]
        names = ", ".join(self.seat_name(s) for s in winners)
        if winners == [self.me]:
            headline = tr("boston.ui.winner_you")
        elif len(winners) > 1:
            headline = tr("boston.ui.winners_shared", seats=names)
        else:
            headline = tr("boston.ui.winner", seats=names)
        top = standings[0]["points"]
        rows = h("tbody")
        for entry in standings:
            rows.append(
                h(
                    "tr",
                    h("td", text=str(entry["place"])),
                    h("th", text=self.seat_name(entry["seat"]), attrs={"scope": "row"}),
                    h("td", text=signed(entry["points"])),
                    h("td", text=signed(entry["mani"])),
                    cls="is-winner" if entry["place"] == 1 else None,
                    attrs={"data-seat": entry["seat"]},
                )
            )
        head = h(
            "tr",
            *[
                h("th", text=tr("boston.ui.col." + c), attrs={"scope": "col"})
                for c in ("place", "seat", "points", "mani")
            ],
        )
        tied = sum(1 for s in standings if s["points"] == top) > 1
        played = view["hands_played"]
        return self.match_over(
            snapshot,
            tr("boston.ui.game_over"),
            h("p", text=headline, cls="highlight", attrs={"id": "winner"}),
            h("p", text=tr("boston.ui.tiebreak")) if tied else None,
            h("table", h("thead", head), rows, cls="hand-table"),
            new_text=tr("boston.ui.new_game"),
            key="game-summary",
            cls="summary standings-final",
            after=self.hand_summary(snapshot, final=True) if played and played[-1]["counted"] else None,
        )

    # -- score bar, sheet, log --------------------------------------------------------------------------
    def hand_number(self, view: dict[str, Any]) -> int:
        """The counted hand being played (or just finished)."""
        number = int(view["hand_number"])
        if view["phase"] in ("hand_over", "game_over"):
            number = max(1, sum(1 for x in view["hands_played"] if x["counted"]))
        return min(number, 4)

    def score_items(self, snapshot: Snapshot) -> list[VNode]:
        view = snapshot["view"]
        items = [
            score_item(
                self.seat_name(entry["seat"]),
                signed(entry["points"]),
                "score standing" + (" is-you" if entry["seat"] == self.me else ""),
                {"data-seat": entry["seat"]},
            )
            for entry in view["standings"]
        ]
        items.append(
            h("span", text=tr("boston.ui.hand_n", n=self.hand_number(view)), cls="score-meta hand-points")
        )
        return items

    def score_sheet(self, snapshot: Snapshot) -> VNode:
        view = snapshot["view"]
        head = h(
            "tr",
            h("th", text=tr("boston.ui.col.hand"), attrs={"scope": "col"}),
            h("th", text=tr("boston.ui.col.contract"), attrs={"scope": "col"}),
            *[h("th", text=self.seat_name(s), attrs={"scope": "col"}) for s in SEATS],
        )
        body = h("tbody")
        number = 0
        for k, hand in enumerate(view["hands_played"], start=1):
            if not hand["counted"]:
                body.append(
                    h(
                        "tr",
                        h("th", text="\u2014", attrs={"scope": "row"}),
                        h(
                            "td",
                            text=tr("boston.ui.hand_line_redeal_you")
                            if hand["dealer"] == self.me
                            else tr("boston.ui.hand_line_redeal", dealer=tr("seat." + hand["dealer"])),
                            attrs={"colspan": 5},
                        ),
                        attrs={"data-hand": k},
                    )
                )
                continue
            number += 1
            contract = hand["contract"]
            cells = [
                h(
                    "td",
                    h(
                        "span",
                        text=tr(
                            "boston.ui.sheet_cell",
                            points=signed(hand["points"][s]),
                            mani=signed(hand["mani"][s]),
                        ),
                    ),
                    h("span", text=common.tr_n("boston.ui.sheet_tricks", hand["tricks"][s]), cls="sub"),
                    cls="is-contract" if s in contract["players"] else None,
                )
                for s in SEATS
            ]
            body.append(
                h(
                    "tr",
                    h("th", text=str(number), attrs={"scope": "row"}),
                    h(
                        "td",
                        h("span", text=self.contract_text(contract)),
                        h("span", text=self.outcome_text(contract, hand["made"]), cls="sub"),
                    ),
                    *cells,
                    attrs={"data-hand": k},
                )
            )
        totals = {s["seat"]: s for s in view["standings"]}
        foot = h(
            "tr",
            h("th", text=tr("boston.ui.col.total"), attrs={"scope": "row", "colspan": 2}),
            *[
                h(
                    "td",
                    text=tr(
                        "boston.ui.sheet_cell",
                        points=signed(totals[s]["points"]),
                        mani=signed(totals[s]["mani"]),
                    ),
                )
                for s in SEATS
            ],
        )
        if not view["hands_played"]:
            return h("p", text=tr("table.sheet.empty"))
        return h(
            "table", h("thead", head), body, h("tfoot", foot), cls="sheet-table", attrs={"id": "sheet-hands"}
        )

    def log_entries(self, snapshot: Snapshot) -> list[tuple[str, str, str]]:
        view = snapshot["view"]
        lines: list[tuple[str, str, str]] = []
        if view["phase"] in ("bidding", "play", "hand_over", "game_over") and view.get("bids") is not None:
            bids = view.get("bids") or []
            if view["phase"] in ("hand_over", "game_over") and view["hands_played"]:
                bids = view["hands_played"][-1].get("bids") or bids
            for k, (seat, bid) in enumerate(bids):
                word = self.bid_word(bid)
                lines.append((f"bid{k}", self.about(seat, "boston.ui.log_bid", bid=word), "bid"))
        if view["phase"] == "play" and view.get("contract") and view.get("bids"):
            lines.append(("contract", self.contract_text(view["contract"]), "bid"))
        if view["phase"] in ("play", "hand_over", "game_over"):
            lines += self.trick_log(snapshot)
        if view["phase"] in ("hand_over", "game_over") and view["hands_played"]:
            hand = view["hands_played"][-1]
            n = len(view["hands_played"])
            if hand["counted"]:
                lines.append((f"h{n}-out", self.outcome_text(hand["contract"], hand["made"]), "score"))
                points = ", ".join(f"{self.seat_name(s)} {signed(hand['points'][s])}" for s in SEATS)
                lines.append((f"h{n}-pts", tr("boston.ui.log_points", points=points), "score"))
            else:
                lines.append((f"h{n}-redeal", tr("boston.redeal"), "score"))
        return lines


_table = BostonTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``boston.html``."""
    _table.main()
