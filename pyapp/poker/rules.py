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

The parts: :mod:`pyapp.poker.actions` (typed actions, canonical spellings),
:mod:`pyapp.poker.phases` (one verifier and one legal-action list per phase),
:mod:`pyapp.poker.stakes` (buy-ins, rebuys and joiners between hands), :mod:`pyapp.poker.pots`
(main and side pots, pure), :mod:`pyapp.poker.evaluate` (hand keys), :mod:`pyapp.poker.outputs`
(views, hand records, the result) and :mod:`pyapp.poker.knowledge` (what each seat knows of the
shuffles, for information states). This module is the state machine: it dispatches to them and
plays the actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pyapp.cards import Card
from pyapp.core import (
    CHANCE,
    CUT,
    HIDDEN,
    LOT,
    SHUFFLE,
    TERMINAL,
    GameState,
    IllegalAction,
    Option,
)
from pyapp.poker import chance, draw, knowledge, outputs, phases, stakes
from pyapp.poker.actions import CHANCE_VERBS, PokerAction, interpret
from pyapp.poker.evaluate import (
    FLUSH,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TWO_PAIR,
    category,
    evaluate,
    lowest_rank_for,
    significant_ranks,
    stripped_deck,
)
from pyapp.poker.knowledge import RESHUFFLED, HandTrace
from pyapp.poker.phases import (
    BET1,
    BET2,
    DRAW,
    OPENING,
    OVER,
    PHASES,
    REBUY,
    REQUIREMENTS,
    RESHUFFLE,
    SHOWDOWN,
)
from pyapp.poker.pots import Pot, pot_winner, side_pots
from pyapp.poker.stakes import MAX_PASSATE_AT_ONCE

if TYPE_CHECKING:
    from pyapp.poker.start import PokerStart

__all__ = ["MAX_PASSATE_AT_ONCE", "REQUIREMENTS", "PokerState"]

_RANK_VALUE = {"J": 9, "Q": 10, "K": 11}

_CHECKS: dict[str, Callable[[PokerState, int, PokerAction], None]] = {}
"""The verifier of each phase where a seat acts."""
_CHANCE_CHECKS: dict[str, Callable[[PokerState, PokerAction], None]] = {
    LOT: phases.check_lot,
    SHUFFLE: phases.check_shuffle,
    RESHUFFLE: phases.check_reshuffle,
}
"""The verifier of each chance phase."""
_LEGAL: dict[str, Callable[[PokerState, int], list[str]]] = {}
"""The legal actions of each phase where a seat acts."""


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
    phases: ClassVar[tuple[str, ...]] = PHASES
    between_phases: ClassVar[frozenset[str]] = GameState.between_phases | {REBUY}
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
        self.card_by_code = {c.code: c for c in self.cards}
        self.deck_codes = frozenset(self.card_by_code)
        self._cyclic = self.options["cyclic"] == "on"
        self.cut_actions = [f"cut {k}" for k in range(1, len(self.cards))] + ["nocut"]
        self.passata = int(self.options["passata"])
        self.ante = int(self.options["ante"])
        self.dealer_ante = int(self.options["dealer_ante"])
        self.raise_cap = int(self.options["raise_cap"])
        self.max_hands = int(self.options["hands"])
        self.topup = self.options["topup"] == "on"
        self.joiners = self.options["joiners"] == "on"
        # session
        self._phase = LOT
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
        # The public history (see public_history): every card masked, as nobody knows it; each
        # seat's own draws; for every finished hand its shuffles and the positions each seat knew.
        self.public_log: list[tuple[int, str]] = []
        self.own_draws: list[list[int]] = [[] for _ in range(n)]
        self.finished_hands: list[HandTrace] = []
        # Built on demand from the above (a cache: the public history as each seat knows it so far,
        # with how many own draws and finished hands it already shows).
        self.seen_by: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self.seen_draws = [0] * n
        self.seen_hands = [0] * n
        self.new_hand_fields()

    @classmethod
    def at_hand(cls, options: Mapping[str, str | int], start: PokerStart) -> Self:
        """A session about to shuffle for the hand ``start`` describes (:mod:`pyapp.poker.start`)."""
        state = cls(**options)
        state.dealer = start.dealer
        state.hands_dealt = start.hands
        state.requirement = start.requirement
        state.carry = start.carry
        state.resto = list(start.resto)
        state.bought = list(start.passate)
        state.seated = list(start.seated)
        state.player_no = list(start.players)
        state.queue = []
        state.joined_now = set()
        state.new_hand_fields()
        state.set_phase(SHUFFLE, CHANCE)
        return state

    def new_hand_fields(self) -> None:
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
        self.sd_pots: list[Pot] = []
        self.shown: dict[int, int] = {}
        self.conceded: set[int] = set()
        self.hand_requirement = self.requirement
        # The public course of the hand, for the public history (pyapp.poker.knowledge.HandTrace).
        self.hand_chance: list[int] = []
        self.cut_depth = 0
        self.dealt_order: tuple[int, ...] = ()
        self.served_to: list[int] = []
        self.shown_hands: list[tuple[int, tuple[str, ...]]] = []

    # -- seats -----------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def left(self, p: int) -> int:
        """The next seat clockwise (to ``p``'s left) that is still at the table."""
        for i in range(1, self.n + 1):
            q = (p + i) % self.n
            if self.seated[q]:
                return q
        return p

    def right(self, p: int) -> int:
        """The previous seated seat (``p``'s right)."""
        for i in range(1, self.n + 1):
            q = (p - i) % self.n
            if self.seated[q]:
                return q
        return p

    # -- derived quantities ------------------------------------------------------------------------
    def pot(self) -> int:
        """Every chip in the middle now: carried pot plus everything put in this hand."""
        return self.dead + sum(self.contrib)

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
        key = self.key(self.hand[p])
        cat = category(key)
        if cat >= TWO_PAIR:
            return True
        return cat == PAIR and significant_ranks(key)[0] >= _RANK_VALUE[REQUIREMENTS[self.requirement]]

    def key(self, cards: list[Card]) -> int:
        """The P16/P17 key of a five-card hand at this table."""
        return evaluate(cards, self.lowest, self._cyclic)

    def _opening_cards(self, cards: list[Card]) -> list[Card]:
        """P12: the cards that make up the opening combination (the pair(s), tris, or all five)."""
        cat = category(self.key(cards))
        if cat in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            return list(cards)
        counts = Counter(c.rank for c in cards)
        return [c for c in cards if counts[c.rank] >= 2]

    # -- the state machine ------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.turn  # TERMINAL once the session is over

    def phase(self) -> str:
        """Where the session is: one of :attr:`phases` (``lot``, ``rebuy``, ``shuffle``, ``cut``,
        ``opening``, ``bet1``, ``draw``, ``reshuffle``, ``bet2``, ``showdown``, ``game_over``)."""
        return self._phase

    def set_phase(self, phase: str, turn: int) -> None:
        """Move to ``phase`` with ``turn`` to act (the state machine's parts call it)."""
        self._phase = phase
        self.turn = turn

    def legal_actions(self) -> list[str]:
        p = self.turn
        if p < 0 or self._phase == OVER:
            return []
        return _LEGAL[self._phase](self, p)

    def chance_sample(self, rng: random.Random) -> str:
        """A uniformly random lot or deck order (:func:`pyapp.poker.chance.sample`)."""
        return chance.sample(self, rng)

    def chance_count(self) -> int:
        """How many outcomes the chance node has (:func:`pyapp.poker.chance.count`)."""
        return chance.count(self)

    def chance_outcome(self, index: int) -> str:
        """Outcome number ``index`` (:func:`pyapp.poker.chance.outcome`)."""
        return chance.outcome(self, index)

    def chance_index(self, action: str) -> int:
        """The number of a chance outcome (:func:`pyapp.poker.chance.index`)."""
        return chance.index(self, action)

    # -- verification --------------------------------------------------------------------------------
    def implied_number(self, verb: str) -> int | None:
        """The number a player leaves out: ``open`` alone is the pot (P9, Art. VI), ``rebuy`` one
        passata, ``join`` the minimum (P4); ``None`` when it has no meaning now."""
        if verb == "open" and self._phase == OPENING and self.turn >= 0:
            return min(self.pot(), self.resto[self.turn])
        if verb == "rebuy":
            return 1
        if verb == "join" and self._phase == REBUY:
            return stakes.join_minimum(self)
        return None

    def parse_action(self, text: str) -> PokerAction:
        """The typed action for ``text`` (:func:`pyapp.poker.actions.interpret`): syntax only."""
        return interpret(self, text)

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` unless the typed ``action`` may be played now: a chance
        action only at a chance node, a buy-in only between hands, then the phase's verifier."""
        if not isinstance(action, PokerAction):
            raise IllegalAction("common.unknown_action", action=str(action))
        verb = action.verb
        phase = self._phase
        if phase == OVER:
            raise IllegalAction("common.game_over")
        if self.turn == CHANCE:
            _CHANCE_CHECKS[phase](self, action)
            return
        if verb in CHANCE_VERBS:
            raise IllegalAction("poker.not_chance", action=action.text)
        if phase != REBUY:
            if verb in ("rebuy", "stay"):
                raise IllegalAction("poker.rebuy_mid_hand")
            if verb in ("join", "skip"):
                raise IllegalAction("poker.join_mid_hand")
            if verb == "leave":
                raise IllegalAction("poker.leave_mid_hand")
        _CHECKS[phase](self, self.turn, action)

    # -- playing -------------------------------------------------------------------------------------
    def _do(self, action: PokerAction) -> None:
        actor = self.turn
        if action.cards:  # a shuffle, a reshuffle or a draw: the cards are masked
            if action.verb == "draw":
                self.own_draws[actor].append(len(self.public_log))
            self.public_log.append((actor, action.verb + (" " + HIDDEN) * len(action.cards)))
        else:
            self.public_log.append((actor, action.text))
        self._play(action)

    def _play(self, act: PokerAction) -> None:
        verb = act.verb
        p = self.turn
        phase = self._phase
        if phase == LOT:
            assert act.seat is not None
            self.dealer = act.seat
            stakes.start_between(self)
        elif phase == SHUFFLE:
            i = len(self.history)
            self.hand_chance.append(i)
            self.deck_order = list(act.cards)
            self._phase = CUT
            self.turn = self.right(self.dealer)
        elif phase == RESHUFFLE:
            i = len(self.history)
            self.hand_chance.append(i)
            self.served_to.append(RESHUFFLED)
            self.stub = list(act.cards)
            self._phase = DRAW
            draw.serve(self)
        elif phase == REBUY:
            stakes.play_buyin(self, p, act)
        elif phase == CUT:
            if verb == "end":
                self.ended = True
                self._phase = OVER
                self.turn = TERMINAL
                return
            if act.number is not None:
                k = self.cut_depth = act.number
                self.deck_order = self.deck_order[k:] + self.deck_order[:k]
            self.last[p] = act.text
            self._deal()
        elif phase == OPENING:
            self.last[p] = act.text
            self.log.append([self.seat_label(p), act.text])
            if act.number is None:  # pass
                self.speak_index += 1
                if self.speak_index >= len(self.speak_order):
                    self._passed_out()
                else:
                    self.turn = self.speak_order[self.speak_index]
            else:
                self.opener = p
                self.opener_cards = self._opening_cards(self.hand[p])
                self._phase = BET1
                self._put(p, act.number)
                self.current_bet = self.round_bet[p]
                self.aggressor = p
                self.need = {q for q in self.live() if q != p and self.resto[q] > 0}
                self._next_bettor(p)
        elif phase in (BET1, BET2):
            self._bet_action(p, act)
        elif phase == DRAW:
            draw.play(self, p, act)
        elif phase == SHOWDOWN:
            self.log.append([self.seat_label(p), verb])
            self.last[p] = verb
            if verb == "show":
                self.shown[p] = self.key(self.hand[p])
                self.shown_hands.append((p, tuple(c.code for c in self.hand[p])))
            else:
                self.conceded.add(p)
            self.sd_index += 1
            self._next_shower()

    def _put(self, p: int, amount: int) -> None:
        """Move ``amount`` chips of ``p``'s resto into the pot for the current round."""
        self.resto[p] -= amount
        self.contrib[p] += amount
        self.round_bet[p] += amount

    def _bet_action(self, p: int, act: PokerAction) -> None:
        verb = act.verb
        self.last[p] = act.text
        self.log.append([self.seat_label(p), act.text])
        self.need.discard(p)
        if verb == "fold":
            self.folded[p] = True
            self.pool.extend((p, c) for c in self.hand[p])
            if len(self.live()) == 1:
                self._finish(uncalled=True)
                return
        elif verb == "call":
            self._put(p, self.to_call(p))
        elif act.number is not None:  # bet or raise
            self._put(p, max(self.current_bet - self.round_bet[p], 0) + act.number)
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
        if self._phase == BET1:
            draw.start(self)
        else:
            self._end_second_round()

    def over(self) -> None:
        """The session ends."""
        self._phase = OVER
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
        self.dealt_order = tuple(order)
        self.hands_dealt += 1
        self.speak_order = order
        self.speak_index = 0
        self._phase = OPENING
        self.turn = order[0]

    def _passed_out(self) -> None:
        """P8: nobody opened; the pot stays and the requirement rises (to kings at most)."""
        self._record("passed", [])
        self.carry = self.pot()
        self.requirement = min(self.requirement + 1, 2)
        self._next_hand()

    def start_second_round(self) -> None:
        """P13: the opener (or the next player in to his left) speaks first."""
        self._phase = BET2
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
        self._phase = SHOWDOWN
        first = self.aggressor if self.aggressor in self.live() else self.opener
        live = set(self.live())
        self.sd_order = [q for q in (((first + i) % self.n) for i in range(self.n)) if q in live]
        self.sd_index = 0
        self.sd_pots = self.pots()  # contributions no longer change
        self.turn = self.sd_order[0]

    def _next_shower(self) -> None:
        if self.sd_index < len(self.sd_order):
            self.turn = self.sd_order[self.sd_index]
            return
        self._finish(uncalled=False)

    def pots(self) -> list[Pot]:
        """The main pot and side pots of the hand now (P3 all'altezza)."""
        return side_pots(self.contrib, self.live(), self.dead)

    def _finish(self, uncalled: bool) -> None:
        """Pay every pot to its best claimant and record the hand."""
        awards: list[dict[str, Any]] = []
        for amount, eligible in self.pots():
            winner = pot_winner(Pot(amount, eligible), self.shown)
            self.resto[winner] += amount
            award: dict[str, Any] = {
                "amount": amount,
                "eligible": [self.seat_label(q) for q in eligible],
                "winner": self.seat_label(winner),
            }
            if winner in self.shown:
                award["combination"] = outputs.combination(self.shown[winner])
            awards.append(award)
        self.contrib = [0] * self.n
        self.dead = 0
        self._record("uncalled" if uncalled else "showdown", awards)
        self.requirement = 0  # P8: a won pot resets the requirement to jacks
        self._next_hand()

    def _record(self, outcome: str, awards: list[dict[str, Any]]) -> None:
        """Append the finished hand to the session's results (what the checker prints)."""
        self.results.append(outputs.hand_record(self, outcome, awards))

    def _next_hand(self) -> None:
        """The deal passes to the left (P1); prompt rebuys and go on."""
        self.finished_hands.append(knowledge.trace(self, final=True))
        self.dealer = self.left(self.dealer)
        self.last_hand = self.results[-1]
        self.new_hand_fields()
        stakes.start_between(self)

    # -- outputs ------------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see now (:func:`pyapp.poker.outputs.view`)."""
        return outputs.view(self, player)

    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The history as ``seat`` knows it (:func:`pyapp.poker.knowledge.public_history`)."""
        return knowledge.public_history(self, seat)

    def forget(self, seat: int) -> None:
        """A new player sits in ``seat`` (P4): he knows only what is public."""
        knowledge.forget(self, seat)

    def result(self) -> dict[str, Any]:
        """Hands, buy-ins, departures and standings (:func:`pyapp.poker.outputs.result`)."""
        return outputs.result(self)

    def returns(self) -> list[float]:
        """Per-seat net chips: resto minus everything bought in, summed over every player who sat
        in the seat (so the returns stay zero-sum but for a carried pot)."""
        out = [float(self.resto[q] - self.bought[q] * self.passata) for q in range(self.n)]
        for f in self.former:
            out[self.seat_of(f["seat"])] += f["net_units"]
        return out


_CHECKS.update(
    {
        REBUY: stakes.check_rebuy,
        CUT: phases.check_cut,
        OPENING: phases.check_opening,
        BET1: phases.check_betting,
        BET2: phases.check_betting,
        DRAW: phases.check_draw,
        SHOWDOWN: phases.check_showdown,
    }
)
_LEGAL.update(
    {
        REBUY: stakes.legal_rebuy,
        CUT: phases.legal_cut,
        OPENING: phases.legal_opening,
        BET1: phases.legal_betting,
        BET2: phases.legal_betting,
        DRAW: phases.legal_draw,
        SHOWDOWN: phases.legal_showdown,
    }
)
