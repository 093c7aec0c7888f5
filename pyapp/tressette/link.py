"""How a replay link weighs Tressette's choices and writes its start positions (:mod:`pyapp.links`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pyapp.core import GameState
from pyapp.links.model import Groups, Model
from pyapp.links.radix import Packer, Unpacker
from pyapp.start import LIMIT, Start
from pyapp.tressette import CODES
from pyapp.tressette.actions import CUTS, Action, Cut, Play, parse
from pyapp.tressette.declarations import canonical_declaration
from pyapp.tressette.rules import TressetteState
from pyapp.tressette.start import HAND_POINTS, PENALTY_POINTS, TressetteStart


class TressetteModel(Model):
    """Tressette cuts and leads, weighted by what the players of the link have done so far.

    **A cut**: declining or cutting, each weighing ``2 k + 1`` where ``k`` counts the earlier cuts
    of that kind in the link (the 39 depths alike).

    **A lead** (every card with every combination of its true declarations, about 90 choices on
    average) mixes two guesses. *By card*: every card alike, then its declaration by kind -- the
    *canonical* call (what the computer players say and the table proposes), *none* (the plain
    card) or *another* combination -- each kind weighing ``2 k + 1`` (``k``: earlier leads of
    that kind; the canonical call starts at ``k = 1``), the other combinations sharing theirs.
    *Blind*: every lead alike. A lead weighs ``a * floor(2**24 * p_card) + b * floor(2**24 / N)``
    with ``a = 2 (canonical + plain) + 1``, ``b = 2 other + 1`` and ``N`` the number of leads, so
    a link soon learns whether its players call as the table proposes (a small fraction of a
    bit per lead) or not (little more than the blind choice).
    """

    SCALE: Final = 1 << 24

    def __init__(self) -> None:
        self.counts = {"canonical": 1, "plain": 0, "other": 0, "nocut": 0, "cut": 0}
        self._canonicals: dict[str, str] | None = None
        """The canonical lead of each card while a lead is being chosen, else ``None``."""

    def groups(self, state: GameState, legal: list[str]) -> Groups | None:
        self._canonicals = None
        values = [parse(a) for a in legal]
        if values and values[0] == CUTS[0]:
            return self._cut(legal, values)
        if not any(isinstance(v, Play) and v.calls for v in values):
            return None
        assert isinstance(state, TressetteState)
        by_card: dict[str, list[str]] = {}
        for action, value in zip(legal, values, strict=True):
            if isinstance(value, Play):
                by_card.setdefault(CODES[value.card], []).append(action)
        counts = self.counts
        kind_weight = {k: 2 * counts[k] + 1 for k in ("canonical", "plain", "other")}
        canonicals: dict[str, str] = {}
        card_share: dict[str, int] = {}
        for card, actions in by_card.items():
            call = canonical_declaration(state, card)
            best = canonicals[card] = f"{card} {call}" if call else ""
            share = max(1, sum(1 for a in actions if a not in (card, best)))
            weights = {
                a: kind_weight["canonical"] * share
                if a == best
                else kind_weight["plain"] * share
                if a == card
                else kind_weight["other"]
                for a in actions
            }
            total = len(by_card) * sum(weights.values())
            for action, weight in weights.items():
                card_share[action] = self.SCALE * weight // total
        by_kind = 2 * (counts["canonical"] + counts["plain"]) + 1
        blind = (2 * counts["other"] + 1) * (self.SCALE // len(legal))
        self._canonicals = canonicals
        return [(legal, [by_kind * card_share.get(a, 0) + blind for a in legal])]

    def _cut(self, legal: list[str], values: list[Action]) -> Groups:
        """The cut: declining against cutting (the 39 depths alike), each kind weighing ``2 k + 1``."""
        depths = sum(1 for v in values if isinstance(v, Cut) and v.k)
        w_nocut, w_cut = 2 * self.counts["nocut"] + 1, 2 * self.counts["cut"] + 1
        weights = [(w_cut if v.k else w_nocut * depths) if isinstance(v, Cut) else 1 for v in values]
        return [(legal, weights)]

    def seen(self, state: GameState, action: str) -> None:
        value = parse(action)
        if isinstance(value, Cut):
            self.counts["cut" if value.k else "nocut"] += 1
            return
        canonicals, self._canonicals = self._canonicals, None
        if canonicals is None or not isinstance(value, Play):
            return
        card = CODES[value.card]
        kind = "plain" if not value.calls else "canonical" if action == canonicals.get(card) else "other"
        self.counts[kind] += 1

    def pack_start(self, packer: Packer, start: Start, options: Mapping[str, str | int]) -> None:
        """Each hand gives the two teams 11 points in all (T12), a penalty takes 3 (T16): the
        second total follows from the first, the hands and the penalties (counted only when the
        option allows them)."""
        assert isinstance(start, TressetteStart)
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        packer.put(start.dealer, 4)
        fresh = start.hands == 0 and start.score == (0, 0) and not start.partite
        packer.flag(fresh)
        if fresh:
            return
        packer.put(len(start.partite), 3)
        for ns, ew, hands in start.partite:  # winner, the winner's total over the target, hands
            packer.flag(ns > ew)
            packer.uint(max(ns, ew) - target, 3)
            packer.uint(hands, 3)
            _pack_rest(packer, ns + ew, hands, penalties)
        packer.uint(start.hands, 3)
        ns, ew = start.score
        if penalties:
            packer.sint(ns, 3)
        else:
            packer.put(ns, HAND_POINTS * start.hands + 1)
        _pack_rest(packer, ns + ew, start.hands, penalties)

    def unpack_start(self, reader: Unpacker, options: Mapping[str, str | int]) -> Start:
        target = int(options["target"])
        penalties = options["penalties"] == "on"
        dealer = reader.get(4)
        if reader.flag():
            return TressetteStart(dealer, 0, (0, 0), ())
        partite = []
        for _ in range(reader.get(3)):
            ns_won = reader.flag()
            high = reader.uint(3, LIMIT) + target
            hands = reader.uint(3, LIMIT)
            low = _unpack_rest(reader, hands, penalties) - high
            partite.append((high, low, hands) if ns_won else (low, high, hands))
        hands = reader.uint(3, LIMIT)
        ns = reader.sint(3, LIMIT) if penalties else reader.get(HAND_POINTS * hands + 1)
        ew = _unpack_rest(reader, hands, penalties) - ns
        return TressetteStart(dealer, hands, (ns, ew), tuple(partite))


def _pack_rest(packer: Packer, total: int, hands: int, penalties: bool) -> None:
    """The penalties that make ``total``, the two totals of a partita together (the second
    total follows from the first)."""
    if penalties:
        packer.uint((HAND_POINTS * hands - total) // PENALTY_POINTS, 1)


def _unpack_rest(reader: Unpacker, hands: int, penalties: bool) -> int:
    """The sum of the two totals written by :func:`_pack_rest`."""
    lost = reader.uint(1, LIMIT) if penalties else 0
    return HAND_POINTS * hands - PENALTY_POINTS * lost
