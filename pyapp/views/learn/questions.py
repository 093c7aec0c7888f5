"""Answering: the learner's controls on a position (cards, calls, amounts, the draw, declarations), the
answer controls of the other questions, and the verdict area."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn.pictures import card_img, card_row

Node = Any


class Controls:
    """The learner's means to act: card buttons, call buttons, amounts, the draw, declarations.

    ``submit(action)`` receives the action text; the engine judges it (a refused action comes
    back with the rules' reason, so every card stays clickable).
    """

    def __init__(self, pic: dict[str, Any], submit: Callable[[str], None]) -> None:
        self.pic = pic
        self.controls: dict[str, Any] = pic.get("controls") or {}
        self.submit = submit
        self.selected: list[str] = []
        self.leading: str | None = None
        self.box = el("div", cls="lp-controls")

    def hand(self) -> Node:
        """The learner's hand: buttons when cards can be played or chosen, else images."""
        deck = self.pic["deck"]
        codes = self.pic.get("hand") or []
        playable = set(self.controls.get("cards") or [])
        drawing = bool(self.controls.get("draw"))
        if not playable and not drawing:
            return card_row(codes, deck)
        row = el("ul", cls="lp-row lp-hand-buttons")
        for index, code in enumerate(codes):
            name = common.card_label(Card.parse(code, "it" if deck == "it" else "fr"))
            pressed = code in self.selected if drawing else None
            button = el(
                "button",
                card_img(code, deck, "lp-card"),
                cls="lp-card-button",
                attrs={
                    "type": "button",
                    "data-card": code,
                    "data-index": index,
                    "aria-label": name,
                    "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
                },
                on={"click": common.bind(self.card_clicked, code), "keydown": self.hand_keys},
            )
            row.append(el("li", button))
        return row

    def hand_keys(self, event: Any) -> None:
        """Arrow keys move along the hand; Home and End jump to its ends."""
        moves = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
        key = str(event.key)
        if key not in moves and key not in ("Home", "End"):
            return
        row = event.currentTarget.closest("ul")
        buttons = list(row.querySelectorAll("button")) if row else []
        if not buttons:
            return
        index = int(event.currentTarget.getAttribute("data-index") or 0)
        target = 0 if key == "Home" else len(buttons) - 1 if key == "End" else index + moves[key]
        buttons[max(0, min(len(buttons) - 1, target))].focus()
        event.preventDefault()

    def card_clicked(self, code: str) -> None:
        """A card of the hand: toggle it for the draw, offer declarations on a lead, or play it."""
        if self.controls.get("draw"):
            if code in self.selected:
                self.selected.remove(code)
            else:
                self.selected.append(code)
            node = self.box.parentNode
            button = node.querySelector(f'button[data-card="{code}"]') if node else None
            if button:
                button.setAttribute("aria-pressed", "true" if code in self.selected else "false")
            self.render_box()
            return
        menu = (self.controls.get("declare") or {}).get(code)
        if menu:
            self.leading = code
            self.render_box()
            first = self.box.querySelector("input")
            if first:
                first.focus()
            return
        self.submit(code)

    def render_box(self) -> Node:
        """(Re)draw the buttons under the hand."""
        common.clear(self.box)
        deck = self.pic["deck"]
        if self.leading:
            code = self.leading
            name = common.card_label(Card.parse(code, "it" if deck == "it" else "fr"))
            form = el("form", cls="lp-declare", attrs={"data-card": code})
            group = el("fieldset", el("legend", tr("lessons.ui.declare")))
            options = [{"token": "", "label": tr("lessons.ui.declare_none")}, *self.controls["declare"][code]]
            for k, option in enumerate(options):
                field_id = f"decl-{code}-{k}"
                radio = el(
                    "input",
                    attrs={
                        "type": "radio",
                        "name": "declare",
                        "id": field_id,
                        "value": option["token"],
                        "checked": k == 0,
                        "data-token": option["token"],
                    },
                )
                group.append(el("label", radio, " " + option["label"], attrs={"for": field_id}))
            form.append(group)
            form.append(
                el(
                    "button",
                    tr("lessons.ui.play_card", card=name),
                    cls="button",
                    attrs={"type": "submit", "id": "declare-play"},
                )
            )
            form.append(
                el(
                    "button",
                    tr("lessons.ui.cancel"),
                    cls="button button-quiet",
                    attrs={"type": "button"},
                    on={"click": lambda _e: self.cancel_lead()},
                )
            )

            def play(event: Any) -> None:
                event.preventDefault()
                chosen = form.querySelector("input[name=declare]:checked")
                token = str(chosen.value) if chosen else ""
                self.leading = None
                self.submit(f"{code} {token}".strip())

            common.listen(form, "submit", play)
            self.box.append(form)
            return self.box
        buttons = el("div", cls="lp-buttons")
        for button in self.controls.get("buttons") or []:
            buttons.append(
                el(
                    "button",
                    button["label"],
                    cls="button",
                    attrs={"type": "button", "data-action": button["action"]},
                    on={"click": common.bind(self.submit, button["action"])},
                )
            )
        if self.controls.get("draw"):
            buttons.append(el("p", tr("lessons.ui.draw_label"), cls="lp-hint"))
            buttons.append(
                el(
                    "button",
                    tr("lessons.ui.draw_do"),
                    cls="button",
                    attrs={"type": "button", "id": "draw-do", "disabled": not self.selected},
                    on={"click": lambda _e: self.submit_draw()},
                )
            )
        if buttons.childElementCount:
            self.box.append(buttons)
        for amount in self.controls.get("amounts") or []:
            self.box.append(self.amount_form(amount))
        return self.box

    def cancel_lead(self) -> None:
        """Back from the declaration menu to the hand."""
        code = self.leading
        self.leading = None
        self.render_box()
        node = self.box.parentNode
        button = node.querySelector(f'button[data-card="{code}"]') if node and code else None
        if button:
            button.focus()

    def submit_draw(self) -> None:
        """Change the selected cards."""
        if self.selected:
            self.submit("draw " + " ".join(self.selected))

    def amount_form(self, amount: dict[str, Any]) -> Node:
        """A number field and a button for an amount action (open, bet, raise)."""
        verb = amount["verb"]
        field_id = f"amount-{verb}"
        field = el(
            "input",
            attrs={
                "type": "number",
                "id": field_id,
                "name": "amount",
                "inputmode": "numeric",
                "min": amount["min"],
                "step": 1,
                "value": amount["max"],
                "data-verb": verb,
            },
        )
        form = el(
            "form",
            el(
                "label",
                f"{amount['label']} ({tr('lessons.ui.amount_range', min=amount['min'], max=amount['max'])})",
                attrs={"for": field_id},
            ),
            field,
            el("button", amount["label"], cls="button", attrs={"type": "submit", "data-verb": verb}),
            cls="lp-amount",
        )

        def send(event: Any) -> None:
            event.preventDefault()
            value = str(field.value or "").strip()
            self.submit(f"{verb} {value}" if value else verb)

        common.listen(form, "submit", send)
        return form


class Feedback:
    """The verdict area of a question: a live region with the engine's explanation."""

    def __init__(self) -> None:
        self.node = el(
            "div", cls="lp-feedback", attrs={"id": "feedback", "role": "status", "aria-live": "polite"}
        )

    def show(self, verdict: dict[str, Any]) -> None:
        """Show a verdict: right (with the author's note and the other right answers), wrong, illegal."""
        common.clear(self.node)
        kind = verdict["verdict"]
        self.node.setAttribute("data-verdict", kind)
        title = {"right": "lessons.ui.right", "wrong": "lessons.ui.wrong", "illegal": "lessons.ui.illegal"}[
            kind
        ]
        self.node.append(el("p", el("strong", tr(title)), cls="lp-verdict"))
        if verdict.get("message"):
            self.node.append(el("p", verdict["message"], cls="lp-why"))
        if verdict.get("note"):
            self.node.append(el("p", verdict["note"], cls="lp-note"))
        if verdict.get("also"):
            self.node.append(el("p", tr("lessons.ui.also", list=", ".join(verdict["also"])), cls="lp-also"))
        if kind != "right":
            self.node.append(el("p", tr("lessons.ui.try_again"), cls="lp-hint"))

    def solution(self, labels: list[str]) -> None:
        """Show the right answers."""
        common.clear(self.node)
        self.node.setAttribute("data-verdict", "shown")
        self.node.append(el("p", tr("lessons.ui.answers", list=" · ".join(labels)), cls="lp-verdict"))

    def clear(self) -> None:
        """Empty the area."""
        common.clear(self.node)
        self.node.removeAttribute("data-verdict")


def question_node(step: dict[str, Any], submit: Callable[[str], None]) -> Node:
    """The answer controls of a non-act question (cards to pick, hands, a number, options)."""
    q = step["question"]
    deck = step["deck"]
    kind = q["kind"]
    box = el("div", cls=f"lp-question lp-q-{kind}")
    if kind in ("pick_card", "pick_hand"):
        row = el("ul", cls="lp-options" + (" lp-hands" if kind == "pick_hand" else " lp-row"))
        for option in q["options"]:
            label = option["label"]
            if option.get("seat"):
                label = tr("lessons.ui.card_of", card=label, seat=option["seat"])
            inner = [card_img(c, deck) for c in option["cards"]]
            caption = el("span", option["seat"] if option.get("seat") else option["label"], cls="lp-caption")
            row.append(
                el(
                    "li",
                    el(
                        "button",
                        el("span", *inner, cls="lp-option-cards"),
                        caption,
                        cls="lp-option",
                        attrs={"type": "button", "data-value": option["value"], "aria-label": label},
                        on={"click": common.bind(submit, option["value"])},
                    ),
                )
            )
        box.append(row)
    elif kind == "number":
        field = el(
            "input",
            attrs={"type": "number", "id": "answer", "name": "answer", "inputmode": "numeric", "step": 1},
        )
        hint = el("p", cls="lp-hint lp-number-hint", attrs={"id": "answer-hint", "role": "status"})
        form = el(
            "form",
            el("label", tr("lessons.ui.your_answer"), attrs={"for": "answer"}),
            field,
            el("button", tr("lessons.ui.check"), cls="button", attrs={"type": "submit", "id": "check"}),
            hint,
            cls="lp-number",
            attrs={"novalidate": True},
        )

        def send(event: Any) -> None:
            event.preventDefault()
            value = str(field.value or "").strip()
            if not value:  # nothing typed (or not a number at all): ask for one, judge nothing
                hint.textContent = tr("lessons.ui.type_number")
                field.focus()
                return
            hint.textContent = ""
            submit(value)

        common.listen(form, "submit", send)
        box.append(form)
    elif kind == "choice":
        row = el("div", cls="lp-buttons")
        for option in q["options"]:
            row.append(
                el(
                    "button",
                    option["label"],
                    cls="button button-quiet lp-choice",
                    attrs={"type": "button", "data-value": option["value"]},
                    on={"click": common.bind(submit, option["value"])},
                )
            )
        box.append(row)
    elif kind == "multi":
        form = el("form", cls="lp-multi")
        group = el("fieldset", el("legend", tr("lessons.ui.pick_options")))
        for k, option in enumerate(q["options"]):
            field_id = f"opt-{k}"
            group.append(
                el(
                    "label",
                    el(
                        "input",
                        attrs={
                            "type": "checkbox",
                            "id": field_id,
                            "value": option["value"],
                            "name": "options",
                        },
                    ),
                    " " + option["label"],
                    attrs={"for": field_id},
                )
            )
        form.append(group)
        form.append(
            el("button", tr("lessons.ui.check"), cls="button", attrs={"type": "submit", "id": "check"})
        )

        def send_multi(event: Any) -> None:
            event.preventDefault()
            values = [str(box.value) for box in form.querySelectorAll("input[name=options]:checked")]
            submit(" ".join(values))

        common.listen(form, "submit", send_multi)
        box.append(form)
    return box
