"""How a replay link writes Minitrick's start positions (every legal action weighs alike)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.links.model import Model
from pyapp.links.radix import Packer, Unpacker
from pyapp.start import LIMIT, Start
from tests.games.toy.start import MinitrickStart


class MinitrickModel(Model):
    """The dealer, the hands played, the first seat's tricks (the second's follow)."""

    def pack_start(self, packer: Packer, start: Start, options: Mapping[str, str | int]) -> None:
        assert isinstance(start, MinitrickStart)
        packer.put(start.dealer, 2)
        packer.uint(start.hands, 2)
        packer.uint(start.tricks[0], 2)

    def unpack_start(self, reader: Unpacker, options: Mapping[str, str | int]) -> Start:
        dealer = reader.get(2)
        hands = reader.uint(2, LIMIT)
        first = reader.uint(2, LIMIT)
        return MinitrickStart(dealer, hands, (first, 3 * hands - first))
