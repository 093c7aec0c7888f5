"""Poker all'italiana: a session of hands at one table (rules P1-P18, docs/notation/poker.md).

The state machine of one hand::

    buy-ins between hands (P3/P4) -> * shuffle -> cut (dealer's right) -> [antes, deal] -> opening round
      -> (passed out: next hand, requirement rises) | betting after the opening
      -> draw (with * reshuffle of the discards when the stub runs out) -> second round
      -> (piatto di parola: pot carried, next hand at kings) | showdown (show/concede)
      -> [pots paid, dealer passes left] -> next hand

Seats are fixed positions ``1..n`` (the lot of seats, P1, happens before the record starts: the
seat numbers *are* its result); the first dealer is drawn by a chance action ``dealer K``.
Chips are integers; ``sum(resto) + chips in the middle + chips taken away by replaced players ==
passate bought by every player * passata`` always (see :meth:`PokerState.chips_conserved`).

Between hands (phase ``rebuy``) seats are asked one at a time, from the dealer's left:

* with ``topup=on``, every seated player: ``rebuy [K]`` (add K whole passate, P3) or ``stay``;
* with ``joiners=on``, every empty seat: ``join [K]`` (a new player sits down, buying in with one
  passata, or two if someone seated has already bought a second one, P4) or ``skip``;
* then, always, every seat whose resto is below the coming pot: ``rebuy [K]`` or ``leave`` (P3).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Self

from pyapp.cards import Card, CardError
from pyapp.core import CHANCE, TERMINAL, GameState, IllegalAction, Option, SeatRef
from pyapp.poker.evaluate import (
    CATEGORY_NAMES,
    FLUSH,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TWO_PAIR,
    card_int,
    category,
    evaluate,
    hand_name,
    lowest_rank_for,
    significant_ranks,
    stripped_deck,
)

MAX_PASSATE_AT_ONCE = 10
"""The most passate one ``rebuy K`` or ``join K`` may buy (a sanity bound, not a rule)."""

REQUIREMENTS = ("J", "Q", "K")
"""P8: the opening requirement levels (a pair of jacks, queens or kings at least)."""

_RANK_VALUE = {"J": 9, "Q": 10, "K": 11}

# phases
LOT, REBUY, SHUFFLE, CUT, OPENING, BET1, DRAW, RESHUFFLE, BET2, SHOWDOWN, OVER = (
    "lot",
    "rebuy",
    "shuffle",
    "cut",
    "opening",
    "bet1",
    "draw",
    "reshuffle",
    "bet2",
    "showdown",
    "over",
)


class PokerState(GameState):
    """A Poker all'italiana session: hands of five-card draw with one draw, pot-limit betting.

    Options: ``players`` (5; 4-6, P1/P2), ``passata`` (buy-in units, 100), ``ante`` (1, P5),
    ``dealer_ante`` (the dealer's extra uscita, 1; 0 = none), ``raise_cap`` (raises per betting
    round, 0 = unlimited; P9), ``cyclic`` (``off``/``on``: the lowest straight flush beats the
    highest, P16), ``hands`` (session length in deals, 0 = until a cutter plays ``end``),
    ``topup`` (``off``/``on``: a voluntary buy-in round before every deal, P3) and ``joiners``
    (``off``/``on``: an empty seat may be taken by a new player between hands, P4).
    """

    game = "poker"
    deck = "fr"
    option_spec = (
        Option("players", 5, low=4, high=6),
        Option("passata", 100, low=10, high=1_000_000),
        Option("ante", 1, low=1, high=10_000),
        Option("dealer_ante", 1, low=0, high=10_000),
        Option("raise_cap", 0, low=0, high=20),
        Option("cyclic", "off", choices=("off", "on")),
        Option("hands", 0, low=0, high=1_000_000),
        Option("topup", "off", choices=("off", "on")),
        Option("joiners", "off", choices=("off", "on")),
    )

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        n = int(self.options["players"])
        self.n = n
        self.lowest = lowest_rank_for(n)
        self.cards: tuple[Card, ...] = stripped_deck(self.lowest)
        self._by_code = {c.code: c for c in self.cards}
        self._deck_codes = frozenset(self._by_code)
        self._cyclic = self.options["cyclic"] == "on"
        self._cut_actions = [f"cut {k}" for k in range(1, len(self.cards))] + ["nocut"]
        self.passata = int(self.options["passata"])
        self.ante = int(self.options["ante"])
        self.dealer_ante = int(self.options["dealer_ante"])
        self.raise_cap = int(self.options["raise_cap"])
        self.max_hands = int(self.options["hands"])
        self.topup = self.options["topup"] == "on"
        self.joiners = self.options["joiners"] == "on"
        # session
        self.phase = LOT
        self.turn: int = CHANCE
        self.dealer = -1
        self.seated = [True] * n
        self.resto = [self.passata] * n
        self.bought = [1] * n
        self.player_no = [1] * n  # which player sits in the seat: 1 = the first, 2 = his successor...
        self.former: list[dict[str, Any]] = []  # players replaced by a joiner (P4, P18)
        self.buyins: list[dict[str, Any]] = []  # every passata bought after the first (P3, P4)
        self.departures: list[dict[str, Any]] = []  # every ``leave`` (P3, P18)
        self.queue: list[int] = []  # seats still to be asked in the voluntary round between hands
        self.joined_now: set[int] = set()  # seats taken before the coming deal (never its dealer)
        self.requirement = 0
        self.carry = 0
        self.hands_dealt = 0
        self.ended = False
        self.results: list[dict[str, Any]] = []
        self.last_hand: dict[str, Any] | None = None
        self._new_hand_fields()

    def _new_hand_fields(self) -> None:
        """Reset everything that belongs to one hand."""
        n = self.n
        self.in_hand = [False] * n
        self.folded = [False] * n
        self.hand: list[list[Card]] = [[] for _ in range(n)]
        self.contrib = [0] * n
        self.dead = 0
        self.round_bet = [0] * n
        self.current_bet = 0
        self.raises = 0
        self.need: set[int] = set()
        self.speak_order: list[int] = []
        self.speak_index = 0
        self.opener = -1
        self.opener_cards: list[Card] = []
        self.aside: list[Card] = []
        self.aggressor = -1
        self.deck_order: list[Card] = []
        self.stub: list[Card] = []
        self.pool: list[tuple[int, Card]] = []
        self.draws: list[int | None] = [None] * n
        self.draw_order: list[int] = []
        self.draw_index = 0
        self.serve_queue: list[tuple[int, int]] = []
        self.later: list[tuple[int, int]] = []
        self.reshuffle_cards: list[Card] = []
        self.last: list[str | None] = [None] * n
        self.log: list[list[str]] = []
        self.sd_order: list[int] = []
        self.sd_index = 0
        self._sd_pots: list[tuple[int, list[int]]] = []
        self.shown: dict[int, int] = {}
        self.conceded: set[int] = set()
        self.hand_requirement = self.requirement

    # -- seats -----------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def _left(self, p: int) -> int:
        """The next seat clockwise (to ``p``'s left) that is still at the table."""
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if self.seated[q]:
                return q
        return p

    def _right(self, p: int) -> int:
        """The previous seated seat (``p``'s right)."""
        for i in range(1, self.n + 1):
            q = (p - i) % self.n
            if self.seated[q]:
                return q
        return p

    def _ref(self, p: int) -> SeatRef:
        return SeatRef(self.seat_label(p))

    # -- derived quantities ------------------------------------------------------------------------
    def pot(self) -> int:
        """Every chip in the middle now: carried pot plus everything put in this hand."""
        return self.dead + sum(self.contrib)

    def required_resto(self) -> int:
        """P3: the pot that the coming hand will be played for (carried pot plus all uscite)."""
        players = sum(self.seated)
        return self.carry + self.ante * players + self.dealer_ante

    def short(self, p: int) -> bool:
        """P3: whether seated ``p``'s resto is below the coming pot (he must rebuy or leave)."""
        return self.seated[p] and self.resto[p] < self.required_resto()

    def someone_rebought(self) -> bool:
        """P4: whether a player seated at the table has already bought a second passata."""
        return any(self.seated[q] and self.bought[q] >= 2 for q in range(self.n))

    def join_minimum(self) -> int:
        """P4/P3: the passate a new player must buy: two if someone rebought, else one, and in any
        case enough for a resto at least the coming pot (which his uscita makes one ante larger)."""
        need = self.required_resto() + self.ante
        return max(2 if self.someone_rebought() else 1, -(-need // self.passata))

    def short_by(self, p: int) -> int:
        """How many passate ``p`` needs to reach the coming pot (0 if none)."""
        gap = self.required_resto() - self.resto[p]
        return max(0, -(-gap // self.passata))

    def chips_bought(self) -> int:
        """Every chip bought this session, by present and replaced players alike."""
        return (sum(self.bought) + sum(int(f["passate_bought"]) for f in self.former)) * self.passata

    def chips_conserved(self) -> bool:
        """The P3/P18 invariant: restos + the middle + chips taken away == chips bought."""
        away = sum(int(f["resto"]) for f in self.former)
        return sum(self.resto) + self.pot() + self.carry + away == self.chips_bought()

    def live(self) -> list[int]:
        """Seats still contesting the current hand (dealt in and not folded)."""
        return [p for p in range(self.n) if self.in_hand[p] and not self.folded[p]]

    def all_in(self, p: int) -> bool:
        """Whether ``p`` is in the hand with no chips left ("all'altezza")."""
        return self.in_hand[p] and not self.folded[p] and self.resto[p] == 0

    def to_call(self, p: int) -> int:
        """Chips ``p`` must add to match the current bet (capped by his resto)."""
        return min(self.current_bet - self.round_bet[p], self.resto[p])

    def bet_bounds(self, p: int) -> tuple[int, int]:
        """(min, max) of an ``open``/``bet`` amount or a ``raise`` increment for ``p`` now.

        Pot-limit (P9): a bet is at most the pot; a raise adds at most the pot after the call. The
        minimum is the ante (or whatever is left of the resto). ``max < min`` means impossible.
        """
        owe = max(self.current_bet - self.round_bet[p], 0)
        room = self.resto[p] - owe
        if room <= 0:
            return (1, 0)
        return (min(self.ante, room), min(self.pot() + owe, room))

    def qualifies(self, p: int) -> bool:
        """P7: whether ``p``'s hand holds the opening requirement (a pair of J/Q/K or better)."""
        key = self._key(self.hand[p])
        cat = category(key)
        if cat >= TWO_PAIR:
            return True
        return cat == PAIR and significant_ranks(key)[0] >= _RANK_VALUE[REQUIREMENTS[self.requirement]]

    def _key(self, cards: list[Card]) -> int:
        """The P16/P17 key of a five-card hand at this table."""
        return evaluate(cards, self.lowest, self._cyclic)

    def _opening_cards(self, cards: list[Card]) -> list[Card]:
        """P12: the cards that make up the opening combination (the pair(s), tris, or all five)."""
        cat = category(self._key(cards))
        if cat in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            return list(cards)
        counts = Counter(c.rank for c in cards)
        return [c for c in cards if counts[c.rank] >= 2]

    # -- the state machine ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.turn

    def legal_actions(self) -> list[str]:
        p = self.turn
        if p < 0 or self.phase == OVER:
            return []
        if self.phase == REBUY:
            if not self.seated[p]:
                return ["join", "skip"]
            if self.short(p):
                return ["rebuy", "leave"]
            return ["stay", "rebuy", "rebuy 2"]
        if self.phase == CUT:
            out = list(self._cut_actions)
            if self.max_hands == 0:
                out.append("end")
            return out
        if self.phase == OPENING:
            out = ["pass"]
            if self.qualifies(p):
                out += [f"open {a}" for a in self._amounts(p)]
            return out
        if self.phase in (BET1, BET2):
            owe = self.current_bet - self.round_bet[p]
            out = []
            if owe > 0:
                out += ["fold", "call"]
            else:
                out.append("check")
            if self._may_raise(p):
                verb = "raise" if self.current_bet > 0 else "bet"
                out += [f"{verb} {a}" for a in self._amounts(p)]
            return out
        if self.phase == DRAW:
            return ["serve"] + self._draw_choices(p)
        if self.phase == SHOWDOWN:
            return ["show", "concede"] if self._may_concede(p) else ["show"]
        return []

    def _amounts(self, p: int) -> list[int]:
        """A bounded representative set of amounts: min, half pot, pot (the max) and all-in."""
        lo, hi = self.bet_bounds(p)
        if hi < lo:
            return []
        return sorted({lo, max(lo, min(hi, self.pot() // 2)), hi})

    def _draw_choices(self, p: int) -> list[str]:
        """Representative draws: keep each pair/tris/four-card suit or run, or change 1-4 cards."""
        hand = sorted(self.hand[p], key=card_int, reverse=True)
        ranks = [c.rank_index for c in hand]
        single = [c for c in hand if ranks.count(c.rank_index) < 2]
        outs: list[list[Card]] = []
        if 0 < len(single) < 5:
            outs.append(single)
        suits = [c.suit for c in hand]
        for suit in set(suits):
            if suits.count(suit) == 4:
                outs.append([c for c in hand if c.suit != suit])
        outs += [hand[-k:] for k in (1, 2, 3, 4)]
        seen: set[str] = set()
        result = []
        for cards in outs:
            if not 1 <= len(cards) <= 4:
                continue
            text = "draw " + " ".join(c.code for c in cards)
            if text not in seen:
                seen.add(text)
                result.append(text)
        return result

    def _may_raise(self, p: int) -> bool:
        if self.raise_cap and self.current_bet > 0 and self.raises >= self.raise_cap:
            return False
        lo, hi = self.bet_bounds(p)
        return hi >= lo

    def _may_concede(self, p: int) -> bool:
        """P15: the first to show must show; later ones may concede unless they are the last
        possible claimant of a pot they share."""
        if not self.shown:
            return False
        pending = set(self.sd_order[self.sd_index + 1 :])
        for _, eligible in self._sd_pots:
            if p in eligible and not any(q != p and (q in self.shown or q in pending) for q in eligible):
                return False
        return True

    def chance_sample(self, rng: random.Random) -> str:
        if self.phase == LOT:
            return f"dealer {self.seat_label(rng.randrange(self.n))}"
        if self.phase == SHUFFLE:
            order = list(self.cards)
            rng.shuffle(order)
            return "shuffle " + " ".join(c.code for c in order)
        if self.phase == RESHUFFLE:
            order = list(self.reshuffle_cards)
            rng.shuffle(order)
            return "reshuffle " + " ".join(c.code for c in order)
        raise ValueError("not a chance node")

    # -- verification --------------------------------------------------------------------------------
    def verify_as(self, player: int, action: str) -> None:
        """Like :meth:`verify`, first checking that ``player`` is the one to act."""
        if self.phase == OVER:
            raise IllegalAction("common.game_over")
        if player != self.turn:
            if self.turn == CHANCE:
                raise IllegalAction("common.chance_turn")
            raise IllegalAction("common.not_your_turn", player=self._ref(self.turn))
        self.verify(action)

    def _parse_cards(self, codes: list[str]) -> list[Card]:
        """Cards of this table's deck from their codes, or a precise refusal."""
        out = []
        for code in codes:
            card = self._by_code.get(code)
            if card is None:
                try:
                    Card.parse(code, "fr")
                except CardError:
                    raise IllegalAction("common.bad_card", text=code) from None
                raise IllegalAction("poker.not_in_deck", text=code, lowest=self.lowest)
            out.append(card)
        return out

    def _amount(self, words: list[str], action: str) -> int:
        if len(words) != 2:
            raise IllegalAction("common.unknown_action", action=action)
        try:
            return int(words[1])
        except ValueError:
            raise IllegalAction("poker.bad_amount", text=words[1]) from None

    def verify(self, action: str) -> None:
        words = action.split()
        if not words:
            raise IllegalAction("common.unknown_action", action=action)
        verb = words[0]
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("common.game_over")
        if self.turn == CHANCE:
            self._verify_chance(verb, words, action)
            return
        if verb in ("dealer", "shuffle", "reshuffle"):
            raise IllegalAction("poker.not_chance", action=action)
        p = self.turn
        if phase != REBUY:
            if verb in ("rebuy", "stay"):
                raise IllegalAction("poker.rebuy_mid_hand")
            if verb in ("join", "skip"):
                raise IllegalAction("poker.join_mid_hand")
            if verb == "leave":
                raise IllegalAction("poker.leave_mid_hand")
        if phase == REBUY:
            self._verify_buyin(p, verb, words, action)
            return
        if phase == CUT:
            if verb == "nocut" and len(words) == 1:
                return
            if verb == "end" and len(words) == 1:
                if self.max_hands:
                    raise IllegalAction("poker.fixed_length", hands=self.max_hands)
                return
            if verb == "cut":
                k = self._amount(words, action)
                if not 1 <= k < len(self.cards):
                    raise IllegalAction("poker.bad_cut", high=len(self.cards) - 1)
                return
            raise IllegalAction("poker.cut_now", player=self._ref(p))
        if phase == OPENING:
            if verb == "pass" and len(words) == 1:
                return
            if verb == "open":
                if not self.qualifies(p):
                    raise IllegalAction(f"poker.no_requirement.{REQUIREMENTS[self.requirement]}")
                if len(words) == 1:
                    return
                self._check_amount(p, self._amount(words, action), "poker.open_limit")
                return
            if verb in ("bet", "raise", "call", "check", "fold"):
                raise IllegalAction("poker.open_or_pass")
            raise IllegalAction("common.unknown_action", action=action)
        if phase in (BET1, BET2):
            owe = self.current_bet - self.round_bet[p]
            if len(words) == 1 and verb in ("fold", "call", "check"):
                if verb == "check" and owe > 0:
                    raise IllegalAction("poker.must_call", amount=self.to_call(p))
                if verb == "call" and owe <= 0:
                    raise IllegalAction("poker.nothing_to_call")
                if verb == "fold" and owe <= 0:
                    raise IllegalAction("poker.check_instead")
                return
            if verb in ("bet", "raise"):
                if verb == "bet" and self.current_bet > 0:
                    raise IllegalAction("poker.bet_made", amount=self.current_bet)
                if verb == "raise" and self.current_bet == 0:
                    raise IllegalAction("poker.no_bet_to_raise")
                if verb == "raise" and self.raise_cap and self.raises >= self.raise_cap:
                    raise IllegalAction("poker.raise_cap", cap=self.raise_cap)
                key = "poker.bet_limit" if verb == "bet" else "poker.raise_limit"
                self._check_amount(p, self._amount(words, action), key)
                return
            if verb in ("open", "pass"):
                raise IllegalAction("poker.already_open")
            raise IllegalAction("common.unknown_action", action=action)
        if phase == DRAW:
            if verb == "serve" and len(words) == 1:
                return
            if verb == "draw":
                cards = self._parse_cards(words[1:])
                if not 1 <= len(cards) <= 4:
                    raise IllegalAction("poker.draw_count", count=len(cards))
                if len(set(cards)) != len(cards):
                    raise IllegalAction("poker.draw_twice")
                for c in cards:
                    if c not in self.hand[p]:
                        raise IllegalAction("common.not_in_hand", card=c)
                return
            raise IllegalAction("poker.draw_now")
        if phase == SHOWDOWN:
            if verb == "show" and len(words) == 1:
                return
            if verb == "concede" and len(words) == 1:
                if not self._may_concede(p):
                    raise IllegalAction("poker.must_show")
                return
            raise IllegalAction("poker.show_now")
        raise IllegalAction("common.unknown_action", action=action)

    def _passate(self, words: list[str], action: str, default: int) -> int:
        """The K of ``rebuy K`` / ``join K`` (``default`` when absent), within 1..MAX_PASSATE_AT_ONCE."""
        if len(words) == 1:
            return default
        k = self._amount(words, action)
        if not 1 <= k <= MAX_PASSATE_AT_ONCE:
            raise IllegalAction("poker.rebuy_count", high=MAX_PASSATE_AT_ONCE)
        return k

    def _verify_buyin(self, p: int, verb: str, words: list[str], action: str) -> None:
        """Between hands (P3, P4): what the seat being asked may say."""
        if not self.seated[p]:
            if verb == "skip" and len(words) == 1:
                return
            if verb == "join":
                low = self.join_minimum()
                if self._passate(words, action, low) < low:
                    key = (
                        "poker.join_double" if self.someone_rebought() and low == 2 else "poker.join_minimum"
                    )
                    raise IllegalAction(key, n=low)
                return
            raise IllegalAction("poker.seat_empty", seat=self._ref(p))
        if verb in ("join", "skip"):
            raise IllegalAction("poker.seat_taken", seat=self._ref(p))
        short = self.short(p)
        if verb == "rebuy":
            self._passate(words, action, 1)
            return
        if verb == "leave" and len(words) == 1:
            if not short:
                raise IllegalAction("poker.leave_only_short")
            return
        if verb == "stay" and len(words) == 1 and not short:
            return
        if short:
            raise IllegalAction("poker.resto_below_pot", resto=self.resto[p], pot=self.required_resto())
        raise IllegalAction("poker.topup_now")

    def _check_amount(self, p: int, amount: int, limit_key: str) -> None:
        lo, hi = self.bet_bounds(p)
        if hi < lo:
            raise IllegalAction("poker.no_chips")
        if amount > hi:
            owe = max(self.current_bet - self.round_bet[p], 0)
            if hi < self.pot() + owe:  # the resto, not the pot, is the limit
                raise IllegalAction("poker.over_resto", amount=amount, resto=hi)
            raise IllegalAction(limit_key, amount=amount, limit=hi)
        if amount < lo:
            raise IllegalAction("poker.below_min", amount=amount, low=lo)

    def _verify_chance(self, verb: str, words: list[str], action: str) -> None:
        if self.phase == LOT:
            if verb != "dealer" or len(words) != 2:
                raise IllegalAction("poker.expected_chance", expected="dealer")
            try:
                self.seat_of(words[1])
            except KeyError:
                raise IllegalAction("poker.bad_seat", text=words[1]) from None
            if words[1] == "*":
                raise IllegalAction("poker.bad_seat", text=words[1])
            return
        expected = "shuffle" if self.phase == SHUFFLE else "reshuffle"
        if verb != expected:
            raise IllegalAction("poker.expected_chance", expected=expected)
        codes = words[1:]
        target = self._deck_codes if self.phase == SHUFFLE else {c.code for c in self.reshuffle_cards}
        if len(codes) != len(target) or set(codes) != target:
            self._parse_cards(codes)  # a precise refusal for a card that does not exist
            raise IllegalAction("poker.bad_shuffle", count=len(target))

    # -- playing -------------------------------------------------------------------------------------
    def _do(self, action: str) -> None:
        words = action.split()
        verb = words[0]
        p = self.turn
        phase = self.phase
        if phase == LOT:
            self.dealer = self.seat_of(words[1])
            self._start_hand()
        elif phase == SHUFFLE:
            self.deck_order = self._parse_cards(words[1:])
            self.phase = CUT
            self.turn = self._right(self.dealer)
        elif phase == RESHUFFLE:
            self.stub = self._parse_cards(words[1:])
            self.phase = DRAW
            self._serve()
        elif phase == REBUY:
            self._buyin(p, verb, words)
        elif phase == CUT:
            if verb == "end":
                self.ended = True
                self.phase = OVER
                self.turn = TERMINAL
                return
            if verb == "cut":
                k = int(words[1])
                self.deck_order = self.deck_order[k:] + self.deck_order[:k]
            self.last[p] = action
            self._deal()
        elif phase == OPENING:
            self.last[p] = action
            self.log.append([self.seat_label(p), action])
            if verb == "pass":
                self.speak_index += 1
                if self.speak_index >= len(self.speak_order):
                    self._passed_out()
                else:
                    self.turn = self.speak_order[self.speak_index]
            else:
                amount = int(words[1]) if len(words) == 2 else min(self.pot(), self.resto[p])
                self.opener = p
                self.opener_cards = self._opening_cards(self.hand[p])
                self.phase = BET1
                self._put(p, amount)
                self.current_bet = self.round_bet[p]
                self.aggressor = p
                self.need = {q for q in self.live() if q != p and self.resto[q] > 0}
                self._next_bettor(p)
        elif phase in (BET1, BET2):
            self._bet_action(p, verb, words)
        elif phase == DRAW:
            self._draw_action(p, verb, words)
        elif phase == SHOWDOWN:
            self.log.append([self.seat_label(p), verb])
            self.last[p] = verb
            if verb == "show":
                self.shown[p] = self._key(self.hand[p])
            else:
                self.conceded.add(p)
            self.sd_index += 1
            self._next_shower()

    def _put(self, p: int, amount: int) -> None:
        """Move ``amount`` chips of ``p``'s resto into the pot for the current round."""
        self.resto[p] -= amount
        self.contrib[p] += amount
        self.round_bet[p] += amount

    def _bet_action(self, p: int, verb: str, words: list[str]) -> None:
        self.last[p] = " ".join(words)
        self.log.append([self.seat_label(p), " ".join(words)])
        self.need.discard(p)
        if verb == "fold":
            self.folded[p] = True
            self.pool.extend((p, c) for c in self.hand[p])
            if len(self.live()) == 1:
                self._finish(uncalled=True)
                return
        elif verb == "call":
            self._put(p, self.to_call(p))
        elif verb in ("bet", "raise"):
            self._put(p, max(self.current_bet - self.round_bet[p], 0) + int(words[1]))
            self.current_bet = self.round_bet[p]
            if verb == "raise":
                self.raises += 1
            self.aggressor = p
            self.need = {q for q in self.live() if q != p and self.resto[q] > 0}
        self._next_bettor(p)

    def _next_bettor(self, p: int) -> None:
        """Give the turn to the next seat that must still act, or close the betting round."""
        if self.need:
            for i in range(1, self.n + 1):
                q = (p + i) % self.n
                if q in self.need:
                    self.turn = q
                    return
        if self.phase == BET1:
            self._start_draw()
        else:
            self._end_second_round()

    def _buyin(self, p: int, verb: str, words: list[str]) -> None:
        """Play one decision between hands (P3, P4) and ask the next seat."""
        base: dict[str, Any] = {"before_hand": self.hands_dealt + 1, "seat": self.seat_label(p)}
        if verb == "rebuy":
            k = self._passate(words, " ".join(words), 1)
            kind = "rebuy" if self.short(p) else "topup"
            self.resto[p] += k * self.passata
            self.bought[p] += k
            self.buyins.append(
                base | {"player": self.player_no[p], "kind": kind, "passate": k, "units": k * self.passata}
            )
        elif verb == "leave":
            self.seated[p] = False
            self.departures.append(
                base | {"player": self.player_no[p], "resto": self.resto[p], "passate_bought": self.bought[p]}
            )
        elif verb == "join":
            low = self.join_minimum()
            double = self.someone_rebought()
            k = self._passate(words, " ".join(words), low)
            self.former.append(self._standing(p))
            self.player_no[p] += 1
            self.seated[p] = True
            self.resto[p] = k * self.passata
            self.bought[p] = k
            self.joined_now.add(p)
            self.buyins.append(
                base
                | {
                    "player": self.player_no[p],
                    "kind": "join",
                    "passate": k,
                    "units": k * self.passata,
                    "double": double,
                }
            )
        if self.queue and self.queue[0] == p:
            self.queue.pop(0)
        self._between()

    def _start_hand(self) -> None:
        """Between hands: the voluntary round (P3 ``topup``, P4 ``joiners``), then the rebuy
        prompts (P3), the end of the session, or on to the shuffle."""
        if self.max_hands and self.hands_dealt >= self.max_hands:
            self._over()
            return
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]  # the dealer last
        self.queue = [q for q in order if (self.topup if self.seated[q] else self.joiners)]
        self.joined_now = set()
        if sum(self.seated) < 2 and not any(not self.seated[q] for q in self.queue):
            self._over()
            return
        self._between()

    def _between(self) -> None:
        """Ask the next seat between hands, or deal."""
        if self.queue:
            self.phase = REBUY
            self.turn = self.queue[0]
            return
        if sum(self.seated) < 2:
            self._over()
            return
        if not self.seated[self.dealer]:
            # Art. V: a player entering at his own deal is never the dealer; the deal passes on.
            fresh = [
                q
                for q in ((self.dealer + i) % self.n for i in range(1, self.n + 1))
                if self.seated[q] and q not in self.joined_now
            ]
            self.dealer = fresh[0] if fresh else self._left(self.dealer)
        for i in range(1, self.n + 1):
            q = (self.dealer + i) % self.n
            if self.short(q):
                self.phase = REBUY
                self.turn = q
                return
        self._new_hand_fields()
        self.phase = SHUFFLE
        self.turn = CHANCE

    def _over(self) -> None:
        self.phase = OVER
        self.turn = TERMINAL

    def _deal(self) -> None:
        """Automation: antes (P5), then five cards each, one at a time from the dealer's left (P6)."""
        self.hand_requirement = self.requirement
        self.dead = self.carry
        self.carry = 0
        order = [q for q in (((self.dealer + i) % self.n) for i in range(1, self.n + 1)) if self.seated[q]]
        for q in order:
            self.in_hand[q] = True
            self._put(q, self.ante)
        # The dealer's extra uscita is dead money: it belongs to the main pot, not to his share.
        self.resto[self.dealer] -= self.dealer_ante
        self.dead += self.dealer_ante
        self.round_bet = [0] * self.n
        top = 0
        for _ in range(5):
            for q in order:
                self.hand[q].append(self.deck_order[top])
                top += 1
        self.stub = self.deck_order[top:]
        self.hands_dealt += 1
        self.speak_order = order
        self.speak_index = 0
        self.phase = OPENING
        self.turn = order[0]

    def _passed_out(self) -> None:
        """P8: nobody opened; the pot stays and the requirement rises (to kings at most)."""
        self._record("passed", [])
        self.carry = self.pot()
        self.requirement = min(self.requirement + 1, 2)
        self._next_hand()

    def _start_draw(self) -> None:
        """P11: survivors change cards in turn from the dealer's left."""
        self.phase = DRAW
        self.round_bet = [0] * self.n
        self.current_bet = 0
        self.raises = 0
        self.draw_order = [
            q for q in (((self.dealer + i) % self.n) for i in range(1, self.n + 1)) if q in self.live()
        ]
        self.draw_index = 0
        self.turn = self.draw_order[0]

    def _draw_action(self, p: int, verb: str, words: list[str]) -> None:
        if verb == "serve":
            self.draws[p] = 0
            self.last[p] = "serve"
            self.log.append([self.seat_label(p), "serve"])
        else:
            cards = self._parse_cards(words[1:])
            self.draws[p] = len(cards)
            self.last[p] = f"draw {len(cards)}"
            self.log.append([self.seat_label(p), f"draw {len(cards)}"])
            for c in cards:
                self.hand[p].remove(c)
                if p == self.opener and c in self.opener_cards:
                    self.aside.append(c)  # P12: split openers are kept apart
                else:
                    self.pool.append((p, c))
            self.serve_queue.append((p, 3 if len(cards) == 4 else len(cards)))
            if len(cards) == 4:
                self.later.append((p, 1))
        self.draw_index += 1
        if self.draw_index >= len(self.draw_order):
            self.serve_queue += self.later
            self.later = []
        self._serve()

    def _serve(self) -> None:
        """Automation: deal the cards owed from the stub; reshuffle the discards when it runs out."""
        while self.serve_queue:
            q, k = self.serve_queue[0]
            while k and self.stub:
                self.hand[q].append(self.stub.pop(0))
                k -= 1
            if k:
                self.serve_queue[0] = (q, k)
                # P11: the discards, except the player's own still to be served, are reshuffled.
                self.reshuffle_cards = [c for owner, c in self.pool if owner != q]
                self.pool = [(owner, c) for owner, c in self.pool if owner == q]
                self.phase = RESHUFFLE
                self.turn = CHANCE
                return
            self.serve_queue.pop(0)
        self.phase = DRAW
        if self.draw_index < len(self.draw_order):
            self.turn = self.draw_order[self.draw_index]
            return
        self._start_second_round()

    def _start_second_round(self) -> None:
        """P13: the opener (or the next player in to his left) speaks first."""
        self.phase = BET2
        can_act = [q for q in self.live() if self.resto[q] > 0]
        if len(can_act) < 2:
            self._start_showdown()
            return
        self.need = set(can_act)
        self._next_bettor((self.opener - 1) % self.n)

    def _end_second_round(self) -> None:
        if self.current_bet == 0 and not any(self.all_in(q) for q in self.live()):
            # P14: piatto di parola - all checked, no showdown, the pot carries over at kings.
            self._record("parola", [])
            self.carry = self.pot()
            self.requirement = 2
            self._next_hand()
            return
        self._start_showdown()

    def _start_showdown(self) -> None:
        """P15: the last bettor or raiser shows first, then the others clockwise."""
        self.phase = SHOWDOWN
        first = self.aggressor if self.aggressor in self.live() else self.opener
        live = set(self.live())
        self.sd_order = [q for q in (((first + i) % self.n) for i in range(self.n)) if q in live]
        self.sd_index = 0
        self._sd_pots = self._pots()  # contributions no longer change
        self.turn = self.sd_order[0]

    def _next_shower(self) -> None:
        if self.sd_index < len(self.sd_order):
            self.turn = self.sd_order[self.sd_index]
            return
        self._finish(uncalled=False)

    def _pots(self) -> list[tuple[int, list[int]]]:
        """The main pot and side pots: (amount, eligible seats), main first (P3 all'altezza)."""
        live = self.live()
        levels = sorted({self.contrib[q] for q in live})
        pots: list[tuple[int, list[int]]] = []
        prev = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, prev) for c in self.contrib)
            pots.append((amount, [q for q in live if self.contrib[q] >= level]))
            prev = level
        rest = sum(self.contrib) - sum(a for a, _ in pots)
        if pots:
            first_amount, first_eligible = pots[0]
            pots[0] = (first_amount + self.dead, first_eligible)
            last_amount, last_eligible = pots[-1]
            pots[-1] = (last_amount + rest, last_eligible)
        # Merge adjacent pots with the same contenders (e.g. the dealer's extra uscita).
        merged: list[tuple[int, list[int]]] = []
        for amount, eligible in pots:
            if merged and merged[-1][1] == eligible:
                merged[-1] = (merged[-1][0] + amount, eligible)
            else:
                merged.append((amount, eligible))
        return merged

    def _finish(self, uncalled: bool) -> None:
        """Pay every pot to its best claimant and record the hand."""
        awards: list[dict[str, Any]] = []
        for amount, eligible in self._pots():
            claimants = eligible if uncalled else [q for q in eligible if q in self.shown]
            if not claimants:  # cannot happen: the last claimant may not concede
                claimants = eligible
            winner = (
                max(claimants, key=lambda q: self.shown.get(q, -1)) if len(claimants) > 1 else claimants[0]
            )
            self.resto[winner] += amount
            award: dict[str, Any] = {
                "amount": amount,
                "eligible": [self.seat_label(q) for q in eligible],
                "winner": self.seat_label(winner),
            }
            if winner in self.shown:
                award["combination"] = self._combination(self.shown[winner])
            awards.append(award)
        self.contrib = [0] * self.n
        self.dead = 0
        self._record("uncalled" if uncalled else "showdown", awards)
        self.requirement = 0  # P8: a won pot resets the requirement to jacks
        self._next_hand()

    def _combination(self, key: int) -> dict[str, str]:
        return {
            "category": CATEGORY_NAMES[category(key)],
            "it": hand_name(key, "it"),
            "en": hand_name(key, "en"),
        }

    def _record(self, outcome: str, awards: list[dict[str, Any]]) -> None:
        """Append the finished hand to the session's results (what the checker prints)."""
        entry: dict[str, Any] = {
            "hand": self.hands_dealt,
            "dealer": self.seat_label(self.dealer),
            "requirement": REQUIREMENTS[self.hand_requirement],
            "outcome": outcome,
            "pot": self.pot() if outcome in ("passed", "parola") else sum(a["amount"] for a in awards),
            "pots": awards,
        }
        if self.opener >= 0:
            entry["opener"] = self.seat_label(self.opener)
            entry["openers"] = [c.code for c in self.opener_cards]  # P15: always shown
            if self.aside:
                entry["openers_aside"] = [c.code for c in self.aside]  # P12
        entry["draws"] = {self.seat_label(q): d for q, d in enumerate(self.draws) if d is not None}
        entry["shown"] = {
            self.seat_label(q): {"cards": [c.code for c in self.hand[q]], **self._combination(k)}
            for q, k in self.shown.items()
        }
        if self.conceded:
            entry["conceded"] = [self.seat_label(q) for q in sorted(self.conceded)]
        entry["resto"] = {self.seat_label(q): self.resto[q] for q in range(self.n)}
        if outcome in ("passed", "parola"):
            entry["carried"] = self.pot()
        self.results.append(entry)

    def _next_hand(self) -> None:
        """The deal passes to the left (P1); prompt rebuys and go on."""
        self.dealer = self._left(self.dealer)
        self.last_hand = self.results[-1]
        self._new_hand_fields()
        self._start_hand()

    # -- outputs ------------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for q in range(self.n):
            info: dict[str, Any] = {
                "seat": self.seat_label(q),
                "resto": self.resto[q],
                "passate": self.bought[q],
                "net": self.resto[q] - self.bought[q] * self.passata,
                "seated": self.seated[q],
                "player": self.player_no[q],
                "in_hand": self.in_hand[q],
                "folded": self.folded[q],
                "all_in": self.all_in(q),
                "bet": self.round_bet[q],
                "put_in": self.contrib[q],
                "cards": len(self.hand[q]),
                "draw": self.draws[q],
                "last": self.last[q],
            }
            if q in self.shown:
                info["shown"] = [c.code for c in self.hand[q]]
                info["combination"] = self._combination(self.shown[q])
            seats.append(info)
        out: dict[str, Any] = {
            "game": self.game,
            "phase": self.phase,
            "players": self.n,
            "lowest_rank": self.lowest,
            "hand": self.hands_dealt,
            "dealer": self.seat_label(self.dealer) if self.dealer >= 0 else None,
            "to_act": self.seat_label(self.turn) if self.turn >= 0 else None,
            "requirement": REQUIREMENTS[self.requirement],
            "opener": self.seat_label(self.opener) if self.opener >= 0 else None,
            "pot": self.carry + self.pot(),
            "pots": [{"amount": a, "eligible": [self.seat_label(q) for q in e]} for a, e in self._pots()]
            if self.phase in (BET1, DRAW, RESHUFFLE, BET2, SHOWDOWN)
            else [],
            "current_bet": self.current_bet,
            "raises": self.raises,
            "seats": seats,
            "log": [list(x) for x in self.log],
            "last_hand": self.last_hand,
            "passata": self.passata,
            "ante": self.ante,
            "required_resto": self.required_resto(),
            "topup": self.topup,
            "joiners": self.joiners,
            "someone_rebought": self.someone_rebought(),
        }
        if self.phase == REBUY and self.turn >= 0:
            q = self.turn
            kind = "join" if not self.seated[q] else ("short" if self.short(q) else "topup")
            out["buyin"] = {
                "seat": self.seat_label(q),
                "kind": kind,
                "join_passate": self.join_minimum(),
                "double": self.someone_rebought(),
                "short_by": self.short_by(q) if self.seated[q] else 0,
            }
        if player is not None and 0 <= player < self.n:
            out["me"] = self.seat_label(player)
            out["cards"] = [c.code for c in self.hand[player]]
            if self.hand[player] and len(self.hand[player]) == 5:
                key = self._key(self.hand[player])
                out["combination"] = self._combination(key)
                if self.phase == OPENING:
                    out["can_open"] = self.qualifies(player)
            if player == self.opener:
                out["openers"] = [c.code for c in self.opener_cards]
                out["aside"] = [c.code for c in self.aside]
            out["to_call"] = (
                max(self.current_bet - self.round_bet[player], 0) if self.phase in (BET1, BET2) else 0
            )
            if player == self.turn:
                lo, hi = self.bet_bounds(player)
                out["min"], out["max"] = (lo, hi) if hi >= lo else (0, 0)
                out["legal"] = self.legal_actions()
        return out

    def _standing(self, q: int) -> dict[str, Any]:
        """The P18 standing of the player now in seat ``q`` (seated or not)."""
        net = self.resto[q] - self.bought[q] * self.passata
        return {
            "seat": self.seat_label(q),
            "player": self.player_no[q],
            "resto": self.resto[q],
            "passate_bought": self.bought[q],
            "net_units": net,
            "net_passate": round(net / self.passata, 3),
            "seated": self.seated[q],
        }

    def result(self) -> dict[str, Any]:
        """Hands, buy-ins, departures and standings: one row per *player*, seat by seat, a player
        who took an empty seat (P4) coming after the one he replaced (``player`` 1, 2, ...)."""
        standings = []
        for q in range(self.n):
            label = self.seat_label(q)
            standings += [f for f in self.former if f["seat"] == label]
            standings.append(self._standing(q))
        return {
            "hands": self.results,
            "hands_played": self.hands_dealt,
            "over": self.phase == OVER,
            "pot_carried": self.carry + self.pot(),
            "buyins": self.buyins,
            "departures": self.departures,
            "standings": standings,
        }

    def returns(self) -> list[float]:
        """Per-seat net chips: resto minus everything bought in, summed over every player who sat
        in the seat (so the returns stay zero-sum but for a carried pot)."""
        out = [float(self.resto[q] - self.bought[q] * self.passata) for q in range(self.n)]
        for f in self.former:
            out[self.seat_of(f["seat"])] += f["net_units"]
        return out

    def clone(self) -> Self:
        return copy.deepcopy(self)
