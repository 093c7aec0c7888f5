"""The ``hard`` poker player: decisions from equity by simulation against the hands others can hold.

**What the others can hold.** For each opponent still in the hand it draws five-card hands from
the cards it cannot see, weighing each by how well it explains that opponent's actions in this
hand (:class:`OpponentModel`): an opener holds the requirement (P7: a pair of jacks, queens or
kings or better -- certain, the engine allows nothing else); a player who passed, called or raised
before the draw, changed *k* cards, then checked, bet or called after it, is judged against how a
sound club player would have acted with that hand (the ``medium`` rule player's logic, with room
for bluffs and surprises). Draws are simulated: each opponent keeps what such a player keeps and
receives new cards from the unseen ones.

**Equity.** Over many simulated deals, the share in which its final hand beats every opponent's
(P16, P17: no ties). Before its own draw it simulates its best draw too.

**Decisions.**

* open, bet, raise: for value when the equity is high enough for the number of opponents; a
  bluff at a measured, moderate rate (:data:`BLUFF_RATE`) when few opponents are left and none
  has shown strength; amounts within the pot limit (P9): the pot for strong hands, half of it
  otherwise;
* call or fold by **pot odds**: call when the equity beats the price ``to_call / (pot +
  to_call)`` with a small margin;
* the draw: every sensible discard (keep the pairs, trips, a four-card flush or straight, high
  cards) is simulated and the one with the best equity is made;
* showdown and buy-ins as the rule player.

It is anytime like the other search players (:class:`~pyapp.bots.Budget`): the simulations run
until the budget ends, ``think`` yields between slices.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pyapp.bots import Budget, ThinkingBot, Thought, Timer
from pyapp.cards import Card, french_deck
from pyapp.core import HIDDEN, InfoState
from pyapp.poker.actions import PokerAction, card_order, log_verb
from pyapp.poker.bots import RuleBot
from pyapp.poker.evaluate import (
    PAIR,
    STRAIGHT,
    TWO_PAIR,
    card_int,
    category,
    int_card,
    make_evaluator,
    significant_ranks,
)

BLUFF_RATE: float = 0.10
"""How often it bets or raises with a hand it expects to lose, when a bluff is plausible."""

CALL_MARGIN: float = 1.1
"""Calls need an equity above the pot odds' price times this."""

SAMPLE_WORK: int = 10
"""Work units of one simulated deal (about 25 us of CPython)."""

DEFAULT_BUDGET = Budget(ms=250.0, work=15_000, samples=1500)

_REQ_RANK = {"J": 9, "Q": 10, "K": 11}
_ACE = 12


# -- hands as small integers ----------------------------------------------------------------------


def _rank(c: int) -> int:
    return c >> 2


def _suit(c: int) -> int:
    return c & 3


@dataclass
class Plan:
    """What a sound player keeps from five cards before the draw, and how strong he feels."""

    keep: tuple[int, ...]
    strength: float


class HandModel:
    """Fast hand reading for one deck (lowest rank): keys, draw plans, opening requirements."""

    def __init__(self, lowest: str, cyclic: bool = False) -> None:
        self.key = make_evaluator(lowest, cyclic)
        self.low = "23456789TJQKA".index(lowest)
        self._plans: dict[tuple[int, ...], Plan] = {}

    def evaluate(self, cards: Sequence[int]) -> int:
        """The P16/P17 key of five card ints."""
        return self.key(sorted(cards, reverse=True))

    def qualifies(self, cards: Sequence[int], requirement: str) -> bool:
        """P7: a pair of the requirement or better."""
        k = self.evaluate(cards)
        cat = category(k)
        return cat >= TWO_PAIR or (cat == PAIR and significant_ranks(k)[0] >= _REQ_RANK[requirement])

    def plan(self, cards: Sequence[int]) -> Plan:
        """The rule player's draw (:meth:`pyapp.poker.bots.RuleBot.draw_plan`) on card ints."""
        hand = tuple(sorted(cards, reverse=True))
        got = self._plans.get(hand)
        if got is not None:
            return got
        plan = self._plan(hand)
        if len(self._plans) < 200_000:
            self._plans[hand] = plan
        return plan

    def _plan(self, hand: tuple[int, ...]) -> Plan:
        k = self.key(hand)
        cat = category(k)
        ranks = [_rank(c) for c in hand]
        counts = {r: ranks.count(r) for r in ranks}
        made = RuleBot.made_strength(k)
        if cat >= STRAIGHT and cat != 7:
            return Plan(hand, made)
        if cat == 7:  # four of a kind: change the kicker
            return Plan(tuple(c for c in hand if counts[_rank(c)] > 1), 0.98)
        if cat in (3, TWO_PAIR):
            return Plan(tuple(c for c in hand if counts[_rank(c)] > 1), made + 0.05)
        suits = [_suit(c) for c in hand]
        best_suit = max(set(suits), key=suits.count)
        if suits.count(best_suit) == 4 and (cat == 0 or significant_ranks(k)[0] < 9):
            return Plan(tuple(c for c in hand if _suit(c) == best_suit), 0.42)
        if cat == 0:
            distinct = sorted(set(ranks))
            for start in range(self.low, 12 - 3 + 1):
                window = set(range(start, start + 4))
                if window <= set(distinct) and start + 4 <= 12:
                    return Plan(tuple(c for c in hand if _rank(c) in window), 0.30)
            return Plan((hand[0],), 0.10)
        if cat == PAIR:
            return Plan(tuple(c for c in hand if counts[_rank(c)] > 1), made + 0.08)
        return Plan(hand, made)

    def candidate_keeps(self, cards: Sequence[int]) -> list[tuple[int, ...]]:
        """Sensible cards to keep at the draw (each a tuple; ``len == 5`` stands pat)."""
        hand = tuple(sorted(cards, reverse=True))
        ranks = [_rank(c) for c in hand]
        counts = {r: ranks.count(r) for r in ranks}
        out: list[tuple[int, ...]] = [hand, self.plan(hand).keep]
        grouped = tuple(c for c in hand if counts[_rank(c)] > 1)
        if grouped:
            out.append(grouped)
            kicker = [c for c in hand if counts[_rank(c)] == 1]
            if kicker and len(grouped) <= 3:
                out.append(grouped + (kicker[0],))
        for s in range(4):
            same = tuple(c for c in hand if _suit(c) == s)
            if len(same) == 4:
                out.append(same)
        distinct = sorted(set(ranks))
        for start in range(self.low - 1, 12 - 3 + 1):
            window = {_ACE if r == self.low - 1 else r for r in range(start, start + 5)}
            held = [c for c in hand if _rank(c) in window and counts[_rank(c)] == 1]
            if len({_rank(c) for c in held}) == 4:
                out.append(tuple(held))
        del distinct
        out.append(hand[:1])
        out.append(hand[:2])
        seen: set[tuple[int, ...]] = set()
        unique = []
        for keep in out:
            keep = tuple(sorted(keep, reverse=True))
            if keep and keep not in seen:
                seen.add(keep)
                unique.append(keep)
        return unique


# -- what it knows ------------------------------------------------------------------------------------


@dataclass
class Opponent:
    """One opponent still in the hand and what he did in it."""

    seat: int
    opened: bool = False
    passed_with_chance: bool = False
    """Passed in the opening round before anyone opened (he may still hold openers: passetto)."""
    pre: list[str] = field(default_factory=list)
    """His betting actions before the draw (``call``, ``raise``), after the opening."""
    drew: int | None = None
    post: list[str] = field(default_factory=list)
    """His betting actions after the draw (``check``, ``bet``, ``call``, ``raise``)."""


@dataclass
class PokerKnowledge:
    """The hand in progress as the player sees it (from its view only)."""

    seat: int
    cards: list[int]
    lowest: str
    requirement: str
    unseen: list[int]
    opponents: list[Opponent]
    my_draw_done: bool
    pot: int
    to_call: int
    phase: str

    @classmethod
    def from_info(cls, info: InfoState) -> PokerKnowledge:
        """Read the hand off the information state."""
        v = info.view
        me = info.seat
        labels = [s["seat"] for s in v["seats"]]
        index = {label: i for i, label in enumerate(labels)}
        cards = [card_int(Card.parse(c, "fr")) for c in v["cards"]]
        lowest = str(v["lowest_rank"])
        deck = [
            card_int(c)
            for c in french_deck()
            if "23456789TJQKA".index(c.rank) >= "23456789TJQKA".index(lowest)
        ]
        gone = set(cards)
        for s in v["seats"]:
            for code in s.get("shown") or ():
                gone.add(card_int(Card.parse(code, "fr")))
        # the player's own discards are out of play
        for actor, action in _hand_history(info.history):
            if actor == me and HIDDEN not in action:
                value = PokerAction.parse(action)
                if value.verb == "draw":
                    gone.update(card_int(c) for c in value.cards)
        opponents: dict[int, Opponent] = {}
        live = [i for i, s in enumerate(v["seats"]) if s["in_hand"] and not s["folded"] and i != me]
        for i in live:
            opponents[i] = Opponent(i)
        opened = False
        drawn = False
        my_draw_done = False
        for label, line in v["log"]:
            q = index[label]
            verb = log_verb(line)
            if verb == "draw" or verb == "serve":
                drawn = True
                if q == me:
                    my_draw_done = True
                elif q in opponents:
                    opponents[q].drew = int(v["seats"][q]["draw"])
                continue
            if q not in opponents:
                continue
            o = opponents[q]
            if verb == "open":
                o.opened = True
                opened = True
            elif verb == "pass" and not opened:
                o.passed_with_chance = True
            elif verb in ("call", "raise", "bet", "check"):
                (o.post if drawn else o.pre).append(verb)
        return cls(
            seat=me,
            cards=cards,
            lowest=lowest,
            requirement=str(v["requirement"]),
            unseen=[c for c in deck if c not in gone],
            opponents=list(opponents.values()),
            my_draw_done=my_draw_done or v["phase"] == "bet2",
            pot=int(v["pot"]),
            to_call=int(v.get("to_call", 0)),
            phase=str(v["phase"]),
        )


def _hand_history(history: Sequence[tuple[int, str]]) -> Sequence[tuple[int, str]]:
    """The public history of the hand in progress (after its last shuffle)."""
    start = len(history)
    while start > 0 and not (history[start - 1][0] < 0 and history[start - 1][1].startswith("shuffle")):
        start -= 1
    return history[start:]


class OpponentModel:
    """How likely an opponent's actions are with a given hand (soft: nothing is impossible but
    opening without the requirement)."""

    def __init__(self, model: HandModel, requirement: str, n_opponents: int) -> None:
        self.model = model
        self.requirement = requirement
        self.exponent = max(1.0, 0.8 * n_opponents)

    def pre_draw(self, o: Opponent, hand: Sequence[int]) -> float:
        """Likelihood of his opening-round and first-round actions, and of his draw count."""
        m = self.model
        w = 1.0
        qualifies = m.qualifies(hand, self.requirement)
        plan = m.plan(hand)
        if o.opened and not qualifies:
            return 0.0
        if o.passed_with_chance and qualifies:
            w *= 0.15 if plan.strength > 0.7 else 0.05
        win = max(plan.strength, 0.01) ** self.exponent
        for verb in o.pre:
            if verb == "raise":
                w *= 0.9 if win > 0.6 else 0.06
            elif verb == "call":
                w *= 0.85 if win >= 0.2 else 0.25
        if o.drew is not None:
            w *= 0.9 if 5 - len(plan.keep) == o.drew else 0.05
        return w

    def post_draw(self, o: Opponent, hand: Sequence[int], pat_others: int) -> float:
        """Likelihood of his second-round actions with his final hand."""
        if not o.post:
            return 1.0
        strength = RuleBot.made_strength(self.model.evaluate(hand)) - 0.12 * pat_others
        win = max(strength, 0.01) ** self.exponent
        w = 1.0
        for verb in o.post:
            if verb in ("bet", "raise"):
                w *= 0.9 if win > 0.6 else 0.06
            elif verb == "call":
                w *= 0.85 if win >= 0.2 else 0.2
            elif verb == "check":
                w *= 0.2 if win > 0.6 else 0.9
        return w


class HardPokerBot(ThinkingBot):
    """Equity by simulation, pot odds, simulated draws, measured bluffs (see the module doc)."""

    name: ClassVar[str] = "hard"

    def __init__(self, budget: Budget | None = None, bluff: float = BLUFF_RATE) -> None:
        super().__init__(budget if budget is not None else DEFAULT_BUDGET)
        self.bluff = bluff
        self._rules = RuleBot()
        self._models: dict[str, HandModel] = {}
        self.last_samples = 0
        self.last_work = 0
        self.tally: Counter[str] = Counter()
        """What it did, for measuring its bluffs (``bench/bluff.py``): ``aggressive`` (opens, bets and
        raises), ``bluff_spots`` (a hopeless hand where a bluff was plausible), ``bluffs`` (the bets
        and raises it made there), ``pat_spots`` and ``pat_bluffs`` (the same for standing pat)."""

    def _model(self, lowest: str, cyclic: bool) -> HandModel:
        key = f"{lowest}{cyclic}"
        if key not in self._models:
            self._models[key] = HandModel(lowest, cyclic)
        return self._models[key]

    def think(self, info: InfoState, rng: random.Random) -> Thought:
        """The action for ``info.seat``; yields between slices of simulation."""
        v = info.view
        legal = list(info.legal)
        phase = v["phase"]
        if phase in ("rebuy", "showdown"):
            return self._rules.choose(info, rng)
        if phase == "cut":
            return "nocut" if "nocut" in legal else next(a for a in legal if a != "end")
        if len(legal) == 1:
            return legal[0]
        know = PokerKnowledge.from_info(info)
        model = self._model(know.lowest, info.options.get("cyclic") == "on")
        timer = Timer(self.budget)
        if phase == "draw":
            action = yield from self._draw(know, model, legal, rng, timer)
        else:
            action = yield from self._bet(know, model, v, legal, rng, timer)
        self.last_samples = timer.done
        self.last_work = timer.work
        return action

    # -- simulation ------------------------------------------------------------------------------------
    def _deal(
        self, know: PokerKnowledge, model: HandModel, opp_model: OpponentModel, rng: random.Random
    ) -> tuple[list[int], list[tuple[int, ...]], list[tuple[int, ...]]]:
        """One simulated deal: the remaining unseen cards (shuffled), each opponent's hand as dealt
        and his final hand (after his draw, simulated when it is still to come)."""
        pool = list(know.unseen)
        rng.shuffle(pool)
        initials: list[tuple[int, ...]] = []
        finals: list[tuple[int, ...]] = []
        discards: list[int] = []
        pat = sum(1 for o in know.opponents if o.drew is not None and o.drew <= 1)
        dealt: dict[int, list[int]] = {}
        for o in sorted(know.opponents, key=lambda o: not o.opened):  # the opener first: he must qualify
            dealt[o.seat] = _dealt_hand(o, pool, opp_model, rng)
        for o in know.opponents:
            hand = dealt[o.seat]
            initials.append(tuple(hand))
            keep = model.plan(hand).keep
            if o.drew is not None and 5 - len(keep) != o.drew:
                keep = tuple(sorted(hand, reverse=True)[: 5 - o.drew])
            need = 5 - len(keep)
            discards += [c for c in hand if c not in keep]
            if len(pool) < need + 5:  # the stub runs out: the discards are shuffled in (P11)
                rng.shuffle(discards)
                pool[:0] = discards
                discards = []
            final = tuple(keep) + tuple(pool[-need:]) if need else tuple(keep)
            if need:
                del pool[-need:]
            if o.drew is not None and o.post and need and rng.random() >= opp_model.post_draw(o, final, pat):
                # one retry of his new cards, to lean towards what his betting says
                pool = list(final[len(keep) :]) + pool
                rng.shuffle(pool)
                final = tuple(keep) + tuple(pool[-need:])
                del pool[-need:]
            finals.append(final)
        return pool, initials, finals

    def _equities(
        self,
        know: PokerKnowledge,
        model: HandModel,
        keeps: list[tuple[int, ...]],
        rng: random.Random,
        timer: Timer,
    ) -> Generator[None, None, list[float]]:
        """Share of simulated deals each candidate keep wins (all five cards kept: no draw)."""
        opp_model = OpponentModel(model, know.requirement, len(know.opponents))
        wins = [0] * len(keeps)
        n = 0
        key = model.key
        while True:
            pool, _, finals = self._deal(know, model, opp_model, rng)
            best_opp = max((key(sorted(f, reverse=True)) for f in finals if len(f) == 5), default=-1)
            for j, keep in enumerate(keeps):
                need = 5 - len(keep)
                mine = list(keep) + pool[:need]
                if len(mine) == 5 and key(sorted(mine, reverse=True)) > best_opp:
                    wins[j] += 1
            n += 1
            timer.done += 1
            timer.work += SAMPLE_WORK + 2 * len(keeps)
            if timer.slice_over():
                yield
                timer.new_slice()
            if timer.finished(minimum=30):
                break
        return [w / n for w in wins]

    # -- the draw --------------------------------------------------------------------------------------
    def _draw(
        self, know: PokerKnowledge, model: HandModel, legal: list[str], rng: random.Random, timer: Timer
    ) -> Generator[None, None, str]:
        keeps = model.candidate_keeps(know.cards)
        actions = [_draw_action(know.cards, keep) for keep in keeps]
        usable = [(k, a) for k, a in zip(keeps, actions, strict=True) if a in legal]
        if not usable:
            return "serve" if "serve" in legal else legal[0]
        equities = yield from self._equities(know, model, [k for k, _ in usable], rng, timer)
        best = max(range(len(usable)), key=lambda j: (equities[j], len(usable[j][0])))
        keep, action = usable[best]
        # a rare pat bluff: heads-up, a hopeless hand, nobody has stood pat yet
        if (
            len(keep) < 5
            and len(know.opponents) == 1
            and equities[best] < 0.2
            and all(o.drew is None or o.drew >= 2 for o in know.opponents)
            and "serve" in legal
        ):
            self.tally["pat_spots"] += 1
            if rng.random() < self.bluff / 2:
                self.tally["pat_bluffs"] += 1
                return "serve"
        return action

    # -- betting ---------------------------------------------------------------------------------------
    def _bluff_spot(self, know: PokerKnowledge, equity: float, strong_shown: bool) -> bool:
        """Whether a bet with a hand it expects to lose (equity under 0.2) is plausible here."""
        return (
            equity < 0.2
            and len(know.opponents) <= 2
            and not strong_shown
            and (know.to_call == 0 or know.phase == "bet1")
        )

    def _bet(
        self,
        know: PokerKnowledge,
        model: HandModel,
        v: Mapping[str, Any],
        legal: list[str],
        rng: random.Random,
        timer: Timer,
    ) -> Generator[None, None, str]:
        if know.my_draw_done:
            keeps = [tuple(know.cards)]
        else:
            keeps = [model.plan(know.cards).keep]
        equity = (yield from self._equities(know, model, keeps, rng, timer))[0]
        n_opp = max(1, len(know.opponents))
        verbs = {PokerAction.parse(a).verb for a in legal}
        raise_verb = next((x for x in ("open", "raise", "bet") if x in verbs), None)
        lo, hi = int(v.get("min", 0)), int(v.get("max", 0))
        pot = know.pot
        to_call = know.to_call
        value_line = 0.62 if n_opp >= 2 else 0.55
        strong_shown = any(o.post and ("bet" in o.post or "raise" in o.post) for o in know.opponents) or any(
            "raise" in o.pre for o in know.opponents
        )
        if raise_verb is not None and hi >= lo > 0:
            if raise_verb == "open":
                if equity > 0.75 and rng.random() < 0.12:
                    return "pass"  # slow-play: raise in passetto later
                self.tally["aggressive"] += 1
                return _amount(raise_verb, lo, hi, pot, strong=equity > 0.45, legal=legal)
            if equity >= value_line:
                self.tally["aggressive"] += 1
                return _amount(raise_verb, lo, hi, pot, strong=equity > 0.75, legal=legal)
            if self._bluff_spot(know, equity, strong_shown):
                self.tally["bluff_spots"] += 1
                if rng.random() < self.bluff:
                    self.tally["aggressive"] += 1
                    self.tally["bluffs"] += 1
                    return _amount(raise_verb, lo, hi, pot, strong=True, legal=legal)
        if "open" in verbs or (raise_verb == "open"):
            return "pass"
        if to_call == 0:
            return "check" if "check" in legal else legal[0]
        price = to_call / (pot + to_call)
        if equity >= price * CALL_MARGIN and "call" in legal:
            return "call"
        return "fold" if "fold" in legal else legal[0]


def _dealt_hand(o: Opponent, pool: list[int], opp_model: OpponentModel, rng: random.Random) -> list[int]:
    """Five cards from ``pool`` (removed from it) for opponent ``o``: drawn again and again until one
    is accepted with the probability its actions give it; an opener always holds the requirement."""
    for _ in range(30):
        picks = rng.sample(range(len(pool)), 5)
        hand = [pool[i] for i in picks]
        w = opp_model.pre_draw(o, hand)
        if w > 0 and rng.random() < w:
            break
    else:
        picks = _qualifying(pool, opp_model, rng) if o.opened else rng.sample(range(len(pool)), 5)
    hand = [pool[i] for i in picks]
    for i in sorted(picks, reverse=True):
        pool.pop(i)
    return hand


def _qualifying(pool: list[int], opp_model: OpponentModel, rng: random.Random) -> list[int]:
    """Positions in ``pool`` of a hand that meets the opening requirement (a pair of the required
    rank or better, plus three random cards)."""
    need = _REQ_RANK[opp_model.requirement]
    by_rank: dict[int, list[int]] = {}
    for i, c in enumerate(pool):
        if _rank(c) >= need:
            by_rank.setdefault(_rank(c), []).append(i)
    pairs = [idx for idx in by_rank.values() if len(idx) >= 2]
    if not pairs:  # two pair of any ranks qualify too
        low: dict[int, list[int]] = {}
        for i, c in enumerate(pool):
            low.setdefault(_rank(c), []).append(i)
        twos = [idx for idx in low.values() if len(idx) >= 2]
        if len(twos) < 2:
            return rng.sample(range(len(pool)), 5)
        a, b = rng.sample(twos, 2)
        four = rng.sample(a, 2) + rng.sample(b, 2)
        return four + rng.sample([i for i in range(len(pool)) if i not in four], 1)
    two = rng.sample(rng.choice(pairs), 2)
    rest = rng.sample([i for i in range(len(pool)) if i not in two], 3)
    return two + rest


def _amount(verb: str, lo: int, hi: int, pot: int, strong: bool, legal: list[str]) -> str:
    """A legal ``verb N``: the pot limit for strong hands, half the pot otherwise."""
    want = hi if strong else max(lo, min(hi, pot // 2))
    action = str(PokerAction.make(verb, number=want))
    if action in legal:
        return action
    values = [PokerAction.parse(a) for a in legal]
    amounts = sorted(x.number for x in values if x.verb == verb and x.number is not None)
    return str(PokerAction.make(verb, number=min(amounts, key=lambda x: abs(x - want))))


def _draw_action(cards: Sequence[int], keep: tuple[int, ...]) -> str:
    """The canonical ``draw``/``serve`` action that keeps ``keep``."""
    discard = [int_card(c) for c in cards if c not in keep]
    if not discard:
        return str(PokerAction.make("serve"))
    return str(PokerAction.make("draw", cards=tuple(sorted(discard, key=card_order))))
