"""Double-dummy search for Tressette: the exact value of a hand when every card is known.

This is the engine of the ``hard`` player (:mod:`pyapp.tressette.hard`): it samples the hidden
cards many times and asks this solver, on each sample, what every candidate card is worth.

Representation (compact and fast, never a :class:`~pyapp.tressette.rules.TressetteState`):

* a card is a **bit** ``suit * 10 + strength`` (strength 0 = the 4 ... 9 = the 3, T1), so the
  highest card of a suit in a set is the highest bit of its 10-bit field;
* a hand is an int of 40 bits; the four hands are a list indexed by seat (N E S W = 0..3);
* play goes counter-clockwise, the next seat after ``p`` is ``(p + 3) % 4``; team = seat % 2;
* a value is the number of **thirds** (T12) team N-S takes from now to the end of the hand,
  the last-trick bonus included.

The search is the shared alpha-beta of :mod:`pyapp.search` over single card plays, with:

* **equal-card pruning**: two cards of one hand in one suit with no other live card between them
  and the same thirds are interchangeable, only the higher is tried;
* **move ordering** by simple card-play sense (cheapest winner, points on a partner's trick,
  lowest discard) and the transposition table's best lead;
* a **transposition table** at trick boundaries keyed by the four hands and the leader, storing
  lower and upper bounds, so that zero-window (MTD(f)) searches reuse each other's work;
* quick bounds: a side cannot take more than the thirds still out.

:meth:`Solver.move_values` gives the exact value of each distinct legal card for the player to
act; :meth:`Solver.solve` the value of the position. A node budget (``max_nodes``) stops a search
early with :class:`SearchAborted`, so that callers can keep their time slices short.
"""

from __future__ import annotations

from typing import Final

from pyapp import search
from pyapp.search import SearchAborted as SearchAborted
from pyapp.search import SuitFields, TrickSolver
from pyapp.tressette import STRENGTH

SUIT_MASKS: Final[tuple[int, ...]] = tuple(0x3FF << (10 * s) for s in range(4))
"""The 10 bits of each suit."""

FULL: Final = (1 << 40) - 1

STRENGTH_THIRDS: Final[tuple[int, ...]] = (0, 0, 0, 0, 1, 1, 1, 3, 1, 1)
"""Thirds (T12) by strength 0..9 (4, 5, 6, 7, F, C, R, A, 2, 3)."""

BIT_THIRDS: Final[tuple[int, ...]] = tuple(STRENGTH_THIRDS[b % 10] for b in range(40))
"""Thirds of each card bit."""

LAST_TRICK: Final = 3
"""Thirds of the last trick (T12)."""

TOTAL_THIRDS: Final = 35
"""Thirds in a whole hand: 32 in the cards and 3 for the last trick."""

BIT_OF_INDEX: Final[tuple[int, ...]] = tuple((i // 10) * 10 + STRENGTH[i] for i in range(40))
"""The search bit of each engine card index (:data:`pyapp.tressette.CODES` order)."""

INDEX_OF_BIT: Final[tuple[int, ...]] = tuple(BIT_OF_INDEX.index(b) for b in range(40))
"""The engine card index of each search bit."""


def mask_of(indices: list[int] | tuple[int, ...] | set[int]) -> int:
    """The bit set of engine card indices."""
    m = 0
    for i in indices:
        m |= 1 << BIT_OF_INDEX[i]
    return m


def indices_of(mask: int) -> list[int]:
    """The engine card indices of a bit set (ascending bit order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(INDEX_OF_BIT[low.bit_length() - 1])
        mask ^= low
    return out


def thirds_of(mask: int) -> int:
    """The thirds held in a bit set of cards."""
    total = 0
    while mask:
        low = mask & -mask
        total += BIT_THIRDS[low.bit_length() - 1]
        mask ^= low
    return total


def _bits_desc(mask: int) -> list[int]:
    """The bits of ``mask``, highest first."""
    out = []
    while mask:
        b = mask.bit_length() - 1
        out.append(b)
        mask ^= 1 << b
    return out


FIELD_THIRDS: Final[tuple[int, ...]] = tuple(
    sum(STRENGTH_THIRDS[k] for k in range(10) if f >> k & 1) for f in range(1024)
)
"""Thirds of the cards in a 10-bit suit field."""

NS: Final = 0b0101
"""The side the solver counts for: N and S (seats 0 and 2)."""

FIELDS: Final = SuitFields(10, STRENGTH_THIRDS)
"""Tressette's cards as bits: ten strengths a suit, worth their thirds."""


def live_thirds(rest: int) -> int:
    """Thirds of the cards in the bit set ``rest``."""
    ft = FIELD_THIRDS
    return ft[rest & 0x3FF] + ft[rest >> 10 & 0x3FF] + ft[rest >> 20 & 0x3FF] + ft[rest >> 30 & 0x3FF]


class Solver(TrickSolver):
    """A double-dummy Tressette solver: N-S thirds from a position on (:class:`~pyapp.search.TrickSolver`).

    Build one per sampled deal and ask :meth:`move_values`, :meth:`value_after` or :meth:`solve`.
    """

    __slots__ = ()

    def __init__(self, max_nodes: int = 0) -> None:
        super().__init__(side=NS, step=3, max_nodes=max_nodes)

    def move_values(self, hands: list[int], leader: int, trick: list[int]) -> dict[int, int]:
        """For each distinct legal card bit of the player to act: N-S thirds after playing it."""
        seat = (leader + 3 * len(trick)) % 4
        hand = hands[seat]
        out: dict[int, int] = {}
        guess = -1
        for bit in options(hands, seat, trick):
            new_hands = list(hands)
            new_hands[seat] = hand & ~(1 << bit)
            value = self.value_after(new_hands, leader, trick + [bit], guess)
            out[bit] = value
            guess = value
        return out

    # -- Tressette's part of the search ----------------------------------------------------------
    def most(self, hands: list[int], trick: list[int]) -> int:
        rest = hands[0] | hands[1] | hands[2] | hands[3]
        hi = live_thirds(rest) + (LAST_TRICK if rest else 0)
        for b in trick:
            hi += BIT_THIRDS[b]
        return hi

    def tricks_left(self, hands: list[int], leader: int) -> int:
        return (hands[0] | hands[1] | hands[2] | hands[3]).bit_count() // 4

    def last_trick(self, hands: list[int], leader: int) -> int:
        return _last_trick(hands, leader)

    def key(self, hands: list[int], leader: int) -> tuple[int, int, int, int, int]:
        return FIELDS.key(hands, leader)

    def bound(self, hands: list[int], left: int) -> int:
        return live_thirds(hands[0] | hands[1] | hands[2] | hands[3]) + LAST_TRICK

    def ordered(self, hands: list[int], seat: int, leader: int, trick: list[int]) -> list[int]:
        return _ordered(hands, seat, trick, hands[0] | hands[1] | hands[2] | hands[3])

    def trick_gain(self, hands: list[int], leader: int, trick: list[int]) -> tuple[int, int]:
        winner, pts = trick_result(leader, trick)
        if winner & 1:
            return winner, 0
        if not (hands[0] | hands[1] | hands[2] | hands[3]):
            pts += LAST_TRICK
        return winner, pts


def options(hands: list[int], seat: int, trick: list[int]) -> list[int]:
    """Distinct legal card bits of ``seat`` (follow suit, T8; interchangeable cards pruned)."""
    return FIELDS.options(hands, seat, trick)


def _ordered(hands: list[int], seat: int, trick: list[int], rest: int) -> list[int]:
    """:func:`options` in a good order for cutoffs (likely best first)."""
    opts = options(hands, seat, trick)
    if len(opts) <= 1:
        return opts
    bt = BIT_THIRDS
    keyed = []
    if not trick:
        others = rest & ~hands[seat]
        for b in opts:
            shift = b - b % 10
            suit_others = others >> shift & 0x3FF
            if suit_others and suit_others.bit_length() - 1 < b - shift:
                keyed.append((-40 - bt[b] * 10 - (b - shift), b))  # a master: cash it
            else:
                keyed.append((bt[b] * 10 + b - shift, b))  # otherwise lead low
        keyed.sort()
        return [b for _, b in keyed]
    suit = trick[0] // 10
    win_k = 0
    win_bit = trick[0]
    for k in range(1, len(trick)):
        c = trick[k]
        if c > win_bit and c // 10 == suit:
            win_bit, win_k = c, k
    partner_winning = (len(trick) - win_k) % 2 == 0
    last = len(trick) == 3
    for b in opts:
        beats = b > win_bit and b // 10 == suit
        if partner_winning:
            keyed.append(((20 if beats else 0) - bt[b] * 4 + b % 10, b))  # load points, do not overtake
        elif beats:
            keyed.append((-bt[b] * 4 - b % 10 if last else b % 10 - 40, b))  # win (richly if last)
        else:
            keyed.append((bt[b] * 4 + b % 10, b))  # else the cheapest
    keyed.sort()
    return [b for _, b in keyed]


def trick_result(leader: int, trick: list[int]) -> tuple[int, int]:
    """(winner seat, thirds in the cards) of a complete trick."""
    suit = trick[0] // 10
    win_k = 0
    best = trick[0]
    for k in (1, 2, 3):
        c = trick[k]
        if c // 10 == suit and c > best:
            best, win_k = c, k
    pts = BIT_THIRDS[trick[0]] + BIT_THIRDS[trick[1]] + BIT_THIRDS[trick[2]] + BIT_THIRDS[trick[3]]
    return (leader + 3 * win_k) % 4, pts


def _last_trick(hands: list[int], leader: int) -> int:
    """N-S thirds of the last trick (one card each, forced), bonus included."""
    trick = [hands[(leader + 3 * k) % 4].bit_length() - 1 for k in range(4)]
    winner, pts = trick_result(leader, trick)
    return pts + LAST_TRICK if winner % 2 == 0 else 0


# -- a fast perfect-information policy (rollouts) --------------------------------------------------


def greedy_card(hands: list[int], leader: int, trick: list[int]) -> int:
    """A quick, sensible card for the player to act when every hand is known (rollouts).

    Leads: cash a master while the opponents still hold its suit, else lead low to a suit the
    partner commands, else lead low from the longest suit. Follows: give points to a partner's
    sure trick, take the trick with a sure winner (the richest), else play the cheapest card.
    """
    seat = (leader + 3 * len(trick)) % 4
    hand = hands[seat]
    partner = (seat + 2) % 4
    opp = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
    if not trick:
        others = (hands[partner] | opp) & ~hand
        best = -1
        best_key = -1
        for suit, top in search.cashable(hand, others, opp, SUIT_MASKS):
            key = 100 + thirds_of(opp & SUIT_MASKS[suit]) * 4 + BIT_THIRDS[top]
            if key > best_key:
                best, best_key = top, key
        if best >= 0:
            return best
        for suit in range(4):
            sm = SUIT_MASKS[suit]
            mine = hand & sm
            p_top = (hands[partner] & sm).bit_length() - 1
            if mine and p_top > (opp & sm).bit_length() - 1 and p_top >= 0:
                return _cheapest(mine)
        longest = max(range(4), key=lambda s: ((hand & SUIT_MASKS[s]).bit_count(), -s))
        return _cheapest(hand & SUIT_MASKS[longest])
    suit = trick[0] // 10
    sm = SUIT_MASKS[suit]
    win_k = 0
    for k in range(1, len(trick)):
        c = trick[k]
        if c // 10 == suit and c > trick[win_k]:
            win_k = k
    win_bit = trick[win_k]
    partner_winning = (len(trick) - win_k) % 2 == 0
    later_opp = 0
    for k in range(len(trick) + 1, 4):
        q = (leader + 3 * k) % 4
        if q % 2 != seat % 2:
            later_opp |= hands[q] & sm
    follow = hand & sm
    if partner_winning and later_opp.bit_length() - 1 < win_bit:
        pool = follow if follow else hand
        return _richest(pool & ~(((1 << 10) - 1) << (10 * suit)) if not follow else pool, win_bit)
    if follow:
        threshold = max(win_bit, later_opp.bit_length() - 1)
        winners = follow & ~((1 << (threshold + 1)) - 1)
        if winners:
            return _richest(winners, -1)
        return _cheapest(follow)
    return _cheapest(hand)


def _cheapest(mask: int) -> int:
    """The card of ``mask`` that costs least to give away: fewest thirds, then the weakest."""
    best = -1
    best_key = 1000
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        key = BIT_THIRDS[b] * 16 + b % 10
        if key < best_key:
            best, best_key = b, key
        mask ^= low
    return best


def _richest(mask: int, _unused: int) -> int:
    """The card of ``mask`` worth most thirds (the weakest of those), to load a winning trick."""
    best = -1
    best_key = -1
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        key = BIT_THIRDS[b] * 16 + (9 - b % 10)
        if key > best_key:
            best, best_key = b, key
        mask ^= low
    return best


ROLLOUT_STEP_WORK: Final = 3
"""Work units of one playout step (a search node is one)."""


def rollout(hands: list[int], leader: int, trick: list[int], exact_at: int) -> tuple[int, int]:
    """(N-S thirds from now, work units): :func:`greedy_card` play until ``exact_at`` tricks
    remain, then an exact search. ``hands`` and ``trick`` are not modified."""
    return search.playout(
        hands,
        leader,
        trick,
        exact_at,
        turn_step=3,
        step_work=ROLLOUT_STEP_WORK,
        card=greedy_card,
        settle=_settle,
        solver=Solver,
    )


def _settle(leader: int, trick: list[int], last: bool) -> tuple[int, int]:
    """A full trick's winner and the thirds it gives N-S (the last trick's bonus included)."""
    winner, pts = trick_result(leader, trick)
    if last:
        pts += LAST_TRICK
    return winner, pts if winner % 2 == 0 else 0
