"""Tressette a 31 for four players in two teams: a whole match as options + actions.

Seats ``N E S W`` are indices 0..3; teams N-S (0) and E-W (1) (team = seat % 2). Play goes
counter-clockwise: after seat p comes (p + 3) % 4 (N -> W -> S -> E). The dealer's right,
(d + 3) % 4, receives the first cards and leads (T5, T7); the dealer's left, (d + 1) % 4, cuts (T4).

Actions (typed values in :mod:`pyapp.tressette.actions`; see ``docs/notation/tressette.md``):

* ``draw C1 C2`` (chance, T3): the first-dealer lot; N turns C1 for N-S, E turns C2 for E-W. The
  higher card in trick order deals (N or E); equal ranks: the lot is drawn again (another ``draw``).
* ``shuffle <40 codes>`` (chance): the deck order of the next hand, top card first.
* ``cut K`` (1..39) / ``nocut`` (the dealer's left, T4): the top K cards are lifted and put under
  the other 40 - K, so the card at position K (0-based) becomes the top card.
* the deal (T5) is automatic: 5 cards at a time, counter-clockwise from the dealer's right, twice
  round (card j of the cut deck goes to the (j // 5) % 4-th player in that order).
* ``<card> [tokens...]``: a play; a lead may carry declaration tokens
  (:mod:`pyapp.tressette.declarations`), in canonical order.
* ``penalty NS`` / ``penalty EW`` (T16): a referee action, legal (and listed, last) only with the
  option ``penalties=on``, whenever a hand is in progress (cut or play phase); the team loses 3
  points, the hand is void and the same dealer shuffles again.

**Legal-action order.** Cut phase: ``nocut``, ``cut 1`` ... ``cut 39``. Play phase: the playable
cards in card order (:data:`pyapp.tressette.CODES`: denari, coppe, spade, bastoni; A 2 3 4 5 6 7
F C R); on a lead each card is followed by its declarations (every combination of true tokens,
by size, then in token order). Then ``penalty NS``, ``penalty EW`` when penalties are on.

**Chance outcomes.** Lot: ``draw A B`` for every ordered pair of distinct cards, numbered
``a * 39 + (b if b < a else b - 1)`` with ``a``, ``b`` card indices (1,560 outcomes). Shuffle:
the 40! deck orders, numbered by :func:`pyapp.core.permutation_rank` of the card indices (0 =
the deck in card order).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pyapp.cards import ITALIAN_SUITS, Card, Deck
from pyapp.core import (
    CHANCE,
    CUT,
    GAME_OVER,
    HAND_OVER,
    HIDDEN,
    LOT,
    PLAY,
    SHUFFLE,
    TERMINAL,
    CompassGame,
    IllegalAction,
    Option,
    factorial,
    permutation_rank,
    permutation_unrank,
)
from pyapp.errors import SuitRef
from pyapp.tressette import (
    CODES,
    LAST_TRICK_THIRDS,
    SEAT_LABELS,
    STRENGTH,
    TEAM_LABELS,
    THIRDS,
    seat_ref,
)
from pyapp.tressette.actions import CUTS, Action, Cut, Draw, Penalty, Play, Shuffle, parse
from pyapp.tressette.declarations import refusal, suit_combinations, suit_keys, suit_tokens

if TYPE_CHECKING:
    from pyapp.tressette.start import TressetteStart

_LEADS: dict[tuple[int, int, int, int], tuple[str, ...]] = {}


def lead_actions(key: tuple[int, int, int, int]) -> tuple[str, ...]:
    """The leads from one suit holding, in order: each card of the holding (card order) plain,
    then with each declaration (:func:`~pyapp.tressette.declarations.suit_combinations`).

    ``key`` is the holding's :func:`~pyapp.tressette.declarations.lead_key`. Memoised: a pure
    function, and a lead's legal list is the concatenation of its suits' tuples.
    """
    found = _LEADS.get(key)
    if found is None:
        suit, mask = key[0], key[1]
        calls = suit_combinations(*key)
        out: list[str] = []
        for rank in range(10):
            if mask >> rank & 1:
                code = CODES[suit * 10 + rank]
                out.append(code)
                out.extend([f"{code} {call}" for call in calls])
        found = _LEADS[key] = tuple(out)
    return found


def trick_winner(leader: int, cards: Sequence[int]) -> int:
    """T9: the seat taking (or, unfinished, holding) the trick ``cards`` (card indices in playing
    order) led by seat ``leader``: the highest card of the suit led."""
    suit = cards[0] // 10
    best = 0
    for k in range(1, len(cards)):
        c = cards[k]
        if c // 10 == suit and STRENGTH[c] > STRENGTH[cards[best]]:
            best = k
    return (leader + 3 * best) % 4


OVER = GAME_OVER
"""Internal phases are the shared names: ``lot``, ``shuffle``, ``cut``, ``play``, ``game_over``."""

FOUR_OF_DENARI: int = CODES.index("4d")
PENALTY_POINTS: int = 3
CUT_ACTIONS: tuple[str, ...] = tuple(str(c) for c in CUTS)
"""The cut phase's legal actions in order: ``nocut``, ``cut 1`` ... ``cut 39``."""
PENALTY_ACTIONS: tuple[str, ...] = ("penalty NS", "penalty EW")
LOT_OUTCOMES: int = 40 * 39


class TressetteState(CompassGame):
    """A Tressette match (best of three partite to 31) between N-S and E-W.

    Internally cards are indices 0..39 (:data:`pyapp.tressette.CODES`); the public interface
    speaks card codes. All state derives from ``options`` + ``history``.
    """

    game: ClassVar[str] = "tressette"
    deck: ClassVar[Deck] = "it"
    option_spec: ClassVar[tuple[Option, ...]] = (
        Option("first_lead", "mano", ("mano", "four_of_denari")),
        Option("match", "best_of_three", ("best_of_three", "all_three")),
        Option("review", "tournament", ("tournament", "practice")),
        Option("target", 31, low=1, high=99),
        Option("penalties", "off", ("off", "on")),
    )
    phases: ClassVar[tuple[str, ...]] = (LOT, SHUFFLE, CUT, PLAY, HAND_OVER, GAME_OVER)

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        self._target: int = int(self.options["target"])
        self._penalties: bool = self.options["penalties"] == "on"
        self._phase: str = LOT
        self._dealer: int = -1
        self._lots: list[list[str]] = []
        self._deck: list[int] = []
        self._hands: list[list[int]] = [[], [], [], []]
        self._suits: list[list[int]] = [[0, 0, 0, 0] for _ in range(4)]
        """Per seat and suit, the rank bit mask held (what declarations depend on)."""
        self._trick: list[int] = []
        self._leader: int = -1
        self._turn: int = CHANCE
        self._first_leader: int = -1
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._last_trick: tuple[int, tuple[int, ...], int] | None = None
        self._played: int = 0
        self._thirds: list[int] = [0, 0]
        self._decls: list[dict[str, Any]] = []
        self._totals: list[int] = [0, 0]
        self._wins: list[int] = [0, 0]
        self._partita: int = 1
        self._hand_no: int = 0
        self._hand_log: list[dict[str, Any]] = []
        self._partite: list[dict[str, Any]] = []
        self._winner: int | None = None
        self._shuffles: list[tuple[int, int, int]] = []
        """Per shuffle: (history index, dealer, cut K or -1 while not dealt) -- for masking."""
        self._keys: tuple[int, list[tuple[int, int, int, int]]] | None = None
        """Cache of :meth:`_lead_keys` with the history length it belongs to."""
        self._public: dict[int, tuple[tuple[int, str], ...]] = {}
        """Cache of :meth:`public_history` by seat: its part that can no longer change."""

    @classmethod
    def at_hand(cls, options: Mapping[str, str | int], start: TressetteStart) -> Self:
        """A match about to shuffle for the hand ``start`` describes (:mod:`pyapp.tressette.start`)."""
        state = cls(**options)
        state._dealer = start.dealer
        state._phase = SHUFFLE
        state._turn = CHANCE
        state._hand_no = start.hands
        state._totals = list(start.score)
        state._partite = [
            {
                "number": i + 1,
                "totals": {"NS": ns, "EW": ew},
                "winner": TEAM_LABELS[0 if ns > ew else 1],
                "hands": count,
            }
            for i, (ns, ew, count) in enumerate(start.partite)
        ]
        state._wins = [sum(1 for ns, ew, _ in start.partite if (ns > ew) == (team == 0)) for team in (0, 1)]
        state._partita = len(start.partite) + 1
        return state

    def hand_start(self) -> tuple[int, int, tuple[int, int], tuple[tuple[int, int, int], ...]]:
        """The match before the coming hand: the dealer, the hands scored in the partita, its score
        (N-S, E-W) and the finished partite ``(N-S, E-W, hands)`` (a start position's fields)."""
        partite = tuple(
            (int(p["totals"]["NS"]), int(p["totals"]["EW"]), int(p["hands"])) for p in self._partite
        )
        return self._dealer, self._hand_no, (self._totals[0], self._totals[1]), partite

    # -- state machine -------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Every legal action of the seat to act, in the documented order (module docstring).

        Built from memoised pieces (the declarations of a suit holding, the lead strings of a
        card), so a lead costs a few dictionary lookups per card."""
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._turn]
            out: list[str]
            if self._trick:
                suit = self._trick[0] // 10
                out = [CODES[c] for c in hand if c // 10 == suit] or [CODES[c] for c in hand]
            else:
                out = []
                keys = suit_keys(self._suits[self._turn], self._played, not self._tricks)
                self._keys = (len(self.history), keys)
                for key in keys:
                    if key[1]:
                        out.extend(lead_actions(key))
        elif phase == CUT:
            out = list(CUT_ACTIONS)
        else:
            return []
        if self._penalties:
            out.extend(PENALTY_ACTIONS)
        return out

    # -- chance ----------------------------------------------------------------------------------
    def chance_count(self) -> int:
        """1,560 ordered pairs for the lot, 40! deck orders for a shuffle."""
        if self._phase == LOT:
            return LOT_OUTCOMES
        if self._phase == SHUFFLE:
            return factorial(40)
        raise IllegalAction("common.not_chance")

    def chance_outcome(self, index: int) -> str:
        """The lot or shuffle numbered ``index`` (see the module docstring)."""
        self.check_outcome(index)
        if self._phase == LOT:
            a, b = divmod(index, 39)
            return str(Draw(a, b + (b >= a)))
        return str(Shuffle(tuple(permutation_unrank(index, 40))))

    def chance_index(self, action: str) -> int:
        """The number of the chance action ``action`` (refused unless it may be applied now)."""
        value = self.verify(action)
        if isinstance(value, Draw):
            return value.a * 39 + (value.b - (value.b > value.a))
        if isinstance(value, Shuffle):
            return permutation_rank(value.order)
        raise IllegalAction("common.not_chance")

    def chance_sample(self, rng: random.Random) -> str:
        """A random lot (``draw``) or a random ``shuffle`` for the chance node."""
        if self._phase == LOT:
            a, b = rng.sample(CODES, 2)
            return f"draw {a} {b}"
        if self._phase == SHUFFLE:
            order = list(CODES)
            rng.shuffle(order)
            return "shuffle " + " ".join(order)
        raise IllegalAction("common.not_chance")

    def winning_seat(self) -> int | None:
        """The seat holding the trick on the table so far (T9); ``None`` when no card is on it."""
        return trick_winner(self._leader, self._trick) if self._trick else None

    def lead_context(self) -> tuple[list[int], int, bool] | None:
        """(leader's hand, played-card bit set, first trick?) when a trick is to be led, else None."""
        if self._phase != PLAY or self._trick:
            return None
        return list(self._hands[self._turn]), self._played, not self._tricks

    # -- verification ----------------------------------------------------------------------------
    parse_action = staticmethod(parse)
    """The typed action for a text (:func:`pyapp.tressette.actions.parse`)."""

    def check(self, action: object) -> None:
        """Raise :class:`IllegalAction` unless ``action`` may be played now."""
        phase = self._phase
        if isinstance(action, Play):
            if phase != PLAY:
                self._wrong_kind()
            self._check_card(action.card)
            if action.calls:
                self._check_declarations(action.card, action.calls)
        elif isinstance(action, Cut):
            if phase != CUT:
                self._wrong_kind()
        elif isinstance(action, Penalty):
            if not self._penalties:
                raise IllegalAction("tressette.penalty_off")
            if phase not in (CUT, PLAY):
                raise IllegalAction("tressette.penalty_no_hand")
        elif isinstance(action, Shuffle):
            if phase != SHUFFLE:
                self._wrong_kind()
        elif isinstance(action, Draw):
            if phase != LOT:
                self._wrong_kind()
        else:
            raise IllegalAction("common.unknown_action", action=str(action))

    def _wrong_kind(self) -> None:
        """Refuse an action of a kind that is not due now, saying what is."""
        phase = self._phase
        if phase == PLAY:
            raise IllegalAction("tressette.expected_card", player=seat_ref(self._turn))
        if phase == CUT:
            raise IllegalAction("tressette.expected_cut", player=seat_ref(self._turn))
        if phase == SHUFFLE:
            raise IllegalAction("tressette.expected_shuffle")
        raise IllegalAction("tressette.expected_draw")

    def _check_card(self, idx: int) -> None:
        hand = self._hands[self._turn]
        if idx not in hand:
            raise IllegalAction("tressette.not_in_hand", card=Card.parse(CODES[idx]))
        if self._trick:
            suit = self._trick[0] // 10
            if idx // 10 != suit:
                for c in hand:
                    if c // 10 == suit:
                        raise IllegalAction(
                            "tressette.must_follow",
                            suit=SuitRef(ITALIAN_SUITS[suit]),
                            card=Card.parse(CODES[idx]),
                        )

    def _check_declarations(self, idx: int, tokens: tuple[str, ...]) -> None:
        if self._trick:
            raise IllegalAction("tressette.decl_not_leader")
        hand = self._hands[self._turn]
        first = not self._tricks
        true = suit_tokens(*self._lead_keys()[idx // 10])
        for tok in tokens:
            if tok not in true:
                raise refusal(hand, idx, self._played, first, tok) or IllegalAction(
                    "tressette.decl_unknown", token=tok
                )

    def _lead_keys(self) -> list[tuple[int, int, int, int]]:
        """:func:`~pyapp.tressette.declarations.lead_keys` for the lead now (the copy
        :meth:`legal_actions` kept for this position, if any; checking never writes)."""
        cached = self._keys
        if cached is not None and cached[0] == len(self.history):
            return cached[1]
        return suit_keys(self._suits[self._turn], self._played, not self._tricks)

    # -- mutation --------------------------------------------------------------------------------
    def _do(self, action: Action) -> None:
        if isinstance(action, Play):
            self._play(action.card, action.calls)
        elif isinstance(action, Cut):
            self._cut_and_deal(action.k)
        elif isinstance(action, Shuffle):
            self._shuffles.append((len(self.history), self._dealer, -1))
            self._deck = list(action.order)
            self._phase = CUT
            self._turn = (self._dealer + 1) % 4
        elif isinstance(action, Penalty):
            self._penalty(action.team)
        else:
            self._lot((action.a, action.b))

    def _lot(self, cards: tuple[int, int]) -> None:
        a, b = cards
        self._lots.append([CODES[a], CODES[b]])
        if STRENGTH[a] == STRENGTH[b]:
            return  # tie: the lot is drawn again
        self._dealer = 0 if STRENGTH[a] > STRENGTH[b] else 1
        self._phase = SHUFFLE

    def _cut_and_deal(self, k: int) -> None:
        index, dealer, _ = self._shuffles[-1]
        self._shuffles[-1] = (index, dealer, k)
        deck = self._deck[k:] + self._deck[:k]
        d = self._dealer
        order = ((d + 3) % 4, (d + 2) % 4, (d + 1) % 4, d)
        hands: list[list[int]] = [[], [], [], []]
        for j in range(40):
            hands[order[(j // 5) % 4]].append(deck[j])
        for h in hands:
            h.sort()
        self._hands = hands
        suits = self._suits = [[0, 0, 0, 0] for _ in range(4)]
        for masks, hand in zip(suits, hands, strict=True):
            for c in hand:
                masks[c // 10] |= 1 << (c % 10)
        self._deck = []
        self._trick = []
        self._tricks = []
        self._played = 0
        self._thirds = [0, 0]
        self._decls = []
        if self.options["first_lead"] == "four_of_denari":
            leader = next(p for p in range(4) if FOUR_OF_DENARI in hands[p])
        else:
            leader = (d + 3) % 4
        self._first_leader = self._leader = self._turn = leader
        self._phase = PLAY
        self._hand_no += 1

    def _play(self, idx: int, tokens: tuple[str, ...]) -> None:
        seat = self._turn
        self._hands[seat].remove(idx)
        self._suits[seat][idx // 10] ^= 1 << (idx % 10)
        trick = self._trick
        if not trick:
            self._leader = seat
            self._last_trick = None
            if tokens:
                self._decls.append(
                    {
                        "trick": len(self._tricks) + 1,
                        "seat": SEAT_LABELS[seat],
                        "card": CODES[idx],
                        "calls": list(tokens),
                    }
                )
        trick.append(idx)
        self._played |= 1 << idx
        if len(trick) < 4:
            self._turn = (seat + 3) % 4
            return
        winner = trick_winner(self._leader, trick)  # gather the trick (T9)
        team = winner % 2
        self._thirds[team] += THIRDS[trick[0]] + THIRDS[trick[1]] + THIRDS[trick[2]] + THIRDS[trick[3]]
        record = (self._leader, tuple(trick), winner)
        self._tricks.append(record)
        self._last_trick = record
        self._trick = []
        if len(self._tricks) < 10:
            self._leader = self._turn = winner
            return
        self._thirds[team] += LAST_TRICK_THIRDS
        self._score_hand(team)

    def _score_hand(self, last_team: int) -> None:
        points = [self._thirds[0] // 3, self._thirds[1] // 3]
        cappotto = TEAM_LABELS[0] if points[0] == 11 else TEAM_LABELS[1] if points[1] == 11 else None
        self._totals[0] += points[0]
        self._totals[1] += points[1]
        self._hand_log.append(
            {
                "partita": self._partita,
                "hand": self._hand_no,
                "dealer": SEAT_LABELS[self._dealer],
                "points": {"NS": points[0], "EW": points[1]},
                "thirds": {"NS": self._thirds[0], "EW": self._thirds[1]},
                "last_trick": TEAM_LABELS[last_team],
                "cappotto": cappotto,
                "totals": {"NS": self._totals[0], "EW": self._totals[1]},
            }
        )
        self._phase = SHUFFLE
        self._turn = CHANCE
        self._dealer = (self._dealer + 3) % 4  # T6
        a, b = self._totals
        if max(a, b) >= self._target and a != b:  # T14
            self._end_partita(0 if a > b else 1)

    def _end_partita(self, winner: int) -> None:
        self._wins[winner] += 1
        self._partite.append(
            {
                "number": self._partita,
                "totals": {"NS": self._totals[0], "EW": self._totals[1]},
                "winner": TEAM_LABELS[winner],
                "hands": self._hand_no,
            }
        )
        done = len(self._partite) == 3 or (
            self.options["match"] == "best_of_three" and self._wins[winner] == 2
        )
        if done:
            self._winner = 0 if self._wins[0] > self._wins[1] else 1
            self._phase = OVER
            self._turn = TERMINAL
            return
        self._partita += 1
        self._totals = [0, 0]
        self._hand_no = 0

    def _penalty(self, team: int) -> None:
        self._totals[team] -= PENALTY_POINTS
        self._hand_log.append(
            {
                "partita": self._partita,
                "hand": self._hand_no if self._phase == PLAY else self._hand_no + 1,
                "dealer": SEAT_LABELS[self._dealer],
                "penalty": TEAM_LABELS[team],
                "points": {
                    "NS": -PENALTY_POINTS if team == 0 else 0,
                    "EW": -PENALTY_POINTS if team == 1 else 0,
                },
                "totals": {"NS": self._totals[0], "EW": self._totals[1]},
            }
        )
        if self._phase == PLAY:
            self._hand_no -= 1  # the voided hand does not count
        self._hands = [[], [], [], []]
        self._suits = [[0, 0, 0, 0] for _ in range(4)]
        self._deck = []
        self._trick = []
        self._tricks = []
        self._last_trick = None
        self._played = 0
        self._thirds = [0, 0]
        self._decls = []
        self._phase = SHUFFLE
        self._turn = CHANCE

    # -- information ------------------------------------------------------------------------------
    def public_history(self, seat: int) -> tuple[tuple[int, str], ...]:
        """The history as ``seat`` knows it: lots are public; in each shuffle only the cards dealt
        to ``seat`` are shown (once dealt), every other code is ``?``; plays, cuts and penalties
        are public.

        The part that can no longer change (everything before the shuffle of a hand not yet
        dealt) is cached per seat, so a call costs little more than the new actions.
        """
        n = len(self.history)
        stable = self._shuffles[-1][0] if self._phase == CUT else n
        done = self._public.get(seat, ())
        if len(done) < stable:
            masked = {index: (dealer, k) for index, dealer, k in self._shuffles if index >= len(done)}
            extra = []
            for index in range(len(done), stable):
                action = self.history[index]
                if index in masked:
                    action = self._masked_shuffle(action, *masked[index], seat)
                extra.append((self.actors[index], action))
            done = self._public[seat] = done + tuple(extra)
        if stable == n:
            return done
        return (
            *done,
            (CHANCE, self._masked_shuffle(self.history[stable], -1, -1, seat)),
            *zip(self.actors[stable + 1 :], self.history[stable + 1 :], strict=True),
        )

    @staticmethod
    def _masked_shuffle(action: str, dealer: int, k: int, seat: int) -> str:
        """``action`` (a shuffle) with only ``seat``'s cards shown; all masked while not dealt
        (``k = -1``)."""
        codes = action.split(" ")[1:]
        masked = [HIDDEN] * 40
        if k >= 0:
            order = ((dealer + 3) % 4, (dealer + 2) % 4, (dealer + 1) % 4, dealer)
            for j in range(40):
                if order[(j // 5) % 4] == seat:
                    pos = (j + k) % 40
                    masked[pos] = codes[pos]
        return "shuffle " + " ".join(masked)

    # -- observation -----------------------------------------------------------------------------
    @staticmethod
    def _trick_json(record: tuple[int, tuple[int, ...], int]) -> dict[str, Any]:
        leader, cards, winner = record
        return {
            "leader": SEAT_LABELS[leader],
            "cards": [
                {"seat": SEAT_LABELS[(leader + 3 * k) % 4], "card": CODES[c]} for k, c in enumerate(cards)
            ],
            "winner": SEAT_LABELS[winner],
        }

    def phase(self) -> str:
        """``lot``, ``shuffle`` (first hand or after a penalty), ``hand_over`` (a hand was just
        scored, the next shuffle is due), ``cut``, ``play`` or ``game_over``."""
        if self._phase == SHUFFLE and self._hand_log and "penalty" not in self._hand_log[-1]:
            return HAND_OVER
        return self._phase

    def hand_of(self, seat: int) -> list[str]:
        """The cards seat ``seat`` holds (hidden information: views show only the owner's)."""
        return [CODES[c] for c in self._hands[seat]]

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator): never another player's cards.

        Tournament review (T10): only the last completed trick, and only until the next lead;
        practice review: every trick of the hand in progress.
        """
        turn = self._turn
        out: dict[str, Any] = {
            "game": self.game,
            "seat": None if player is None else SEAT_LABELS[player],
            "seats": list(SEAT_LABELS),
            "teams": {"NS": ["N", "S"], "EW": ["E", "W"]},
            "options": dict(self.options),
            "phase": self.phase(),
            "dealer": SEAT_LABELS[self._dealer] if self._dealer >= 0 else None,
            "turn": None if turn == TERMINAL else self.seat_label(turn),
            "lots": [list(x) for x in self._lots],
            "hand": [CODES[c] for c in self._hands[player]] if player is not None else None,
            "hand_counts": {SEAT_LABELS[p]: len(self._hands[p]) for p in range(4)},
            "first_leader": SEAT_LABELS[self._first_leader] if self._phase == PLAY else None,
            "trick_number": len(self._tricks) + 1 if self._phase == PLAY else None,
            "trick": [
                {"seat": SEAT_LABELS[(self._leader + 3 * k) % 4], "card": CODES[c]}
                for k, c in enumerate(self._trick)
            ],
            "last_trick": self._trick_json(self._last_trick) if self._last_trick else None,
            "declarations": [dict(d, calls=list(d["calls"])) for d in self._decls],
            "thirds": {"NS": self._thirds[0], "EW": self._thirds[1]},
            "tricks_won": {
                "NS": sum(1 for r in self._tricks if r[2] % 2 == 0),
                "EW": sum(1 for r in self._tricks if r[2] % 2 == 1),
            },
            "partita": self._partita,
            "totals": {"NS": self._totals[0], "EW": self._totals[1]},
            "wins": {"NS": self._wins[0], "EW": self._wins[1]},
            "target": self._target,
            "hands": [dict(h) for h in self._hand_log],
            "partite": [dict(p) for p in self._partite],
            "winner": TEAM_LABELS[self._winner] if self._winner is not None else None,
        }
        if self.options["review"] == "practice" or out["phase"] in ("hand_over", "match_over"):
            # practice: the hand so far; any mode, once a hand is scored: its tricks are counted openly
            out["tricks"] = [self._trick_json(r) for r in self._tricks]
        if player is not None and player == turn:
            out["legal_actions"] = self.legal_actions()
        return out

    def result(self) -> dict[str, Any]:
        """Per hand points (and cappotto, penalties), per partita totals and winner, match winner."""
        partite = [dict(p) for p in self._partite]
        if self._phase != OVER and (self._hand_no or self._totals != [0, 0]):
            partite.append(
                {
                    "number": self._partita,
                    "totals": {"NS": self._totals[0], "EW": self._totals[1]},
                    "winner": None,
                    "hands": self._hand_no,
                }
            )
        return {
            "hands": [dict(h) for h in self._hand_log],
            "partite": partite,
            "wins": {"NS": self._wins[0], "EW": self._wins[1]},
            "winner": TEAM_LABELS[self._winner] if self._winner is not None else None,
            "cappotti": {
                team: sum(1 for h in self._hand_log if h.get("cappotto") == team) for team in TEAM_LABELS
            },
        }

    def returns(self) -> list[float]:
        """Per seat: the team's partite won (partners share the number)."""
        return [float(self._wins[p % 2]) for p in range(4)]
