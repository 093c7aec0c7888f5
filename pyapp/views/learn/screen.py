"""What every screen of the lesson page shares: the patched ``#app``, the way back, the players' base.

The list, a lesson and a drill are drawn as virtual trees (:mod:`pyapp.views.vdom`) on one
:class:`Screen` per root: nodes that stay keep their identity (focus, the live regions), and events
are delegated from the root, as on the tables. A player (:class:`Player`) draws in two ways:
:meth:`Player.render` starts the current step afresh (its answer fields empty again), while
:meth:`Player.draw` only brings the page up to date (a verdict, a card marked, a hint).
"""

from __future__ import annotations

from itertools import count
from typing import Any

from pyscript import document

from pyapp.views import common
from pyapp.views.common import el, tr
from pyapp.views.learn.embed import EmbedPanel, embed_button
from pyapp.views.learn.progress import Progress
from pyapp.views.learn.questions import Feedback
from pyapp.views.vdom import EVENTS, Patcher, VNode, VText, h

Node = Any


class Screen:
    """A root element drawn from virtual trees: one patcher, its events delegated from the root."""

    def __init__(self, root: Node) -> None:
        self.root = root
        self.patcher = Patcher(document, root)
        for kind in EVENTS:
            common.listen(root, kind, self.patcher.dispatch)

    def show(self, nodes: list[VNode]) -> None:
        """Make the root show ``nodes``."""
        self.patcher.patch(nodes)


_screens: list[Screen] = []
_mounts = count(1)
"""Numbers for fresh starts, unique on the page (one lesson's fields are never another's)."""


def screen(root: Node) -> Screen:
    """The one :class:`Screen` over ``root`` (made when first asked for)."""
    for made in _screens:
        if made.root.isSameNode(root):
            return made
    made = Screen(root)
    _screens.append(made)
    return made


def crumb_to_list(show: bool) -> None:
    """In a lesson or a drill, the page's path reads "← Tutti i giochi › Impara a giocare".

    The second step (``#back-to-list``) leads back to the list of lessons; on the list itself
    the path is the home link alone. The embed page has no path.
    """
    nav = document.querySelector("nav.crumbs")
    if not nav:
        return
    link = nav.querySelector("#back-to-list")
    if (bool(link) == show) and (not link or link.textContent == tr("lessons.page.title")):
        return  # already as asked (and in the current language)
    for node in list(nav.querySelectorAll(".crumb-extra")):
        node.remove()
    if show:
        nav.append(el("span", "\u203a", cls="crumb-sep crumb-extra", attrs={"aria-hidden": "true"}))
        nav.append(
            el("a", tr("lessons.page.title"), cls="crumb-extra", attrs={"href": "#", "id": "back-to-list"})
        )


class Player:
    """What a lesson and a drill player share: the screen, the verdict area, the embed panel."""

    kind = ""
    """``"lesson"`` or ``"drill"`` (the embed page's query and the snippet say which)."""

    def __init__(self, root: Node, progress: Progress, *, embed: bool = False) -> None:
        self.root = root
        self.screen = screen(root)
        self.progress = progress
        self.embed = embed
        """Whether the player is the embed page's (no path back, no embed button)."""
        self.feedback = Feedback()
        self.embed_panel: EmbedPanel | None = None
        self.hint = ""
        """The line under a number field (an empty answer is no try at all)."""
        self.mount = 0
        """Counts the fresh starts (:meth:`render`): the answer fields of each start are new."""

    def render(self, _lang: str | None = None) -> None:
        """Draw the step afresh: answer fields empty, a hint gone."""
        self.mount = next(_mounts)
        self.hint = ""
        self.draw()

    def draw(self) -> None:
        """Bring the page up to date with the player's state."""
        self.screen.show(self.nodes())

    def nodes(self) -> list[VNode]:
        """The whole screen (subclasses)."""
        raise NotImplementedError

    def no_number(self) -> None:
        """The learner checked an empty number field: ask for a number, judge nothing."""
        self.hint = tr("lessons.ui.type_number")
        self.draw()

    def head(self, meta: dict[str, Any], title_id: str | None = None) -> list[VNode]:
        """The header (game, title, "Copy embed code"), then the embed panel when it is open."""
        if not self.embed:
            crumb_to_list(True)
        head = h(
            "header",
            h("p", meta["game_name"], cls="lp-kicker"),
            h("h1", meta["title"], cls="page-title", attrs={"id": title_id}),
            embed_button(self, self.kind, meta["id"], meta["title"]) if not self.embed else None,
            cls="lp-lesson-head",
        )
        panel = self.embed_panel.node() if self.embed_panel is not None and not self.embed else None
        return [head] if panel is None else [head, panel]


MAIN_PANE = ("lp-position", "lp-row", "lp-q-pick_card", "lp-q-pick_hand")
"""Classes of a step's parts drawn in its main pane (the table, the cards): the rest is the side."""


def two_panes(body: VNode) -> VNode:
    """Split a step's parts in two panes, so that a step fits one screen: on a wide screen the
    text, the question and the feedback beside the table; on a phone one column, the text first,
    then the table and the hand, then the question (``static/learn.css``)."""
    main: list[VNode | VText] = []
    side: list[VNode | VText] = []
    for child in body.children:
        classes = child.attrs.get("class", "").split() if isinstance(child, VNode) else []
        (main if any(c in classes for c in MAIN_PANE) else side).append(child)
    body.children = [
        h("div", *side, cls="lp-side", key="side"),
        h("div", *main, cls="lp-main", key="main"),
    ]
    body.add_class("lp-panes")
    return body
