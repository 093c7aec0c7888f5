"""How a replay link weighs the choices of one game and writes its start positions.

Each game's link model is named by its spec (``link_model``) and lives in its package
(``pyapp/<game>/link.py``). The default weighs every legal action alike; a game may weigh some
choices by what the link's players have done so far (Tressette cuts and leads). A game with start
positions (:mod:`pyapp.start`) writes them compactly with :meth:`Model.pack_start`.
"""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.core import GameState
from pyapp.links.radix import Packer, Unpacker
from pyapp.start import Start

Groups = list[tuple[list[str], list[int]]]
"""The legal actions split into groups, each with a weight per action: a link writes the group's
index (all groups equally likely), then the action within it by weight."""


class Model:
    """How a link weighs the choices of one game (the default: every legal action alike).

    A model may learn as the link goes (its weights depend on the choices already read), so the
    writer and the reader each use a fresh instance and show it every action in order.
    """

    def groups(self, state: GameState, legal: list[str]) -> Groups | None:
        """The weighted groups for choosing among ``legal`` now (``None``: all alike)."""
        return None

    def seen(self, state: GameState, action: str) -> None:
        """``action`` is about to be played in ``state`` (update what the model has learnt)."""

    def pack_start(self, packer: Packer, start: Start, options: Mapping[str, str | int]) -> None:
        """Write the start position ``start`` as link digits (games with start positions)."""
        raise NotImplementedError(f"{type(self).__name__} writes no start position")

    def unpack_start(self, reader: Unpacker, options: Mapping[str, str | int]) -> Start:
        """Read the start position written by :meth:`pack_start`."""
        raise NotImplementedError(f"{type(self).__name__} reads no start position")
