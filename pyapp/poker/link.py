"""How a replay link writes Poker's start positions (every legal action weighs alike)."""

from __future__ import annotations

from collections.abc import Mapping

from pyapp.links.model import Model
from pyapp.links.radix import Packer, Unpacker
from pyapp.poker.start import PokerStart
from pyapp.start import LIMIT, Start, StartError


class PokerModel(Model):
    """Poker: the dealer, hands, requirement, carry; seats, passate and players when not all
    alike; every resto as the gain or loss over what its player bought."""

    def pack_start(self, packer: Packer, start: Start, options: Mapping[str, str | int]) -> None:
        assert isinstance(start, PokerStart)
        n = int(options["players"])
        passata = int(options["passata"])
        packer.put(start.dealer, n)
        packer.uint(start.hands, 4)
        packer.put(start.requirement, 3)
        packer.uint(start.carry, 4)
        packer.flag(all(start.seated))
        if not all(start.seated):
            for seated in start.seated:
                packer.flag(seated)
        for values in (start.passate, start.players):
            packer.flag(all(v == 1 for v in values))
            if not all(v == 1 for v in values):
                for value in values:
                    packer.uint(value - 1, 2)
        for q in range(n):
            packer.sint(start.resto[q] - start.passate[q] * passata, 5)

    def unpack_start(self, reader: Unpacker, options: Mapping[str, str | int]) -> Start:
        n = int(options["players"])
        passata = int(options["passata"])
        dealer = reader.get(n)
        hands = reader.uint(4, LIMIT)
        requirement = reader.get(3)
        carry = reader.uint(4, LIMIT)
        seated = (True,) * n if reader.flag() else tuple(reader.flag() for _ in range(n))
        passate = (1,) * n if reader.flag() else tuple(reader.uint(2, LIMIT) + 1 for _ in range(n))
        players = (1,) * n if reader.flag() else tuple(reader.uint(2, LIMIT) + 1 for _ in range(n))
        resto = tuple(reader.sint(5, LIMIT) + passate[q] * passata for q in range(n))
        if any(v < 0 for v in resto):
            raise StartError("links.start.number", field="resto", value=min(resto))
        return PokerStart(dealer, hands, requirement, carry, resto, passate, seated, players)
