"""How a replay link writes Boston's start positions (every legal action weighs alike)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.boston.start import BostonStart
from pyapp.links.model import Model
from pyapp.links.radix import Packer, Unpacker
from pyapp.start import LIMIT, Start


class BostonModel(Model):
    """Boston: the dealer, the hands counted, then (unless all zero) points and mani."""

    def pack_start(self, packer: Packer, start: Start, options: Mapping[str, str | int]) -> None:
        assert isinstance(start, BostonStart)
        packer.put(start.dealer, 4)
        packer.put(start.hands, 4)
        zero = not any(start.points) and not any(start.mani)
        packer.flag(zero)
        if zero:
            return
        for value in start.points[:3]:  # the points sum to zero (B11): the fourth follows
            packer.sint(value, 4)
        for value in start.mani:
            packer.sint(value, 2)

    def unpack_start(self, reader: Unpacker, options: Mapping[str, str | int]) -> Start:
        dealer = reader.get(4)
        hands = reader.get(4)
        if reader.flag():
            return BostonStart(dealer, hands, (0, 0, 0, 0), (0, 0, 0, 0))
        a, b, c = (reader.sint(4, LIMIT) for _ in range(3))
        w, x, y, z = (reader.sint(2, LIMIT) for _ in range(4))
        return BostonStart(dealer, hands, (a, b, c, -(a + b + c)), (w, x, y, z))
