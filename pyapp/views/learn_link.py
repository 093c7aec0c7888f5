"""The link from a game table's "How to play" panel to that game's lessons (``learn.html#game=X``).

A table adds it with :func:`howto_hook` (``TableController.howto_hooks`` when the table has
hooks, else a direct call). The node is built with the table's own builder: the virtual-tree
``h`` when the views have one, else :func:`pyapp.views.common.el`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from pyapp.views.common import tr


def _builder() -> Callable[..., Any]:
    try:
        builder: Callable[..., Any] = importlib.import_module("pyapp.views.vdom").h
    except ModuleNotFoundError:
        from pyapp.views.common import el as builder
    return builder


def howto_hook(snapshot: Mapping[str, Any]) -> Any:
    """A paragraph with the link to the lessons of ``snapshot["game"]``."""
    build = _builder()
    game = str(snapshot.get("game") or "")
    link = build("a", text=tr("lessons.link.howto"), attrs={"href": f"./learn.html#game={game}"})
    return build("p", link, cls="howto-learn")
