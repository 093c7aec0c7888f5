"""The Boston table: the human sits South with three computer players, each on his own.

Play is clockwise (N -> E -> S -> W). Drawn with North on top, East on the right, South at the
bottom and West on the left, the play goes round the table clockwise as seen from above: after
the human (S) comes West, on the human's left. Everything shown comes from
``TableSession.snapshot`` (the engine's ``view`` of seat S); every move goes through
``TableController.act``.
"""

from __future__ import annotations

from typing import Any

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.table import TableController, ensure_stylesheet

SEATS = ("N", "E", "S", "W")
SCREEN_POSITION = {"N": "north", "E": "east", "S": "south", "W": "west"}
"""Where each seat is drawn for the human at South (clockwise: N top, E right, S bottom, W left)."""

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


def card_of(code: str) -> Card:
    """The French card with ``code``."""
    return Card.parse(code, "fr")


def card_text(code: str) -> str:
    """The localised name of the card ``code``."""
    return common.card_label(card_of(code))


class BostonTable(TableController):
    """The Boston view."""

    game = "boston"
    humans = (2,)
    option_choices = OPTION_CHOICES
    option_prefix = "boston.ui.opt"

    def __init__(self) -> None:
        super().__init__()
        self._focused_summary = -1

    # -- flow ------------------------------------------------------------------------------------------
    def main(self) -> None:
        """Restore or start a game of four counted hands and draw the table."""
        ensure_stylesheet("./static/table.css")
        ensure_stylesheet("./static/boston.css")
        super().main()

    def hands_done(self, snapshot: dict[str, Any]) -> int:
        return len(snapshot["view"]["hands_played"])

    def summary_waits(self, snapshot: dict[str, Any]) -> bool:
        return snapshot["view"]["phase"] == "hand_over" and super().summary_waits(snapshot)

    def restored_acked(self, snapshot: dict[str, Any]) -> int:
        done = self.hands_done(snapshot)
        return done - 1 if snapshot["view"]["phase"] == "hand_over" else done

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self._focused_summary = -1
        super().new_game(options)

    def undo(self) -> None:
        """Take back to the human's previous decision; a summary undone will be shown again."""
        super().undo()
        if self.session is not None:
            played = len(self.session.snapshot()["view"]["hands_played"])
            if self.acked_hands > played:
                self.acked_hands = played
                self.render()

    def click_card(self, code: str) -> None:
        """A click (or Enter/Space) on a card of the hand: play it, or say why not."""
        assert self.session is not None
        snap = self.session.snapshot(common.get_lang())
        if self.replay:
            return
        if not snap["human_turn"]:
            self.error = tr("boston.ui.wait")
            self.render()
            return
        self.act(code)  # an illegal card is refused by the engine with its precise reason

    # -- words ----------------------------------------------------------------------------------------
    def seat_name(self, seat: str) -> str:
        """``Tu`` for the human, else the seat's name."""
        return tr("boston.ui.you") if seat == "S" else tr("seat." + seat)

    def contract_text(self, contract: dict[str, Any] | None) -> str:
        """``"Est chiede: 5 prese da solo"`` and the like."""
        if not contract:
            return tr("boston.ui.contract_none")
        seats = sorted(contract["players"], key=lambda s: s != "S")  # the human first
        if seats == ["S"]:
            return tr(f"boston.ui.contract.{contract['type']}_you")
        players = [self.seat_name(s) for s in seats]
        partner = players[1] if len(players) > 1 else ""
        return tr("boston.contract." + contract["type"], player=players[0], partner=partner)

    def bid_word(self, bid: str) -> str:
        """A bid as its call word (PASSO, CHIEDO, ...)."""
        return tr("boston.ui.call." + bid)

    # -- drawing --------------------------------------------------------------------------------------
    def render_table(self, snapshot: dict[str, Any]) -> None:
        view = snapshot["view"]
        root = common.clear(common.app_root())
        root.append(
            el("h1", cls="page-title visually-hidden", text=tr("ui.game.boston.name")),
            self.scoreboard(view),
            self.messages(),
            self.info_strip(view),
            self.felt(snapshot),
            self.controls(snapshot),
            self.side_panels(view),
            self.toolbar(snapshot),
            self.howto(),
            self.settings_form(snapshot),
        )
        shown = len(view["hands_played"])
        button = common.by_id("next-hand")
        if button and self._focused_summary != shown:
            self._focused_summary = shown
            button.focus()

    def scoreboard(self, view: dict[str, Any]) -> Any:
        board = el("section", cls="scoreboard boston-scores", attrs={"aria-label": tr("boston.ui.score")})
        row = el("ul", cls="boston-standings")
        for entry in view["standings"]:
            seat = entry["seat"]
            row.append(
                el(
                    "li",
                    el("span", cls="label", text=self.seat_name(seat)),
                    el("strong", text=str(entry["points"])),
                    el("span", cls="mani", text=tr("boston.ui.mani_short", mani=entry["mani"])),
                    cls="standing" + (" is-you" if seat == "S" else ""),
                    attrs={"data-seat": seat},
                )
            )
        board.append(row)
        number = view["hand_number"]
        if view["phase"] == "hand_over":  # the summary is about the hand just finished
            number = max(1, sum(1 for h in view["hands_played"] if h["counted"]))
        board.append(el("p", cls="hand-points", text=tr("boston.ui.hand_n", n=number)))
        return board

    def info_strip(self, view: dict[str, Any]) -> Any:
        strip = el("section", cls="boston-info")
        trump_box = el("div", cls="trump-info", attrs={"aria-label": tr("boston.ui.turned"), "role": "group"})
        code = view.get("trump_card")
        if code and view["phase"] in ("bidding", "play", "hand_over", "game_over"):
            turned = card_of(code)
            public = bool(view.get("trump_card_in_hand"))
            trump_box.append(
                common.card_element(
                    turned,
                    cls="card turned-card" + ("" if public else " is-gone"),
                    attrs={"width": 60, "height": 90},
                )
            )
            lines = el("div", cls="trump-lines")
            lines.append(
                el(
                    "p",
                    cls="trump-suit",
                    text=tr("boston.ui.trump_line", suit=tr("boston.suit." + view["trump_suit"])),
                )
            )
            natural = view["options"].get("boston_suit") == "natural"
            lines.append(
                el(
                    "p",
                    text=tr(
                        "boston.ui.boston_line_natural" if natural else "boston.ui.boston_line",
                        card=card_text(view["boston"]),
                    ),
                    attrs={"data-boston": view["boston"]},
                )
            )
            explain = ""
            if public:
                explain = " " + tr("boston.ui.turned_explain", dealer=self.seat_name(view["dealer"]))
            elif view["phase"] == "play":
                explain = " " + tr("boston.ui.turned_played")
            lines.append(el("p", cls="small", text=f"{tr('boston.ui.turned')}: {card_text(code)}.{explain}"))
            trump_box.append(lines)
        else:
            trump_box.append(el("p", text=tr("boston.ui.no_trump_yet")))
        strip.append(trump_box)
        contract_box = el("div", cls="contract-info", attrs={"id": "contract-info"})
        contract = view.get("contract") if view["phase"] in ("play",) else None
        contract_box.append(el("p", cls="contract-line", text=self.contract_text(contract)))
        if contract and view.get("tricks_by_side"):
            sides = view["tricks_by_side"]
            contract_box.append(
                el(
                    "p",
                    cls="contract-progress",
                    text=tr(
                        "boston.ui.contract_progress",
                        tricks=sides["contract"],
                        needed=contract["needed"],
                        others=sides["opponents"],
                    ),
                )
            )
        strip.append(contract_box)
        return strip

    def felt(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        felt = el("section", cls="felt boston-felt", attrs={"aria-label": tr("boston.ui.table")})
        for seat in ("N", "W", "E"):
            felt.append(self.opponent_seat(view, seat))
        felt.append(self.trick_area(view))
        felt.append(self.own_seat(snapshot))
        return felt

    def acting(self, view: dict[str, Any], seat: str) -> bool:
        """Whether ``seat`` is to bid or play now."""
        return view.get("turn") == seat and view["phase"] in ("bidding", "play")

    def seat_badges(self, view: dict[str, Any], seat: str) -> list[Any]:
        badges = []
        if view.get("dealer") == seat and view["phase"] != "hand_over":
            badges.append(el("span", cls="badge dealer", text=tr("boston.ui.dealer")))
        contract = view.get("contract")
        if contract and seat in contract["players"] and view["phase"] == "play":
            role = (
                "soloist"
                if contract["type"] == "solo"
                else ("asker" if contract["players"][0] == seat else "acceptor")
            )
            badges.append(el("span", cls="badge role", text=tr(f"boston.ui.role.{role}")))
        if self.acting(view, seat):
            badges.append(el("span", cls="badge turn", text=tr("boston.ui.to_act")))
        return badges

    def seat_bids(self, view: dict[str, Any], seat: str) -> Any | None:
        said = [bid for who, bid in view.get("bids") or [] if who == seat]
        if not said or view["phase"] not in ("bidding", "play"):
            return None
        words = " \u2192 ".join(self.bid_word(b) for b in said)
        return el(
            "p",
            cls="calls bid-bubble",
            text=words,
            attrs={
                "aria-label": tr("boston.ui.bid_said_you", bid=words)
                if seat == "S"
                else tr("boston.ui.bid_said", seat=self.seat_name(seat), bid=words)
            },
        )

    def seat_head(self, view: dict[str, Any], seat: str) -> list[Any]:
        parts: list[Any] = [
            el("h2", cls="seat-name", text=self.seat_name(seat)),
            *self.seat_badges(view, seat),
        ]
        if view["phase"] == "play" or (view["phase"] in ("hand_over", "game_over") and view.get("tricks")):
            parts.append(
                el("span", cls="tricks-won", text=tr("boston.ui.tricks_won", n=view["tricks_won"][seat]))
            )
        bids = self.seat_bids(view, seat)
        if bids is not None:
            parts.append(bids)
        return [el("div", parts[0], cls="seat-head"), el("div", *parts[1:], cls="seat-tags")]

    def opponent_seat(self, view: dict[str, Any], seat: str) -> Any:
        count = view["counts"].get(seat, 0)
        box = el(
            "div",
            cls=f"seat seat-{SCREEN_POSITION[seat]}",
            attrs={"data-seat": seat, "data-turn": "true" if self.acting(view, seat) else None},
        )
        box.append(*self.seat_head(view, seat))
        backs = el(
            "div", cls="backs", attrs={"aria-label": tr("boston.ui.cards_left", n=count), "role": "img"}
        )
        turned_here = view.get("dealer") == seat and view.get("trump_card_in_hand")
        for _ in range(count - (1 if turned_here else 0)):
            backs.append(
                el(
                    "img",
                    cls="back",
                    attrs={
                        "src": common.back_url("fr"),
                        "alt": "",
                        "aria-hidden": "true",
                        "width": 40,
                        "height": 60,
                    },
                )
            )
        box.append(backs)
        if turned_here:
            box.append(
                common.card_element(
                    card_of(view["trump_card"]), cls="card seat-turned", attrs={"width": 40, "height": 60}
                )
            )
        return box

    def trick_area(self, view: dict[str, Any]) -> Any:
        area = el("div", cls="trick", attrs={"aria-label": tr("boston.ui.trick"), "role": "group"})
        trick = view.get("trick") or []
        shown = trick
        caption = None
        last = view.get("last_trick")
        if not trick and last and view["phase"] in ("play", "hand_over", "game_over"):
            shown = last["cards"]
            caption = (
                tr("boston.ui.last_trick_you")
                if last["winner"] == "S"
                else tr("boston.ui.last_trick", seat=self.seat_name(last["winner"]))
            )
            area.classList.add("is-last")
        for seat, code in shown:
            area.append(
                el(
                    "div",
                    common.card_element(card_of(code), attrs={"width": 80, "height": 120}),
                    cls=f"played played-{SCREEN_POSITION[seat]}",
                    attrs={"data-seat": seat},
                )
            )
        if view["phase"] == "play":
            number = len(view.get("tricks") or []) + (1 if trick else 0)
            if number:
                area.append(el("p", cls="trick-number", text=tr("boston.ui.trick_n", n=number)))
        if caption:
            area.append(el("p", cls="trick-caption", text=caption))
        return area

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
        return tr(key, boston=card_text(boston) if boston else "")

    def own_seat(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        legal = list(snapshot["legal"])
        my_turn = snapshot["human_turn"] and view["phase"] == "play"
        bidding = view["phase"] == "bidding"
        box = el(
            "div",
            cls="seat seat-south",
            attrs={"data-seat": "S", "data-turn": "true" if self.acting(view, "S") else None},
        )
        box.append(*self.seat_head(view, "S"))
        hand = el("ul", cls="hand hand-own", attrs={"aria-label": tr("boston.ui.your_hand")})
        natural = view["options"].get("boston_suit") == "natural"
        cards = sort_hand(list(view.get("hand") or []), view.get("trump_suit"), view.get("boston"), natural)
        turned = (
            view.get("trump_card") if view.get("dealer") == "S" and view.get("trump_card_in_hand") else None
        )
        previous_group = None
        order = suit_order(view.get("trump_suit"))
        for index, code in enumerate(cards):
            card = card_of(code)
            is_trump = bool(view.get("trump_suit")) and (
                code[1] == view["trump_suit"] or (code == view.get("boston") and not natural)
            )
            group = "t" if is_trump else code[1]
            playable = my_turn and code in legal
            label = common.card_label(card)
            if my_turn and not playable:
                label = tr("boston.ui.cannot_play", card=label, reason=self.refusal(view, code, legal))
            elif bidding:
                label = tr("boston.ui.during_bidding", card=label)
            elif view["phase"] == "play" and not snapshot["human_turn"]:
                label = tr("boston.ui.not_now", card=label)
            classes = ["card-button"]
            if previous_group is not None and group != previous_group:
                classes.append("suit-start")
            if is_trump:
                classes.append("is-trump")
            if code == view.get("boston"):
                classes.append("is-boston")
            if code == turned:
                classes.append("is-turned")
            previous_group = group
            button = self.card_button(
                card,
                index,
                label,
                disabled=not playable,
                cls=" ".join(classes),
                attrs={"data-suit-order": order.get(code[1], 0)},
            )
            hand.append(el("li", button))
        box.append(hand)
        return box

    # -- the panel under the table --------------------------------------------------------------------
    def controls(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        panel = el("section", cls="controls", attrs={"aria-live": "polite"})
        phase = view["phase"]
        if self.replay:
            panel.append(el("p", cls="prompt", text=tr("table.replay.explain")))
        if phase == "game_over":
            panel.append(self.game_summary(view))
            return panel
        if self.summary_waits({"view": view}):
            panel.append(self.hand_summary(view))
            return panel
        if self.replay:
            return panel
        if phase in ("lot", "shuffle", "hand_over"):
            if view.get("dealer") and not view["hands_played"]:
                panel.append(
                    el(
                        "p",
                        cls="prompt",
                        text=tr("boston.ui.first_dealer", seat=self.seat_name(view["dealer"])),
                    )
                )
            panel.append(
                el("p", cls="prompt", text=tr("boston.ui.lot" if phase == "lot" else "boston.ui.dealing"))
            )
            return panel
        if phase == "bidding":
            if snapshot["human_turn"]:
                panel.append(self.bidding_panel(snapshot))
            else:
                panel.append(
                    el("p", cls="prompt", text=tr("boston.ui.waiting_bid", seat=self.seat_name(view["turn"])))
                )
            panel.append(self.bids_so_far(view))
            return panel
        if snapshot["human_turn"]:
            prompt = tr("boston.ui.your_answer") if view.get("trick") else tr("boston.ui.your_lead")
        else:
            prompt = tr("boston.ui.waiting_play", seat=self.seat_name(view["turn"]))
        panel.append(el("p", cls="prompt", text=prompt))
        return panel

    def asker(self, view: dict[str, Any]) -> str | None:
        """The seat that said CHIEDO this hand, if any."""
        return next((who for who, bid in view.get("bids") or [] if bid == "chiedo"), None)

    def bidding_panel(self, snapshot: dict[str, Any]) -> Any:
        view = snapshot["view"]
        legal = [call for call in CALLS if call in snapshot["legal"]]
        asker = self.asker(view)
        box = el("fieldset", cls="bidding", attrs={"id": "bidding"})
        box.append(el("legend", text=tr("boston.ui.bidding_legend")))
        prompt = (
            tr("boston.ui.your_bid_after", asker=self.seat_name(asker)) if asker else tr("boston.ui.your_bid")
        )
        box.append(el("p", cls="prompt", text=prompt))
        calls = el("ul", cls="bid-calls")
        for call in legal:
            explain_key = "boston.ui.explain." + ("passo_after" if call == "passo" and asker else call)
            explain_id = f"explain-{call}"
            calls.append(
                el(
                    "li",
                    el(
                        "button",
                        cls="button bid-button",
                        text=self.bid_word(call),
                        attrs={
                            "type": "button",
                            "id": f"bid-{call}",
                            "data-focus": f"bid-{call}",
                            "data-call": call,
                            "aria-describedby": explain_id,
                        },
                        on={"click": common.bind(self.act, call)},
                    ),
                    el(
                        "span",
                        cls="bid-explain",
                        text=tr(explain_key, asker=self.seat_name(asker or "N")),
                        attrs={"id": explain_id},
                    ),
                )
            )
        box.append(calls)
        return box

    def bids_so_far(self, view: dict[str, Any]) -> Any:
        box = el("div", cls="bids-so-far", attrs={"id": "bids-so-far"})
        box.append(el("h2", text=tr("boston.ui.bids_title")))
        bids = view.get("bids") or []
        if not bids:
            box.append(el("p", text=tr("boston.ui.no_bids")))
            return box
        table = el("dl", cls="bid-table")
        for seat in SEATS:
            said = [bid for who, bid in bids if who == seat]
            table.append(
                el("dt", text=self.seat_name(seat)),
                el(
                    "dd",
                    text=" \u2192 ".join(self.bid_word(b) for b in said) or "\u2014",
                    attrs={"data-seat": seat},
                ),
            )
        box.append(table)
        return box

    def hand_table(self, hand: dict[str, Any], view: dict[str, Any]) -> Any:
        """Per player: tricks, points and mani of the hand, and the totals so far."""
        totals = {s["seat"]: s for s in view["standings"]}
        table = el("table", cls="hand-table")
        head = el("tr")
        for col in ("seat", "tricks", "points", "mani", "total_points", "total_mani"):
            head.append(el("th", text=tr("boston.ui.col." + col), attrs={"scope": "col"}))
        table.append(el("thead", head))
        body = el("tbody")
        for seat in SEATS:
            points = hand["points"][seat]
            mani = hand["mani"][seat]
            body.append(
                el(
                    "tr",
                    el("th", text=self.seat_name(seat), attrs={"scope": "row"}),
                    el("td", text=str(hand["tricks"][seat])),
                    el(
                        "td",
                        text=f"{points:+d}",
                        cls="pos" if points > 0 else ("neg" if points < 0 else None),
                    ),
                    el("td", text=f"{mani:+d}"),
                    el("td", text=str(totals[seat]["points"])),
                    el("td", text=str(totals[seat]["mani"])),
                    cls="is-contract" if seat in hand["contract"]["players"] else None,
                    attrs={"data-seat": seat},
                )
            )
        table.append(body)
        return table

    def hand_summary(self, view: dict[str, Any], final: bool = False) -> Any:
        hands = view["hands_played"]
        hand = hands[-1]
        counted = sum(1 for h in hands if h["counted"])
        box = el(
            "div",
            cls="summary",
            attrs={
                "role": "dialog",
                "aria-labelledby": "summary-title",
                "data-counted": "true" if hand["counted"] else "false",
            },
        )
        if not hand["counted"]:
            box.append(el("h2", text=tr("boston.ui.redeal_title"), attrs={"id": "summary-title"}))
            box.append(el("p", text=tr("boston.ui.redeal_explain", dealer=self.seat_name(hand["dealer"]))))
            box.append(
                el(
                    "button",
                    cls="button",
                    text=tr("boston.ui.redeal_button"),
                    attrs={"type": "button", "id": "next-hand", "data-focus": "next-hand"},
                    on={"click": lambda _e: self.continue_after_summary()},
                )
            )
            return box
        box.append(el("h2", text=tr("boston.ui.hand_over", n=counted), attrs={"id": "summary-title"}))
        contract = hand["contract"]
        box.append(el("p", cls="contract-line", text=self.contract_text(contract)))
        diff = contract["tricks"] - contract["needed"]
        box.append(
            el(
                "p",
                cls="highlight" if hand["made"] else "highlight failed",
                text=tr(
                    "boston.ui.made" if hand["made"] else "boston.ui.failed",
                    tricks=contract["tricks"],
                    needed=contract["needed"],
                    diff=diff,
                ),
            )
        )
        box.append(self.hand_table(hand, view))
        if not final:
            box.append(
                el(
                    "button",
                    cls="button",
                    text=tr("boston.ui.next_hand"),
                    attrs={"type": "button", "id": "next-hand", "data-focus": "next-hand"},
                    on={"click": lambda _e: self.continue_after_summary()},
                )
            )
        return box

    def game_summary(self, view: dict[str, Any]) -> Any:
        box = el("div", cls="final")
        if view["hands_played"]:
            box.append(self.hand_summary(view, final=True))
        standings = sorted(view["standings"], key=lambda s: (s["place"], SEATS.index(s["seat"])))
        winners = [s["seat"] for s in standings if s["place"] == 1]
        final = el(
            "div", cls="summary standings-final", attrs={"role": "dialog", "aria-labelledby": "final-title"}
        )
        final.append(el("h2", text=tr("boston.ui.game_over"), attrs={"id": "final-title"}))
        names = ", ".join(self.seat_name(s) for s in winners)
        if winners == ["S"]:
            headline = tr("boston.ui.winner_you")
        elif len(winners) > 1:
            headline = tr("boston.ui.winners_shared", seats=names)
        else:
            headline = tr("boston.ui.winner", seats=names)
        final.append(el("p", cls="highlight", text=headline, attrs={"id": "winner"}))
        top_points = standings[0]["points"]
        if sum(1 for s in standings if s["points"] == top_points) > 1:
            final.append(el("p", text=tr("boston.ui.tiebreak")))
        table = el("table", cls="hand-table")
        head = el("tr")
        for col in ("place", "seat", "points", "mani"):
            head.append(el("th", text=tr("boston.ui.col." + col), attrs={"scope": "col"}))
        table.append(el("thead", head))
        body = el("tbody")
        for entry in standings:
            body.append(
                el(
                    "tr",
                    el("td", text=str(entry["place"])),
                    el("th", text=self.seat_name(entry["seat"]), attrs={"scope": "row"}),
                    el("td", text=str(entry["points"])),
                    el("td", text=str(entry["mani"])),
                    cls="is-winner" if entry["place"] == 1 else None,
                    attrs={"data-seat": entry["seat"]},
                )
            )
        table.append(body)
        final.append(table)
        final.append(
            el(
                "button",
                cls="button",
                text=tr("boston.ui.new_game"),
                attrs={"type": "button", "id": "new-match", "data-focus": "new-match"},
                on={"click": lambda _e: self.new_game()},
            )
        )
        box.append(final)
        return box

    def side_panels(self, view: dict[str, Any]) -> Any:
        box = el("section", cls="side-panels")
        if view["phase"] == "play" and view.get("bids"):
            box.append(el("details", el("summary", text=tr("boston.ui.bids_title")), self.bids_so_far(view)))
        tricks = view.get("tricks")
        if tricks and view["phase"] in ("play", "hand_over", "game_over"):
            hist = el("ol", cls="trick-history")
            for trick in tricks:
                hist.append(
                    el(
                        "li",
                        text=", ".join(
                            f"{self.seat_name(seat)}: {card_text(code)}" for seat, code in trick["cards"]
                        )
                        + " \u2192 "
                        + self.seat_name(trick["winner"]),
                    )
                )
            box.append(el("details", el("summary", text=tr("boston.ui.history")), hist))
        if view["hands_played"]:
            past = el("ol", cls="hand-log")
            for hand in view["hands_played"]:
                if not hand["counted"]:
                    text = tr("boston.ui.hand_line_redeal", dealer=self.seat_name(hand["dealer"]))
                else:
                    contract = hand["contract"]
                    outcome = tr(
                        "boston.ui.made" if hand["made"] else "boston.ui.failed",
                        tricks=contract["tricks"],
                        needed=contract["needed"],
                        diff=contract["tricks"] - contract["needed"],
                    )
                    points = ", ".join(f"{self.seat_name(s)} {hand['points'][s]:+d}" for s in SEATS)
                    text = tr("boston.ui.hand_line", contract=self.contract_text(contract), outcome=outcome)
                    text = f"{text} {points}"
                past.append(el("li", text=text))
            box.append(el("details", el("summary", text=tr("boston.ui.hands_title")), past))
        return box


_table = BostonTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``boston.html``."""
    _table.main()
