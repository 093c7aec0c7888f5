"""The ``hard`` Tressette player: determinized search over deals consistent with the public facts.

For each decision it

1. derives what is known (:class:`~pyapp.tressette.sampler.Knowledge`): the cards played and by
   whom, voids shown, the declarations (a *busso* or a *volo* says a lot), the hand sizes;
2. draws deals of the unseen cards uniformly among those that fit
   (:class:`~pyapp.tressette.sampler.Sampler`);
3. scores every distinct legal card on each deal with the cards open: an exact double-dummy
   search (:class:`~pyapp.tressette.search.Solver`) once few cards remain, earlier a fast
   perfect-information playout that turns exact for the last tricks;
4. plays the card with the best average hand points (thirds break ties), with the canonical
   declaration when it leads -- the calls the partner reads, as it reads everyone's.

It is *anytime*: it samples deals until its :class:`~pyapp.bots.Budget` runs out and answers with
the best card so far; ``think`` yields between slices of a few milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import ClassVar

from pyapp.bots import Budget, ThinkingBot, Thought, Timer
from pyapp.core import InfoState
from pyapp.search import set_bits, solved_or
from pyapp.tressette import CODES, INDEX, SEAT_LABELS, THIRDS
from pyapp.tressette.actions import Play, parse
from pyapp.tressette.bots import NOCUT, ChitarrellaBot, public_plays
from pyapp.tressette.declarations import canonical_tokens
from pyapp.tressette.sampler import Knowledge, NoConsistentDeal, Sampler
from pyapp.tressette.search import (
    BIT_OF_INDEX,
    BIT_THIRDS,
    INDEX_OF_BIT,
    LAST_TRICK,
    SUIT_MASKS,
    Solver,
    mask_of,
    rollout,
    trick_result,
)

EXACT_CARDS: int = 20
"""Solve exactly when at most this many cards remain to be played (5 tricks)."""

ROLLOUT_EXACT_TRICKS: int = 3
"""Playouts turn into an exact search for their last tricks."""

SAMPLE_WORK: int = 60
"""Work units charged for drawing one deal (the sampler's cost, in search-node units)."""

MAX_SAMPLES: int = 300
"""More deals than this add nothing worth the time."""

SOLVE_NODES: int = 2500
"""Node cap of one exact solve; beyond it the position is scored by a playout instead."""


def knowledge_of(info: InfoState) -> Knowledge:
    """What ``info.seat`` knows now, from its view, the options and the public plays (never hidden
    cards): under ``first_lead=four_of_denari`` the first leader was dealt the 4 of denari (T7)."""
    view = info.view
    first = SEAT_LABELS.index(view["first_leader"])
    plays = public_plays(info.history)
    dealt = {first: [INDEX["4d"]]} if info.options.get("first_lead") == "four_of_denari" else None
    return Knowledge.from_plays(info.seat, [INDEX[c] for c in view["hand"]], first, plays, dealt)


def distinct_cards(cards: list[int], live: int) -> list[int]:
    """``cards`` (engine indices) without those interchangeable with a higher one of them.

    Two cards of the same suit and thirds are interchangeable when no other live card (``live``:
    engine-index bit set of every card not yet played, plus the trick's) lies between them.
    """
    mine = 0
    for c in cards:
        mine |= 1 << BIT_OF_INDEX[c]
    live_bits = 0
    for i in range(40):
        if live >> i & 1:
            live_bits |= 1 << BIT_OF_INDEX[i]
    out = []
    prev = -1
    for b in sorted((BIT_OF_INDEX[c] for c in cards), reverse=True):
        if prev >= 0 and prev // 10 == b // 10 and BIT_THIRDS[prev] == BIT_THIRDS[b]:
            between = live_bits & ((1 << prev) - 1) & ~((1 << (b + 1)) - 1)
            if not between & ~mine:
                continue
        out.append(INDEX_OF_BIT[b])
        prev = b
    return out


DEFAULT_BUDGET = Budget(ms=250.0, work=30_000)
"""At most a quarter of a second and about 0.1 s of CPython work a move."""


class HardTressetteBot(ThinkingBot):
    """Determinized double-dummy search with consistent sampling (see the module doc)."""

    name: ClassVar[str] = "hard"

    def __init__(self, budget: Budget | None = None, exact_cards: int = EXACT_CARDS) -> None:
        super().__init__(budget if budget is not None else DEFAULT_BUDGET)
        self.exact_cards = exact_cards
        self.last_samples = 0
        self.last_work = 0
        """How many deals the last decision looked at (for benchmarks)."""

    def think(self, info: InfoState, rng: random.Random) -> Thought:
        """The action for ``info.seat`` (see the module doc); yields between slices."""
        legal = info.legal
        if info.view["phase"] == "cut":
            return NOCUT if NOCUT in legal else legal[0]
        know = knowledge_of(info)
        cards = sorted({v.card for v in map(parse, legal) if isinstance(v, Play)})
        live = know.unseen | know.hand
        for c in know.trick:
            live |= 1 << c
        candidates = distinct_cards(cards, live)
        self.last_samples = self.last_work = 0
        if len(candidates) > 1:
            timer = Timer(self.budget)
            try:
                sampler = Sampler(know)
            except NoConsistentDeal:  # only a history no legal game produces: play by the rules
                return ChitarrellaBot().choose(info, rng)
            scores = yield from self._search(know, sampler, candidates, rng, timer)
            self.last_samples = timer.done
            self.last_work = timer.work
            card = max(candidates, key=lambda c: (scores[c], -THIRDS[c], -c))
        else:
            card = candidates[0]
        return self._action(know, card)

    @staticmethod
    def _action(know: Knowledge, card: int) -> str:
        if know.trick:
            return CODES[card]
        hand = [i for i in range(40) if know.hand >> i & 1]
        tokens = canonical_tokens(hand, card, know.played, know.tricks_done == 0)
        return " ".join([CODES[card], *tokens])

    def _search(
        self, know: Knowledge, sampler: Sampler, candidates: list[int], rng: random.Random, timer: Timer
    ) -> Generator[None, None, dict[int, float]]:
        """Average score of each candidate over sampled deals; returns {card: score}."""
        team = know.seat % 2
        captured = know.thirds[team]
        totals = dict.fromkeys(candidates, 0.0)
        remaining = 40 - know.played.bit_count() + len(know.trick)
        exact = remaining - len(know.trick) <= self.exact_cards
        trick_bits = [BIT_OF_INDEX[c] for c in know.trick]
        while True:
            deal = sampler.sample(rng)
            hands = [mask_of(set_bits(h)) for h in deal]
            live_thirds = sum(BIT_THIRDS[b] for h in hands for b in set_bits(h))
            live_thirds += sum(BIT_THIRDS[b] for b in trick_bits) + LAST_TRICK
            solver = Solver(max_nodes=SOLVE_NODES) if exact else None
            for c in candidates:
                ns, work = _value_after(hands, know.leader, trick_bits, know.seat, BIT_OF_INDEX[c], solver)
                ours = ns if team == 0 else live_thirds - ns
                totals[c] += (captured + ours) // 3 + 0.02 * ours
                if timer.charge(work):
                    yield
                    timer.new_slice()
            if timer.sample_done(SAMPLE_WORK, MAX_SAMPLES):
                break
        return {c: totals[c] / timer.done for c in candidates}


def _value_after(
    hands: list[int], leader: int, trick: list[int], seat: int, bit: int, solver: Solver | None
) -> tuple[int, int]:
    """(N-S thirds from now, work units) when ``seat`` plays ``bit``, then best play (exact) or
    a playout."""
    hands = list(hands)
    hands[seat] &= ~(1 << bit)
    trick = trick + [bit]
    gain = 0
    if len(trick) == 4:
        winner, pts = trick_result(leader, trick)
        if not (hands[0] | hands[1] | hands[2] | hands[3]):
            pts += LAST_TRICK
        gain = pts if winner % 2 == 0 else 0
        leader, trick = winner, []
    value, work = solved_or(
        solver, hands, leader, trick, lambda: rollout(hands, leader, trick, ROLLOUT_EXACT_TRICKS)
    )
    return gain + value, work


__all__ = ["HardTressetteBot", "SUIT_MASKS", "distinct_cards", "knowledge_of"]
