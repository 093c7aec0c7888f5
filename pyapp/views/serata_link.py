"""At ``poker.html``: the way back to the evening for a game that is a table of a poker evening.

``serata.html`` hands a table over in the ``#playon`` slot with the record tag ``Serata``
(:mod:`pyapp.poker.serata.play`); here a toolbar hook says so and links back to
``serata.html#from-table``, where the game's ledger becomes entries of the evening. It also
hides the replay viewer's "played on from a replay" note, which does not apply.
"""

from __future__ import annotations

from typing import Any

from pyapp.poker.serata.session import HANDOVER_TAG
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h


def back_hook(snapshot: dict[str, Any]) -> VNode | None:
    """The note and link back to the evening, for a game of an evening table."""
    if HANDOVER_TAG not in snapshot.get("tags", {}):
        return None
    return h(
        "p",
        tr("serata.ui.back_note"),
        " ",
        h("a", text=tr("serata.ui.back"), attrs={"href": "./serata.html#from-table", "id": "serata-back"}),
        cls="serata-back-note",
        key="serata-back-note",
    )


def install(table: Any) -> None:
    """Add :func:`back_hook` to ``table``'s toolbar (its own copy of the hook list)."""
    common.ensure_stylesheet("./static/serata.css")
    table.__dict__["toolbar_hooks"] = [*table.toolbar_hooks, back_hook]
