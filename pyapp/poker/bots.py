"""Computer players for Poker all'italiana; they read only the information state the engine gives
them (``state.info_state(seat)``: their view, their legal actions, the public history).

* :class:`PokerRandomBot` plays a uniformly random legal action (rebuying when short, never ending
  the session; between hands it mostly stays as it is and a newcomer mostly sits down) - the baseline.
* :class:`RuleBot` plays by hand strength and pot odds: it opens with the requirement, calls when
  its estimated chance beats the price, raises strong hands, keeps pairs and trips at the draw,
  draws to four-flushes and open-ended straights when the price is right, values opponents' draws
  (a player standing pat is strong) and bluffs at a measured rate.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from pyapp.cards import Card
from pyapp.core import Bot, InfoState
from pyapp.poker.actions import PokerAction, card_order
from pyapp.poker.evaluate import (
    FLUSH,
    FOUR,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    category,
    evaluate,
    significant_ranks,
)
from pyapp.poker.stakes import MAX_PASSATE_AT_ONCE

_ORDER = "23456789TJQKA"


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(c, "fr") for c in codes]


def _amount_choices(v: Mapping[str, Any], legal: Sequence[str], verb: str) -> list[int]:
    """The amounts the bot considers for ``verb``: the minimum, half the pot and the maximum."""
    if not any(PokerAction.parse(a).verb == verb for a in legal):
        return []
    lo, hi = int(v["min"]), int(v["max"])
    return sorted({lo, max(lo, min(hi, int(v["pot"]) // 2)), hi})


class PokerRandomBot(Bot):
    """Random legal actions, a random kind of action first (fold, call, raise...) and then a random
    amount or set of cards of that kind, so that the many amounts do not crowd out the rest;
    always rebuys one passata when short and never ends the session (the baseline). Between hands
    it tops up one time in five and an empty seat is taken (with the minimum) four times in five,
    so random sessions keep their tables."""

    name = "poker-random"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A random kind of action, then a random action of that kind (see the class)."""
        legal = [a for a in info.legal if a != "end"]
        if "leave" in legal:
            return str(PokerAction.make("rebuy", number=1))
        if "stay" in legal:
            return "stay" if rng.random() < 0.8 else rng.choice([a for a in legal if a != "stay"])
        if "skip" in legal:
            return legal[0] if rng.random() < 0.8 else "skip"
        kinds: dict[str, list[str]] = {}
        for a in legal:
            kinds.setdefault(PokerAction.parse(a).verb, []).append(a)
        return rng.choice(kinds[rng.choice(list(kinds))])


class RuleBot(Bot):
    """A rule-based player: hand strength against pot odds, sensible draws, measured bluffs."""

    name = "poker-rules"

    def __init__(self, bluff: float = 0.06, max_passate: int = 5) -> None:
        self.bluff = bluff
        self.max_passate = max_passate

    # -- strength ----------------------------------------------------------------------------------
    @staticmethod
    def made_strength(key: int) -> float:
        """A rough chance that a made five-card hand wins against one opponent after the draw."""
        cat = category(key)
        top = significant_ranks(key)[0]
        base = {
            HIGH_CARD: 0.08,
            PAIR: 0.25,
            TWO_PAIR: 0.55,
            TRIPS: 0.72,
            STRAIGHT: 0.8,
            FULL_HOUSE: 0.88,
            FLUSH: 0.92,
            FOUR: 0.98,
            STRAIGHT_FLUSH: 0.995,
        }[cat]
        if cat in (PAIR, TWO_PAIR, HIGH_CARD):
            base += 0.02 * max(top - 8, 0)  # higher pairs are worth more
        return min(base, 0.995)

    @staticmethod
    def draw_plan(cards: list[Card], lowest: str) -> tuple[list[Card], float]:
        """Which cards to discard and the expected strength after the draw (before the draw)."""
        key = evaluate(cards, lowest)
        cat = category(key)
        counts = Counter(c.rank for c in cards)
        if cat >= STRAIGHT and cat != FOUR:
            return [], RuleBot.made_strength(key)
        if cat == FOUR:
            return [c for c in cards if counts[c.rank] == 1], 0.98
        if cat in (TRIPS, TWO_PAIR):
            return [c for c in cards if counts[c.rank] == 1], RuleBot.made_strength(key) + 0.05
        suits = Counter(c.suit for c in cards)
        suit, n = suits.most_common(1)[0]
        if n == 4 and (cat == HIGH_CARD or significant_ranks(key)[0] < 9):
            return [c for c in cards if c.suit != suit], 0.42  # four to a colore: flush beats full
        values = sorted({_ORDER.index(c.rank) for c in cards})
        low = _ORDER.index(lowest)
        if cat == HIGH_CARD:
            for run in _runs(values, low):
                keep = [c for c in cards if _ORDER.index(c.rank) in run]
                return [c for c in cards if c not in keep], 0.30
            high = sorted(cards, key=lambda c: _ORDER.index(c.rank), reverse=True)
            return high[1:], 0.10  # keep the highest card, change four
        if cat == PAIR:
            return [c for c in cards if counts[c.rank] == 1], RuleBot.made_strength(key) + 0.08
        return [], RuleBot.made_strength(key)

    # -- decisions -----------------------------------------------------------------------------------
    def choose(self, info: InfoState, rng: random.Random) -> str:
        """The rule-based decision for the seat to act (see the class)."""
        me = info.seat
        v = info.view
        legal = info.legal
        phase = v["phase"]
        if phase == "rebuy":
            return self._buyin(v, v["seats"][me])
        if phase == "cut":
            return rng.choice([a for a in legal if PokerAction.parse(a).verb == "cut"])
        cards = _cards(v["cards"])
        lowest = v["lowest_rank"]
        opponents = sum(1 for s in v["seats"] if s["in_hand"] and not s["folded"]) - 1
        if phase == "opening":
            opens = _amount_choices(v, legal, "open")
            if not opens:
                return "pass"
            _, strength = self.draw_plan(cards, lowest)
            if strength > 0.7 and rng.random() < 0.15:
                return "pass"  # wait to raise "in passetto"
            return str(
                PokerAction.make("open", number=opens[-1] if strength > 0.45 else opens[len(opens) // 2])
            )
        if phase == "draw":
            discard, _ = self.draw_plan(cards, lowest)
            if discard and rng.random() < self.bluff / 3 and len(discard) <= 2:
                return "serve"  # a pat bluff
            if not discard:
                return "serve"
            return str(PokerAction.make("draw", cards=tuple(sorted(discard[:4], key=card_order))))
        if phase == "showdown":
            if "concede" not in legal:
                return "show"
            mine = evaluate(cards, lowest)
            best = max(
                (evaluate(_cards(s["shown"]), lowest) for s in v["seats"] if s.get("shown")), default=-1
            )
            return "show" if mine > best else "concede"
        return self._bet(v, legal, cards, lowest, opponents, rng)

    def _buyin(self, v: Mapping[str, Any], mine: Mapping[str, Any]) -> str:
        """Between hands: a newcomer sits down; a short seat rebuys what covers the pot while within
        ``max_passate`` (else leaves); a seated player tops up one passata when below half of one."""
        info = v["buyin"]
        if info["kind"] == "join":
            return str(PokerAction.make("join", number=int(info["join_passate"])))
        if info["kind"] == "short":
            k = min(info["short_by"], MAX_PASSATE_AT_ONCE)  # asked again while still short
            if mine["passate"] + k > self.max_passate:
                return "leave"
            return str(PokerAction.make("rebuy", number=k))
        low = mine["resto"] < v["passata"] // 2
        return (
            str(PokerAction.make("rebuy", number=1)) if low and mine["passate"] < self.max_passate else "stay"
        )

    def _bet(
        self,
        v: Mapping[str, Any],
        legal: Sequence[str],
        cards: list[Card],
        lowest: str,
        opponents: int,
        rng: random.Random,
    ) -> str:
        if v["phase"] == "bet1":
            _, strength = self.draw_plan(cards, lowest)
        else:
            strength = self.made_strength(evaluate(cards, lowest))
            # A player who stood pat or changed one card is likely strong.
            pat = sum(
                1
                for s in v["seats"]
                if s["in_hand"] and not s["folded"] and s["draw"] in (0, 1) and s["seat"] != v["me"]
            )
            strength -= 0.12 * pat
        win = max(strength, 0.01) ** max(1.0, 0.8 * opponents)
        to_call = v["to_call"]
        pot = v["pot"]
        raises = _amount_choices(v, legal, "raise") + _amount_choices(v, legal, "bet")
        verb = "raise" if any(PokerAction.parse(a).verb == "raise" for a in legal) else "bet"
        if raises and (win > 0.6 or rng.random() < self.bluff):
            amount = raises[-1] if win > 0.75 or rng.random() < 0.5 else raises[len(raises) // 2]
            return str(PokerAction.make(verb, number=amount))
        if to_call == 0:
            return "check"
        price = to_call / (pot + to_call)
        if win >= price:
            return "call"
        return "fold"


def _runs(values: list[int], low: int) -> list[set[int]]:
    """Sets of four distinct ranks forming an open-ended straight draw (ace counts low too)."""
    ranks = set(values)
    out = []
    for start in range(low, 12 - 3 + 1):
        window = set(range(start, start + 4))
        if window <= ranks and start + 4 <= 12:
            out.append(window)
    return out


class EasyPokerBot(RuleBot):
    """A beginner: the rule player's reading of hands, with a beginner's leaks.

    It calls far too often ("I want to see"), chases any draw, keeps a kicker with its pair,
    never slow-plays, seldom raises and bluffs at random moments.
    """

    name = "poker-easy"

    def __init__(self) -> None:
        super().__init__(bluff=0.1)

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """The rule player's decision, bent by the beginner's habits (see the class)."""
        v = info.view
        legal = info.legal
        phase = v["phase"]
        if phase == "draw" and rng.random() < 0.5:
            cards = _cards(v["cards"])
            discard, _ = self.draw_plan(cards, v["lowest_rank"])
            if len(discard) >= 2:
                kept_kicker = sorted(discard, key=lambda c: _ORDER.index(c.rank))[:-1]
                return str(PokerAction.make("draw", cards=tuple(sorted(kept_kicker, key=card_order))))
        action = super().choose(info, rng)
        if phase in ("bet1", "bet2"):
            if action == "fold" and "call" in legal and rng.random() < 0.6:
                return "call"  # curiosity
            if PokerAction.parse(action).verb in ("raise", "bet") and rng.random() < 0.5:
                return "call" if "call" in legal else "check"
        return action
