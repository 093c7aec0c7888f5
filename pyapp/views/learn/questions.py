"""Answering: the learner's controls on a position (cards, calls, amounts, the draw, declarations), the
answer controls of the other questions, and the verdict area.

Everything here is drawn as virtual trees (:mod:`pyapp.views.vdom`) and keeps its state in Python:
a player redraws after each change. Forms read their fields from the submitted form itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from pyapp.views import common
from pyapp.views.cardviews import hand_button, hand_row
from pyapp.views.common import tr
from pyapp.views.learn.pictures import card_img, card_row, lesson_card
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button, number_field


def card_name(code: str, deck: str) -> str:
    """The accessible name of the card ``code`` of ``deck``."""
    return common.card_label(lesson_card(code, deck))


class Controls:
    """The learner's means to act: card buttons, call buttons, amounts, the draw, declarations.

    ``submit(action)`` receives the action text; the engine judges it (a refused action comes
    back with the rules' reason, so every card stays clickable). ``redraw()`` draws the page again
    after a choice that plays nothing (a card marked for the draw, the declarations of a lead).
    ``mount`` tells the controls of one drawing from those of the next: each new set of
    controls starts with fresh fields.
    """

    def __init__(
        self,
        pic: dict[str, Any],
        submit: Callable[[str], None],
        redraw: Callable[[], None],
        mount: int = 0,
        *,
        playing: bool = False,
    ) -> None:
        self.pic = pic
        self.controls: dict[str, Any] = pic.get("controls") or {}
        self.submit = submit
        self.redraw = redraw
        self.mount = mount
        self.playing = playing
        """Playing a hand on (not a question): the cards the rules refuse are dimmed, as at the
        tables, and the hand stays buttons between the learner's turns."""
        self.selected: list[str] = []
        self.leading: str | None = None

    def hand(self) -> VNode:
        """The learner's hand: buttons when cards can be played or chosen, else images."""
        deck = self.pic["deck"]
        codes = self.pic.get("hand") or []
        offered = set(self.controls.get("cards") or [])
        drawing = bool(self.controls.get("draw"))
        steady = self.playing and bool(self.pic.get("card_play"))
        if not offered and not drawing and not steady:
            return card_row(codes, deck)
        playable = set(self.controls.get("playable") or [])
        items = []
        for index, code in enumerate(codes):
            pressed = code in self.selected if drawing else None
            dimmed = self.playing and not drawing and code not in playable
            label = card_name(code, deck)
            items.append(
                (
                    code,
                    hand_button(
                        lesson_card(code, deck),
                        index,
                        tr("lessons.ui.cannot_play", card=label) if dimmed else label,
                        self.card_clicked,
                        disabled=dimmed,  # still clickable: the rules say why
                        pressed=pressed,
                        cls="card-button lp-card-button",
                        image_cls="card lp-card",
                    ),
                )
            )
        return hand_row(
            items, tr("lessons.ui.your_hand"), cls="hand lp-row lp-hand-buttons", key=f"hand-{self.mount}"
        )

    def card_clicked(self, code: str) -> None:
        """A card of the hand: toggle it for the draw, offer declarations on a lead, or play it."""
        if self.controls.get("draw"):
            if code in self.selected:
                self.selected.remove(code)
            else:
                self.selected.append(code)
            self.redraw()
            return
        menu = (self.controls.get("declare") or {}).get(code)
        if menu:
            self.leading = code
            self.redraw()
            first = document.querySelector(".lp-controls form.lp-declare input")
            if first:
                first.focus()
            return
        self.submit(code)

    def box(self) -> VNode:
        """The buttons under the hand: calls, the draw, amounts, or the declarations of a lead."""
        box = h("div", cls="lp-controls", key=f"controls-{self.mount}")
        if self.leading:
            return box.append(self.declare_form(self.leading))
        buttons = h("div", cls="lp-buttons")
        for call in self.controls.get("buttons") or []:
            buttons.append(
                button(
                    call["label"],
                    common.bind(self.submit, call["action"]),
                    attrs={"data-action": call["action"]},
                )
            )
        if self.controls.get("draw"):
            buttons.append(h("p", tr("lessons.ui.draw_label"), cls="lp-hint"))
            buttons.append(
                button(
                    tr("lessons.ui.draw_do"),
                    lambda _e: self.submit_draw(),
                    ident="draw-do",
                    disabled=not self.selected,
                )
            )
        if buttons.children:
            box.append(buttons)
        for amount in self.controls.get("amounts") or []:
            box.append(self.amount_form(amount))
        return box

    def declare_form(self, code: str) -> VNode:
        """The declarations that may go with leading ``code``: none, or one of them."""
        group = h("fieldset", h("legend", tr("lessons.ui.declare")))
        options = [{"token": "", "label": tr("lessons.ui.declare_none")}, *self.controls["declare"][code]]
        for k, option in enumerate(options):
            field_id = f"decl-{code}-{k}"
            radio = h(
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
            group.append(h("label", radio, " " + option["label"], attrs={"for": field_id}))

        def play(event: Any) -> None:
            event.preventDefault()
            chosen = event.currentTarget.querySelector("input[name=declare]:checked")
            token = str(chosen.value) if chosen else ""
            self.leading = None
            self.submit(f"{code} {token}".strip())

        return h(
            "form",
            group,
            h(
                "button",
                tr("lessons.ui.play_card", card=card_name(code, self.pic["deck"])),
                cls="button",
                attrs={"type": "submit", "id": "declare-play"},
            ),
            button(tr("lessons.ui.cancel"), lambda _e: self.cancel_lead(), quiet=True),
            cls="lp-declare",
            key=f"declare-{code}",
            attrs={"data-card": code},
            on={"submit": play},
        )

    def cancel_lead(self) -> None:
        """Back from the declaration menu to the hand."""
        code = self.leading
        self.leading = None
        self.redraw()
        button = document.querySelector(f'.lp-step button[data-card="{code}"]') if code else None
        if button:
            button.focus()

    def submit_draw(self) -> None:
        """Change the selected cards."""
        if self.selected:
            self.submit("draw " + " ".join(self.selected))

    def amount_form(self, amount: dict[str, Any]) -> VNode:
        """A number field and a button for an amount action (open, bet, raise)."""
        verb = amount["verb"]
        field_id = f"amount-{verb}"

        def send(event: Any) -> None:
            event.preventDefault()
            field = event.currentTarget.querySelector("input[name=amount]")
            value = str(field.value or "").strip() if field else ""
            self.submit(f"{verb} {value}" if value else verb)

        label = amount["label"]
        limits: dict[str, str | int | bool | None] = {"data-verb": verb}
        if amount.get("range", True):  # playing on; a question keeps "the most you can" to itself
            label += f" ({tr('lessons.ui.amount_range', min=amount['min'], max=amount['max'])})"
            limits.update({"min": amount["min"], "max": amount["max"]})
        return h(
            "form",
            h("label", label, attrs={"for": field_id}),
            number_field(field_id, "amount", attrs=limits),
            h("button", amount["label"], cls="button", attrs={"type": "submit", "data-verb": verb}),
            cls="lp-amount",
            on={"submit": send},
        )


ALSO_NAMED = 3
"""How many of the other right answers a verdict names (the rest are counted)."""


class Feedback:
    """The verdict area of a question: a live region with the engine's explanation.

    It keeps what it shows (a verdict, the right answers, or nothing); :meth:`node` draws it.
    """

    def __init__(self) -> None:
        self.verdict: dict[str, Any] | None = None
        self.answers: list[str] | None = None

    def show(self, verdict: dict[str, Any]) -> None:
        """Show a verdict: right (with the author's note and the other right answers), wrong, illegal."""
        self.verdict, self.answers = verdict, None

    def solution(self, labels: list[str]) -> None:
        """Show the right answers."""
        self.verdict, self.answers = None, list(labels)

    def clear(self) -> None:
        """Empty the area."""
        self.verdict = self.answers = None

    def node(self) -> VNode:
        """The area as it is now."""
        box = h("div", cls="lp-feedback", attrs={"id": "feedback", "role": "status", "aria-live": "polite"})
        if self.answers is not None:
            box.attrs["data-verdict"] = "shown"
            return box.append(
                h("p", tr("lessons.ui.answers", list=" · ".join(self.answers)), cls="lp-verdict")
            )
        verdict = self.verdict
        if verdict is None:
            return box
        kind = verdict["verdict"]
        box.attrs["data-verdict"] = kind
        title = {"right": "lessons.ui.right", "wrong": "lessons.ui.wrong", "illegal": "lessons.ui.illegal"}[
            kind
        ]
        box.append(h("p", h("strong", tr(title)), cls="lp-verdict"))
        if kind == "right" and verdict.get("answer_label"):
            box.append(h("p", tr("lessons.ui.given", answer=verdict["answer_label"]), cls="lp-given"))
        if verdict.get("message"):
            box.append(h("p", verdict["message"], cls="lp-why"))
        if verdict.get("note"):
            box.append(h("p", verdict["note"], cls="lp-note"))
        also = list(verdict.get("also") or [])
        if also:
            named = ", ".join(also[:ALSO_NAMED])
            if len(also) > ALSO_NAMED:
                named = tr("lessons.ui.also_more", list=named, n=len(also) - ALSO_NAMED)
            box.append(h("p", tr("lessons.ui.also", list=named), cls="lp-also"))
        if kind != "right":
            box.append(h("p", tr("lessons.ui.try_again"), cls="lp-hint"))
        return box


def question_node(
    step: dict[str, Any],
    submit: Callable[[str], None],
    *,
    hint: str = "",
    no_number: Callable[[], None] | None = None,
    mount: int = 0,
) -> VNode:
    """The answer controls of a non-act question (cards to pick, hands, a number, options).

    ``hint`` is the line under a number field; ``no_number()`` is called when the learner checks
    an empty field (nothing is judged). ``mount`` tells one drawing's fields from the next's.
    """
    q = step["question"]
    deck = step["deck"]
    kind = q["kind"]
    box = h("div", cls=f"lp-question lp-q-{kind}", key=f"question-{mount}")
    if kind in ("pick_card", "pick_hand"):
        row = h("ul", cls="lp-options" + (" lp-hands" if kind == "pick_hand" else " lp-row"))
        for option in q["options"]:
            label = option["label"]
            if option.get("seat"):
                label = tr("lessons.ui.card_of", card=label, seat=option["seat"])
            inner = [card_img(c, deck) for c in option["cards"]]
            # a trick's cards are captioned with their seats; cards of a hand are named by their faces
            caption = h("span", option["seat"], cls="lp-caption") if option.get("seat") else None
            if kind == "pick_hand":
                caption = h("span", option["label"], cls="lp-caption")
            row.append(
                h(
                    "li",
                    h(
                        "button",
                        h("span", *inner, cls="lp-option-cards"),
                        caption,
                        cls="lp-option",
                        attrs={"type": "button", "data-value": option["value"], "aria-label": label},
                        on={"click": common.bind(submit, option["value"])},
                    ),
                )
            )
        box.append(row)
    elif kind == "number":

        def send(event: Any) -> None:
            event.preventDefault()
            field = event.currentTarget.querySelector("#answer")
            value = str(field.value or "").strip() if field else ""
            if not value:  # nothing typed (or not a number at all): ask for one, judge nothing
                if no_number is not None:
                    no_number()
                if field:
                    field.focus()
                return
            submit(value)

        box.append(
            h(
                "form",
                h("label", tr("lessons.ui.your_answer"), attrs={"for": "answer"}),
                number_field("answer", "answer"),
                h("button", tr("lessons.ui.check"), cls="button", attrs={"type": "submit", "id": "check"}),
                h("p", hint, cls="lp-hint lp-number-hint", attrs={"id": "answer-hint", "role": "status"}),
                cls="lp-number",
                attrs={"novalidate": True},
                on={"submit": send},
            )
        )
    elif kind == "choice":
        row = h("div", cls="lp-buttons")
        for option in q["options"]:
            row.append(
                h(
                    "button",
                    option["label"],
                    cls="button button-quiet lp-choice",
                    attrs={"type": "button", "data-value": option["value"]},
                    on={"click": common.bind(submit, option["value"])},
                )
            )
        box.append(row)
    elif kind == "multi":
        group = h("fieldset", h("legend", tr("lessons.ui.pick_options")))
        for k, option in enumerate(q["options"]):
            field_id = f"opt-{k}"
            group.append(
                h(
                    "label",
                    h(
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

        def send_multi(event: Any) -> None:
            event.preventDefault()
            checked = event.currentTarget.querySelectorAll("input[name=options]:checked")
            submit(" ".join(str(field.value) for field in checked))

        box.append(
            h(
                "form",
                group,
                h("button", tr("lessons.ui.check"), cls="button", attrs={"type": "submit", "id": "check"}),
                cls="lp-multi",
                on={"submit": send_multi},
            )
        )
    return box
