"""The human's decisions at the Poker table: the prompt, the buttons of each phase, buy-ins, the cut
and the amount form (a number field, a slider and quick amounts, bounded by the view)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyapp.poker.actions import PokerAction
from pyapp.session_types import Snapshot
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.poker.base import PokerBase
from pyapp.views.poker.words import amount_bounds, combination_text
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button, number_field


class PokerControls(PokerBase):
    """The controls next to the human's hand."""

    def status_text(self, snapshot: Snapshot) -> str:
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

    def controls(self, snapshot: Snapshot) -> VNode | None:
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
            verbs = {PokerAction.parse(a).verb for a in legal}
            if view.get("can_open") and "open" in verbs:
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
            verbs = {PokerAction.parse(a).verb for a in legal}
            for verb in ("bet", "raise"):
                if verb in verbs:
                    panel.append(self.amount_form(snapshot, verb))
        elif phase == "draw":
            count = len(self.discard)
            ok = 1 <= count <= 4
            panel.append(
                h(
                    "div",
                    button(
                        tr("poker.ui.do.draw", n=count) if count else tr("poker.ui.do.draw_none"),
                        lambda _e: self.draw(),
                        ident="draw-submit",
                        disabled=not ok,
                        attrs={"data-count": count},
                    ),
                    button(tr("poker.ui.do.serve"), lambda _e: self.act("serve"), ident="serve", quiet=True),
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

    def buyin_controls(self, snapshot: Snapshot) -> VNode:
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
                button(label, handler, ident=ident, cls=f"button {extra}".strip())
                for ident, label, handler, extra in choices
            ],
            cls="panel-actions",
        )

    def cut_form(self, legal: list[str]) -> VNode:
        values = [PokerAction.parse(a) for a in legal]
        cuts = [v.number for v in values if v.verb == "cut" and v.number is not None]
        high = max(cuts) if cuts else 1
        box = h("div", self.cut_slider(tr("poker.ui.cut_point"), high, (high + 1) // 2), cls="cut-form")
        choices: list[tuple[str, str, Callable[[Any], object], str]] = [
            ("do-cut", tr("poker.ui.do.cut"), self.cut_here, ""),
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

    def amount_form(self, snapshot: Snapshot, verb: str) -> VNode:
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
                number_field(
                    "amount",
                    "amount",
                    value,
                    attrs={"min": lo, "max": hi, "aria-describedby": "amount-range"},
                    on_input=lambda e: sync(str(e.target.value), "amount"),
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
                    button(
                        text,
                        common.bind(lambda a: sync(str(a), ""), amount),
                        cls="button button-quiet button-small",
                        attrs={"data-quick": name, "data-amount": amount},
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
