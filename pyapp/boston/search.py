"""Double-dummy search for Boston: tricks a side takes when every card is known.

The engine of the ``hard`` Boston player (:mod:`pyapp.boston.hard`), like
:mod:`pyapp.tressette.search` for Tressette, with trumps and the Boston.

Representation (never a :class:`~pyapp.boston.rules.BostonState`):

* a card is a **bit** ``suit * 14 + strength`` where ``suit`` is the suit the card *belongs to
  for following* and strength its rank (0 = the two ... 12 = the ace); with the default rule (B3)
  the Boston belongs to the trump suit as its 14th and highest card (strength 13);
* with ``boston_suit = natural`` the Boston keeps its printed suit and rank but wins any trick it
  is in (:attr:`Layout.wild`);
* seats N E S W = 0..3, play is clockwise (the next seat after ``p`` is ``(p + 1) % 4``);
* the **side** is the set of seats that maximise (the contracting player or pair); a value is the
  number of tricks the side takes from now on.

The solver is the shared alpha-beta of :mod:`pyapp.search` with equal-card pruning (adjacent live cards of one hand are
interchangeable: a trick is worth one whatever its cards), move ordering, a transposition table
at trick starts keyed on relative ranks, and MTD(f) zero-window searches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pyapp import search
from pyapp.boston.rules import RANK_OF, SUIT_OF, boston_card
from pyapp.search import SearchAborted as SearchAborted
from pyapp.search import SuitFields, TrickSolver

FIELD: Final = 0x3FFF
"""The 14 bits of one suit."""

SUIT_MASKS: Final[tuple[int, ...]] = tuple(FIELD << (14 * s) for s in range(4))


@dataclass(frozen=True)
class Layout:
    """How engine card indices (0..51) map to search bits for one hand's trump."""

    trump: int
    natural: bool
    bit_of: tuple[int, ...]
    """Search bit of each engine card index."""
    card_of: dict[int, int]
    """Engine card index of each search bit in use."""
    wild: int
    """The natural-mode Boston's bit (it wins any trick), or -1."""

    @classmethod
    def make(cls, trump: int, natural: bool = False) -> Layout:
        """The layout of a hand with ``trump`` (suit index) and the ``boston_suit`` option."""
        boston = boston_card(trump)
        bits = []
        for card in range(52):
            if card == boston and not natural:
                bits.append(trump * 14 + 13)
            else:
                bits.append(SUIT_OF[card] * 14 + RANK_OF[card])
        return cls(
            trump, natural, tuple(bits), {b: c for c, b in enumerate(bits)}, bits[boston] if natural else -1
        )

    def mask(self, cards: list[int] | set[int] | tuple[int, ...]) -> int:
        """The bit set of engine card indices."""
        m = 0
        for c in cards:
            m |= 1 << self.bit_of[c]
        return m

    def cards(self, mask: int) -> list[int]:
        """The engine card indices of a bit set."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.card_of[low.bit_length() - 1])
            mask ^= low
        return out


def trick_winner(trick: list[int], leader: int, trump: int, wild: int) -> int:
    """The seat that wins a complete trick (B10): the wild Boston, else the highest trump, else
    the highest card of the suit led."""
    best_k = 0
    best = trick[0]
    tsuit = trump * 14
    led = best // 14
    if wild >= 0 and wild in trick:
        return (leader + trick.index(wild)) % 4
    for k in (1, 2, 3):
        c = trick[k]
        cs = c // 14
        bs = best // 14
        if cs == bs:
            if c > best:
                best, best_k = c, k
        elif cs * 14 == tsuit:
            best, best_k = c, k
    del led
    return (leader + best_k) % 4


def _winning_k(trick: list[int], trump: int, wild: int) -> int:
    """Index in ``trick`` (incomplete) of the card winning so far."""
    if wild >= 0 and wild in trick:
        return trick.index(wild)
    best_k = 0
    best = trick[0]
    for k in range(1, len(trick)):
        c = trick[k]
        if c // 14 == best // 14:
            if c > best:
                best, best_k = c, k
        elif c // 14 == trump:
            best, best_k = c, k
    return best_k


FIELDS: Final = SuitFields(14, (0,) * 14)
"""Boston's cards as bits: fourteen strengths a suit (the Boston on top of trumps); a trick is
worth one whatever its cards, so adjacent live cards of one hand are alike."""


def _norm_key(hands: list[int], leader: int, wild: int) -> tuple[int, ...]:
    if wild >= 0:
        return (hands[0], hands[1], hands[2], hands[3], leader)
    return FIELDS.key(hands, leader)


def options(hands: list[int], seat: int, trick: list[int], wild: int = -1) -> list[int]:
    """Distinct legal card bits of ``seat`` (follow the suit led, B10; equal cards pruned)."""
    return FIELDS.options(hands, seat, trick, wild)


class Solver(TrickSolver):
    """Double-dummy Boston solver for one deal: tricks of ``side`` from a position on
    (:class:`~pyapp.search.TrickSolver`)."""

    __slots__ = ("trump", "wild")

    def __init__(self, trump: int, side: int, wild: int = -1, max_nodes: int = 0) -> None:
        super().__init__(side=side, step=1, max_nodes=max_nodes)
        self.trump = trump
        self.wild = wild

    # -- Boston's part of the search ---------------------------------------------------------------
    def most(self, hands: list[int], trick: list[int]) -> int:
        return max(h.bit_count() for h in hands)

    def tricks_left(self, hands: list[int], leader: int) -> int:
        return hands[leader].bit_count()

    def last_trick(self, hands: list[int], leader: int) -> int:
        trick4 = [hands[(leader + k) % 4].bit_length() - 1 for k in range(4)]
        return self.side >> trick_winner(trick4, leader, self.trump, self.wild) & 1

    def key(self, hands: list[int], leader: int) -> tuple[int, ...]:
        return _norm_key(hands, leader, self.wild)

    def bound(self, hands: list[int], left: int) -> int:
        return left

    def trick_gain(self, hands: list[int], leader: int, trick: list[int]) -> tuple[int, int]:
        winner = trick_winner(trick, leader, self.trump, self.wild)
        return winner, self.side >> winner & 1

    def ordered(self, hands: list[int], seat: int, leader: int, trick: list[int]) -> list[int]:
        """Options, likely best first: masters and low leads; cheap winners, else low cards."""
        opts = options(hands, seat, trick, self.wild)
        if len(opts) <= 1:
            return opts
        trump = self.trump
        keyed = []
        if not trick:
            live = hands[0] | hands[1] | hands[2] | hands[3]
            others = live & ~hands[seat]
            for b in opts:
                s = b // 14
                top_other = (others & SUIT_MASKS[s]).bit_length() - 1
                if top_other < b:
                    keyed.append((-100 - b % 14, b))  # a master
                else:
                    keyed.append(((50 if s == trump else 0) + b % 14, b))  # low, not trumps
            keyed.sort()
            return [b for _, b in keyed]
        win_k = _winning_k(trick, trump, self.wild)
        win = trick[win_k]
        friend = (self.side >> ((leader + win_k) % 4) & 1) == (self.side >> seat & 1)
        led = trick[0] // 14
        for b in opts:
            s = b // 14
            if b == self.wild:
                beats = True
            elif s == win // 14:
                beats = b > win and win != self.wild
            else:
                beats = s == trump and win != self.wild
            if friend:
                keyed.append(((30 if beats else 0) + b % 14 + (20 if s == trump and led != trump else 0), b))
            elif beats:
                keyed.append((b % 14 - 40, b))  # the cheapest winner
            else:
                keyed.append((b % 14 + (20 if s == trump else 0), b))
        keyed.sort()
        return [b for _, b in keyed]


# -- a fast perfect-information policy (playouts) ---------------------------------------------------


def _beats(card: int, win: int, led: int, trump: int, wild: int) -> bool:
    if win == wild:
        return False
    if card == wild:
        return True
    cs, ws = card // 14, win // 14
    if cs == ws:
        return card > win
    return cs == trump


def greedy_card(
    hands: list[int], leader: int, trick: list[int], trump: int, side: int, wild: int = -1
) -> int:
    """A quick, sensible card when every hand is known (for playouts).

    The side draws trumps with masters; everyone cashes masters the opponents cannot ruff, leads
    low to a friend's master suit or from its longest plain suit; second and later hands win as
    cheaply as they safely can, ruff when void, leave a friend's safe trick alone and throw low.
    """
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    mine_side = side >> seat & 1
    friends = [q for q in range(4) if q != seat and (side >> q & 1) == mine_side]
    foes = [q for q in range(4) if (side >> q & 1) != mine_side]
    opp = 0
    for q in foes:
        opp |= hands[q]
    tmask = SUIT_MASKS[trump]
    if not trick:
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
        my_trumps = hand & tmask
        if mine_side and my_trumps and opp & tmask:
            top = my_trumps.bit_length() - 1
            if (others & tmask).bit_length() - 1 < top:
                return top
        for s, top in search.cashable(hand, others, opp, SUIT_MASKS):
            sm = SUIT_MASKS[s]
            if s != trump and not any(not hands[q] & sm and hands[q] & tmask for q in foes):
                return top
        for q in friends:
            for s in range(4):
                sm = SUIT_MASKS[s]
                mine = hand & sm
                f_top = (hands[q] & sm).bit_length() - 1
                if mine and f_top >= 0 and f_top > (opp & sm).bit_length() - 1:
                    return (mine & -mine).bit_length() - 1
        plain = [s for s in range(4) if s != trump and hand & SUIT_MASKS[s]]
        if plain:
            s = max(plain, key=lambda x: ((hand & SUIT_MASKS[x]).bit_count(), -x))
            m = hand & SUIT_MASKS[s]
            return (m & -m).bit_length() - 1
        return (hand & -hand).bit_length() - 1
    led = trick[0] // 14
    win_k = _winning_k(trick, trump, wild)
    win = trick[win_k]
    win_seat = (leader + win_k) % 4
    later_foes = [q for q in ((leader + k) % 4 for k in range(len(trick) + 1, 4)) if q in foes]
    lsm = SUIT_MASKS[led]

    def safe(card: int) -> bool:
        for q in later_foes:
            h = hands[q]
            if h & lsm:
                cand = h & lsm
            else:
                cand = h
            while cand:
                low = cand & -cand
                c = low.bit_length() - 1
                if _beats(c, card, led, trump, wild):
                    return False
                cand ^= low
        return True

    follow = hand & lsm
    pool = follow if follow else hand
    cards = []
    m = pool
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    if (side >> win_seat & 1) == mine_side and safe(win):
        return min(cards, key=lambda c: (c // 14 == trump, c % 14))
    winners = [c for c in cards if _beats(c, win, led, trump, wild)]
    sure = [c for c in winners if safe(c)]
    if sure:
        return min(sure, key=lambda c: (c // 14 == trump and led != trump, c % 14))
    if winners and not later_foes:
        return min(winners, key=lambda c: c % 14)
    return min(cards, key=lambda c: (c // 14 == trump, c % 14))


PLAYOUT_STEP_WORK: Final = 4
"""Work units of one playout step (a search node is one)."""


def playout(
    hands: list[int], leader: int, trick: list[int], trump: int, side: int, exact_at: int, wild: int = -1
) -> tuple[int, int]:
    """(tricks of ``side`` from now, work units): :func:`greedy_card` until ``exact_at`` tricks
    remain, then exact. ``hands`` and ``trick`` are not modified."""

    def settle(first: int, cards: list[int], _last: bool) -> tuple[int, int]:
        winner = trick_winner(cards, first, trump, wild)
        return winner, side >> winner & 1

    return search.playout(
        hands,
        leader,
        trick,
        exact_at,
        turn_step=1,
        step_work=PLAYOUT_STEP_WORK,
        card=lambda h, first, cards: greedy_card(h, first, cards, trump, side, wild),
        settle=settle,
        solver=lambda: Solver(trump, side, wild),
    )
