"""At ``poker.html``: a table of a poker evening, its players' names and the way back to the evening.

``serata.html`` hands a table over in a save slot of its own, ``poker.html#serata``
(``circolo.save.poker.serata``: never the replay viewer's ``#playon``), as a record with the tag
``Serata`` (:mod:`pyapp.poker.serata.play`). :func:`install` makes the poker table open that slot,
name the seats after the evening's players and show, in the toolbar, a note and a link back to
``serata.html#from-table``, where the game's ledger becomes entries of the evening.
"""

from __future__ import annotations

from typing import Any, Final

from pyapp.poker.serata.session import HANDOVER_TAG, seat_names
from pyapp.views.common import tr
from pyapp.views.vdom import VNode, h

SLOT: Final = "serata"
"""The poker table's handover slot for a table of the evening (``poker.html#serata``)."""

SLOT_KEY: Final = f"circolo.save.poker.{SLOT}"
"""Where the evening's table is kept (``TableBase.handover_slots``: ``circolo.save.<game>.<slot>``)."""


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
    """Make ``table`` (the poker table) open the evening's slot, name the seats after the players
    and add :func:`back_hook` to its toolbar (its own copies of the class lists; its style is in
    ``poker.css``: the evening's stylesheet is never loaded at the table)."""
    own = table.__dict__
    own["handover_slots"] = (*table.handover_slots, SLOT)
    own["name_hooks"] = [*table.name_hooks, seat_names]
    own["toolbar_hooks"] = [*table.toolbar_hooks, back_hook]
