"""Computer players for Boston: the random baseline and a rule-based player.

Both are given an :class:`~pyapp.core.InfoState` built by the engine, never the game state; they
read its view: their own hand plus the public table (bids, the turned trump, every card played
so far). ``BostonRuleBot`` bids from an estimate of its sure and likely
tricks (CHIEDO from about 5, SOLO from about 8, ACCETTO when its tricks and the asker's likely
ones reach the 8 of the pair) and plays by classic whist rules of thumb: the declarer draws
trumps, everyone cashes masters, second hand low, third hand high, the last player wins as
cheaply as possible, and it keeps count of the trumps still out and of the voids shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pyapp.boston.rules import ACCETTO, CARD_OF, CHIEDO, CODES, PASSO, RANK_OF, SOLO, SUIT_LETTERS, SUIT_OF
from pyapp.core import Bot, InfoState, RandomBot

__all__ = ["BostonRuleBot", "RandomBot", "estimate_tricks"]

SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}

ACE, KING, QUEEN = 12, 11, 10


def estimate_tricks(hand: list[int], trump: int, boston: int) -> float:
    """How many tricks ``hand`` should take when playing for itself (a bidding estimate).

    The Boston is a sure trick; trump honours count by length; side aces, guarded kings and
    well guarded queens count partly; trumps beyond the third and short side suits add ruffing
    value.
    """
    est = 0.0
    trumps = sorted((RANK_OF[c] for c in hand if SUIT_OF[c] == trump and c != boston), reverse=True)
    has_boston = boston in hand
    if has_boston:
        est += 1.0
    n_trumps = len(trumps) + (1 if has_boston else 0)
    for rank in trumps:
        if rank == ACE:
            est += 1.0
        elif rank == KING:
            est += 0.9 if n_trumps >= 2 else 0.4
        elif rank == QUEEN:
            est += 0.6 if n_trumps >= 3 else 0.2
    high = sum(1 for r in trumps if r >= QUEEN)
    est += max(0, n_trumps - 3 - max(0, 3 - high - (1 if has_boston else 0))) * 0.7
    for suit in range(4):
        if suit == trump:
            continue
        ranks = sorted((RANK_OF[c] for c in hand if SUIT_OF[c] == suit and c != boston), reverse=True)
        length = len(ranks)
        if ACE in ranks:
            est += 0.95 if length <= 5 else 0.8
        if KING in ranks:
            est += (0.8 if ACE in ranks else 0.5) if length >= 2 else 0.15
        if QUEEN in ranks and length >= 3:
            est += 0.4 if (ACE in ranks or KING in ranks) else 0.2
        if length <= 1 and n_trumps >= 3:
            est += 0.6 if length == 0 else 0.3
    return est


def note_trick(
    cards: Sequence[tuple[int, int]], esuit: Callable[[int], int], played: set[int], voids: list[set[int]]
) -> None:
    """Note the ``(seat, card)`` plays of one trick, led first: every card is played, and a seat
    that did not follow the led suit (as ``esuit`` reads suits, B3) is void in it."""
    if not cards:
        return
    led = esuit(cards[0][1])
    for seat, card in cards:
        played.add(card)
        if esuit(card) != led:
            voids[seat].add(led)


@dataclass
class _Table:
    """What the bot knows while playing: derived from its view only."""

    me: int
    hand: list[int]
    trump: int
    boston: int
    natural: bool
    side: set[int]
    declaring: bool
    unseen: list[int] = field(default_factory=list)
    played: set[int] = field(default_factory=set)
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    trick: list[tuple[int, int]] = field(default_factory=list)

    def esuit(self, card: int) -> int:
        """The suit ``card`` belongs to for following (B3)."""
        if card == self.boston and not self.natural:
            return self.trump
        return SUIT_OF[card]

    def power(self, card: int, led: int) -> int:
        """How strong ``card`` is in a trick led in suit ``led`` (-1: cannot win it)."""
        if card == self.boston:
            return 1000
        if SUIT_OF[card] == self.trump:
            return 100 + RANK_OF[card]
        if self.esuit(card) == led:
            return RANK_OF[card]
        return -1

    def see(self) -> None:
        """Compute :attr:`unseen` once the played cards are known."""
        mine = set(self.hand)
        self.unseen = [c for c in range(52) if c not in self.played and c not in mine]

    def is_master(self, card: int) -> bool:
        """Whether no unseen card of ``card``'s suit can beat it."""
        suit = self.esuit(card)
        mine = self.power(card, suit)
        return all(self.power(c, suit) < mine for c in self.unseen if self.esuit(c) == suit)

    def trumps_out(self) -> int:
        """Trumps (the Boston included) still held by the others."""
        return sum(1 for c in self.unseen if self.esuit(c) == self.trump or c == self.boston)


class BostonRuleBot(Bot):
    """A rule-based Boston player (reads only its own view)."""

    name = "rule"

    def __init__(self, solo_at: float = 7.0, chiedo_at: float = 4.0, accept_credit: float = 5.0) -> None:
        """Bidding thresholds on :func:`estimate_tricks` (a cautious count: an estimate of 4 makes
        the 5 tricks of a CHIEDO about 70% of the time, 7 the 8 of a SOLO; ACCETTO when the
        estimate plus ``accept_credit`` for the asker reaches the pair's 8)."""
        self.solo_at = solo_at
        self.chiedo_at = chiedo_at
        self.accept_credit = accept_credit

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A bid or a card for the seat to act, from its view alone."""
        seat = info.seat
        view = info.view
        legal = info.legal
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "bidding":
            return self._bid(view, legal)
        return self._play(view, legal, seat)

    # -- bidding -----------------------------------------------------------------------------------
    def _bid(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """SOLO, CHIEDO, ACCETTO or PASSO from the trick estimate of the hand (B6-B9)."""
        hand = [CARD_OF[c] for c in view["hand"]]
        trump = SUIT_LETTERS.index(view["trump_suit"])
        boston = CARD_OF[view["boston"]]
        est = estimate_tricks(hand, trump, boston)
        if est >= self.solo_at and SOLO in legal:
            return SOLO
        if CHIEDO in legal and est >= self.chiedo_at:
            return CHIEDO
        if ACCETTO in legal and est + self.accept_credit >= 8.0:
            return ACCETTO
        return PASSO

    # -- card play --------------------------------------------------------------------------------
    def _table(self, view: Mapping[str, Any], seat: int) -> _Table:
        """Sides, cards played and voids shown, from the public history in the view."""
        contract = view["contract"]
        players = {SEAT_INDEX[s] for s in contract["players"]}
        side = players if seat in players else {p for p in range(4) if p not in players}
        table = _Table(
            me=seat,
            hand=[CARD_OF[c] for c in view["hand"]],
            trump=SUIT_LETTERS.index(view["trump_suit"]),
            boston=CARD_OF[view["boston"]],
            natural=view["options"].get("boston_suit") == "natural",
            side=side,
            declaring=seat in players,
        )
        for trick in [*view["tricks"], {"cards": view["trick"]}]:
            cards = [(SEAT_INDEX[s], CARD_OF[c]) for s, c in trick["cards"]]
            note_trick(cards, table.esuit, table.played, table.voids)
        table.see()
        table.trick = [(SEAT_INDEX[s], CARD_OF[c]) for s, c in view["trick"]]
        return table

    def _play(self, view: Mapping[str, Any], legal: Sequence[str], seat: int) -> str:
        """The card to play: a lead or a follow."""
        table = self._table(view, seat)
        cards = [CARD_OF[c] for c in legal]
        if not table.trick:
            card = self._lead(table, cards)
        else:
            card = self._follow(table, cards)
        return _code(card)

    def _lead(self, t: _Table, cards: list[int]) -> int:
        """Draw trumps as declarer, cash safe masters, else lead low from the longest suit."""
        trump = t.trump
        trumps = [c for c in cards if t.esuit(c) == trump]
        sides = [c for c in cards if t.esuit(c) != trump]
        declarer = t.declaring
        opponents = [p for p in range(4) if p not in t.side]
        out = t.trumps_out()
        # the declaring side draws trumps with masters while the others may still hold some
        if declarer and trumps and out > 0:
            masters = [c for c in trumps if t.is_master(c)]
            if masters:
                return max(masters, key=lambda c: t.power(c, trump))
            if len(trumps) >= out + 2:
                return min(trumps, key=lambda c: t.power(c, trump))
        # cash side-suit masters the opponents cannot ruff
        for c in sorted(sides, key=lambda c: -RANK_OF[c]):
            suit = t.esuit(c)
            ruffable = out > 0 and any(suit in t.voids[p] and trump not in t.voids[p] for p in opponents)
            if t.is_master(c) and not ruffable:
                return c
        if trumps and not sides:
            return (
                max(trumps, key=lambda c: t.power(c, trump))
                if out
                else min(trumps, key=lambda c: t.power(c, trump))
            )
        # otherwise a low card from the longest side suit, preferring suits partners are void in
        pool = sides or cards
        partner_voids = {s for p in t.side if p != t.me for s in t.voids[p]}

        def lead_key(c: int) -> tuple[int, int, int]:
            suit = t.esuit(c)
            length = sum(1 for x in t.hand if t.esuit(x) == suit)
            return (1 if suit in partner_voids else 0, length, -RANK_OF[c])

        return max(pool, key=lead_key)

    def _follow(self, t: _Table, cards: list[int]) -> int:
        """Second hand low, third hand high, last hand wins cheaply; never beat a winning friend."""
        trick = t.trick
        led = t.esuit(trick[0][1])
        win_seat, win_card = max(trick, key=lambda pc: t.power(pc[1], led))
        best = t.power(win_card, led)
        position = len(trick) + 1  # 2, 3 or 4
        later = [(t.me + k) % 4 for k in range(1, 5 - position)]
        friend_winning = win_seat in t.side
        beating = sorted((c for c in cards if t.power(c, led) > best), key=lambda c: t.power(c, led))

        def can_beat(p: int, c: int) -> bool:
            """Whether seat ``p`` may hold and play the unseen card ``c`` to this trick."""
            suit = t.esuit(c)
            if suit == led:
                return led not in t.voids[p]
            return led in t.voids[p] and (c == t.boston or t.trump not in t.voids[p])

        def safe(card: int) -> bool:
            """No later opponent can beat ``card`` (judging by the unseen cards and the voids)."""
            power = t.power(card, led)
            return not any(
                can_beat(p, c) for p in later if p not in t.side for c in t.unseen if t.power(c, led) > power
            )

        if friend_winning and (position == 4 or safe(win_card)):
            return self._lowest(t, cards, led)
        if not beating:
            return self._lowest(t, cards, led)
        if position == 4:
            return beating[0]
        safe_wins = [c for c in beating if safe(c)]
        if position == 2:
            if safe_wins:
                return safe_wins[0]
            return self._lowest(t, cards, led)
        # third hand high: the cheapest safe winner, else the highest card that beats
        if safe_wins:
            return safe_wins[0]
        if friend_winning:
            return self._lowest(t, cards, led)
        return beating[-1] if t.esuit(beating[-1]) == led else beating[0]

    def _lowest(self, t: _Table, cards: list[int], led: int) -> int:
        """The card cheapest to give away: low, not a trump, not a master, from a short suit."""

        def key(c: int) -> tuple[int, int, int, int]:
            suit = t.esuit(c)
            length = sum(1 for x in t.hand if t.esuit(x) == suit)
            return (1 if suit == t.trump else 0, 1 if t.is_master(c) else 0, RANK_OF[c], length)

        return min(cards, key=key)


def _code(card: int) -> str:
    """The code of card index ``card``."""
    return CODES[card]


class EasyBostonBot(Bot):
    """A beginner: counts its high cards optimistically and plays naively.

    It bids on raw honours (aces, kings and trumps counted as tricks, so it asks and accepts too
    easily), and in play it wins a trick with its highest card whenever it can, otherwise throws
    its lowest -- never drawing trumps, never saving a master, never counting what is out.
    """

    name = "easy"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A bid or a card for the seat to act, from its view alone."""
        view = info.view
        legal = info.legal
        if len(legal) == 1:
            return legal[0]
        hand = [CARD_OF[c] for c in view["hand"]]
        trump = SUIT_LETTERS.index(view["trump_suit"])
        boston = CARD_OF[view["boston"]]
        if view["phase"] == "bidding":
            honours = float(sum(1 for c in hand if RANK_OF[c] >= KING or c == boston))
            honours += sum(0.5 for c in hand if SUIT_OF[c] == trump and RANK_OF[c] < KING)
            if honours >= 7.5 and SOLO in legal:
                return SOLO
            if CHIEDO in legal and honours >= 4.5:
                return CHIEDO
            if ACCETTO in legal and honours >= 3.0:
                return ACCETTO
            return PASSO
        natural = view["options"].get("boston_suit") == "natural"

        def power(card: int, led: int) -> int:
            if card == boston:
                return 1000
            if SUIT_OF[card] == trump:
                return 100 + RANK_OF[card]
            if (trump if card == boston and not natural else SUIT_OF[card]) == led:
                return RANK_OF[card]
            return -1

        cards = [CARD_OF[c] for c in legal]
        trick = [CARD_OF[c] for _, c in view["trick"]]
        if not trick:
            return _code(max(cards, key=lambda c: (RANK_OF[c], rng.random())))
        led = trump if trick[0] == boston and not natural else SUIT_OF[trick[0]]
        best = max(power(c, led) for c in trick)
        beaters = [c for c in cards if power(c, led) > best]
        if beaters:
            return _code(max(beaters, key=lambda c: power(c, led)))
        return _code(min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c])))
