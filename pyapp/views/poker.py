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

from collections.abc import Callable, Sequence
from typing import Any

from pyscript import window

from pyapp.cards import Card
from pyapp.views import common, serata_link
from pyapp.views.common import tr
from pyapp.views.motion import rect_of
from pyapp.views.table import TableController, _catalog_keys
from pyapp.views.tricks import common_card
from pyapp.views.vdom import VNode, h

OPTION_CHOICES: dict[str, tuple[int | str, ...]] = {
    "players": (4, 5, 6),
    "passata": (50, 100, 200, 500),
    "ante": (1, 2, 5),
    "dealer_ante": (0, 1, 2),
    "raise_cap": (0, 1, 2, 3),
    "hands": (0, 10, 20, 50),
    "cyclic": ("off", "on"),
    "topup": ("off", "on"),
    "joiners": ("off", "on"),
}
"""The settings form: each engine option with the values offered."""

AMOUNT_VERBS = ("open", "bet", "raise")


def option_label(name: str, value: int | str) -> str:
    """The words of one choice of the settings form."""
    if name == "players":
        return tr("poker.ui.opt.players.value", n=value)
    if name in ("raise_cap", "hands"):
        return tr(f"poker.ui.opt.{name}.0") if value == 0 else tr(f"poker.ui.opt.{name}.value", n=value)
    if name in ("cyclic", "topup", "joiners"):
        return tr(f"poker.ui.opt.{name}.{value}")
    return tr("poker.ui.opt.number", n=value)


def card(code: str) -> Card:
    """A French card from its code."""
    return Card.parse(code, "fr")


def cards_text(codes: list[str]) -> str:
    """Card codes in words: ``"fante di cuori, fante di quadri"``."""
    return ", ".join(common.card_label(card(c)) for c in codes)


def combination_text(combination: dict[str, str] | None) -> str:
    """The name of a combination dict from the engine in the current language."""
    if not combination:
        return ""
    return str(combination.get(common.get_lang()) or combination.get("it") or "")


def action_text(action: str | None) -> str:
    """An action (or a log entry such as ``draw 3``) in words: ``"raise 36"`` -> ``"Rilancia di 36"``."""
    if not action:
        return ""
    verb, _, rest = action.partition(" ")
    if verb == "draw" and rest and not rest.isdigit():
        rest = str(len(rest.split()))
    key = f"poker.ui.act.{verb}"
    if verb == "cut" and rest.isdigit():
        return common.tr_n(key, int(rest))
    return tr(key, n=rest) if verb in ("open", "bet", "raise", "draw", "cut") else tr(key)


def signed(value: float) -> str:
    """A net result with its sign and the language's decimal mark: ``+12``, ``−3``, ``−0,01``."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".") if value != int(value) else str(abs(int(value)))
    if common.get_lang() == "it":
        text = text.replace(".", ",")
    return f"+{text}" if value > 0 else (f"\u2212{text}" if value < 0 else "0")


def amount_bounds(snapshot: dict[str, Any], verb: str) -> tuple[int, int]:
    """The smallest and largest amount for ``verb``: the view's bounds, else the legal list's."""
    amounts = [
        int(a.split()[1]) for a in snapshot["legal"] if a.startswith(verb + " ") and a.split()[1].isdigit()
    ]
    view = snapshot["view"]
    lo = int(view.get("min") or (min(amounts) if amounts else 0))
    hi = int(view.get("max") or (max(amounts) if amounts else 0))
    return lo, hi


class PokerTable(TableController):
    """The Poker all'italiana view."""

    game = "poker"
    humans = (0,)
    revealed: dict[str, list[str]] = {}
    """Seat label -> cards drawn face up though not shown down (the replay viewer's open hands)."""
    option_choices = OPTION_CHOICES
    stylesheets = ("./static/table.css", "./static/poker.css")

    def __init__(self) -> None:
        super().__init__()
        self.discard: list[str] = []
        self.amount_text: str | None = None
        self._decision = -1
        self._rects: dict[str, Any] = {}
        self._hand_log: tuple[int, list[Any]] = (0, [])

    # -- flow ------------------------------------------------------------------------------------------
    def human_seated(self, snapshot: dict[str, Any]) -> bool:
        """Whether the human still sits at the table (a ``leave`` ends the session for him)."""
        seat = snapshot["seat"]
        return seat is None or bool(snapshot["view"]["seats"][seat]["seated"])

    def may_return(self, snapshot: dict[str, Any]) -> bool:
        """Whether a human who left may sit down again as a new player (``joiners=on``, P4)."""
        return bool(snapshot["view"].get("joiners")) and not snapshot["terminal"]

    def hands_done(self, snapshot: dict[str, Any]) -> int:
        return len(snapshot["result"]["hands"])

    def pause_before(self, snapshot: dict[str, Any]) -> bool:
        if self.summary_waits(snapshot):
            return True
        return not self.human_seated(snapshot) and not self.may_return(snapshot)

    def new_game(self, options: dict[str, str | int] | None = None) -> None:
        self.discard = []
        self.amount_text = None
        super().new_game(options)

    # -- advice (practice) -------------------------------------------------------------------------------
    def advisable(self, snapshot: dict[str, Any]) -> bool:
        phases = ("opening", "bet1", "bet2", "draw", "showdown")
        return bool(snapshot["human_turn"] and snapshot["view"]["phase"] in phases)

    def advice_text(self, snapshot: dict[str, Any], action: str) -> str:
        verb, _, rest = action.partition(" ")
        if verb in AMOUNT_VERBS:
            return tr(f"poker.ui.do.{verb}", n=rest)
        if verb == "draw":
            cards = rest.split()
            return f"{tr('poker.ui.do.draw', n=len(cards))} ({cards_text(cards)})"
        if verb == "call":
            view = snapshot["view"]
            owe = int(view.get("to_call") or 0)
            return tr("poker.ui.do.call", n=min(owe, view["seats"][snapshot["seat"] or 0]["resto"]))
        return tr(f"poker.ui.do.{verb}")

    def advice_targets(self, snapshot: dict[str, Any], action: str) -> list[str]:
        verb, _, rest = action.partition(" ")
        if verb in AMOUNT_VERBS:
            return [f"#amount-form-{verb} [type=submit]"]
        if verb == "draw":
            return [f'.hand-own [data-card="{code}"]' for code in rest.split()] + ["#draw-submit"]
        return [f"#{verb}"]

    def show_advice(self, action: str) -> None:
        """An advised amount goes into the amount field; advised changes are marked in the hand."""
        verb, _, rest = action.partition(" ")
        if verb in AMOUNT_VERBS:
            self.amount_text = rest
        elif verb == "draw":
            self.discard = rest.split()

    def toggle_discard(self, code: str) -> None:
        """Mark or unmark one card of the hand to be changed at the draw."""
        if code in self.discard:
            self.discard.remove(code)
        else:
            self.discard.append(code)
        self.error = None
        self.render()

    def click_card(self, code: str) -> None:
        self.toggle_discard(code)

    def draw(self) -> None:
        """Change the marked cards: the legal ``draw`` of exactly those cards (canonical order)."""
        assert self.session is not None
        snapshot = self.session.snapshot()
        chosen = {c for c in snapshot["view"].get("cards") or [] if c in self.discard}
        action = next(
            (a for a in snapshot["legal"] if a.startswith("draw ") and set(a.split()[1:]) == chosen), "draw"
        )
        if self.act(action):
            self.discard = []

    def submit_amount(self, verb: str) -> None:
        """Open, bet or raise by the amount in the number field (the rules refuse one out of bounds)."""
        field = common.by_id("amount")
        raw = str(field.value).strip() if field else ""
        self.amount_text = raw
        if not raw:
            self.refuse(tr("poker.ui.amount_missing"))
            return
        if self.act(f"{verb} {raw}"):
            self.amount_text = None

    def confirm_then(self, question: str, action: str) -> None:
        """Play ``action`` after the human confirms ``question``."""
        if window.confirm(question):
            self.act(action)

    # -- words ---------------------------------------------------------------------------------------
    def seat_name(self, label: str, me: str | None) -> str:
        """``"Tu"`` for the human, else ``"Giocatore 3"``."""
        return tr("poker.ui.you") if label == me else tr("poker.ui.player", n=label)

    def said(self, key: str, seat: str, me: str | None, **params: object) -> str:
        """``key`` about ``seat``: its ``_you`` form for the human ("Vinci tu 12"), else with the name."""
        if seat == me and f"{key}_you" in _catalog_keys():
            return tr(f"{key}_you", **params)
        return tr(key, seat=self.seat_name(seat, me), **params)

    # -- the board -------------------------------------------------------------------------------------
    def board(self, snapshot: dict[str, Any]) -> VNode:
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
        summary = self.summary(snapshot)
        return h(
            "div",
            felt,
            self.dock(snapshot),
            h("div", summary, cls="summary-layer", key="summary-layer") if summary is not None else None,
            cls="board pk-board" + (" has-summary" if summary is not None else ""),
            key="board",
        )

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
                h("div", *[common_card(card(code), 50) for code in info["shown"]], cls="pk-shown"),
                h(
                    "p",
                    cls="pk-combination",
                    text=combination_text(info.get("combination")),
                    attrs={"data-combination": "true"},
                ),
            )
        elif self.revealed.get(label) and not info["folded"]:  # every hand open: pyapp/views/replay.py
            box.append(
                h("div", *[common_card(card(c), 50) for c in self.revealed[label]], cls="pk-shown pk-open")
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

    def center(self, snapshot: dict[str, Any]) -> VNode:
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

    def dock(self, snapshot: dict[str, Any]) -> VNode:
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
                item = h("span", common_card(face, 100), cls="pk-card", key=f"c-{code}")
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

    # -- the human's decisions -------------------------------------------------------------------------
    def status_text(self, snapshot: dict[str, Any]) -> str:
        view = snapshot["view"]
        me = view.get("me")
        if snapshot["terminal"]:
            return tr("poker.ui.session_over")
        if not self.human_seated(snapshot) and not snapshot["human_turn"]:
            return tr("poker.ui.out_waiting")
        if not snapshot["human_turn"]:
            if snapshot["to_act"] < 0:
                return tr("poker.ui.dealing")
            waiting = tr("poker.ui.waiting", seat=self.seat_name(view["to_act"], me))
            if view["seats"][snapshot["seat"] or 0]["folded"]:
                return tr("poker.ui.folded_wait") + " " + waiting
            return waiting
        phase = view["phase"]
        if phase == "opening":
            if view.get("can_open"):
                return tr("poker.ui.opening_prompt", combination=combination_text(view.get("combination")))
            return tr("poker.ui.no_openers")
        if phase in ("bet1", "bet2"):
            return tr("poker.ui.bet_prompt" if int(view.get("to_call") or 0) else "poker.ui.check_prompt")
        if phase == "draw":
            return tr("poker.ui.draw_prompt")
        if phase == "showdown":
            return tr(
                "poker.ui.showdown_concede" if "concede" in snapshot["legal"] else "poker.ui.showdown_prompt"
            )
        if phase == "cut":
            return tr("poker.ui.cut_prompt")
        return tr("table.your_turn")

    def controls(self, snapshot: dict[str, Any]) -> VNode | None:
        view = snapshot["view"]
        if self.replay or self.summary_waits(snapshot):
            return None
        if not self.human_seated(snapshot) and not snapshot["human_turn"]:
            return self.buttons(
                [("new-session", tr("poker.ui.new_session"), lambda _e: self.new_game(), "button-quiet")]
            )
        if not snapshot["human_turn"]:
            return None
        legal: list[str] = snapshot["legal"]
        phase = view["phase"]
        panel = h("div", cls="pk-controls", key=f"controls-{phase}", attrs={"id": "controls"})
        if phase == "rebuy":
            panel.append(self.buyin_controls(snapshot))
        elif phase == "cut":
            panel.append(self.cut_form(legal))
        elif phase == "opening":
            if view.get("can_open") and any(a.startswith("open ") for a in legal):
                panel.append(self.amount_form(snapshot, "open"))
            panel.append(
                self.buttons([("pass", tr("poker.ui.do.pass"), lambda _e: self.act("pass"), "button-quiet")])
            )
        elif phase in ("bet1", "bet2"):
            owe = int(view.get("to_call") or 0)
            simple: list[tuple[str, str, Callable[[Any], object], str]] = []
            if "call" in legal:
                resto = view["seats"][snapshot["seat"] or 0]["resto"]
                simple.append(
                    ("call", tr("poker.ui.do.call", n=min(owe, resto)), lambda _e: self.act("call"), "")
                )
            if "check" in legal:
                simple.append(("check", tr("poker.ui.do.check"), lambda _e: self.act("check"), ""))
            if "fold" in legal:
                simple.append(("fold", tr("poker.ui.do.fold"), lambda _e: self.act("fold"), "button-quiet"))
            panel.append(self.buttons(simple))
            for verb in ("bet", "raise"):
                if any(a.startswith(verb + " ") for a in legal):
                    panel.append(self.amount_form(snapshot, verb))
        elif phase == "draw":
            count = len(self.discard)
            ok = 1 <= count <= 4
            panel.append(
                h(
                    "div",
                    h(
                        "button",
                        cls="button",
                        text=tr("poker.ui.do.draw", n=count) if count else tr("poker.ui.do.draw_none"),
                        attrs={
                            "type": "button",
                            "id": "draw-submit",
                            "disabled": not ok,
                            "data-count": count,
                        },
                        on={"click": lambda _e: self.draw()},
                    ),
                    h(
                        "button",
                        cls="button button-quiet",
                        text=tr("poker.ui.do.serve"),
                        attrs={"type": "button", "id": "serve"},
                        on={"click": lambda _e: self.act("serve")},
                    ),
                    cls="panel-actions",
                )
            )
        elif phase == "showdown":
            choices: list[tuple[str, str, Callable[[Any], object], str]] = [
                ("show", tr("poker.ui.do.show"), lambda _e: self.act("show"), "")
            ]
            if "concede" in legal:
                choices.append(
                    ("concede", tr("poker.ui.do.concede"), lambda _e: self.act("concede"), "button-quiet")
                )
            panel.append(self.buttons(choices))
        return panel

    def buyin_controls(self, snapshot: dict[str, Any]) -> VNode:
        """Between hands (P3, P4): rebuy when short, add passate voluntarily, or take an empty seat."""
        view = snapshot["view"]
        info = view["seats"][snapshot["seat"] or 0]
        buyin = view.get("buyin") or {}
        passata = int(view["passata"])
        kind = buyin.get("kind")
        box = h("div", cls="pk-buyin", attrs={"data-kind": kind})
        if kind == "join":
            k = int(buyin["join_passate"])
            box.append(h("p", cls="prompt", text=tr("poker.ui.join_prompt", n=k * passata)))
            if buyin.get("double"):
                box.append(
                    h("p", cls="pk-note", text=tr("poker.ui.join_double"), attrs={"data-double": "true"})
                )
            label = tr("poker.ui.do.join_one") if k == 1 else tr("poker.ui.do.join", k=k)
            box.append(
                self.buttons(
                    [
                        ("join", label, common.bind(self.act, f"join {k}"), ""),
                        ("skip", tr("poker.ui.do.skip"), lambda _e: self.act("skip"), "button-quiet"),
                    ]
                )
            )
        elif kind == "topup":
            box.append(
                h("p", cls="prompt", text=tr("poker.ui.topup_prompt", resto=info["resto"], passata=passata))
            )
            box.append(
                self.buttons(
                    [
                        ("topup", tr("poker.ui.do.topup", n=passata), lambda _e: self.act("rebuy 1"), ""),
                        (
                            "topup-2",
                            tr("poker.ui.do.topup_k", k=2, n=2 * passata),
                            lambda _e: self.act("rebuy 2"),
                            "button-quiet",
                        ),
                        ("stay", tr("poker.ui.do.stay"), lambda _e: self.act("stay"), ""),
                    ]
                )
            )
        else:
            k = int(buyin.get("short_by") or 1)
            prompt = tr(
                "poker.ui.rebuy_prompt", resto=info["resto"], pot=view["required_resto"], passata=passata
            )
            if k > 1:
                prompt += " " + tr("poker.ui.rebuy_prompt_k", k=k)
            confirm = tr("poker.ui.confirm_leave_join" if view.get("joiners") else "poker.ui.confirm_leave")
            choices: list[tuple[str, str, Callable[[Any], object], str]] = [
                ("rebuy", tr("poker.ui.do.rebuy", n=passata), lambda _e: self.act("rebuy 1"), "")
            ]
            if k > 1:
                choices.append(
                    (
                        "rebuy-k",
                        tr("poker.ui.do.rebuy_k", k=k, n=k * passata),
                        common.bind(self.act, f"rebuy {k}"),
                        "",
                    )
                )
            choices.append(
                (
                    "leave",
                    tr("poker.ui.do.leave"),
                    lambda _e: self.confirm_then(confirm, "leave"),
                    "button-quiet",
                )
            )
            box.append(h("p", cls="prompt", text=prompt), self.buttons(choices))
        return box

    def buttons(self, choices: Sequence[tuple[str, str, Callable[[Any], object], str]]) -> VNode:
        """A row of action buttons: ``(id, label, handler, extra class)``."""
        return h(
            "div",
            *[
                h(
                    "button",
                    cls=f"button {extra}".strip(),
                    text=label,
                    attrs={"type": "button", "id": ident},
                    on={"click": handler},
                )
                for ident, label, handler, extra in choices
            ],
            cls="panel-actions",
        )

    def cut_form(self, legal: list[str]) -> VNode:
        cuts = [int(a.split()[1]) for a in legal if a.startswith("cut ")]
        high = max(cuts) if cuts else 1
        middle = (high + 1) // 2

        def moved(event: Any) -> None:
            out = common.by_id("cut-value")
            if out:
                out.textContent = str(event.target.value)

        def do_cut(_event: Any) -> None:
            point = common.need_id("cut-point")
            self.act(f"cut {int(point.value)}")

        box = h(
            "div",
            h(
                "label",
                tr("poker.ui.cut_point"),
                " ",
                h(
                    "input",
                    attrs={"type": "range", "min": 1, "max": high, "value": middle, "id": "cut-point"},
                    on={"input": moved},
                ),
                " ",
                h("output", text=str(middle), attrs={"id": "cut-value", "for": "cut-point"}),
                attrs={"for": "cut-point"},
            ),
            cls="cut-form",
        )
        choices: list[tuple[str, str, Callable[[Any], object], str]] = [
            ("do-cut", tr("poker.ui.do.cut"), do_cut, ""),
            ("no-cut", tr("poker.ui.do.nocut"), lambda _e: self.act("nocut"), "button-quiet"),
        ]
        if "end" in legal:
            box.append(h("p", cls="pk-note", text=tr("poker.ui.cut_end")))
            choices.append(
                (
                    "end-session",
                    tr("poker.ui.do.end"),
                    lambda _e: self.confirm_then(tr("poker.ui.confirm_end"), "end"),
                    "button-quiet",
                )
            )
        box.append(self.buttons(choices))
        return box

    def amount_form(self, snapshot: dict[str, Any], verb: str) -> VNode:
        """Number field, slider and quick amounts for ``open``/``bet``/``raise``, bounded by the view."""
        view = snapshot["view"]
        lo, hi = amount_bounds(snapshot, verb)
        pot = int(view["pot"])
        owe = int(view.get("to_call") or 0)
        resto = int(view["seats"][snapshot["seat"] or 0]["resto"])
        by_resto = hi < pot + owe and hi == resto - owe
        half = max(lo, min(hi, pot // 2))
        default = half if verb == "open" else lo
        value = self.amount_text if self.amount_text is not None else str(default)

        def label_for(text: str) -> str:
            return tr(f"poker.ui.do.{verb}", n=text or "?")

        def sync(amount: str, source: str) -> None:
            self.amount_text = amount
            for ident in ("amount", "amount-range-input"):
                node = common.by_id(ident)
                if node and ident != source:
                    node.value = amount
            submit = common.by_id("amount-submit")
            if submit:
                submit.textContent = label_for(amount)

        options = [("min", lo, tr("poker.ui.quick.min", n=lo))]
        if lo < half < hi:
            options.append(("half", half, tr("poker.ui.quick.half", n=half)))
        if hi > lo:
            options.append(("max", hi, tr("poker.ui.quick.all" if by_resto else "poker.ui.quick.pot", n=hi)))

        def submitted(event: Any) -> None:
            event.preventDefault()
            self.submit_amount(verb)

        note = tr("poker.ui.amount_range_resto" if by_resto else "poker.ui.amount_range", lo=lo, hi=hi)
        if verb == "raise" and owe:
            note += " " + tr("poker.ui.raise_note", n=owe)
        return h(
            "form",
            h(
                "div",
                h("label", tr("poker.ui.amount"), attrs={"for": "amount"}),
                h(
                    "input",
                    attrs={
                        "type": "number",
                        "id": "amount",
                        "name": "amount",
                        "min": lo,
                        "max": hi,
                        "step": 1,
                        "value": value,
                        "inputmode": "numeric",
                        "aria-describedby": "amount-range",
                    },
                    on={"input": lambda e: sync(str(e.target.value), "amount")},
                ),
                h(
                    "input",
                    attrs={
                        "type": "range",
                        "id": "amount-range-input",
                        "min": lo,
                        "max": hi,
                        "step": 1,
                        "value": value,
                        "aria-label": tr("poker.ui.amount_slider"),
                    },
                    on={"input": lambda e: sync(str(e.target.value), "amount-range-input")},
                ),
                h(
                    "button",
                    cls="button",
                    text=label_for(value),
                    attrs={"type": "submit", "id": "amount-submit", "data-verb": verb},
                ),
                cls="pk-amount-row",
            ),
            h(
                "div",
                *[
                    h(
                        "button",
                        cls="button button-quiet button-small",
                        text=text,
                        attrs={"type": "button", "data-quick": name, "data-amount": amount},
                        on={"click": common.bind(lambda a: sync(str(a), ""), amount)},
                    )
                    for name, amount, text in options
                ],
                cls="panel-actions pk-quick",
                attrs={"role": "group", "aria-label": tr("poker.ui.quick")},
            ),
            h("p", cls="pk-note", attrs={"id": "amount-range"}, text=note),
            cls="pk-amount",
            key=f"amount-form-{verb}",
            attrs={"id": f"amount-form-{verb}", "novalidate": True},
            on={"submit": submitted},
        )

    # -- summaries -------------------------------------------------------------------------------------
    def summary(self, snapshot: dict[str, Any]) -> VNode | None:
        if self.replay:
            return None
        if self.summary_waits(snapshot):
            return self.hand_summary(snapshot)
        if snapshot["terminal"] or not (self.human_seated(snapshot) or self.may_return(snapshot)):
            return self.session_summary(snapshot)
        return None

    def outcome_lines(self, snapshot: dict[str, Any], hand: dict[str, Any]) -> list[tuple[str, str]]:
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

    def hand_summary(self, snapshot: dict[str, Any]) -> VNode:
        view = snapshot["view"]
        me = view.get("me")
        hand = snapshot["result"]["hands"][-1]
        box = h(
            "section",
            h("h2", text=tr("poker.ui.hand_over", n=hand["hand"]), attrs={"id": "summary-title"}),
            cls="summary pk-summary",
            key=f"hand-summary-{hand['hand']}",
            attrs={"aria-labelledby": "summary-title", "data-outcome": hand["outcome"]},
        )
        for winner, text in self.outcome_lines(snapshot, hand):
            box.append(h("p", cls="highlight pk-award", text=text, attrs={"data-winner": winner or None}))
        if hand.get("opener"):
            box.append(
                h(
                    "p",
                    text=self.said(
                        "poker.ui.opened_by", hand["opener"], me, cards=cards_text(hand.get("openers") or [])
                    ),
                )
            )
            if hand.get("openers_aside"):
                box.append(h("p", text=tr("poker.ui.openers_aside", cards=cards_text(hand["openers_aside"]))))
        if hand.get("shown"):
            rows = []
            for label, entry in hand["shown"].items():
                rows.append(
                    h(
                        "li",
                        h("strong", text=self.seat_name(label, me)),
                        h("span", *[common_card(card(code), 40) for code in entry["cards"]], cls="pk-shown"),
                        h(
                            "span",
                            cls="pk-combination",
                            text=combination_text(entry),
                            attrs={"data-combination": entry.get("category", "")},
                        ),
                        key=label,
                    )
                )
            box.append(h("h3", text=tr("poker.ui.shown_title")), h("ul", *rows, cls="pk-shown-list"))
        if hand.get("conceded"):
            box.append(
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
            box.append(h("p", cls="pk-draws", text=tr("poker.ui.draws_line", draws=", ".join(parts))))
        box.append(
            h(
                "div",
                self.next_hand_button(tr("poker.ui.next_hand")),
                *self.summary_actions(snapshot),
                cls="panel-actions summary-actions",
            )
        )
        return box

    def session_summary(self, snapshot: dict[str, Any]) -> VNode:
        title = tr("poker.ui.session_over") if snapshot["terminal"] else tr("poker.ui.you_left")
        return h(
            "section",
            h("h2", text=title, attrs={"id": "summary-title"}),
            h("div", self.standings_table(snapshot), cls="pk-table-wrap"),
            h(
                "div",
                h(
                    "button",
                    cls="button",
                    text=tr("poker.ui.new_session"),
                    attrs={"type": "button", "id": "new-session", "data-autofocus": "new-session"},
                    on={"click": lambda _e: self.new_game()},
                ),
                *self.summary_actions(snapshot),
                cls="panel-actions summary-actions",
            ),
            cls="summary pk-summary",
            key="session-summary",
            attrs={"aria-labelledby": "summary-title"},
        )

    def standings_table(self, snapshot: dict[str, Any]) -> VNode:
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

    # -- score bar, sheet, log --------------------------------------------------------------------------
    def score_items(self, snapshot: dict[str, Any]) -> list[VNode]:
        view = snapshot["view"]
        me_info = view["seats"][snapshot["seat"] or 0]
        items = [
            h(
                "span",
                h("span", text=tr("poker.ui.you"), cls="label"),
                " ",
                h("strong", text=str(me_info["resto"])),
                cls="score is-you",
            ),
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

    def score_sheet(self, snapshot: dict[str, Any]) -> VNode:
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

    def log_entries(self, snapshot: dict[str, Any]) -> list[tuple[str, str, str]]:
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

    def side_panels(self, snapshot: dict[str, Any]) -> list[VNode]:
        return [
            h(
                "details",
                h("summary", text=tr("poker.ui.standings")),
                h("div", self.standings_table(snapshot), cls="pk-table-wrap"),
                cls="settings-box pk-standings-box",
                attrs={"id": "standings"},
            )
        ]

    def buyin_lines(self, snapshot: dict[str, Any]) -> list[str]:
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

    # -- motion: chips ----------------------------------------------------------------------------------
    def before_patch(self, snapshot: dict[str, Any]) -> None:
        self._rects = {}
        if self.motion is None or not self.motion.enabled or self.previous is None:
            return
        root = common.app_root()
        for node in root.querySelectorAll("[data-seat].pk-seat"):
            self._rects[str(node.getAttribute("data-seat"))] = rect_of(node)
        self._rects["pot"] = rect_of(common.by_id("pot"))

    def after_patch(self, previous: dict[str, Any] | None, snapshot: dict[str, Any]) -> None:
        """Chips fly from a seat that put some in to the pot, and from the pot to who won it."""
        if previous is None or self.motion is None or not self.motion.enabled or not self._rects:
            return
        pot = self._rects.get("pot") or rect_of(common.by_id("pot"))
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
                    self.motion.chips(pot, self._rects.get(winner), count=5)


_table = PokerTable()


def main() -> None:
    """Entry point called by ``static/entry.py`` for ``poker.html``."""
    serata_link.install(_table)  # a table of a poker evening: the way back (pyapp/views/serata_link.py)
    _table.main()
