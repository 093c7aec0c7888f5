"""An endless drill: a round at a time, the engine as the answer key, streak and score."""

from __future__ import annotations

from typing import Any

from pyapp.lessons.session import DrillRun, RoundError
from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn.embed import embed_button
from pyapp.views.learn.pictures import card_row, picture_node
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.questions import Feedback, question_node
from pyapp.views.learn.screen import crumb_to_list

Node = Any


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
