"""The ``hard`` Boston player: bids by simulation, plays by determinized search.

What it knows comes from its own view only (:class:`BostonKnowledge`): its hand, the turned trump
(the dealer holds it until he plays it, B4), the bids, the contract, every card played and the
voids they showed (following is by the suit a card belongs to: the Boston is a trump, B3).

* **Bidding.** It draws deals of the other hands consistent with that knowledge, weighing each by
  how well it explains the others' bids so far; on each deal and for each call it may make, it
  finishes the bidding (the others bid as the club's rule players do, B6-B9), plays the contract
  out with the cards open (a quick playout, exact at the end) and scores it for itself (B11
  points, B12 mani as a tie-break). It makes the call with the best average.
* **Play.** The same sampling; every distinct legal card is scored on each deal by the tricks the
  contracting side then takes -- an exact double-dummy search (:mod:`pyapp.boston.search`) once few
  tricks remain, a playout before -- turned into its own points, and the best average is played.

Like every search player it is anytime (:class:`~pyapp.bots.Budget`) and ``think`` yields between
slices.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pyapp.boston.bots import BostonRuleBot, estimate_tricks, note_trick
from pyapp.boston.rules import (
    ACCETTO,
    CARD_OF,
    CHIEDO,
    CODES,
    PASSO,
    POINTS,
    SOLO,
    SUIT_LETTERS,
    SUIT_OF,
    TRICKS_NEEDED,
    boston_card,
)
from pyapp.boston.search import Layout, Solver, options, playout, trick_winner
from pyapp.bots import Budget, ThinkingBot, Thought, Timer
from pyapp.core import COMPASS, InfoState
from pyapp.sampling import HiddenHand, NoDeal, VoidSampler
from pyapp.search import solved_or

SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}

EXACT_TRICKS: int = 4
"""Solve exactly when at most this many tricks remain."""

PLAYOUT_EXACT_TRICKS: int = 3
"""Playouts turn exact for their last tricks."""

SOLVE_NODES: int = 2500
"""Node cap of one exact solve; beyond it the position is scored by a playout."""

SAMPLE_WORK: int = 40
"""Work units charged for each deal used."""

DRAW_WORK: int = 30
"""Work units charged for drawing a deal (kept or not)."""

MAX_SAMPLES: int = 300

BID_BUDGET_SCALE: float = 3.0
"""A bid gets this many times a card's samples and work: one or two bids a hand decide most of its
points."""

BID_MS_SCALE: float = 1.3
"""A bid's time limit, in card time limits: a bid is about one move in ten, so its time is the
move time's 95th percentile, which must stay near 350 ms in CPython (1 s in Pyodide, 2-3 times
slower); on a loaded machine the time limit, not the work, ends a bid."""

CHIEDO_MIN: float = 3.5
"""Below this many estimated tricks the hard player never asks (CHIEDO): measured in the arena."""
SOLO_MIN: float = 6.0
"""Below this many estimated tricks the hard player never goes alone (SOLO)."""
BID_CAUTION: float = 0.5
"""Standard errors (of the paired difference of simulated scores) by which a call must beat PASSO
to be made: the best-looking of several noisy means is often just the luckiest. Measured in the
arena: 1.0 beat 2.0; with the deals read from the bids (:data:`MISFIT`), 0.5 beat 1.0 by +0.08
+- 0.08 points per hand (``--work 20000``, 150 deals, seed 3) and +0.02 +- 0.11 (100 deals,
seed 4): a small gain, not a certain one."""

MAX_MISSES: int = 150
"""After this many deals turned down in a row the next one is taken (bounds a slice when the
others' bids fit the rule model badly, as a person's may)."""

FORCED_MISSES: int = 12
"""The bound once :data:`MAX_MISSES` draws have found no deal explaining the bids: they are then
likely not the rule model's (a person's), and hunting on would leave too few deals to search."""

MISFIT: float = 0.01
"""Weight of a deal in which a player's bid is not what the rule players would have said.

Near rejection: only about one random hand in eight is strong enough for a rule player's CHIEDO,
so a looser weight (0.15 before) left about half the deals behind a CHIEDO with an asker too
weak to have asked; the hard player then expected the others' contracts to fail far more often
than they do and accepted too seldom. Measured in paired runs against three medium players
(``--work 20000``, 150 deals, seed 2): +0.66 points per hand at 0.15, +1.39 at 0.01 (difference
+0.73 +- 0.33); seed 1 (40 deals) +0.53 and +0.88."""

REDEAL_VALUE: float = 0.0
"""What four passes are worth to the hard player: the hand does not count and a new one is dealt
(B5), worth what an average hand is worth to it."""

RULE_SOLO_AT, RULE_CHIEDO_AT, RULE_ACCEPT_CREDIT = 7.0, 4.0, 5.0
"""The medium players' bidding thresholds (:class:`~pyapp.boston.bots.BostonRuleBot`), the model
the hard player uses for the others' bids."""

DEFAULT_BUDGET = Budget(ms=250.0, work=60_000)


@dataclass
class BostonKnowledge:
    """Everything ``seat`` knows about the hand in progress (from its view only)."""

    seat: int
    hand: list[int]
    trump: int
    natural: bool
    dealer: int
    turned: int
    turned_held: bool
    """Whether the dealer still holds the turned trump (it is public until played)."""
    bids: list[tuple[int, str]]
    contract: tuple[str, tuple[int, ...]] | None
    played: set[int] = field(default_factory=set)
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])
    counts: list[int] = field(default_factory=lambda: [13, 13, 13, 13])
    tricks: list[tuple[int, list[int], int]] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    @property
    def boston(self) -> int:
        """The Boston card of this hand (B2)."""
        return boston_card(self.trump)

    def esuit(self, card: int) -> int:
        """The suit ``card`` belongs to for following (B3)."""
        if card == self.boston and not self.natural:
            return self.trump
        return SUIT_OF[card]

    @classmethod
    def from_view(cls, seat: int, view: Mapping[str, Any]) -> BostonKnowledge:
        """Read the knowledge off ``view`` (``state.view(seat)``)."""
        contract = view.get("contract")
        k = cls(
            seat=seat,
            hand=[CARD_OF[c] for c in view["hand"]],
            trump=SUIT_LETTERS.index(view["trump_suit"]),
            natural=view["options"].get("boston_suit") == "natural",
            dealer=SEAT_INDEX[view["dealer"]],
            turned=CARD_OF[view["trump_card"]],
            turned_held=bool(view.get("trump_card_in_hand")),
            bids=[(SEAT_INDEX[s], b) for s, b in view["bids"]],
            contract=(contract["type"], tuple(SEAT_INDEX[s] for s in contract["players"]))
            if contract
            else None,
        )
        k.counts = [int(view["counts"][s]) for s in COMPASS]
        for trick in view["tricks"]:
            cards = [(SEAT_INDEX[s], CARD_OF[c]) for s, c in trick["cards"]]
            k._see(cards)
            k.tricks.append((cards[0][0], [c for _, c in cards], SEAT_INDEX[trick["winner"]]))
            k.won[SEAT_INDEX[trick["winner"]]] += 1
        k.trick = [(SEAT_INDEX[s], CARD_OF[c]) for s, c in view["trick"]]
        k._see(k.trick)
        return k

    def _see(self, cards: list[tuple[int, int]]) -> None:
        note_trick(cards, self.esuit, self.played, self.voids)

    def sampler(self) -> VoidSampler:
        """A sampler of the other three hands (sizes, voids, the turned trump)."""
        mine = set(self.hand)
        unseen = [c for c in range(52) if c not in mine and c not in self.played]
        suit_of = tuple(self.esuit(c) for c in range(52))
        hidden = []
        for p in range(4):
            if p == self.seat:
                continue
            known = (
                (self.turned,) if p == self.dealer and self.turned_held and self.turned not in mine else ()
            )
            hidden.append(HiddenHand(p, self.counts[p], frozenset(self.voids[p]), known))
        return VoidSampler(unseen, suit_of, hidden, 4)


def rule_bid(hand: list[int], trump: int, legal: list[str]) -> str:
    """The call a rule player (``medium``) makes with ``hand`` among ``legal``."""
    est = estimate_tricks(hand, trump, boston_card(trump))
    if est >= RULE_SOLO_AT and SOLO in legal:
        return SOLO
    if CHIEDO in legal and est >= RULE_CHIEDO_AT:
        return CHIEDO
    if ACCETTO in legal and est + RULE_ACCEPT_CREDIT >= 8.0:
        return ACCETTO
    return PASSO


class Bidding:
    """The bidding state machine (B6-B9), small and fast, for simulations."""

    __slots__ = ("turn", "asker", "acceptor", "to_speak", "passes", "contract", "redeal")

    def __init__(self, first: int) -> None:
        self.turn = first
        self.asker = -1
        self.acceptor = -1
        self.to_speak = 0
        self.passes = 0
        self.contract: tuple[str, tuple[int, ...]] | None = None
        self.redeal = False

    @property
    def over(self) -> bool:
        """Whether the bidding has ended (a contract, or four passes)."""
        return self.contract is not None or self.redeal

    def legal(self) -> list[str]:
        """The calls the player to speak may make."""
        if self.asker < 0:
            return [PASSO, CHIEDO, SOLO]
        if self.acceptor < 0:
            return [PASSO, ACCETTO, SOLO]
        return [PASSO, SOLO]

    def bid(self, call: str) -> None:
        """Apply one call by the player to speak (the engine's bidding, B6-B9)."""
        player = self.turn
        if call == SOLO:
            self.contract = (SOLO, (player,))
            return
        if call == CHIEDO:
            self.asker, self.to_speak = player, 3
        elif self.asker < 0:  # the first round: a PASSO; four make a redeal (B5)
            self.passes += 1
            self.redeal = self.passes == 4
        else:
            if call == ACCETTO:
                self.acceptor = player
            self.to_speak -= 1
            if self.to_speak == 0:
                accepted = self.acceptor >= 0
                side = (self.asker, self.acceptor) if accepted else (self.asker,)
                self.contract = (ACCETTO if accepted else CHIEDO, side)
                return
        self.turn = (player + 1) % 4


def score(seat: int, contract: tuple[str, tuple[int, ...]], side_tricks: int) -> float:
    """``seat``'s B11 points for the hand, plus its B12 mani as a tenth of a point."""
    kind, players = contract
    diff = side_tricks - TRICKS_NEEDED[kind]
    win_in, win_out, lose_in, lose_out = POINTS[kind]
    inside = seat in players
    if diff >= 0:
        points = win_in if inside else win_out
    else:
        points = lose_in if inside else lose_out
    return points + 0.1 * (diff if inside else -diff)


def _cautious_best(per_call: dict[str, list[float]], n: int) -> str:
    """The call to make from its simulated scores, deal by deal (paired).

    A call other than PASSO must beat PASSO by more than :data:`BID_CAUTION` standard errors of the
    paired difference: with a few dozen deals the best-looking call is often just the luckiest
    (picking the maximum of noisy means overrates it), and a failed contract costs twice what a
    made one brings.
    """
    if PASSO not in per_call or n < 2:
        return max(per_call, key=lambda c: sum(per_call[c][:n]))
    base = per_call[PASSO]
    best, best_lcb = PASSO, 0.0
    for call, scores in per_call.items():
        if call == PASSO:
            continue
        diffs = [scores[i] - base[i] for i in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        lcb = mean - BID_CAUTION * (var / n) ** 0.5
        if lcb > best_lcb:
            best, best_lcb = call, lcb
    return best


def _scaled(budget: Budget, factor: float, ms_factor: float) -> Budget:
    """``budget`` with its samples and work multiplied by ``factor``, its time by ``ms_factor``."""
    return Budget(
        ms=None if budget.ms is None else budget.ms * ms_factor,
        samples=None if budget.samples is None else max(1, int(budget.samples * factor)),
        work=None if budget.work is None else int(budget.work * factor),
        slice_ms=budget.slice_ms,
        clock=budget.clock,
    )


def _side_mask(players: tuple[int, ...]) -> int:
    m = 0
    for p in players:
        m |= 1 << p
    return m


class HardBostonBot(ThinkingBot):
    """Bids by simulation and plays by determinized search (see the module doc)."""

    name: ClassVar[str] = "hard"

    def __init__(self, budget: Budget | None = None) -> None:
        super().__init__(budget if budget is not None else DEFAULT_BUDGET)
        self.last_samples = 0
        self.last_work = 0
        self.last_estimates: dict[str, float] = {}
        """The expected score of each call at the last bid (for benchmarks and diagnostics)."""

    def think(self, info: InfoState, rng: random.Random) -> Thought:
        """The call or card for ``info.seat``; yields between slices."""
        view = info.view
        legal = list(info.legal)
        if len(legal) == 1:
            return legal[0]
        know = BostonKnowledge.from_view(info.seat, view)
        try:
            know.sampler()
        except NoDeal:  # only a history no legal game produces: play by the rules
            return BostonRuleBot().choose(info, rng)
        if view["phase"] == "bidding":
            timer = Timer(_scaled(self.budget, BID_BUDGET_SCALE, BID_MS_SCALE))
            action = yield from self._bid(know, legal, rng, timer)
        else:
            timer = Timer(self.budget)
            action = yield from self._play(know, legal, rng, timer)
        self.last_samples = timer.done
        self.last_work = timer.work
        return action

    # -- sampling ----------------------------------------------------------------------------------
    def _deals(
        self, know: BostonKnowledge, rng: random.Random, timer: Timer
    ) -> Generator[list[list[int]], None, None]:
        """Endless consistent deals (all four hands, engine cards), weighted towards the bids."""
        try:
            sampler = know.sampler()
        except NoDeal:
            return
        hidden = [p for p in range(4) if p != know.seat]
        misses = draws = 0
        fitted = False
        while True:
            drawn = sampler.sample(rng)
            draws += 1
            timer.work += DRAW_WORK
            hands: list[list[int]] = [[], [], [], []]
            hands[know.seat] = list(know.hand)
            for p, cards in zip(hidden, drawn, strict=True):
                hands[p] = cards
            # when no deal has explained the bids yet, stop paying for the hunt
            if misses >= (MAX_MISSES if fitted or draws <= MAX_MISSES else FORCED_MISSES):
                misses = 0
                yield hands
            else:
                fit = self._bid_fit(know, hands)
                if rng.random() >= fit:
                    misses += 1
                    continue
                misses = 0
                fitted = fitted or fit == 1.0
                yield hands

    @staticmethod
    def _bid_fit(know: BostonKnowledge, hands: list[list[int]]) -> float:
        """How well the deal explains the others' bids (1: as a rule player would bid)."""
        if not know.bids:
            return 1.0
        full = [list(h) for h in hands]
        for trick in know.tricks:
            leader = trick[0]
            for k, card in enumerate(trick[1]):
                full[(leader + k) % 4].append(card)
        for who, card in know.trick:
            full[who].append(card)
        bidding = Bidding((know.dealer + 1) % 4)
        fit = 1.0
        for who, call in know.bids:
            legal = bidding.legal()
            if who != know.seat and rule_bid(full[who], know.trump, legal) != call:
                fit *= MISFIT
            bidding.bid(call)
        return fit

    # -- bidding -------------------------------------------------------------------------------------
    def _bid(
        self, know: BostonKnowledge, legal: list[str], rng: random.Random, timer: Timer
    ) -> Generator[None, None, str]:
        est = estimate_tricks(know.hand, know.trump, know.boston)
        legal = [
            c for c in legal if not (c == CHIEDO and est < CHIEDO_MIN) and not (c == SOLO and est < SOLO_MIN)
        ]
        if len(legal) == 1:
            return legal[0]
        per_call: dict[str, list[float]] = {c: [] for c in legal}
        layout = Layout.make(know.trump, know.natural)
        first = (know.dealer + 1) % 4
        for hands in self._deals(know, rng, timer):
            masks = [layout.mask(h) for h in hands]
            for call in legal:
                bidding = Bidding(first)
                for _, past in know.bids:
                    bidding.bid(past)
                bidding.bid(call)
                while not bidding.over:
                    p = bidding.turn
                    bidding.bid(rule_bid(hands[p], know.trump, bidding.legal()))
                if bidding.contract is None:
                    per_call[call].append(REDEAL_VALUE)  # four passes: a new hand is dealt
                    continue
                side = _side_mask(bidding.contract[1])
                tricks, work = playout(masks, first, [], know.trump, side, PLAYOUT_EXACT_TRICKS, layout.wild)
                per_call[call].append(score(know.seat, bidding.contract, tricks))
                if timer.charge(work):
                    yield
                    timer.new_slice()
            if timer.sample_done(SAMPLE_WORK, MAX_SAMPLES):
                break
        if not timer.done:
            return PASSO
        n = min(len(v) for v in per_call.values())
        self.last_estimates = {c: sum(v[:n]) / n for c, v in per_call.items()}
        return _cautious_best(per_call, n)

    # -- play ----------------------------------------------------------------------------------------
    def _play(
        self, know: BostonKnowledge, legal: list[str], rng: random.Random, timer: Timer
    ) -> Generator[None, None, str]:
        assert know.contract is not None
        layout = Layout.make(know.trump, know.natural)
        wild = layout.wild
        side = _side_mask(know.contract[1])
        leader = know.trick[0][0] if know.trick else know.seat
        trick_bits = [layout.bit_of[c] for _, c in know.trick]
        already = sum(know.won[p] for p in know.contract[1])
        my_mask = layout.mask(know.hand)
        hands0 = [0, 0, 0, 0]
        hands0[know.seat] = my_mask
        legal_bits = {layout.bit_of[CARD_OF[a]] for a in legal}
        candidates = [
            b for b in options(_fill(hands0, know, layout), know.seat, trick_bits, wild) if b in legal_bits
        ]
        if len(candidates) == 1:
            return CODES[layout.card_of[candidates[0]]]
        totals = dict.fromkeys(candidates, 0.0)
        left = len(know.hand)
        exact = left <= EXACT_TRICKS
        for hands in self._deals(know, rng, timer):
            masks = [layout.mask(h) for h in hands]
            solver = Solver(know.trump, side, wild, SOLVE_NODES) if exact else None
            for bit in candidates:
                tricks, work = _value_after(
                    masks, leader, trick_bits, know.seat, bit, know.trump, side, wild, solver
                )
                totals[bit] += score(know.seat, know.contract, already + tricks)
                if timer.charge(work):
                    yield
                    timer.new_slice()
            if timer.sample_done(SAMPLE_WORK, MAX_SAMPLES):
                break
        best = max(candidates, key=lambda b: (totals[b], -(b % 14)))
        return CODES[layout.card_of[best]]


def _fill(hands0: list[int], know: BostonKnowledge, layout: Layout) -> list[int]:
    """Hands with every unseen card given to some other seat (only for listing one's options:
    equal-card pruning needs the live cards, not who holds them)."""
    mine = set(know.hand)
    rest = [c for c in range(52) if c not in mine and c not in know.played]
    other = (know.seat + 1) % 4
    hands = list(hands0)
    hands[other] = layout.mask(rest)
    return hands


def _value_after(
    hands: list[int],
    leader: int,
    trick: list[int],
    seat: int,
    bit: int,
    trump: int,
    side: int,
    wild: int,
    solver: Solver | None,
) -> tuple[int, int]:
    """(tricks the side takes from now, work) when ``seat`` plays ``bit``."""
    hands = list(hands)
    hands[seat] &= ~(1 << bit)
    trick = trick + [bit]
    gain = 0
    if len(trick) == 4:
        winner = trick_winner(trick, leader, trump, wild)
        gain = side >> winner & 1
        leader, trick = winner, []
    tricks, work = solved_or(
        solver,
        hands,
        leader,
        trick,
        lambda: playout(hands, leader, trick, trump, side, PLAYOUT_EXACT_TRICKS, wild),
    )
    return gain + tricks, work
