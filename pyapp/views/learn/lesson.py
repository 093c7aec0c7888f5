"""One lesson on the page: its steps one at a time, answers judged by the engine, a hand played on
against the computer players, progress kept."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable
from typing import Any

from pyscript import window

from pyapp.lessons.session import LessonRun, PlayRun
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn.embed import embed_button
from pyapp.views.learn.pictures import card_row, picture_node
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.questions import Controls, Feedback, question_node
from pyapp.views.learn.screen import crumb_to_list

BOT_DELAY = 0.7
"""Seconds before each computer move while playing on (the same for every move)."""

Node = Any


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
