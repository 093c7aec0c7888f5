"""Tressette a 31 for four players in two teams: a whole match as options + actions.

Seats ``N E S W`` are indices 0..3; teams N-S (0) and E-W (1) (team = seat % 2). Play goes
counter-clockwise: after seat p comes (p + 3) % 4 (N -> W -> S -> E). The dealer's right,
(d + 3) % 4, receives the first cards and leads (T5, T7); the dealer's left, (d + 1) % 4, cuts (T4).

Actions (see ``docs/notation/tressette.md``):

* ``draw C1 C2`` (chance, T3): the first-dealer lot; N turns C1 for N-S, E turns C2 for E-W. The
  higher card in trick order deals (N or E); equal ranks: the lot is drawn again (another ``draw``).
* ``shuffle <40 codes>`` (chance): the deck order of the next hand, top card first.
* ``cut K`` (1..39) / ``nocut`` (the dealer's left, T4): the top K cards are lifted and put under
  the other 40 - K, so the card at position K (0-based) becomes the top card.
* the deal (T5) is automatic: 5 cards at a time, counter-clockwise from the dealer's right, twice
  round (card j of the cut deck goes to the (j // 5) % 4-th player in that order).
* ``<card> [tokens...]``: a play; a lead may carry declaration tokens
  (:mod:`pyapp.tressette.declarations`).
* ``penalty NS`` / ``penalty EW`` (T16): a referee action, accepted whenever a hand is in
  progress (cut or play phase) but never listed by :meth:`legal_actions`; the team loses 3
  points, the hand is void and the same dealer shuffles again.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pyapp.cards import ITALIAN_SUITS, Card, Deck
from pyapp.core import CHANCE, CHANCE_LABEL, TERMINAL, GameState, Option
from pyapp.tressette import (
    CODES,
    INDEX,
    LAST_TRICK_THIRDS,
    SEAT_LABELS,
    STRENGTH,
    TEAM_LABELS,
    THIRDS,
    SuitRef,
    TressetteIllegal,
    seat_ref,
)
from pyapp.tressette.declarations import refusal

LOT, SHUFFLE, CUT, PLAY, OVER = "lot", "shuffle", "cut", "play", "match_over"
"""Internal phases: first-dealer lot, shuffle (chance), cut, play, match over."""

FOUR_OF_DENARI: int = INDEX["4d"]
PENALTY_POINTS: int = 3
CUT_ACTIONS: tuple[str, ...] = ("nocut",) + tuple(f"cut {k}" for k in range(1, 40))
_TEAM_OF_LABEL: dict[str, int] = {"NS": 0, "EW": 1}


class TressetteState(GameState):
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
    )

    def __init__(self, **options: str | int) -> None:
        super().__init__(**options)
        self._target: int = int(self.options["target"])
        self._phase: str = LOT
        self._dealer: int = -1
        self._lots: list[list[str]] = []
        self._deck: list[int] = []
        self._hands: list[list[int]] = [[], [], [], []]
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
        self._pending: tuple[str, Any] | None = None

    # -- seats ---------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """Four seats, N E S W."""
        return 4

    def seat_label(self, player: int) -> str:
        """``"N" "E" "S" "W"`` for seats 0..3, ``"*"`` for chance."""
        if player == CHANCE:
            return CHANCE_LABEL
        return SEAT_LABELS[player]

    def seat_of(self, label: str) -> int:
        """Inverse of :meth:`seat_label`."""
        if label == CHANCE_LABEL:
            return CHANCE
        if label not in SEAT_LABELS:
            raise KeyError(label)
        return SEAT_LABELS.index(label)

    # -- state machine -------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE (lot, shuffle) or TERMINAL (match over)."""
        return self._turn

    def legal_actions(self) -> list[str]:
        """Plain card plays (follow-suit set, T8) or the cut choices; ``[]`` at chance/terminal."""
        phase = self._phase
        if phase == PLAY:
            hand = self._hands[self._turn]
            if self._trick:
                suit = self._trick[0] // 10
                follow = [CODES[c] for c in hand if c // 10 == suit]
                if follow:
                    return follow
            return [CODES[c] for c in hand]
        if phase == CUT:
            return list(CUT_ACTIONS)
        return []

    def chance_sample(self, rng: random.Random) -> str:
        """A random lot (``draw``) or a random ``shuffle`` for the chance node."""
        if self._phase == LOT:
            a, b = rng.sample(CODES, 2)
            return f"draw {a} {b}"
        if self._phase == SHUFFLE:
            order = list(CODES)
            rng.shuffle(order)
            return "shuffle " + " ".join(order)
        raise TressetteIllegal("tressette.no_chance")

    def lead_context(self) -> tuple[list[int], int, bool] | None:
        """(leader's hand, played-card bit set, first trick?) when a trick is to be led, else None."""
        if self._phase != PLAY or self._trick:
            return None
        return list(self._hands[self._turn]), self._played, not self._tricks

    # -- verification ----------------------------------------------------------------------------
    def verify(self, action: str) -> None:
        """Raise :class:`TressetteIllegal` (a ``tressette.*`` key) unless ``action`` is allowed now."""
        self._pending = None
        phase = self._phase
        if phase == PLAY:
            idx = INDEX.get(action)
            if idx is not None:  # fast path: a plain card
                self._check_card(idx)
                self._pending = (action, (idx, ()))
                return
        if phase == OVER:
            raise TressetteIllegal("tressette.game_over")
        head, _, rest = action.partition(" ")
        if head == "penalty":
            self._check_penalty(rest)
            self._pending = (action, _TEAM_OF_LABEL[rest])
            return
        if phase == PLAY:
            idx = INDEX.get(head)
            if idx is None:
                if head in ("draw", "shuffle", "cut", "nocut"):
                    raise TressetteIllegal("tressette.expected_card", player=seat_ref(self._turn))
                raise TressetteIllegal("tressette.unknown_action", action=action)
            self._check_card(idx)
            tokens = tuple(rest.split())
            if tokens:
                self._check_declarations(idx, tokens)
            self._pending = (action, (idx, tokens))
            return
        if phase == CUT:
            if action == "nocut":
                self._pending = (action, 0)
                return
            if head != "cut":
                if head in INDEX:
                    raise TressetteIllegal("tressette.expected_cut", player=seat_ref(self._turn))
                raise TressetteIllegal("tressette.unknown_action", action=action)
            if not rest.isdigit():
                raise TressetteIllegal("tressette.cut_bad", text=rest)
            k = int(rest)
            if not 1 <= k <= 39:
                raise TressetteIllegal("tressette.cut_range", k=k)
            self._pending = (action, k)
            return
        if phase == SHUFFLE:
            if head != "shuffle":
                raise TressetteIllegal("tressette.expected_shuffle")
            self._pending = (action, self._parse_shuffle(rest))
            return
        # LOT
        if head != "draw":
            raise TressetteIllegal("tressette.expected_draw")
        codes = rest.split()
        if len(codes) != 2:
            raise TressetteIllegal("tressette.draw_count", count=len(codes))
        for code in codes:
            if code not in INDEX:
                raise TressetteIllegal("tressette.bad_card", text=code)
        if codes[0] == codes[1]:
            raise TressetteIllegal("tressette.draw_same", card=Card.parse(codes[0]))
        self._pending = (action, (INDEX[codes[0]], INDEX[codes[1]]))

    def _check_card(self, idx: int) -> None:
        hand = self._hands[self._turn]
        if idx not in hand:
            raise TressetteIllegal("tressette.not_in_hand", card=Card.parse(CODES[idx]))
        if self._trick:
            suit = self._trick[0] // 10
            if idx // 10 != suit:
                for c in hand:
                    if c // 10 == suit:
                        raise TressetteIllegal(
                            "tressette.must_follow",
                            suit=SuitRef(ITALIAN_SUITS[suit]),
                            card=Card.parse(CODES[idx]),
                        )

    def _check_declarations(self, idx: int, tokens: tuple[str, ...]) -> None:
        if self._trick:
            raise TressetteIllegal("tressette.decl_not_leader")
        if len(set(tokens)) != len(tokens):
            dup = next(tok for tok in tokens if tokens.count(tok) > 1)
            raise TressetteIllegal("tressette.decl_repeated", token=dup)
        hand = self._hands[self._turn]
        first = not self._tricks
        for tok in tokens:
            why = refusal(hand, idx, self._played, first, tok)
            if why is not None:
                raise why

    def _check_penalty(self, team: str) -> None:
        if team not in _TEAM_OF_LABEL:
            raise TressetteIllegal("tressette.penalty_team", team=team)
        if self._phase not in (CUT, PLAY):
            raise TressetteIllegal("tressette.penalty_no_hand")

    @staticmethod
    def _parse_shuffle(rest: str) -> list[int]:
        codes = rest.split()
        seen: set[int] = set()
        order: list[int] = []
        for code in codes:
            idx = INDEX.get(code)
            if idx is None:
                raise TressetteIllegal("tressette.bad_card", text=code)
            if idx in seen:
                raise TressetteIllegal("tressette.shuffle_repeated", card=Card.parse(code))
            seen.add(idx)
            order.append(idx)
        if len(order) != 40:
            missing = next(c for c in range(40) if c not in seen)
            raise TressetteIllegal(
                "tressette.shuffle_count", count=len(order), card=Card.parse(CODES[missing])
            )
        return order

    def verify_as(self, player: int, action: str) -> None:
        """:meth:`verify` for an action attempted by seat ``player`` (refuses out of turn)."""
        if self._turn == TERMINAL:
            raise TressetteIllegal("tressette.game_over")
        if player != self._turn:
            if self._turn == CHANCE:
                raise TressetteIllegal("tressette.chance_turn")
            raise TressetteIllegal("tressette.not_your_turn", player=seat_ref(self._turn))
        self.verify(action)

    # -- mutation --------------------------------------------------------------------------------
    def _do(self, action: str) -> None:
        pending = self._pending
        if pending is None or pending[0] != action:
            self.verify(action)
            pending = self._pending
        assert pending is not None
        self._pending = None
        value = pending[1]
        phase = self._phase
        if phase == PLAY and isinstance(value, tuple):
            self._play(value[0], value[1])
        elif isinstance(value, int) and action.startswith("penalty"):
            self._penalty(value)
        elif phase == CUT:
            self._cut_and_deal(value)
        elif phase == SHUFFLE:
            self._deck = value
            self._phase = CUT
            self._turn = (self._dealer + 1) % 4
        else:
            self._lot(value)

    def _lot(self, cards: tuple[int, int]) -> None:
        a, b = cards
        self._lots.append([CODES[a], CODES[b]])
        if STRENGTH[a] == STRENGTH[b]:
            return  # tie: the lot is drawn again
        self._dealer = 0 if STRENGTH[a] > STRENGTH[b] else 1
        self._phase = SHUFFLE

    def _cut_and_deal(self, k: int) -> None:
        deck = self._deck[k:] + self._deck[:k]
        d = self._dealer
        order = ((d + 3) % 4, (d + 2) % 4, (d + 1) % 4, d)
        hands: list[list[int]] = [[], [], [], []]
        for j in range(40):
            hands[order[(j // 5) % 4]].append(deck[j])
        for h in hands:
            h.sort()
        self._hands = hands
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
        # gather the trick (T9)
        suit = trick[0] // 10
        best = 0
        for k in (1, 2, 3):
            c = trick[k]
            if c // 10 == suit and STRENGTH[c] > STRENGTH[trick[best]]:
                best = k
        winner = (self._leader + 3 * best) % 4
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
        self._deck = []
        self._trick = []
        self._tricks = []
        self._last_trick = None
        self._played = 0
        self._thirds = [0, 0]
        self._decls = []
        self._phase = SHUFFLE
        self._turn = CHANCE

    # -- copies ----------------------------------------------------------------------------------
    def clone(self) -> TressetteState:
        """An independent copy made by copying fields (no replay)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.options = dict(self.options)
        new.history = list(self.history)
        new._lots = [list(x) for x in self._lots]
        new._deck = list(self._deck)
        new._hands = [list(h) for h in self._hands]
        new._trick = list(self._trick)
        new._tricks = list(self._tricks)
        new._thirds = list(self._thirds)
        new._decls = [dict(d, calls=list(d["calls"])) for d in self._decls]
        new._totals = list(self._totals)
        new._wins = list(self._wins)
        new._hand_log = [dict(h) for h in self._hand_log]
        new._partite = [dict(p) for p in self._partite]
        new._pending = None
        return new

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
        scored, the next shuffle is due), ``cut``, ``play`` or ``match_over``."""
        if self._phase == SHUFFLE and self._hand_log and "penalty" not in self._hand_log[-1]:
            return "hand_over"
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
