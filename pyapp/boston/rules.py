"""Boston: the game state of a whole game of four counted hands (rules B1-B13).

Notation (see ``docs/notation/boston.md``):

* ``dealer N`` -- chance, the first action: the lot that chooses the first dealer (``N E S W``);
* ``shuffle <52 codes>`` -- chance, before every deal: the full deck order, top card first.
  The deal (3, 3, 3, 4 cards clockwise from the dealer's left) and the turned trump (the
  dealer's last card, B4) are automations inside ``apply``;
* ``passo``, ``chiedo``, ``accetto``, ``solo`` -- the bids (B6-B9);
* a French card code (``Th``, ``Jd``) -- the card played (B10).

Seats are ``N E S W`` = ``0 1 2 3``; play is clockwise: the next seat after ``p`` is
``(p + 1) % 4``. Internally cards are the integers ``Card.index`` of the French deck
(``suit * 13 + rank``, rank 0 = the two, 12 = the ace), hands are lists of integers and every
lookup table is precomputed, so that a random hand costs a fraction of a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, NoReturn, Self

from pyapp import core
from pyapp.boston.actions import (
    ACCETTO,
    BIDS,
    CARD_OF,
    CARDS,
    CHIEDO,
    CODES,
    LOTS,
    PASSO,
    SOLO,
    Action,
    Bid,
    Lot,
    Play,
    Shuffle,
    parse,
)
from pyapp.core import (
    CHANCE,
    COMPASS,
    HIDDEN,
    TERMINAL,
    CompassGame,
    IllegalAction,
    Option,
    SeatRef,
    factorial,
    permutation_rank,
    permutation_unrank,
)

if TYPE_CHECKING:
    from pyapp.boston.start import BostonStart

__all__ = ["ACCETTO", "BIDS", "CARDS", "CARD_OF", "CHIEDO", "CODES", "PASSO", "SOLO", "BostonState"]

# -- tables ------------------------------------------------------------------------------------

SEATS: Final = COMPASS
SEAT_INDEX: Final = {label: i for i, label in enumerate(SEATS)}
SUIT_LETTERS: Final = ("c", "d", "h", "s")
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))
RANK_OF: Final[tuple[int, ...]] = tuple(i % 13 for i in range(52))

DIAMONDS: Final = 1
JACK: Final = 9
JACK_OF_DIAMONDS: Final = DIAMONDS * 13 + JACK
JACK_OF_HEARTS: Final = 2 * 13 + JACK


TRICKS_NEEDED: Final[dict[str, int]] = {CHIEDO: 5, ACCETTO: 8, SOLO: 8}
"""B9: tricks the contracting side must take, by contract (``accetto`` = the pair)."""

POINTS: Final[dict[str, tuple[int, int, int, int]]] = {
    # contract: (each contracting player if made, each opponent if made,
    #            each contracting player if failed, each opponent if failed)  -- B11
    CHIEDO: (6, -2, -12, 4),
    ACCETTO: (3, -3, -6, 6),
    SOLO: (12, -4, -24, 8),
}


def hand_score(kind: str, players: tuple[int, ...], tricks: int) -> tuple[list[int], list[int], bool]:
    """B11 points and B12 mani of each seat (0-3) for one counted hand, and whether it was made.

    ``players`` are the contracting seats, ``tricks`` the tricks they took together. Public so
    that a scorekeeper of games played with real cards (club.md BT4) scores the same way.
    """
    diff = tricks - TRICKS_NEEDED[kind]
    win_in, win_out, lose_in, lose_out = POINTS[kind]
    made = diff >= 0
    points = [
        (win_in if seat in players else win_out) if made else (lose_in if seat in players else lose_out)
        for seat in range(4)
    ]
    mani = [diff if seat in players else -diff for seat in range(4)]
    return points, mani, made


COUNTED_HANDS: Final = 4
"""B13: a game is four counted hands, so that everyone deals once."""

# phases (internal)
_LOT, _DEAL, _BID, _PLAY, _OVER = range(5)
BIDDING: Final = "bidding"
_PHASE_NAMES: Final = (core.LOT, core.SHUFFLE, BIDDING, core.PLAY, core.GAME_OVER)
_CHANCE_COUNTS: Final = {_LOT: 4, _DEAL: factorial(52)}
"""The outcomes of each chance phase: 4 first dealers for the lot, 52! deck orders for a shuffle."""


def boston_card(trump: int) -> int:
    """B2: the Boston is the J of diamonds, or the J of hearts when diamonds are trump."""
    return JACK_OF_HEARTS if trump == DIAMONDS else JACK_OF_DIAMONDS


def _effective_suits(trump: int, natural: bool) -> tuple[int, ...]:
    """The suit each card belongs to for following (B3: the Boston belongs to trump)."""
    suits = list(SUIT_OF)
    if not natural:
        suits[boston_card(trump)] = trump
    return tuple(suits)


_ESUITS: Final[dict[tuple[int, bool], tuple[int, ...]]] = {
    (trump, natural): _effective_suits(trump, natural) for trump in range(4) for natural in (False, True)
}


def deal_order(dealer: int) -> tuple[int, ...]:
    """B4: the seat receiving each of the 52 cards of the deck, top card first.

    3, 3, 3 and 4 cards to each player clockwise from the dealer's left; the dealer's last card
    (the 52nd) is the turned trump.
    """
    seats = [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    out: list[int] = []
    for n in (3, 3, 3, 4):
        for seat in seats:
            out.extend([seat] * n)
    return tuple(out)


_DEAL_ORDERS: Final = tuple(deal_order(d) for d in range(4))


def shuffle_for_hands(hands: list[list[str]] | list[tuple[str, ...]], dealer: int) -> str:
    """The ``shuffle`` action that deals ``hands`` (four lists of 13 codes, by seat) from ``dealer``.

    The dealer's last listed card becomes the turned trump. A helper for tests, tutorials and
    puzzles: the inverse of the deal automation.
    """
    queues = [list(h) for h in hands]
    order = [queues[seat].pop(0) for seat in _DEAL_ORDERS[dealer]]
    return "shuffle " + " ".join(order)


class BostonState(CompassGame):
    """A whole game of Boston: the lot for the first dealer, then four counted hands (B13).

    Each hand: a ``shuffle`` chance action (deal and turned trump automatic), the bidding
    (B6-B9; four ``passo`` make the same dealer shuffle and deal again, B5), then the 13 tricks
    (B10) and the scoring (B11, B12), automatic after the last card.
    """

    game = "boston"
    deck = "fr"
    option_spec = (Option("boston_suit", "trump", ("trump", "natural")),)
    phases: ClassVar[tuple[str, ...]] = (*_PHASE_NAMES[:4], core.HAND_OVER, core.GAME_OVER)

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        self._natural: bool = self.options["boston_suit"] == "natural"
        self._phase: int = _LOT
        self._turn: int = CHANCE
        self._dealer: int = -1
        self._counted: int = 0
        self._points: list[int] = [0, 0, 0, 0]
        self._mani: list[int] = [0, 0, 0, 0]
        self._summaries: list[dict[str, Any]] = []
        self._deals: list[tuple[int, int]] = []
        """Per shuffle: (history index, dealer) -- for masking the public history."""
        self._public: dict[int, tuple[tuple[int, str], ...]] = {}
        """Cache of :meth:`public_history` by seat."""
        self._new_hand_fields()

    @classmethod
    def at_hand(cls, options: Mapping[str, str | int], start: BostonStart) -> Self:
        """A game about to shuffle for the hand ``start`` describes (:mod:`pyapp.boston.start`)."""
        state = cls(**options)
        state._dealer, state._phase, state._turn = start.dealer, _DEAL, CHANCE
        state._counted, state._points, state._mani = start.hands, list(start.points), list(start.mani)
        return state

    def hand_start(self) -> tuple[int, int, tuple[int, int, int, int], tuple[int, int, int, int]]:
        """The game before the coming hand: the dealer, the hands counted, every seat's points and
        mani (a start position's fields)."""
        a, b, c, d = self._points
        w, x, y, z = self._mani
        return self._dealer, self._counted, (a, b, c, d), (w, x, y, z)

    def _new_hand_fields(self) -> None:
        self._hands: list[list[int]] = [[], [], [], []]
        self._counts: list[list[int]] = [[0, 0, 0, 0] for _ in range(4)]
        self._esuit: tuple[int, ...] = SUIT_OF
        self._trump: int = -1
        self._boston: int = -1
        self._turned: int = -1
        self._bids: list[tuple[int, str]] = []
        self._passes: int = 0
        self._asker: int = -1
        self._acceptor: int = -1
        self._to_speak: int = 0
        self._contract: tuple[str, tuple[int, ...]] | None = None
        self._trick: list[tuple[int, int]] = []
        self._led: int = -1
        self._won: list[int] = [0, 0, 0, 0]
        self._tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []

    # -- the state machine (four players, each on his own; partnerships exist only for one
    # ACCETTO hand) ---------------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Bids during the bidding; during play the cards that follow suit (B10, B3)."""
        phase = self._phase
        if phase == _PLAY:
            hand = self._hands[self._turn]
            led = self._led
            if led >= 0 and self._counts[self._turn][led]:
                es = self._esuit
                return [CODES[c] for c in hand if es[c] == led]
            return [CODES[c] for c in hand]
        if phase == _BID:
            if self._asker < 0:
                return [PASSO, CHIEDO, SOLO]
            if self._acceptor < 0:
                return [PASSO, ACCETTO, SOLO]
            return [PASSO, SOLO]
        return []

    # -- chance ----------------------------------------------------------------------------------
    def chance_count(self) -> int:
        """4 first dealers for the lot, 52! deck orders for a shuffle."""
        count = _CHANCE_COUNTS.get(self._phase)
        if count is None:
            raise IllegalAction("common.not_chance")
        return count

    def chance_outcome(self, index: int) -> str:
        """``dealer N E S W`` for 0..3; a shuffle by :func:`pyapp.core.permutation_unrank` rank."""
        self.check_outcome(index)
        if self._phase == _LOT:
            return str(LOTS[index])
        return str(Shuffle(tuple(permutation_unrank(index, 52))))

    def chance_index(self, action: str) -> int:
        """The number of chance action ``action`` (refused unless it may be applied now)."""
        value = self.verify(action)
        if isinstance(value, Lot):
            return value.seat
        if isinstance(value, Shuffle):
            return permutation_rank(value.order)
        raise IllegalAction("common.not_chance")

    def chance_sample(self, rng: random.Random) -> str:
        """A random first dealer (``dealer X``) or a random deck order (``shuffle ...``)."""
        if self._phase == _LOT:
            return "dealer " + rng.choice(SEATS)
        if self._phase == _DEAL:
            order = list(CODES)
            rng.shuffle(order)
            return "shuffle " + " ".join(order)
        raise IllegalAction("common.not_chance")

    # -- verification ----------------------------------------------------------------------------
    parse_action = staticmethod(parse)
    """The typed action for a text (:func:`pyapp.boston.actions.parse`)."""

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` (``boston.*`` keys) unless ``action`` may be played now."""
        phase = self._phase
        if isinstance(action, Play):
            if phase != _PLAY:
                self._wrong_kind(action)
            card = action.card
            player = self._turn
            if card not in self._hands[player]:
                raise IllegalAction("boston.not_in_hand", card=CARDS[card])
            led = self._led
            if led >= 0 and self._esuit[card] != led and self._counts[player][led]:
                self._refuse_revoke(player, card, led)
        elif isinstance(action, Bid):
            if phase != _BID:
                self._wrong_kind(action)
            call = action.call
            if call == CHIEDO and self._asker >= 0:
                raise IllegalAction("boston.chiedo_twice", player=SeatRef(SEATS[self._asker]))
            if call == ACCETTO:
                if self._asker < 0:
                    raise IllegalAction("boston.accetto_without_chiedo")
                if self._acceptor >= 0:
                    raise IllegalAction("boston.accetto_twice", player=SeatRef(SEATS[self._acceptor]))
        elif isinstance(action, Shuffle):
            if phase != _DEAL:
                self._wrong_kind(action)
        elif isinstance(action, Lot):
            if phase != _LOT:
                self._wrong_kind(action)
        else:
            raise IllegalAction("common.unknown_action", action=str(action))

    def _wrong_kind(self, action: Action) -> NoReturn:
        """Refuse an action of a kind that is not due now, saying what is."""
        phase = self._phase
        if phase == _LOT:
            raise IllegalAction("boston.expect_lot")
        if phase == _DEAL:
            if isinstance(action, Lot):
                raise IllegalAction("boston.lot_done")
            raise IllegalAction("boston.expect_shuffle", player=SeatRef(SEATS[self._dealer]))
        if isinstance(action, (Shuffle, Lot)):
            raise IllegalAction("boston.not_chance")
        if phase == _BID:
            raise IllegalAction("boston.bid_first")
        raise IllegalAction("boston.bidding_over")

    def _refuse_revoke(self, player: int, card: int, led: int) -> None:
        """B10/B3: the player holds a card of the led suit and tried to play another one."""
        boston = self._boston
        letter = SUIT_LETTERS[led]
        if not self._natural:
            if card == boston and led == SUIT_OF[boston]:
                # the Boston tried on its printed suit: it is a trump, not a card of that suit
                raise IllegalAction(f"boston.boston_is_trump.{letter}", boston=CARDS[boston])
            if led == self._trump and boston in self._hands[player] and self._counts[player][led] == 1:
                raise IllegalAction(f"boston.must_play_boston.{letter}", boston=CARDS[boston])
        if led == self._trump:
            raise IllegalAction(f"boston.must_follow_trump.{letter}")
        raise IllegalAction(f"boston.must_follow.{letter}")

    # -- mutation --------------------------------------------------------------------------------
    def _do(self, action: Action) -> None:
        if isinstance(action, Play):
            self._play(action.card)
        elif isinstance(action, Bid):
            self._bid(action.call)
        elif isinstance(action, Shuffle):
            self._deals.append((len(self.history), self._dealer))
            self._deal(action.order)
        else:
            self._dealer = action.seat
            self._phase = _DEAL

    def _deal(self, deck: tuple[int, ...]) -> None:
        """B4: deal 3-3-3-4 from the dealer's left; the dealer's last card shows the trump."""
        self._new_hand_fields()
        hands = self._hands
        for seat, card in zip(_DEAL_ORDERS[self._dealer], deck, strict=True):
            hands[seat].append(card)
        turned = deck[51]
        trump = SUIT_OF[turned]
        self._turned = turned
        self._trump = trump
        self._boston = boston_card(trump)
        es = self._esuit = _ESUITS[(trump, self._natural)]
        for seat in range(4):
            hands[seat].sort()
            counts = self._counts[seat]
            for card in hands[seat]:
                counts[es[card]] += 1
        self._phase = _BID
        self._turn = (self._dealer + 1) % 4

    def _bid(self, bid: str) -> None:
        """B6-B9: record one bid and decide whether the bidding goes on."""
        player = self._turn
        self._bids.append((player, bid))
        if bid == SOLO:
            self._start_play(SOLO, (player,))
            return
        if bid == CHIEDO:
            self._asker = player
            self._to_speak = 3
            self._turn = (player + 1) % 4
            return
        if self._asker < 0:  # first round, before any CHIEDO: only PASSO reaches here
            self._passes += 1
            if self._passes == 4:  # B5: redeal by the same dealer, the hand does not count
                self._summaries.append(self._summary(redeal=True))
                self._phase = _DEAL
                self._turn = CHANCE
                return
            self._turn = (player + 1) % 4
            return
        if bid == ACCETTO:
            self._acceptor = player
        self._to_speak -= 1
        if self._to_speak == 0:
            if self._acceptor >= 0:
                self._start_play(ACCETTO, (self._asker, self._acceptor))
            else:
                self._start_play(CHIEDO, (self._asker,))
            return
        self._turn = (player + 1) % 4

    def _start_play(self, kind: str, players: tuple[int, ...]) -> None:
        """B10: the contract is fixed; the dealer's left leads the first trick."""
        self._contract = (kind, players)
        self._phase = _PLAY
        self._turn = (self._dealer + 1) % 4

    def _play(self, card: int) -> None:
        player = self._turn
        self._hands[player].remove(card)
        es = self._esuit[card]
        self._counts[player][es] -= 1
        trick = self._trick
        trick.append((player, card))
        if len(trick) == 1:
            self._led = es
        if len(trick) < 4:
            self._turn = (player + 1) % 4
            return
        winner = self._trick_winner(trick)
        self._won[winner] += 1
        self._tricks.append((trick[0][0], tuple(trick), winner))
        self._trick = []
        self._led = -1
        self._turn = winner
        if len(self._tricks) == 13:
            self._score_hand()

    def _trick_winner(self, trick: list[tuple[int, int]]) -> int:
        """B10: the Boston; else the highest trump; else the highest card of the led suit."""
        boston = self._boston
        trump = self._trump
        led = self._led
        es = self._esuit
        best_seat = -1
        best = -1
        for seat, card in trick:
            if card == boston:
                return seat
            if SUIT_OF[card] == trump:
                value = 100 + RANK_OF[card]
            elif es[card] == led:
                value = RANK_OF[card]
            else:
                continue
            if value > best:
                best = value
                best_seat = seat
        return best_seat

    def _score_hand(self) -> None:
        """B11 points and B12 mani of the hand just played; then the next dealer, or the end (B13)."""
        assert self._contract is not None
        kind, players = self._contract
        points, mani, made = hand_score(kind, players, sum(self._won[p] for p in players))
        for seat in range(4):
            self._points[seat] += points[seat]
            self._mani[seat] += mani[seat]
        self._summaries.append(self._summary(redeal=False, points=points, mani=mani, made=made))
        self._counted += 1
        self._turn = CHANCE
        if self._counted == COUNTED_HANDS:
            self._phase = _OVER
            self._turn = TERMINAL
        else:
            self._dealer = (self._dealer + 1) % 4
            self._phase = _DEAL

    def _summary(
        self,
        redeal: bool,
        points: list[int] | None = None,
        mani: list[int] | None = None,
        made: bool | None = None,
    ) -> dict[str, Any]:
        """The JSON summary of a finished deal (a counted hand, or a four-pass redeal)."""
        out: dict[str, Any] = {
            "counted": not redeal,
            "dealer": SEATS[self._dealer],
            "trump_card": CODES[self._turned],
            "bids": [[SEATS[p], b] for p, b in self._bids],
        }
        if redeal:
            out["contract"] = None
            return out
        out["contract"] = self._contract_json()
        out["made"] = made
        out["tricks"] = {SEATS[p]: self._won[p] for p in range(4)}
        out["points"] = {SEATS[p]: points[p] for p in range(4)} if points else None
        out["mani"] = {SEATS[p]: mani[p] for p in range(4)} if mani else None
        return out

    def _contract_json(self) -> dict[str, Any] | None:
        if self._contract is None:
            return None
        kind, players = self._contract
        side = sum(self._won[p] for p in players)
        return {
            "type": kind,
            "players": [SEATS[p] for p in players],
            "needed": TRICKS_NEEDED[kind],
            "tricks": side,
        }

    # -- information ------------------------------------------------------------------------------
    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The history as ``seat`` knows it: the lot, bids and plays are public; in each shuffle
        only the cards dealt to ``seat`` and the turned trump (the deck's last card) are shown,
        every other code is ``?``. Cached per seat (nothing in it changes once written)."""
        done = self._public.get(seat, ())
        n = len(self.history)
        if len(done) < n:
            deals = dict(self._deals)
            extra = []
            for index in range(len(done), n):
                action = self.history[index]
                if index in deals:
                    order = _DEAL_ORDERS[deals[index]]
                    codes = action.split(" ")[1:]
                    shown = [code if order[j] == seat or j == 51 else HIDDEN for j, code in enumerate(codes)]
                    action = "shuffle " + " ".join(shown)
                extra.append((self.actors[index], action))
            done = self._public[seat] = done + tuple(extra)
        return done

    # -- reading the state -------------------------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer of the current hand (``-1`` before the lot)."""
        return self._dealer

    @property
    def trump(self) -> int:
        """The trump suit index of the current hand (``-1`` before the first deal)."""
        return self._trump

    def winning_seat(self) -> int | None:
        """The seat holding the trick on the table so far (B10); ``None`` when no card is on it."""
        return self._trick_winner(self._trick) if self._trick else None

    def hand_of(self, player: int) -> list[str]:
        """The cards ``player`` holds (engine-side helper for tests; views use :meth:`view`)."""
        return [CODES[c] for c in self._hands[player]]

    def phase(self) -> str:
        """``lot``, ``shuffle``, ``bidding``, ``play``, ``hand_over`` or ``game_over``."""
        if self._phase == _DEAL and self._summaries:
            return core.HAND_OVER
        return _PHASE_NAMES[self._phase]

    def standings(self) -> list[dict[str, Any]]:
        """B13: points, mani and place per seat (equal points and mani share the place)."""
        keys = [(self._points[p], self._mani[p]) for p in range(4)]
        return [
            {
                "seat": SEATS[p],
                "points": self._points[p],
                "mani": self._mani[p],
                "place": 1 + sum(1 for q in range(4) if keys[q] > keys[p]),
            }
            for p in range(4)
        ]

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: his own hand only, everything public, his legal actions."""
        turned = self._turned
        turned_public = turned >= 0 and self._phase in (_BID, _PLAY) and turned in self._hands[self._dealer]
        contract = self._contract_json()
        if contract is not None:
            contract["partners"] = contract["players"]
        sides: dict[str, int] | None = None
        if self._contract is not None:
            inside = sum(self._won[p] for p in self._contract[1])
            sides = {"contract": inside, "opponents": sum(self._won) - inside}
        last = self._tricks[-1] if self._tricks else None
        to_act = self._turn
        out: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "seats": list(SEATS),
            "you": SEATS[player] if player is not None else None,
            "dealer": SEATS[self._dealer] if self._dealer >= 0 else None,
            "turn": SEATS[to_act] if to_act >= 0 else None,
            "phase": self.phase(),
            "hand_number": self._counted + 1 if self._phase != _OVER else COUNTED_HANDS,
            "hand": [CODES[c] for c in self._hands[player]] if player is not None else None,
            "counts": {SEATS[p]: len(self._hands[p]) for p in range(4)},
            "trump_card": CODES[turned] if turned >= 0 else None,
            "trump_card_in_hand": turned_public,
            "trump_suit": SUIT_LETTERS[self._trump] if self._trump >= 0 else None,
            "boston": CODES[self._boston] if self._boston >= 0 else None,
            "bids": [[SEATS[p], b] for p, b in self._bids],
            "contract": contract,
            "tricks_won": {SEATS[p]: self._won[p] for p in range(4)},
            "tricks_by_side": sides,
            "trick": [[SEATS[s], CODES[c]] for s, c in self._trick],
            "trick_leader": SEATS[self._trick[0][0]]
            if self._trick
            else (SEATS[to_act] if self._phase == _PLAY else None),
            "led_suit": SUIT_LETTERS[self._led] if self._led >= 0 else None,
            "last_trick": (
                {
                    "leader": SEATS[last[0]],
                    "cards": [[SEATS[s], CODES[c]] for s, c in last[1]],
                    "winner": SEATS[last[2]],
                }
                if last
                else None
            ),
            "tricks": [
                {"leader": SEATS[lead], "cards": [[SEATS[s], CODES[c]] for s, c in cards], "winner": SEATS[w]}
                for lead, cards, w in self._tricks
            ],
            "hands_played": list(self._summaries),
            "standings": self.standings(),
            "legal_actions": self.legal_actions() if player is not None and player == to_act else [],
        }
        return out

    def result(self) -> dict[str, Any]:
        """Per deal the contract, tricks, points and mani; the standings and the winner(s)."""
        over = self._phase == _OVER
        standings = self.standings()
        return {
            "hands": list(self._summaries),
            "counted_hands": self._counted,
            "standings": standings,
            "totals": {
                "points": {SEATS[p]: self._points[p] for p in range(4)},
                "mani": {SEATS[p]: self._mani[p] for p in range(4)},
            },
            "complete": over,
            "winners": [s["seat"] for s in standings if s["place"] == 1] if over else [],
        }

    def returns(self) -> list[float]:
        """Each seat's points so far (they sum to zero after every hand, B11)."""
        return [float(x) for x in self._points]
