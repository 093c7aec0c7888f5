"""What every screen of the lesson page shares: the way back to the list in the page's path."""

from __future__ import annotations

from pyscript import document

from pyapp.views.common import el, tr


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
