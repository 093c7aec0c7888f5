"""The replay viewer's words: the tables' texts that say "you" for the human's seat, naming every
seat instead (a replay has no "you"). :func:`spectate` is applied to
:class:`pyapp.views.replay.Viewer` once.
"""

from __future__ import annotations

from typing import Any

from pyapp.views.common import tr

SPECTATOR_TEXTS = (
    "seat_name",
    "seat_title",
    "seat_tags",
    "plays_text",
    "wins_text",
    "last_trick_title",
    "contract_text",
    "score_items",
    "score_sheet",
    "side_panels",
    "felt_extras",
    "log_entries",
    "said",
)
"""Table methods whose words say "you" for the human's seat: a replay names every seat instead."""


def _spectator(viewer: type, name: str) -> Any:
    """``name`` of the table, with no seat taken for "you" (poker: no ``me`` argument)."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        inner = getattr(super(viewer, self), name)
        if self.game == "poker":
            if name == "seat_name" and len(args) == 2:
                return inner(args[0], None, **kwargs)
            if name == "said" and len(args) >= 3:
                return inner(args[0], args[1], None, *args[3:], **kwargs)
            result = inner(*args, **kwargs)
            if name == "score_items" and result and args:  # the bottom seat's resto: "Giocatore 1"
                label = result[0].find(lambda n: n.attrs.get("class") == "label")
                seat = args[0]["view"]["seats"][args[0]["seat"] or 0]["seat"]
                if label is not None:
                    label.children.clear()
                    label.append(tr("poker.ui.player", n=seat))
            return result
        own = self.__dict__
        spectating = "me" in own  # already without a "you" (a summary, another text of this list)
        own["me"] = "-"
        try:
            return inner(*args, **kwargs)
        finally:
            if not spectating:
                own.pop("me", None)

    method.__name__ = name
    method.__doc__ = f"The table's ``{name}``, naming every seat (no 'you')."
    return method


def spectate(viewer: type) -> None:
    """Give ``viewer`` (mixed before a table class) the spectator's form of :data:`SPECTATOR_TEXTS`."""
    for name in SPECTATOR_TEXTS:
        setattr(viewer, name, _spectator(viewer, name))
