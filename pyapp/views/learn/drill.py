"""An endless drill: a round at a time, the engine as the answer key, streak and score."""

from __future__ import annotations

from typing import Any

from pyapp.lessons.session import DrillRun, RoundError
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.learn.pictures import card_row, picture_node, trick_only
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.questions import question_node
from pyapp.views.learn.screen import Node, Player, two_panes
from pyapp.views.vdom import VNode, h
from pyapp.views.widgets import button


class DrillPlayer(Player):
    """An endless drill: a round at a time, the engine as the answer key, streak and score."""

    kind = "drill"

    def __init__(
        self, root: Node, drill_id: str, progress: Progress, *, embed: bool = False, code: str | None = None
    ) -> None:
        self.run = DrillRun(drill_id)
        super().__init__(root, progress, embed=embed)
        self.code = code
        self.notice: str | None = None
        self.run.best = progress.best(drill_id)
        self.solved = False
        self.step: dict[str, Any] | None = None

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
        """Draw the drill afresh: header with the scores, the round, the verdict, the next button."""
        lang = common.get_lang()
        if self.step is None and self.code:
            try:
                self.run.load(self.code)
            except RoundError as exc:
                self.notice = tr("lessons.ui.drill.bad_link", reason=exc.message(lang))
            self.code = None
            self.step = self.run.current(lang)
        elif self.step is None:
            self.step = self.run.next(lang)
        else:
            self.step = self.run.current(lang)
        super().render()

    def nodes(self) -> list[VNode]:
        """The header, the scores, the round with its answer controls and verdict."""
        meta = self.run.meta(common.get_lang())
        nodes = self.head(meta)
        scores = self.run.scores()
        nodes.append(
            h(
                "div",
                h("span", tr("lessons.ui.drill.round", n=scores["rounds"]), attrs={"id": "drill-round"}),
                h(
                    "span",
                    tr("lessons.ui.drill.score", score=scores["score"], rounds=scores["answered"]),
                    attrs={"id": "drill-score"},
                ),
                h(
                    "span",
                    tr("lessons.ui.drill.streak", streak=scores["streak"], best=scores["best"]),
                    attrs={"id": "drill-streak"},
                ),
                cls="lp-scores",
                attrs={"aria-live": "polite"},
            )
        )
        if self.notice:
            nodes.append(h("p", self.notice, cls="lp-alert", attrs={"role": "alert"}))
        step = self.step
        assert step is not None
        body = h(
            "section",
            h("p", step["text"], cls="lp-text", attrs={"id": "step-text", "tabindex": "-1"}),
            cls="lp-step lp-step-ask",
            key=f"round-{scores['rounds']}",
            attrs={"data-kind": "ask", "data-round": scores["rounds"]},
        )
        q = step["question"]
        if step["cards"]:
            body.append(card_row(step["cards"], step["deck"], "lp-row lp-wrap"))
        if step["picture"] is not None:
            if q["kind"] == "pick_card":
                body.append(trick_only(step["picture"]))
            elif not step["cards"]:
                body.append(picture_node(step["picture"], "table"))
        body.append(
            question_node(step, self.answer, hint=self.hint, no_number=self.no_number, mount=self.mount)
        )
        body.append(self.feedback.node())
        body.append(
            h(
                "div",
                button(
                    tr("lessons.ui.show_answer"),
                    lambda _e: self.show_answer(),
                    ident="show-answer",
                    quiet=True,
                ),
                button(tr("lessons.ui.drill.next"), lambda _e: self.next_round(), ident="drill-next"),
                cls="lp-nav",
            )
        )
        if not self.embed:
            link = f"#drill={self.drill_id}&q={self.run.code()}"
            body.append(
                h(
                    "p",
                    h("a", tr("lessons.ui.drill.link"), attrs={"href": link, "id": "round-link"}),
                    cls="lp-hint",
                )
            )
        nodes.append(two_panes(body))
        return nodes

    def answer(self, text: str) -> None:
        """Judge the answer; a right one ends the round."""
        verdict = self.run.answer(text, common.get_lang())
        self.progress.set_best(self.drill_id, int(verdict["best"]))
        if verdict["right"]:
            self.solved = True
        self.feedback.show(verdict)
        self.render()
        if verdict["right"]:
            button = common.by_id("drill-next")
            if button:
                button.focus()

    def show_answer(self) -> None:
        """Reveal the right answers of the round."""
        solution = self.run.solution(common.get_lang())
        self.feedback.solution([a["label"] for a in solution["answers"]])
        self.render()
