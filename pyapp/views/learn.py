"""The lesson page (``learn.html``): lessons grouped by game, progress, one lesson or drill at a time.

The page reaches the engine only through :mod:`pyapp.lessons.session` (plain data in and out).
Routes live in the URL fragment, so that links, the back button and reloads work:

* ``learn.html`` (or ``#game=boston``): every lesson and drill, grouped by game, with progress;
* ``#lesson=ID``: one lesson, resumed at the step where it was left;
* ``#drill=ID``: one endless drill with its streak and score.

Progress lives in ``localStorage`` under :data:`PROGRESS_KEY` (JSON: per lesson the step reached,
whether it is done and the record of a hand being played on; per drill the best streak). The
same players (:class:`LessonPlayer`, :class:`DrillPlayer`) serve the embed page
(:mod:`pyapp.views.embed`).
"""

from __future__ import annotations

import asyncio
import json
import time
import traceback
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from pyscript import document, window

from pyapp.cards import Card
from pyapp.lessons.session import DrillRun, LessonRun, PlayRun, RoundError, UnknownLesson, catalog
from pyapp.views import common, embedcode
from pyapp.views.common import el, tr

PROGRESS_KEY = "circolo.learn"
"""The ``localStorage`` key of the learner's progress (JSON)."""

BOT_DELAY = 0.7
"""Seconds before each computer move while playing on (the same for every move)."""

Node = Any


# -- progress -----------------------------------------------------------------------------------------


class Progress:
    """The learner's progress, read from and written to ``localStorage`` as JSON."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {"lessons": {}, "drills": {}}
        self.corrupt = False
        """Whether the saved progress could not be read (it was set aside, not lost)."""
        text = common.storage_get(PROGRESS_KEY)
        if text:
            try:
                data = json.loads(text)
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                self.data["lessons"] = dict(data.get("lessons") or {})
                self.data["drills"] = dict(data.get("drills") or {})
            except (ValueError, TypeError):
                common.storage_set(f"circolo.corrupt.learn.{int(time.time())}", text)
                self.corrupt = True
        self.storable = common.storage_set(PROGRESS_KEY, json.dumps(self.data))

    def save(self) -> None:
        """Write the progress back."""
        common.storage_set(PROGRESS_KEY, json.dumps(self.data))

    def lesson(self, lesson_id: str) -> dict[str, Any]:
        """The saved state of one lesson (step, done, plays)."""
        entry = self.data["lessons"].get(lesson_id)
        return entry if isinstance(entry, dict) else {}

    def set_step(self, lesson_id: str, step: int, done: bool = False) -> None:
        """Remember that the lesson is at ``step`` (and whether it was finished once)."""
        entry = dict(self.lesson(lesson_id))
        entry["step"] = step
        entry["done"] = bool(entry.get("done")) or done
        self.data["lessons"][lesson_id] = entry
        self.save()

    def set_play(self, lesson_id: str, step: int, record: str | None) -> None:
        """Remember (or forget) the record of the hand played on at ``step``."""
        entry = dict(self.lesson(lesson_id))
        plays = dict(entry.get("plays") or {})
        if record is None:
            plays.pop(str(step), None)
        else:
            plays[str(step)] = record
        entry["plays"] = plays
        self.data["lessons"][lesson_id] = entry
        self.save()

    def best(self, drill_id: str) -> int:
        """The best streak of a drill."""
        entry = self.data["drills"].get(drill_id)
        return int(entry.get("best", 0)) if isinstance(entry, dict) else 0

    def set_best(self, drill_id: str, best: int) -> None:
        """Remember a drill's best streak."""
        if best > self.best(drill_id):
            self.data["drills"][drill_id] = {"best": best}
            self.save()


# -- drawing cards and positions -------------------------------------------------------------------------


def card_img(code: str, deck: str, cls: str = "lp-card") -> Node:
    """One of our card faces."""
    return common.card_element(Card.parse(code, "it" if deck == "it" else "fr"), cls=cls)


def back_img(deck: str, cls: str = "lp-card lp-back") -> Node:
    """The back of a card of ``deck``."""
    return common.card_element(None, deck="it" if deck == "it" else "fr", cls=cls)


def card_row(codes: list[str], deck: str, cls: str = "lp-row") -> Node:
    """A row of card faces."""
    return el("ul", *[el("li", card_img(c, deck)) for c in codes], cls=cls)


def trick_node(trick: dict[str, Any] | None, deck: str, last: bool) -> Node | None:
    """The cards on the table, each with the seat that played it."""
    if not trick:
        return None
    winner = trick.get("winner")
    items = []
    for k, entry in enumerate(trick["cards"]):
        caption = entry["name"] + (" · " + tr("lessons.ui.leads") if k == 0 else "")
        items.append(
            el(
                "li",
                card_img(entry["card"], deck),
                el("span", caption, cls="lp-caption"),
                cls="lp-played" + (" is-winner" if last and entry["seat"] == winner else ""),
                attrs={"data-seat": entry["seat"]},
            )
        )
    winner_name = next((e["name"] for e in trick["cards"] if e["seat"] == winner), "")
    title = tr("lessons.ui.last_trick", seat=winner_name) if last else tr("lessons.ui.trick")
    return el(
        "section",
        el("h2", title, cls="lp-subtitle"),
        el("ul", *items, cls="lp-trick-cards"),
        cls="lp-trick" + (" is-last" if last else ""),
        attrs={"aria-label": title},
    )


def seat_node(seat: dict[str, Any], deck: str) -> Node:
    """One seat: its name, badges, notes and cards (face up when revealed, else backs)."""
    head = el("p", el("strong", seat["name"]), cls="lp-seat-name")
    for badge in seat["badges"]:
        head.append(el("span", badge, cls="lp-badge"))
    body = el("div", cls="lp-seat-cards")
    if seat.get("cards") is not None and not seat["you"]:
        body.append(card_row(seat["cards"], deck, "lp-row lp-row-small"))
    elif not seat["you"] and seat.get("count"):
        body.append(back_img(deck, "lp-card lp-back lp-small"))
        body.append(el("span", common.tr_n("lessons.ui.cards_left", seat["count"]), cls="lp-count"))
    notes = el("p", " · ".join(seat["notes"]), cls="lp-notes") if seat["notes"] else None
    return el(
        "div",
        head,
        body,
        notes,
        cls=f"lp-seat lp-{seat['where']}",
        attrs={"data-seat": seat["label"], "data-turn": "true" if seat["turn"] else "false"},
    )


def picture_node(pic: dict[str, Any], show: str = "table", hand: Node | None = None) -> Node:
    """A whole position: seats around the table, the trick or the pot, facts, the learner's hand."""
    deck = pic["deck"]
    root = el("div", cls=f"lp-position lp-{pic['game']}", attrs={"data-show": show})
    if show in ("table", "trick"):
        table = el("div", cls=f"lp-table lp-players-{pic['players']}")
        if show == "table":
            for seat in pic["seats"]:
                if not seat["you"]:
                    table.append(seat_node(seat, deck))
        center = el("div", cls="lp-center")
        trick = pic.get("trick")
        shown = trick_node(trick, deck, False) if trick else trick_node(pic.get("last_trick"), deck, True)
        if shown is not None:
            center.append(shown)
        turned = pic.get("turned")
        if turned:
            center.append(
                el(
                    "div",
                    card_img(turned["card"], deck, "lp-card lp-small"),
                    el("span", tr("lessons.ui.turned"), cls="lp-caption"),
                    cls="lp-turned",
                )
            )
        table.append(center)
        root.append(table)
    if pic.get("info"):
        root.append(el("ul", *[el("li", line) for line in pic["info"]], cls="lp-info"))
    if pic.get("summary"):
        root.append(
            el("div", *[el("p", line) for line in pic["summary"]], cls="lp-summary", attrs={"role": "status"})
        )
    me = next((s for s in pic["seats"] if s["you"]), None)
    if me is not None and (show in ("table", "hand")):
        title = el("h2", tr("lessons.ui.your_hand") + f" ({me['name']})", cls="lp-subtitle")
        badges = [el("span", b, cls="lp-badge") for b in me["badges"]]
        notes = el("p", " · ".join(me["notes"]), cls="lp-notes") if me["notes"] else None
        root.append(
            el(
                "section",
                title,
                *badges,
                notes,
                hand if hand is not None else card_row(pic.get("hand") or [], deck),
                cls="lp-own",
                attrs={"data-seat": me["label"]},
            )
        )
    return root


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


# -- a lesson ---------------------------------------------------------------------------------------------


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


class LessonPlayer:
    """One lesson on the page: its steps one at a time, answers judged, progress kept."""

    def __init__(
        self,
        root: Node,
        lesson_id: str,
        progress: Progress,
        *,
        embed: bool = False,
        on_done: Callable[[], None] | None = None,
        next_lesson: dict[str, Any] | None = None,
    ) -> None:
        self.root = root
        self.run = LessonRun(lesson_id)
        self.progress = progress
        self.embed = embed
        self.next_lesson = next_lesson
        saved = progress.lesson(lesson_id)
        step = saved.get("step", 0)
        self.index = step if isinstance(step, int) and 0 <= step < self.run.count else 0
        self.finished = False
        self.solved: set[int] = set()
        self.play: PlayRun | None = None
        self.generation = 0
        self.task: asyncio.Future[None] | None = None
        self.feedback = Feedback()
        self.delay = 0.05 if "fast" in str(window.location.search or "") else BOT_DELAY
        self.embed_panel: Node | None = None

    @property
    def lesson_id(self) -> str:
        """The id of the lesson."""
        return str(self.run.lesson.id)

    def go(self, index: int) -> None:
        """Show step ``index`` and remember it."""
        self.generation += 1
        self.play = None
        self.finished = False
        self.index = max(0, min(index, self.run.count - 1))
        self.progress.set_step(self.lesson_id, self.index)
        self.render()
        focus = common.by_id("step-text")
        if focus:
            focus.focus()

    def finish(self) -> None:
        """The last step is done: the lesson counts as completed."""
        self.generation += 1
        self.progress.set_step(self.lesson_id, 0, done=True)
        self.finished = True
        self.render()

    def render(self, _lang: str | None = None) -> None:
        """Draw the lesson header, the current step and the navigation."""
        lang = common.get_lang()
        meta = self.run.meta(lang)
        common.clear(self.root)
        head = el("header", cls="lp-lesson-head")
        if not self.embed:
            crumb_to_list(True)
        head.append(el("p", meta["game_name"], cls="lp-kicker"))
        head.append(el("h1", meta["title"], cls="page-title", attrs={"id": "lesson-title"}))
        if not self.embed:
            head.append(embed_button(self, "lesson", meta["id"], meta["title"]))
        self.root.append(head)
        if self.embed_panel is not None and not self.embed:
            self.root.append(self.embed_panel)
        if self.finished:
            self.root.append(self.done_node())
            return
        step = self.run.step(self.index, lang)
        bar = el(
            "div",
            el(
                "span",
                tr("lessons.ui.step_of", n=self.index + 1, total=self.run.count),
                attrs={"id": "step-counter"},
            ),
            el(
                "progress",
                attrs={
                    "max": self.run.count,
                    "value": self.index + 1,
                    "aria-label": tr("lessons.ui.step_of", n=self.index + 1, total=self.run.count),
                },
            ),
            cls="lp-progress",
        )
        self.root.append(bar)
        body = el(
            "section",
            cls=f"lp-step lp-step-{step['kind']}",
            attrs={"data-step": self.index, "data-kind": step["kind"], "aria-labelledby": "step-text"},
        )
        body.append(el("p", step["text"], cls="lp-text", attrs={"id": "step-text", "tabindex": "-1"}))
        if step["kind"] == "explain":
            self.render_explain(step, body)
        elif step["kind"] == "ask":
            self.render_ask(step, body)
        else:
            self.render_play(step, body)
        self.root.append(body)
        self.root.append(self.nav(step))

    def render_explain(self, step: dict[str, Any], body: Node) -> None:
        """An explanation: cards in a row and/or the position."""
        if step["cards"]:
            body.append(card_row(step["cards"], step["deck"]))
        if step["picture"]:
            body.append(picture_node(step["picture"], step["show"]))

    def render_ask(self, step: dict[str, Any], body: Node) -> None:
        """A question: the position with the means to answer, and the verdict area."""
        q = step["question"]
        solved = self.index in self.solved
        if q["kind"] == "act" and step["picture"]:
            controls = Controls(step["picture"], self.answer)
            body.append(picture_node(step["picture"], "table", controls.hand()))
            body.append(controls.render_box())
        else:
            if step["cards"]:
                body.append(card_row(step["cards"], step["deck"], "lp-row lp-wrap"))
            elif step["picture"] and q["kind"] != "pick_card":
                body.append(picture_node(step["picture"], "table"))
            elif step["picture"]:
                pic = dict(step["picture"])
                pic["trick"] = pic["last_trick"] = None
                body.append(picture_node(pic, "trick"))
            body.append(question_node(step, self.answer))
        body.append(self.feedback.node)
        if not solved:
            self.feedback.clear()
        body.append(
            el(
                "button",
                tr("lessons.ui.show_answer"),
                cls="button button-quiet lp-show-answer",
                attrs={"type": "button", "id": "show-answer"},
                on={"click": lambda _e: self.show_answer()},
            )
        )

    def answer(self, text: str) -> None:
        """Send the learner's answer to the engine and show its verdict."""
        verdict = self.run.answer(self.index, text, common.get_lang())
        if verdict["right"]:
            self.solved.add(self.index)
            self.render()
            self.feedback.show(verdict)
            after = verdict.get("after")
            if after:
                step_node = self.root.querySelector(".lp-step")
                box = el(
                    "section",
                    el("h2", tr("lessons.ui.after"), cls="lp-subtitle"),
                    picture_node(after, "trick"),
                    cls="lp-after",
                )
                step_node.insertBefore(box, self.feedback.node)
            button = common.by_id("next")
            if button:
                button.focus()
            return
        self.feedback.show(verdict)

    def show_answer(self) -> None:
        """Reveal the right answers (the step may then be left)."""
        solution = self.run.solution(self.index, common.get_lang())
        self.solved.add(self.index)
        labels = [a["label"] for a in solution["answers"]]
        self.render()
        self.feedback.solution(labels)

    # -- play on -----------------------------------------------------------------------------------------
    def render_play(self, step: dict[str, Any], body: Node) -> None:
        """Playing the hand out: the table, the learner's controls, the computer players' moves."""
        if self.play is None:
            saved = (self.progress.lesson(self.lesson_id).get("plays") or {}).get(str(self.index))
            self.play = self.run.play_on(self.index, saved if isinstance(saved, str) else None)
            self.schedule()
        lang = common.get_lang()
        view = self.play.view(lang)
        status = el(
            "p", cls="lp-play-status", attrs={"id": "play-status", "role": "status", "aria-live": "polite"}
        )
        if view["finished"]:
            status.textContent = tr("lessons.ui.play.done")
        elif view["your_turn"]:
            status.textContent = tr("lessons.ui.play.your_turn")
        elif view.get("to_act"):
            name = next((s["name"] for s in view["seats"] if s["label"] == view["to_act"]), view["to_act"])
            status.textContent = tr("lessons.ui.play.wait", seat=name)
        body.append(status)
        if self.play.discarded:
            body.append(
                el("p", tr("lessons.ui.play.discarded"), cls="lp-hint", attrs={"id": "play-discarded"})
            )
        controls = Controls(view, self.play_act)
        body.append(picture_node(view, "table", controls.hand()))
        body.append(controls.render_box())
        body.setAttribute("data-finished", "true" if view["finished"] else "false")
        alert = el("p", cls="lp-alert", attrs={"id": "play-alert", "role": "alert"})
        body.append(alert)
        if view["moves"] and self.play is not None:
            body.append(
                el(
                    "button",
                    tr("lessons.ui.play.again"),
                    cls="button button-quiet",
                    attrs={"type": "button", "id": "play-again"},
                    on={"click": lambda _e: self.play_again()},
                )
            )

    def play_act(self, action: str) -> None:
        """The learner's move while playing on."""
        if self.play is None:
            return
        answer = self.play.act(action, common.get_lang())
        if not answer["ok"]:
            alert = common.by_id("play-alert")
            if alert:
                alert.textContent = str(answer["error"])
            return
        self.after_play_move()
        self.schedule()

    def after_play_move(self) -> None:
        """Save the play and redraw."""
        if self.play is None:
            return
        self.progress.set_play(self.lesson_id, self.index, self.play.record())
        self.render()

    def play_again(self) -> None:
        """Start the hand again from the lesson's position."""
        self.generation += 1
        self.progress.set_play(self.lesson_id, self.index, None)
        self.play = None
        self.render()

    def schedule(self) -> None:
        """Let the computer players move, one at a time, with a constant delay."""
        if self.play is None or not self.play.pending():
            return
        self.generation += 1
        self.task = asyncio.ensure_future(self.run_bots(self.generation))

    async def run_bots(self, generation: int) -> None:
        """The computer players' loop (stops when the page moves on)."""
        try:
            while self.play is not None and generation == self.generation and self.play.pending():
                await asyncio.sleep(self.delay)
                if generation != self.generation or self.play is None:
                    return
                self.play.step()
                self.after_play_move()
        except Exception:  # noqa: BLE001 - a failure must be visible
            common.show_error(traceback.format_exc())

    # -- navigation ----------------------------------------------------------------------------------------
    def nav(self, step: dict[str, Any]) -> Node:
        """Back / next (next waits for a right answer to a question)."""
        bar = el(
            "nav",
            cls="lp-nav",
            attrs={"aria-label": tr("lessons.ui.step_of", n=self.index + 1, total=self.run.count)},
        )
        bar.append(
            el(
                "button",
                tr("lessons.ui.prev"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "prev", "disabled": self.index == 0},
                on={"click": lambda _e: self.go(self.index - 1)},
            )
        )
        blocked = step["kind"] == "ask" and self.index not in self.solved
        last = self.index == self.run.count - 1
        label = tr("lessons.ui.finish") if last else tr("lessons.ui.next")
        if step["kind"] == "play_on" and self.play is not None and not self.play.finished:
            label = tr("lessons.ui.finish") if last else tr("lessons.ui.play.skip")
        bar.append(
            el(
                "button",
                label,
                cls="button",
                attrs={"type": "button", "id": "next", "disabled": blocked},
                on={"click": lambda _e: self.finish() if last else self.go(self.index + 1)},
            )
        )
        return bar

    def done_node(self) -> Node:
        """The end of the lesson: well done, the next lesson, restart."""
        box = el("section", cls="lp-done", attrs={"id": "lesson-done"})
        box.append(el("h2", tr("lessons.ui.lesson_done"), attrs={"tabindex": "-1", "id": "done-title"}))
        if self.next_lesson and not self.embed:
            box.append(
                el(
                    "p",
                    el(
                        "a",
                        tr("lessons.ui.next_lesson", title=self.next_lesson["title"]),
                        cls="button",
                        attrs={"href": f"#lesson={self.next_lesson['id']}", "id": "next-lesson"},
                    ),
                )
            )
        box.append(
            el(
                "button",
                tr("lessons.ui.restart"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "restart"},
                on={"click": lambda _e: self.go(0)},
            )
        )
        return box


# -- a drill -------------------------------------------------------------------------------------------------


class DrillPlayer:
    """An endless drill: a round at a time, the engine as the answer key, streak and score."""

    def __init__(
        self, root: Node, drill_id: str, progress: Progress, *, embed: bool = False, code: str | None = None
    ) -> None:
        self.root = root
        self.run = DrillRun(drill_id)
        self.code = code
        self.notice: str | None = None
        self.progress = progress
        self.embed = embed
        self.run.best = progress.best(drill_id)
        self.feedback = Feedback()
        self.solved = False
        self.step: dict[str, Any] | None = None
        self.embed_panel: Node | None = None

    @property
    def drill_id(self) -> str:
        """The drill's id."""
        return str(self.run.drill.id)

    def next_round(self) -> None:
        """Draw a new round."""
        self.step = self.run.next(common.get_lang())
        self.notice = None
        self.solved = False
        self.feedback.clear()
        self.render()
        focus = common.by_id("step-text")
        if focus:
            focus.focus()

    def render(self, _lang: str | None = None) -> None:
        """Draw the drill: header with the scores, the round, the verdict, the next button."""
        lang = common.get_lang()
        meta = self.run.meta(lang)
        if self.step is None and self.code:
            try:
                self.run.load(self.code)
            except RoundError as exc:
                self.notice = tr("lessons.ui.drill.bad_link", reason=str(exc))
            self.code = None
            self.step = self.run.current(lang)
        elif self.step is None:
            self.step = self.run.next(lang)
        else:
            self.step = self.run.current(lang)
        common.clear(self.root)
        head = el("header", cls="lp-lesson-head")
        if not self.embed:
            crumb_to_list(True)
        head.append(el("p", meta["game_name"], cls="lp-kicker"))
        head.append(el("h1", meta["title"], cls="page-title"))
        if not self.embed:
            head.append(embed_button(self, "drill", meta["id"], meta["title"]))
        self.root.append(head)
        if self.embed_panel is not None and not self.embed:
            self.root.append(self.embed_panel)
        scores = self.run.scores()
        self.root.append(
            el(
                "div",
                el("span", tr("lessons.ui.drill.round", n=scores["rounds"]), attrs={"id": "drill-round"}),
                el(
                    "span",
                    tr("lessons.ui.drill.score", score=scores["score"], rounds=scores["answered"]),
                    attrs={"id": "drill-score"},
                ),
                el(
                    "span",
                    tr("lessons.ui.drill.streak", streak=scores["streak"], best=scores["best"]),
                    attrs={"id": "drill-streak"},
                ),
                cls="lp-scores",
                attrs={"aria-live": "polite"},
            )
        )
        if self.notice:
            self.root.append(el("p", self.notice, cls="lp-alert", attrs={"role": "alert"}))
        step = self.step
        body = el(
            "section", cls="lp-step lp-step-ask", attrs={"data-kind": "ask", "data-round": scores["rounds"]}
        )
        body.append(el("p", step["text"], cls="lp-text", attrs={"id": "step-text", "tabindex": "-1"}))
        q = step["question"]
        if step["cards"]:
            body.append(card_row(step["cards"], step["deck"], "lp-row lp-wrap"))
        if step["picture"] is not None:
            pic = dict(step["picture"])
            if q["kind"] == "pick_card":
                pic["trick"] = pic["last_trick"] = None
                body.append(picture_node(pic, "trick"))
            elif not step["cards"]:
                body.append(picture_node(pic, "table"))
        body.append(question_node(step, self.answer))
        body.append(self.feedback.node)
        actions = el("div", cls="lp-nav")
        actions.append(
            el(
                "button",
                tr("lessons.ui.show_answer"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "show-answer"},
                on={"click": lambda _e: self.show_answer()},
            )
        )
        actions.append(
            el(
                "button",
                tr("lessons.ui.drill.next"),
                cls="button",
                attrs={"type": "button", "id": "drill-next"},
                on={"click": lambda _e: self.next_round()},
            )
        )
        body.append(actions)
        if not self.embed:
            link = f"#drill={self.drill_id}&q={self.run.code()}"
            body.append(
                el(
                    "p",
                    el("a", tr("lessons.ui.drill.link"), attrs={"href": link, "id": "round-link"}),
                    cls="lp-hint",
                )
            )
        self.root.append(body)

    def answer(self, text: str) -> None:
        """Judge the answer; a right one ends the round."""
        verdict = self.run.answer(text, common.get_lang())
        self.progress.set_best(self.drill_id, int(verdict["best"]))
        if verdict["right"]:
            self.solved = True
        self.render()
        self.feedback.show(verdict)
        if verdict["right"]:
            button = common.by_id("drill-next")
            if button:
                button.focus()

    def show_answer(self) -> None:
        """Reveal the right answers of the round."""
        solution = self.run.solution(common.get_lang())
        self.render()
        self.feedback.solution([a["label"] for a in solution["answers"]])


# -- the way back ------------------------------------------------------------------------------------------


def crumb_to_list(show: bool) -> None:
    """In a lesson or a drill, the page's path reads "← Tutti i giochi › Impara a giocare".

    The second step (``#back-to-list``) leads back to the list of lessons; on the list itself
    the path is the home link alone. The embed page has no path.
    """
    nav = document.querySelector("nav.crumbs")
    if not nav:
        return
    for node in list(nav.querySelectorAll(".crumb-extra")):
        node.remove()
    if show:
        nav.append(el("span", "\u203a", cls="crumb-sep crumb-extra", attrs={"aria-hidden": "true"}))
        nav.append(
            el("a", tr("lessons.page.title"), cls="crumb-extra", attrs={"href": "#", "id": "back-to-list"})
        )


# -- embedding ---------------------------------------------------------------------------------------------


def site_base() -> str:
    """The absolute URL of the site's folder (where ``embed.html`` lives)."""
    href = str(window.location.href).split("#", 1)[0].split("?", 1)[0]
    return href.rsplit("/", 1)[0] + "/"


def embed_url(kind: str, item_id: str, lang: str | None) -> str:
    """The embed page's URL for a lesson (with its language) or a drill."""
    url = f"{site_base()}embed.html?{kind}={item_id}"
    return url + (f"&lang={lang}" if lang else "")


def embed_snippet(
    kind: str, item_id: str, title: str, lang: str, code: str = "inline", script: str = ""
) -> str:
    """The HTML a club's webmaster pastes: our iframe and its script (:mod:`pyapp.views.embedcode`)."""
    frame_title = tr("lessons.ui.embed.frame_title", title=title)
    src = embed_url(kind, item_id, lang)
    return embedcode.snippet(code, src, frame_title, lang, embedcode.LESSON, script)


def embed_button(player: LessonPlayer | DrillPlayer, kind: str, item_id: str, title: str) -> Node:
    """The "Copy embed code" button of a lesson or drill (opens the panel)."""

    def toggle(_event: Any) -> None:
        if player.embed_panel is None:
            player.embed_panel = embed_panel(kind, item_id, title)
        else:
            player.embed_panel = None
        player.render()
        code = common.by_id("embed-code")
        if code:
            code.focus()

    return el(
        "button",
        tr("lessons.ui.embed.open"),
        cls="button button-quiet lp-embed-open",
        attrs={
            "type": "button",
            "id": "embed-open",
            "aria-expanded": "true" if player.embed_panel is not None else "false",
        },
        on={"click": toggle},
    )


def embed_panel(kind: str, item_id: str, title: str) -> Node:
    """The snippet to copy, its language, a copy button and a live preview."""
    panel = el("section", cls="lp-embed", attrs={"id": "embed-panel", "aria-labelledby": "embed-title"})
    panel.append(el("h2", tr("lessons.ui.embed.title"), attrs={"id": "embed-title"}))
    panel.append(el("p", tr("lessons.ui.embed.help")))
    lang_box = el("select", attrs={"id": "embed-lang"})
    for code in ("it", "en"):
        lang_box.append(
            el(
                "option",
                tr(f"ui.lang.{code}_label"),
                attrs={"value": code, "selected": code == common.get_lang()},
            )
        )
    kind_box = el("select", attrs={"id": "embed-kind"})
    for choice in embedcode.KINDS:
        kind_box.append(el("option", tr(f"lessons.ui.embed.kind.{choice}"), attrs={"value": choice}))
    code = el("textarea", attrs={"id": "embed-code", "readonly": True, "rows": 6, "spellcheck": "false"})
    status = el("p", cls="lp-hint", attrs={"role": "status", "id": "embed-status"})
    preview = el("div", cls="lp-embed-preview", attrs={"id": "embed-preview"})
    hosted = el(
        "p",
        tr("lessons.ui.embed.hosted_help", path=embedcode.HOSTED_SCRIPT) + " ",
        el(
            "a",
            tr("lessons.ui.embed.download"),
            attrs={"href": "./static/embed.js", "download": "circolo-embed.js"},
        ),
        cls="lp-hint",
        attrs={"id": "embed-hosted", "hidden": True},
    )
    filled: list[asyncio.Future[None]] = []

    async def fill() -> None:
        lang = str(lang_box.value) if kind == "lesson" else common.get_lang()
        choice = str(kind_box.value)
        hosted.hidden = choice != "hosted"
        script = ""
        if choice == "inline":
            try:
                script = await embedcode.inline_script()
            except Exception:  # noqa: BLE001 - the script cannot be read: the code without it
                choice = "fixed"
                status.textContent = tr("lessons.ui.embed.no_script")
        code.value = embed_snippet(kind, item_id, title, lang, choice, script)
        code.setAttribute("data-kind", choice)

    def refresh(_event: Any = None) -> None:
        common.clear(preview)
        filled[:] = [asyncio.ensure_future(fill())]

    async def write(text: str) -> None:
        # "Copied" only once the clipboard has really taken the text (the write is a promise).
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - no clipboard (permission, insecure context): Ctrl+C
            code.select()
            status.textContent = tr("lessons.ui.embed.select")
            return
        status.textContent = tr("lessons.ui.embed.copied")

    async def copy_filled() -> None:
        if filled:
            await filled[-1]  # the code of the latest choice
        await write(str(code.value))

    def copy(_event: Any) -> None:
        status.textContent = ""
        asyncio.ensure_future(copy_filled())

    def show_preview(_event: Any) -> None:
        common.clear(preview)
        lang = str(lang_box.value) if kind == "lesson" else None
        load_embed_script()
        preview.append(
            el(
                "iframe",
                attrs={
                    "src": embed_url(kind, item_id, lang),
                    "title": tr("lessons.ui.embed.frame_title", title=title),
                    "loading": "lazy",
                    "id": "embed-frame",
                },
            )
        )

    common.listen(lang_box, "change", refresh)
    common.listen(kind_box, "change", refresh)
    if kind == "lesson":
        panel.append(
            el(
                "label",
                tr("lessons.ui.embed.lang") + " ",
                lang_box,
                cls="lp-field",
                attrs={"for": "embed-lang"},
            )
        )
    panel.append(
        el("label", tr("lessons.ui.embed.kind") + " ", kind_box, cls="lp-field", attrs={"for": "embed-kind"})
    )
    panel.append(hosted)
    panel.append(el("label", tr("lessons.ui.embed.code_label"), cls="lp-field", attrs={"for": "embed-code"}))
    panel.append(code)
    panel.append(
        el(
            "div",
            el(
                "button",
                tr("lessons.ui.embed.copy"),
                cls="button",
                attrs={"type": "button", "id": "embed-copy"},
                on={"click": copy},
            ),
            el(
                "button",
                tr("lessons.ui.embed.preview"),
                cls="button button-quiet",
                attrs={"type": "button", "id": "embed-show-preview"},
                on={"click": show_preview},
            ),
            cls="lp-buttons",
        )
    )
    panel.append(status)
    panel.append(preview)
    refresh()
    return panel


def load_embed_script() -> None:
    """Load ``static/embed.js`` once, so that the preview resizes like on a club's page."""
    if document.querySelector("script[data-circolo-embed]"):
        return
    script = el("script", attrs={"src": "./static/embed.js", "data-circolo-embed": "true"})
    document.head.append(script)


# -- the list of lessons ---------------------------------------------------------------------------------------


def lesson_status(progress: Progress, lesson: dict[str, Any]) -> tuple[str, str]:
    """(status, label): ``done``, ``progress`` (with the step) or ``new``."""
    saved = progress.lesson(lesson["id"])
    if saved.get("done"):
        return "done", tr("lessons.ui.status.done")
    step = saved.get("step")
    if isinstance(step, int) and step > 0:
        return "progress", tr("lessons.ui.status.progress", n=step + 1, total=lesson["steps"])
    return "new", tr("lessons.ui.status.new")


class LearnPage:
    """The whole ``learn.html``: the list, or one lesson or drill, chosen by the URL fragment."""

    def __init__(self, root: Node) -> None:
        self.root = root
        self.progress = Progress()
        self.player: LessonPlayer | DrillPlayer | None = None

    def route(self, _event: Any = None) -> None:
        """Show what the URL fragment asks for."""
        fragment = str(window.location.hash or "").lstrip("#")
        params = {key: values[0] for key, values in parse_qs(fragment).items() if values}
        kind = next((k for k in ("lesson", "drill", "game") if k in params), "")
        value = params.get(kind, "")
        if self.player is not None and isinstance(self.player, LessonPlayer):
            self.player.generation += 1
        self.player = None
        try:
            if kind == "lesson" and value:
                self.open_lesson(value)
                return
            if kind == "drill" and value:
                self.player = DrillPlayer(self.root, value, self.progress, code=params.get("q"))
                self.player.render()
                return
        except UnknownLesson:
            self.render_list(missing=value)
            return
        self.render_list(game=value if kind == "game" else None)

    def open_lesson(self, lesson_id: str) -> None:
        """Open a lesson where it was left."""
        lessons = [entry for game in catalog(common.get_lang())["games"] for entry in game["lessons"]]
        ids = [entry["id"] for entry in lessons]
        if lesson_id not in ids:
            raise UnknownLesson(lesson_id)
        position = ids.index(lesson_id)
        following = lessons[position + 1] if position + 1 < len(lessons) else None
        player = LessonPlayer(self.root, lesson_id, self.progress, next_lesson=following)
        self.player = player
        player.render()

    def render(self, _lang: str | None = None) -> None:
        """Redraw in the current language."""
        if self.player is not None:
            self.player.render()
        else:
            self.route()

    def render_list(self, game: str | None = None, missing: str | None = None) -> None:
        """Every lesson and drill by game, with progress."""
        crumb_to_list(False)
        common.clear(self.root)
        data = catalog(common.get_lang())
        self.root.append(el("h1", tr("lessons.page.title"), cls="page-title"))
        self.root.append(el("p", tr("lessons.page.intro"), cls="lp-intro"))
        if missing is not None:
            self.root.append(
                el("p", tr("lessons.ui.not_found", id=missing), cls="lp-alert", attrs={"role": "alert"})
            )
        if self.progress.corrupt:
            self.root.append(
                el(
                    "p",
                    tr("lessons.ui.progress_corrupt"),
                    cls="lp-alert",
                    attrs={"role": "alert", "id": "progress-corrupt"},
                )
            )
        if not self.progress.storable:
            self.root.append(el("p", tr("lessons.ui.storage_off"), cls="lp-hint"))
        total = sum(len(g["lessons"]) for g in data["games"])
        done = sum(
            1
            for g in data["games"]
            for lesson in g["lessons"]
            if self.progress.lesson(lesson["id"]).get("done")
        )
        self.root.append(
            el(
                "p",
                tr("lessons.ui.progress_summary", done=done, total=total),
                cls="lp-summary-line",
                attrs={"id": "progress-summary"},
            )
        )
        for entry in data["games"]:
            section = el(
                "section",
                cls=f"lp-game lp-game-{entry['game']}",
                attrs={"id": f"game-{entry['game']}", "aria-labelledby": f"title-{entry['game']}"},
            )
            section.append(el("h2", entry["name"], attrs={"id": f"title-{entry['game']}"}))
            section.append(el("h3", tr("lessons.ui.lessons")))
            items = el("ol", cls="lp-list")
            for lesson in entry["lessons"]:
                status, label = lesson_status(self.progress, lesson)
                action = {
                    "done": "lessons.ui.review",
                    "progress": "lessons.ui.resume",
                    "new": "lessons.ui.start",
                }[status]
                items.append(
                    el(
                        "li",
                        el("h4", el("a", lesson["title"], attrs={"href": f"#lesson={lesson['id']}"})),
                        el("p", lesson["summary"]),
                        el(
                            "p",
                            el("span", label, cls=f"lp-status lp-status-{status}"),
                            " · ",
                            tr("lessons.ui.steps", n=lesson["steps"]),
                            cls="lp-meta",
                        ),
                        el("span", tr(action), cls="lp-cta", attrs={"aria-hidden": "true"}),
                        cls=f"lp-item lp-{status}",
                        attrs={"data-lesson": lesson["id"], "data-status": status},
                    )
                )
            section.append(items)
            section.append(el("h3", tr("lessons.ui.drills")))
            drills = el("ul", cls="lp-list")
            for drill in entry["drills"]:
                best = self.progress.best(drill["id"])
                drills.append(
                    el(
                        "li",
                        el("h4", el("a", drill["title"], attrs={"href": f"#drill={drill['id']}"})),
                        el("p", drill["summary"]),
                        el("p", tr("lessons.ui.drill_best", best=best), cls="lp-meta") if best else None,
                        el("span", tr("lessons.ui.open_drill"), cls="lp-cta", attrs={"aria-hidden": "true"}),
                        cls="lp-item lp-drill",
                        attrs={"data-drill": drill["id"]},
                    )
                )
            section.append(drills)
            self.root.append(section)
        if game:
            target = common.by_id(f"game-{game}")
            if target:
                target.scrollIntoView()


def main() -> None:
    """Start the lesson page and follow the URL fragment."""
    root = common.app_root()
    page = LearnPage(root)
    page.route()
    common.listen(window, "hashchange", page.route)
    common.on_lang_change(page.render)

    def back(event: Any) -> None:
        target = event.target
        if target and getattr(target, "id", "") == "back-to-list":
            event.preventDefault()
            window.location.hash = ""

    common.listen(document, "click", back)
