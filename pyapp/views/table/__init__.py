"""A game table's controller, in parts: see :mod:`pyapp.views.table.controller`.

The game views (:mod:`pyapp.views.tricks`, :mod:`pyapp.views.poker`) and the replay viewer subclass
:class:`TableController`.
"""

from pyapp.views.table.controller import TableController
from pyapp.views.table.render import icon

__all__ = ["TableController", "icon"]
