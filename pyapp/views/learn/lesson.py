"""One lesson on the page: its steps one at a time, answers judged by the engine, a hand played on
against the computer players, progress kept."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from pyapp.lessons.session import LessonRun, PlayRun
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.learn.pictures import card_row, picture_node, trick_only
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.questions import Controls, question_node
from pyapp.views.learn.screen import Node, Player, two_panes
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button

BOT_DELAY = 0.7
"""Seconds before each computer move while playing on (the same for every move)."""

_shown: list[LessonPlayer] = []
"""The lesson player on the page (the step keys go to it); empty when none is."""

_FIELDS = ("INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "SUMMARY")


def step_keys(event: Any) -> None:
    """Enter or → goes on to the next step, ← back, when the focus is on no control of its own
    (a card, a field, a button keep their keys) and the step may be left."""
    player = _shown[0] if _shown else None
    key = str(event.key)
    if player is None or key not in ("Enter", "ArrowRight", "ArrowLeft"):
        return
    if event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return
    target = event.target
    if str(getattr(target, "tagName", "")).upper() in _FIELDS or not player.root.isConnected:
        return
    if target.closest and target.closest("[role=radiogroup], [contenteditable], .lp-embed"):
        return
    button = common.by_id("prev" if key == "ArrowLeft" else "next")
    if button and not button.disabled:
        event.preventDefault()
        button.click()


class LessonPlayer(Player):
    """One lesson on the page: its steps one at a time, answers judged, progress kept."""

    kind = "lesson"

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
        self.run = LessonRun(lesson_id)
        super().__init__(root, progress, embed=embed)
        self.next_lesson = next_lesson
        saved = progress.lesson(lesson_id)
        step = saved.get("step", 0)
        self.index = step if isinstance(step, int) and 0 <= step < self.run.count else 0
        self.finished = False
        self.solved: set[int] = set()
        self.play: PlayRun | None = None
        self.generation = 0
        self.task: asyncio.Future[None] | None = None
        self.delay = 0.05 if "fast" in str(window.location.search or "") else BOT_DELAY
        self.controls: Controls | None = None
        """The learner's controls on the position, kept from one :meth:`render` to the next."""
        self.after: dict[str, Any] | None = None
        """The position after a right move, shown under the question until the step starts afresh."""
        self.next_after: dict[str, Any] | None = None
        self.play_error = ""
        """Why the rules refused the learner's last move while playing on."""
        if not _shown:
            common.listen(document, "keydown", step_keys)
        _shown[:] = [self]

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

    def restore(self) -> bool:
        """Show the saved answer of the current step, if it was answered before (a reload): the
        engine judges it again, so the verdict and its feedback are today's. ``True`` if shown."""
        saved = self.progress.answers(self.lesson_id).get(str(self.index))
        if not isinstance(saved, dict) or self.run.lesson.steps[self.index].kind != "ask":
            return False
        lang = common.get_lang()
        if saved.get("shown"):
            solution = self.run.solution(self.index, lang)
            self.feedback.solution([a["label"] for a in solution["answers"]])
        elif isinstance(saved.get("answer"), str):
            try:
                verdict = self.run.answer(self.index, saved["answer"], lang)
            except (ValueError, KeyError, TypeError):
                return False  # not an answer of this step (an older lesson): asked again
            if not verdict["right"]:
                return False
            self.feedback.show(verdict)
            self.next_after = verdict.get("after") or None
        else:
            return False
        self.solved.add(self.index)
        return True

    def render(self, _lang: str | None = None) -> None:
        """Draw the current step afresh (a question not yet answered right starts again; one
        answered before, even before a reload, keeps its answer and feedback)."""
        self.controls = None
        self.play_error = ""
        self.feedback.clear()
        self.solved.discard(self.index)
        self.restore()  # in the page's language of now
        self.after, self.next_after = self.next_after, None
        super().render()

    def nodes(self) -> list[VNode]:
        """The lesson header, the current step and the navigation."""
        lang = common.get_lang()
        meta = self.run.meta(lang)
        nodes = self.head(meta, "lesson-title")
        if self.finished:
            return [*nodes, self.done_node()]
        step = self.run.step(self.index, lang)
        counter = tr("lessons.ui.step_of", n=self.index + 1, total=self.run.count)
        nodes.append(
            h(
                "div",
                h("span", counter, attrs={"id": "step-counter"}),
                h("progress", attrs={"max": self.run.count, "value": self.index + 1, "aria-label": counter}),
                cls="lp-progress",
            )
        )
        body = h(
            "section",
            h("p", step["text"], cls="lp-text", attrs={"id": "step-text", "tabindex": "-1"}),
            cls=f"lp-step lp-step-{step['kind']}",
            key=f"step-{self.index}",
            attrs={"data-step": self.index, "data-kind": step["kind"], "aria-labelledby": "step-text"},
        )
        if step["kind"] == "explain":
            self.explain_nodes(step, body)
        elif step["kind"] == "ask":
            self.ask_nodes(step, body)
        else:
            self.play_nodes(step, body)
        nodes.append(two_panes(body))
        nodes.append(self.nav(step))
        return nodes

    def explain_nodes(self, step: dict[str, Any], body: VNode) -> None:
        """An explanation: cards in a row and/or the position."""
        if step["cards"]:
            body.append(card_row(step["cards"], step["deck"]))
        if step["picture"]:
            body.append(picture_node(step["picture"], step["show"]))

    def ask_nodes(self, step: dict[str, Any], body: VNode) -> None:
        """A question: the position with the means to answer, and the verdict area. Once answered,
        the verdict takes the place of the means to answer ("right, next"), and a move's question
        shows the position after the move."""
        q = step["question"]
        solved = self.index in self.solved
        if q["kind"] == "act" and step["picture"]:
            if solved:
                shown = self.after or step["picture"]
                body.append(picture_node({**shown, "controls": None}, "table"))
                if self.after:
                    body.attrs["data-after"] = "true"
                    body.append(h("p", tr("lessons.ui.after"), cls="lp-hint lp-after-note"))
            else:
                if self.controls is None:
                    self.controls = Controls(step["picture"], self.answer, self.draw, self.mount)
                body.append(picture_node(step["picture"], "table", self.controls.hand()))
                body.append(self.controls.box())
        else:
            if step["cards"]:
                body.append(card_row(step["cards"], step["deck"], "lp-row lp-wrap"))
            elif step["picture"] and q["kind"] != "pick_card":
                body.append(picture_node(step["picture"], "table"))
            elif step["picture"]:
                body.append(trick_only(step["picture"]))
            if not solved:
                body.append(
                    question_node(
                        step, self.answer, hint=self.hint, no_number=self.no_number, mount=self.mount
                    )
                )
        body.append(self.feedback.node())
        if self.index not in self.solved and self.feedback.verdict is not None:  # after a try, as lichess
            body.append(
                button(
                    tr("lessons.ui.show_answer"),
                    lambda _e: self.show_answer(),
                    ident="show-answer",
                    cls="button button-quiet lp-show-answer",
                )
            )

    def answer(self, text: str) -> None:
        """Send the learner's answer to the engine and show its verdict."""
        self.hint = ""
        verdict = self.run.answer(self.index, text, common.get_lang())
        self.feedback.show(verdict)
        if verdict["right"]:
            self.solved.add(self.index)
            self.progress.set_answer(self.lesson_id, self.index, text)
            self.next_after = verdict.get("after") or None
            self.render()
            button = common.by_id("next")
            if button:
                button.focus()
            return
        self.draw()

    def show_answer(self) -> None:
        """Reveal the right answers (the step may then be left)."""
        solution = self.run.solution(self.index, common.get_lang())
        self.solved.add(self.index)
        self.progress.set_answer(self.lesson_id, self.index, None)
        self.feedback.solution([a["label"] for a in solution["answers"]])
        self.render()

    # -- play on -----------------------------------------------------------------------------------------
    def play_nodes(self, step: dict[str, Any], body: VNode) -> None:
        """Playing the hand out: the table, the learner's controls, the computer players' moves."""
        if self.play is None:
            saved = (self.progress.lesson(self.lesson_id).get("plays") or {}).get(str(self.index))
            self.play = self.run.play_on(self.index, saved if isinstance(saved, str) else None)
            self.schedule()
        view = self.play.view(common.get_lang())
        status = ""
        if view["finished"]:
            status = tr("lessons.ui.play.done")
        elif view["your_turn"]:
            status = tr("lessons.ui.play.your_turn")
        elif view.get("to_act"):
            name = next((s["name"] for s in view["seats"] if s["label"] == view["to_act"]), view["to_act"])
            status = tr("lessons.ui.play.wait", seat=name)
        body.append(
            h(
                "p",
                status,
                cls="lp-play-status",
                attrs={"id": "play-status", "role": "status", "aria-live": "polite"},
            )
        )
        if self.play.discarded:
            body.append(
                h("p", tr("lessons.ui.play.discarded"), cls="lp-hint", attrs={"id": "play-discarded"})
            )
        if self.controls is None:
            self.controls = Controls(view, self.play_act, self.draw, self.mount, playing=True)
        body.append(picture_node(view, "table", self.controls.hand()))
        body.append(self.controls.box())
        body.attrs["data-finished"] = "true" if view["finished"] else "false"
        body.append(h("p", self.play_error, cls="lp-alert", attrs={"id": "play-alert", "role": "alert"}))
        if view["finished"] and view["moves"] and self.play is not None:  # the hand over: once more
            body.append(
                button(
                    tr("lessons.ui.play.again"), lambda _e: self.play_again(), ident="play-again", quiet=True
                )
            )

    def play_act(self, action: str) -> None:
        """The learner's move while playing on."""
        if self.play is None:
            return
        answer = self.play.act(action, common.get_lang())
        if not answer["ok"]:
            self.play_error = str(answer["error"])
            self.draw()
            return
        self.play_error = ""
        self.after_play_move(keep_focus=True)
        self.schedule()

    def after_play_move(self, *, keep_focus: bool = False) -> None:
        """Save the play and bring the table up to date: patched, not drawn afresh, so that the
        hand keeps its elements and the focus stays on it (the card played gives it to the card
        now in its place)."""
        if self.play is None:
            return
        self.progress.set_play(self.lesson_id, self.index, self.play.record())
        focused = document.activeElement
        raw = focused.getAttribute("data-index") if focused and keep_focus else None
        index = raw if isinstance(raw, str) and raw.isdigit() else None  # JS null is no str
        self.controls = None  # the new position's controls, with the same keys
        self.draw()
        if index is not None and not focused.isConnected:
            cards = list(document.querySelectorAll(".lp-step-play_on .lp-own button[data-card]"))
            if cards:
                cards[min(int(index), len(cards) - 1)].focus()

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
    def nav(self, step: dict[str, Any]) -> VNode:
        """Back / next (next waits for a right answer to a question)."""
        blocked = step["kind"] == "ask" and self.index not in self.solved
        last = self.index == self.run.count - 1
        label = tr("lessons.ui.finish") if last else tr("lessons.ui.next")
        if step["kind"] == "play_on" and self.play is not None and not self.play.finished:
            label = tr("lessons.ui.finish") if last else tr("lessons.ui.play.skip")
        return h(
            "nav",
            button(
                tr("lessons.ui.prev"),
                lambda _e: self.go(self.index - 1),
                ident="prev",
                quiet=True,
                disabled=self.index == 0,
            ),
            h("span", tr("lessons.ui.keys"), cls="lp-keys", attrs={"aria-hidden": "true"})
            if not blocked
            else None,
            button(
                label,
                lambda _e: self.finish() if last else self.go(self.index + 1),
                ident="next",
                cls="button lp-next" + (" is-ready" if step["kind"] == "ask" and not blocked else ""),
                disabled=blocked,
                attrs={"aria-keyshortcuts": "Enter ArrowRight"},
            ),
            cls="lp-nav",
            attrs={"aria-label": tr("lessons.ui.step_of", n=self.index + 1, total=self.run.count)},
        )

    def done_node(self) -> VNode:
        """The end of the lesson: well done, the next lesson, restart."""
        box = h("section", cls="lp-done", attrs={"id": "lesson-done"})
        box.append(h("h2", tr("lessons.ui.lesson_done"), attrs={"tabindex": "-1", "id": "done-title"}))
        if self.next_lesson and not self.embed:
            box.append(
                h(
                    "p",
                    h(
                        "a",
                        tr("lessons.ui.next_lesson", title=self.next_lesson["title"]),
                        cls="button",
                        attrs={"href": f"#lesson={self.next_lesson['id']}", "id": "next-lesson"},
                    ),
                )
            )
        box.append(button(tr("lessons.ui.restart"), lambda _e: self.go(0), ident="restart", quiet=True))
        return box
