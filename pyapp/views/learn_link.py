"""The link from a game table's "How to play" panel to that game's lessons (``learn.html#game=X``).

Every table shows it: :data:`pyapp.views.table.TableController.howto_hooks` holds :func:`howto_hook`.
"""

from __future__ import annotations

from pyapp.session_types import Snapshot
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h


def howto_hook(snapshot: Snapshot) -> VNode:
    """A paragraph with the link to the lessons of ``snapshot["game"]``."""
    game = str(snapshot.get("game") or "")
    link = h("a", text=tr("lessons.link.howto"), attrs={"href": f"./learn.html#game={game}"})
    return h("p", link, cls="howto-learn")
