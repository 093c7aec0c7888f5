"""Double-dummy search for trick-taking games: alpha-beta, a transposition table and MTD(f).

The ``hard`` players of the trick-taking games sample the hidden cards and ask a solver, on each
sample, what every candidate card is worth with every hand known. :class:`TrickSolver` is the
search they share; each game's ``search.py`` says what is its own (the cards as bits, which cards
are worth trying, who takes a trick and what it is worth, the transposition key):

* **alpha-beta** (fail-soft) over single card plays, four seats, one *side* maximising the value
  it takes from now to the end of the hand (a game counts points, another tricks);
* a **transposition table** at trick starts, keyed by the game (relative ranks), storing lower
  and upper bounds and the best lead, so that zero-window searches reuse each other's work;
* **MTD(f)**: :meth:`TrickSolver.solve` narrows the value with zero-window searches from a guess;
* a node budget (``max_nodes``) that stops a search early with :class:`SearchAborted`, so that
  callers keep their time slices short. Nodes are counted the same whatever the machine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence


class SearchAborted(Exception):
    """Raised inside a search when its node budget is spent."""


class SuitFields:
    """A trick game's cards as bits: four suit fields of ``width`` bits, the strength of a card its
    place in its field; ``values`` per strength say which cards are worth the same (Tressette: the
    thirds; a game where every trick counts one: all alike).

    Equal-card pruning (:meth:`distinct`), the legal distinct cards of a seat (:meth:`options`)
    and a transposition key on relative ranks (:meth:`key`), memoised per game.
    """

    __slots__ = ("width", "field", "values", "_distinct", "_codes")

    def __init__(self, width: int, values: Sequence[int]) -> None:
        self.width = width
        self.field = (1 << width) - 1
        self.values = tuple(values)
        self._distinct: dict[int, tuple[int, ...]] = {}
        self._codes: dict[int, int] = {}

    def distinct(self, mine: int, foreign: int) -> tuple[int, ...]:
        """Strengths of one suit's cards worth trying, highest first: of two cards of the same
        value with no other live card between them, only the higher."""
        key = mine << self.width | foreign
        got = self._distinct.get(key)
        if got is not None:
            return got
        values = self.values
        out: list[int] = []
        prev = -1
        for k in range(self.width - 1, -1, -1):
            if not mine >> k & 1:
                continue
            if prev >= 0 and values[prev] == values[k]:
                if not foreign & ((1 << prev) - 1) & ~((1 << (k + 1)) - 1):
                    continue
            out.append(k)
            prev = k
        result = self._distinct[key] = tuple(out)
        return result

    def options(self, hands: list[int], seat: int, trick: list[int], wild: int = -1) -> list[int]:
        """Distinct legal card bits of ``seat``: the suit led when it holds one (``wild``, a card
        that wins any trick it is in, is tried apart)."""
        width, field = self.width, self.field
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for b in trick:
            live |= 1 << b
        hand = hands[seat]
        foreign = live & ~hand
        suits: tuple[int, ...] = (0, 1, 2, 3)
        if trick:
            s = trick[0] // width
            if hand >> (width * s) & field:
                suits = (s,)
        out = []
        for s in suits:
            shift = width * s
            mine = hand >> shift & field
            if not mine:
                continue
            if wild >= 0 and wild // width == s and hand >> wild & 1:
                out.append(wild)
                mine &= ~(1 << (wild - shift))
                foreign |= 1 << wild  # the wild card separates its neighbours
            for k in self.distinct(mine, foreign >> shift & field):
                out.append(shift + k)
        return out

    def _suit_code(self, packed: int) -> int:
        """Per suit: the owners and values of the live cards, highest first (relative ranks)."""
        code = 1
        width = self.width
        for strength in range(width - 1, -1, -1):
            for owner in range(4):
                if packed >> (owner * width + strength) & 1:
                    code = code << 4 | owner << 2 | self.values[strength]
                    break
        self._codes[packed] = code
        return code

    def key(self, hands: list[int], leader: int) -> tuple[int, int, int, int, int]:
        """A key equal for positions that differ only by which dead cards are gone: per suit, from
        the highest live card down, its owner and its value; and the leader."""
        h0, h1, h2, h3 = hands
        width, field, memo = self.width, self.field, self._codes
        out = []
        for shift in range(0, 4 * width, width):
            packed = (
                (h0 >> shift & field)
                | (h1 >> shift & field) << width
                | (h2 >> shift & field) << 2 * width
                | (h3 >> shift & field) << 3 * width
            )
            code = memo.get(packed)
            if code is None:
                code = self._suit_code(packed)
            out.append(code)
        return (out[0], out[1], out[2], out[3], leader)


class TrickSolver:
    """A double-dummy solver for one deal, with a transposition table kept across calls.

    Build one per sampled deal (the table stays valid for every position reachable from it, as
    hands only shrink). ``hands`` are four bit sets indexed by seat; ``trick`` the bits played to
    the trick in progress, led by ``leader``. Subclasses implement the hooks below.
    """

    __slots__ = ("tt", "nodes", "max_nodes", "side", "step")

    def __init__(self, side: int, step: int, max_nodes: int = 0) -> None:
        self.side = side
        """Bit set of the maximising seats (bit p = seat p)."""
        self.step = step
        """The seat after seat ``p`` is ``(p + step) % 4`` (1: clockwise, 3: counter-clockwise)."""
        self.tt: dict[Hashable, tuple[int, int, int]] = {}
        """Key -> (lower bound, upper bound, best lead bit) of the side's value from a trick start."""
        self.nodes = 0
        """Nodes searched so far (the caller may reset it)."""
        self.max_nodes = max_nodes
        """Abort with :class:`SearchAborted` once ``nodes`` passes this (0: no limit)."""

    # -- the game's part ------------------------------------------------------------------------
    def most(self, hands: list[int], trick: list[int]) -> int:
        """The most the side can still take (the cards in the trick included)."""
        raise NotImplementedError

    def tricks_left(self, hands: list[int], leader: int) -> int:
        """Tricks still to play, at a trick start."""
        raise NotImplementedError

    def last_trick(self, hands: list[int], leader: int) -> int:
        """The side's value of the last trick (one card each, forced)."""
        raise NotImplementedError

    def key(self, hands: list[int], leader: int) -> Hashable:
        """The transposition key of a trick start: equal for positions with the same future."""
        raise NotImplementedError

    def bound(self, hands: list[int], left: int) -> int:
        """An upper bound of the side's value from a trick start with ``left`` tricks to play."""
        raise NotImplementedError

    def ordered(self, hands: list[int], seat: int, leader: int, trick: list[int]) -> list[int]:
        """The distinct cards worth trying for ``seat``, likely best first (cutoffs come sooner)."""
        raise NotImplementedError

    def trick_gain(self, hands: list[int], leader: int, trick: list[int]) -> tuple[int, int]:
        """(winner, what the side gains) of the complete ``trick`` (``hands``: after it)."""
        raise NotImplementedError

    # -- the search -------------------------------------------------------------------------------
    def solve(self, hands: list[int], leader: int, trick: list[int], guess: int = -1) -> int:
        """The side's value from now to the end with best play by all (MTD(f) from ``guess``).

        ``hands`` and ``trick`` are restored on return, also when the node budget aborts.
        """
        lo, hi = 0, self.most(hands, trick)
        g = hi // 2 if guess < 0 else min(max(guess, lo), hi)
        saved_hands, saved_trick = list(hands), list(trick)
        try:
            while lo < hi:
                beta = g + 1 if g == lo else g
                g = self._ab(hands, leader, trick, beta - 1, beta)
                if g < beta:
                    hi = g
                else:
                    lo = g
        finally:
            hands[:] = saved_hands
            trick[:] = saved_trick
        return lo

    def value_after(self, hands: list[int], leader: int, trick: list[int], guess: int = -1) -> int:
        """The side's exact value after a play (``trick`` ends with it; a fourth card closes it)."""
        if len(trick) == 4:
            winner, gain = self.trick_gain(hands, leader, trick)
            return gain + self.solve(hands, winner, [], guess - gain if guess >= 0 else -1)
        return self.solve(hands, leader, trick, guess)

    def _ab(self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the side's value from this position to the end of the hand."""
        n = len(trick)
        self.nodes += 1
        key: Hashable | None = None
        first = -1
        lower = upper = a0 = b0 = 0
        if n == 0:
            left = self.tricks_left(hands, leader)
            if left == 0:
                return 0
            if self.max_nodes and self.nodes > self.max_nodes:
                raise SearchAborted
            if left == 1:
                return self.last_trick(hands, leader)
            key = self.key(hands, leader)
            entry = self.tt.get(key)
            if entry is not None:
                lower, upper, first = entry
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
            else:
                lower, upper = 0, self.bound(hands, left)
            a0, b0 = alpha, beta
        seat = (leader + self.step * n) % 4
        maximizing = self.side >> seat & 1
        hand = hands[seat]
        opts = self.ordered(hands, seat, leader, trick)
        if first >= 0 and first in opts:
            opts.remove(first)
            opts.insert(0, first)
        best = -1 if maximizing else 1000
        best_bit = opts[0]
        for bit in opts:
            hands[seat] = hand & ~(1 << bit)
            trick.append(bit)
            if n == 3:
                winner, gain = self.trick_gain(hands, leader, trick)
                if gain:
                    v = gain + self._ab(hands, winner, [], alpha - gain, beta - gain)
                else:
                    v = self._ab(hands, winner, [], alpha, beta)
            else:
                v = self._ab(hands, leader, trick, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximizing:
                if v > best:
                    best, best_bit = v, bit
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best, best_bit = v, bit
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key is not None:
            if best <= a0:
                self.tt[key] = (lower, min(best, upper), first)
            elif best >= b0:
                self.tt[key] = (max(best, lower), upper, best_bit)
            else:
                self.tt[key] = (best, best, best_bit)
        return best


def solved_or(
    solver: TrickSolver | None,
    hands: list[int],
    leader: int,
    trick: list[int],
    estimate: Callable[[], tuple[int, int]],
) -> tuple[int, int]:
    """(value, work): the solver's exact value when it finishes within its node budget, else the
    ``estimate`` (a fast playout: its value and steps); the work counts both."""
    work = 0
    if solver is not None:
        solver.nodes = 0
        try:
            return solver.solve(hands, leader, trick), solver.nodes
        except SearchAborted:
            work = solver.nodes
    value, steps = estimate()
    return value, work + steps


def set_bits(mask: int) -> list[int]:
    """The positions of the bits set in ``mask``, lowest first (a bit set's cards)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def cashable(hand: int, others: int, opponents: int, suit_masks: Sequence[int]) -> Iterator[tuple[int, int]]:
    """``(suit, top card)`` for each suit, in order, whose top card in ``hand`` beats every card of
    it still out (``others``) while the ``opponents`` still hold the suit: a master worth cashing."""
    for suit, sm in enumerate(suit_masks):
        mine = hand & sm
        if mine:
            top = mine.bit_length() - 1
            if (others & sm).bit_length() - 1 < top and opponents & sm:
                yield suit, top


def playout(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    exact_at: int,
    *,
    turn_step: int,
    step_work: int,
    card: Callable[[list[int], int, list[int]], int],
    settle: Callable[[int, list[int], bool], tuple[int, int]],
    solver: Callable[[], TrickSolver],
) -> tuple[int, int]:
    """(the side's value from now, work units) of a quick playout with every hand known: ``card``
    picks each play until ``exact_at`` tricks remain, then ``solver()`` finishes exactly.

    Seats turn by ``turn_step`` (1: N E S W; 3: N W S E); ``settle(leader, trick, last)`` gives a
    full trick's winner and what it is worth to the side (``last``: the hand's last trick); each
    play costs ``step_work``. ``hands`` and ``trick`` are not modified."""
    hands = list(hands)
    trick = list(trick)
    value = 0
    work = 0
    while True:
        if not trick:
            left = hands[leader].bit_count()
            if left == 0:
                return value, work
            if left <= exact_at:
                s = solver()
                return value + s.solve(hands, leader, []), work + s.nodes
        work += step_work
        seat = (leader + turn_step * len(trick)) % 4
        bit = card(hands, leader, trick)
        hands[seat] &= ~(1 << bit)
        trick.append(bit)
        if len(trick) == 4:
            leader, gain = settle(leader, trick, not (hands[0] | hands[1] | hands[2] | hands[3]))
            value += gain
            trick = []
