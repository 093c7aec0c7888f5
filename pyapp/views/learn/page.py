"""The lesson page (``learn.html``): lessons grouped by game, progress, one lesson or drill at a time.

Routes live in the URL fragment, so that links, the back button and reloads work:

* ``learn.html`` (or ``#game=boston``): every lesson and drill, grouped by game, with progress;
* ``#lesson=ID``: one lesson, resumed at the step where it was left;
* ``#drill=ID``: one endless drill with its streak and score.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from pyscript import document, window

from pyapp.lessons.session import UnknownLesson, catalog
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.learn.drill import DrillPlayer
from pyapp.views.learn.lesson import LessonPlayer
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.screen import Node, crumb_to_list, screen
from pyapp.views.vdom import h


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
        data = catalog(common.get_lang())
        nodes = [
            h("h1", tr("lessons.page.title"), cls="page-title"),
            h("p", tr("lessons.page.intro"), cls="lp-intro"),
        ]
        if missing is not None:
            nodes.append(
                h("p", tr("lessons.ui.not_found", id=missing), cls="lp-alert", attrs={"role": "alert"})
            )
        if self.progress.corrupt:
            nodes.append(
                h(
                    "p",
                    tr("lessons.ui.progress_corrupt"),
                    cls="lp-alert",
                    attrs={"role": "alert", "id": "progress-corrupt"},
                )
            )
        if not self.progress.storable:
            nodes.append(h("p", tr("lessons.ui.storage_off"), cls="lp-hint"))
        total = sum(len(g["lessons"]) for g in data["games"])
        done = sum(
            1
            for g in data["games"]
            for lesson in g["lessons"]
            if self.progress.lesson(lesson["id"]).get("done")
        )
        nodes.append(
            h(
                "p",
                tr("lessons.ui.progress_summary", done=done, total=total),
                cls="lp-summary-line",
                attrs={"id": "progress-summary"},
            )
        )
        for entry in data["games"]:
            section = h(
                "section",
                cls=f"lp-game lp-game-{entry['game']}",
                attrs={"id": f"game-{entry['game']}", "aria-labelledby": f"title-{entry['game']}"},
            )
            section.append(h("h2", entry["name"], attrs={"id": f"title-{entry['game']}"}))
            section.append(h("h3", tr("lessons.ui.lessons")))
            items = h("ol", cls="lp-list")
            for lesson in entry["lessons"]:
                status, label = lesson_status(self.progress, lesson)
                action = {
                    "done": "lessons.ui.review",
                    "progress": "lessons.ui.resume",
                    "new": "lessons.ui.start",
                }[status]
                items.append(
                    h(
                        "li",
                        h("h4", h("a", lesson["title"], attrs={"href": f"#lesson={lesson['id']}"})),
                        h("p", lesson["summary"]),
                        h(
                            "p",
                            h("span", label, cls=f"lp-status lp-status-{status}"),
                            " · ",
                            tr("lessons.ui.steps", n=lesson["steps"]),
                            cls="lp-meta",
                        ),
                        h("span", tr(action), cls="lp-cta", attrs={"aria-hidden": "true"}),
                        cls=f"lp-item lp-{status}",
                        attrs={"data-lesson": lesson["id"], "data-status": status},
                    )
                )
            section.append(items)
            section.append(h("h3", tr("lessons.ui.drills")))
            drills = h("ul", cls="lp-list")
            for drill in entry["drills"]:
                best = self.progress.best(drill["id"])
                drills.append(
                    h(
                        "li",
                        h("h4", h("a", drill["title"], attrs={"href": f"#drill={drill['id']}"})),
                        h("p", drill["summary"]),
                        h("p", tr("lessons.ui.drill_best", best=best), cls="lp-meta") if best else None,
                        h("span", tr("lessons.ui.open_drill"), cls="lp-cta", attrs={"aria-hidden": "true"}),
                        cls="lp-item lp-drill",
                        attrs={"data-drill": drill["id"]},
                    )
                )
            section.append(drills)
            nodes.append(section)
        screen(self.root).show(nodes)
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
