"""Tressette computer players: a random beginner and ``ChitarrellaBot``, a rule-of-thumb player.

Bots see what a player at the table sees: ``state.view(seat)`` (their own hand, the trick on the
table, the public declarations, the scores) plus the cards played so far this hand, taken from
the *public* play actions of the history (:func:`public_plays`; never the shuffle, which is
hidden). A strong player remembers every card played even in tournament mode (T10 forbids
looking back at the tricks, not remembering them).

``ChitarrellaBot`` (named after the classic treatise) plays by fixed rules, no search, so its
thinking time does not depend on its hand (T11):

* **cut**: declines (``nocut``);
* **lead**: answers the partner's calls first (plays the card asked for by ``voglio_3``,
  ``voglio_2``, ``voglio=<card>``, ``voglio_asso``; returns the suit of ``busso``, ``ribusso``,
  ``liscio_busso``, ``voglio_25``, ``migliore``), then cashes a sure winner (a card no unseen
  card of its suit can beat), else leads low from its longest suit; it always adds the
  canonical declaration (:func:`pyapp.tressette.declarations.canonical_tokens`);
* **follow**: plays the card the partner asked for; never overtakes a partner whose card is
  sure to win and loads it with points (aces, then figures); takes the trick when it can do so
  for sure (or when it plays last), otherwise plays its cheapest card;
* **discard**: gives points to a partner sure to win, otherwise throws its cheapest card.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pyapp.core import Bot, GameState
from pyapp.tressette import ACE, CODES, INDEX, SEAT_LABELS, STRENGTH, THIRDS, THREE, TWO
from pyapp.tressette.declarations import canonical_tokens


class RandomTressetteBot(Bot):
    """A uniformly random legal action (a random card, or a random cut or no cut)."""

    name: ClassVar[str] = "random"

    def choose(self, state: GameState, rng: random.Random) -> str:
        """A random element of ``legal_actions()`` (the legal list is part of the player's view)."""
        return rng.choice(state.legal_actions())


def public_plays(state: GameState, first_leader: str | None = None) -> list[tuple[int, int, tuple[str, ...]]]:
    """The plays of the hand in progress as ``(seat, card index, declaration tokens)``, in order.

    Reads only the public play actions after the last shuffle and cut (the shuffle's card order
    is skipped) and attributes them to seats with the trick rules, starting from the hand's
    first leader (``view()["first_leader"]``, looked up when not given).
    """
    history = state.history
    start = len(history)
    while start > 0 and not history[start - 1].startswith("shuffle"):
        start -= 1
    actions = [a for a in history[start:] if a[:2] not in ("cu", "no", "pe")]
    if first_leader is None:
        first_leader = state.view(None)["first_leader"]
    if first_leader is None:
        return []
    leader = SEAT_LABELS.index(first_leader)
    out: list[tuple[int, int, tuple[str, ...]]] = []
    trick: list[int] = []
    for action in actions:
        code, *tokens = action.split()
        card = INDEX[code]
        seat = (leader + 3 * len(trick)) % 4
        out.append((seat, card, tuple(tokens)))
        trick.append(card)
        if len(trick) == 4:
            suit = trick[0] // 10
            best = max(range(4), key=lambda k: STRENGTH[trick[k]] if trick[k] // 10 == suit else -1)
            leader = (leader + 3 * best) % 4
            trick = []
    return out


_REQUEST_RANK: dict[str, int] = {"voglio_3": THREE, "voglio_2": TWO, "voglio_asso": ACE}
_RETURN_CALLS: frozenset[str] = frozenset({"busso", "ribusso", "liscio_busso", "voglio_25", "migliore"})


class ChitarrellaBot(Bot):
    """A partner-aware rule-based player that counts cards and reads declarations (see module doc)."""

    name: ClassVar[str] = "chitarrella"

    def choose(self, state: GameState, rng: random.Random) -> str:
        """The bot's action for the seat to act, from that seat's view and the public plays."""
        seat = state.current_player()
        view = state.view(seat)
        legal: list[str] = view.get("legal_actions", [])
        if view["phase"] == "cut":
            return "nocut" if "nocut" in legal else legal[0]
        return _Table(seat, view, public_plays(state, view["first_leader"])).decide(legal)


class _Table:
    """What the bot knows at its turn: hand, played cards, voids, partner's calls, the trick."""

    def __init__(
        self, seat: int, view: dict[str, Any], plays: list[tuple[int, int, tuple[str, ...]]]
    ) -> None:
        self.seat = seat
        self.partner = (seat + 2) % 4
        self.hand = [INDEX[c] for c in view["hand"]]
        self.first_trick = view["trick_number"] == 1
        self.played = 0
        self.voids: list[set[int]] = [set(), set(), set(), set()]
        self.requests: set[int] = set()  # card indices the partner asked for
        self.returns: set[int] = set()  # suits the partner wants back
        led_suit = -1
        for k, (who, card, tokens) in enumerate(plays):
            self.played |= 1 << card
            if k % 4 == 0:
                led_suit = card // 10
                if tokens and who == self.partner:
                    self._read_calls(card // 10, tokens)
                if "volo" in tokens:
                    self.voids[who].add(card // 10)
            elif card // 10 != led_suit:
                self.voids[who].add(led_suit)
        self.requests = {c for c in self.requests if not self.played >> c & 1}
        n_trick = len(plays) % 4
        self.trick = plays[len(plays) - n_trick :] if n_trick else []

    def _read_calls(self, suit: int, tokens: tuple[str, ...]) -> None:
        for tok in tokens:
            if tok in _REQUEST_RANK:
                self.requests.add(suit * 10 + _REQUEST_RANK[tok])
            elif tok.startswith("voglio=") and tok[7:] in INDEX:
                self.requests.add(INDEX[tok[7:]])
            if tok in _RETURN_CALLS:
                self.returns.add(suit)

    # -- knowledge ----------------------------------------------------------------------------
    def unseen_stronger(self, card: int) -> bool:
        """Whether some card not played and not in my hand beats ``card`` in its suit."""
        suit = card // 10
        mine = set(self.hand)
        strength = STRENGTH[card]
        for c in range(suit * 10, suit * 10 + 10):
            if STRENGTH[c] > strength and c not in mine and not self.played >> c & 1:
                return True
        return False

    def sure_winner(self, card: int, players_after: list[int]) -> bool:
        """Whether ``card`` (now winning) cannot be beaten by the players still to play."""
        if not self.unseen_stronger(card):
            return True
        return all(card // 10 in self.voids[p] or p == self.seat for p in players_after)

    # -- decisions -----------------------------------------------------------------------------
    def decide(self, legal: list[str]) -> str:
        """The action to play (a code from ``legal``, with the canonical call on a lead)."""
        options = [INDEX[c] for c in legal]
        if not self.trick:
            card = self.lead(options)
            tokens = canonical_tokens(self.hand, card, self.played, self.first_trick)
            return " ".join([CODES[card], *tokens])
        return CODES[self.follow(options)]

    def lead(self, options: list[int]) -> int:
        """The card to lead."""
        for c in options:
            if c in self.requests:
                return c
        for suit in sorted(self.returns):
            mine = [c for c in options if c // 10 == suit]
            if mine:
                return min(mine, key=lambda c: (THIRDS[c], STRENGTH[c]))
        masters = [c for c in options if not self.unseen_stronger(c) and self._suit_live(c)]
        if masters:
            return max(masters, key=lambda c: (THIRDS[c] + STRENGTH[c] / 10, -c))
        by_suit: dict[int, list[int]] = {}
        for c in options:
            by_suit.setdefault(c // 10, []).append(c)
        longest = max(by_suit.values(), key=lambda cs: (len(cs), -min(cs)))
        return min(longest, key=lambda c: (THIRDS[c], STRENGTH[c]))

    def _suit_live(self, card: int) -> bool:
        """Whether opponents may still hold cards of the suit (else a master only wins air)."""
        suit = card // 10
        mine = set(self.hand)
        return any(not self.played >> c & 1 and c not in mine for c in range(suit * 10, suit * 10 + 10))

    def follow(self, options: list[int]) -> int:
        """The card to play on a trick already led."""
        led = self.trick[0][1]
        suit = led // 10
        win_seat, win_card = self.trick[0][0], led
        for who, card, _ in self.trick[1:]:
            if card // 10 == suit and STRENGTH[card] > STRENGTH[win_card]:
                win_seat, win_card = who, card
        after = [(self.seat + 3 * k) % 4 for k in range(1, 4 - len(self.trick))]
        following = options[0] // 10 == suit
        partner_sure = win_seat == self.partner and self.sure_winner(win_card, after)
        if following:
            for c in options:
                if c in self.requests and self.trick[0][0] == self.partner:
                    return c
            if win_seat == self.partner:
                if partner_sure or not after:
                    under = [c for c in options if STRENGTH[c] < STRENGTH[win_card]] or options
                    return max(under, key=lambda c: (THIRDS[c], not self._is_master(c), -STRENGTH[c]))
                return self.cheapest(options)
            beaters = [c for c in options if STRENGTH[c] > STRENGTH[win_card]]
            if beaters:
                if not after:
                    return max(beaters, key=lambda c: (THIRDS[c], -STRENGTH[c]))
                sure = [c for c in beaters if self.sure_winner(c, after)]
                if sure:
                    return min(sure, key=lambda c: STRENGTH[c])
            return self.cheapest(options)
        if partner_sure or (win_seat == self.partner and not after):
            return max(options, key=lambda c: (THIRDS[c], not self._is_master(c), -STRENGTH[c]))
        return self.cheapest(options)

    def _is_master(self, card: int) -> bool:
        return not self.unseen_stronger(card)

    def cheapest(self, options: list[int]) -> int:
        """The card that costs least to give away: fewest points, not a winner, weakest."""
        return min(options, key=lambda c: (THIRDS[c], self._is_master(c), STRENGTH[c]))


class EasyTressetteBot(Bot):
    """A beginner: plays like Chitarrella about half the time, otherwise by naive habits.

    The habits are a beginner's believable mistakes: it forgets which cards have gone (no
    counting), leads the top card of its longest suit (throwing aces under a 3 or a 2), beats
    whatever is winning with its highest card even when the partner has the trick, dumps its
    cheapest card otherwise, and seldom declares (its partner learns little).
    """

    name: ClassVar[str] = "easy"

    def __init__(self, slip: float = 0.5) -> None:
        self.slip = slip
        """Probability that a decision follows the naive habits instead of Chitarrella's rules."""
        self._rules = ChitarrellaBot()

    def choose(self, state: GameState, rng: random.Random) -> str:
        """A card (or ``nocut``) for the seat to act, from its view and the public plays."""
        seat = state.current_player()
        view = state.view(seat)
        legal: list[str] = view.get("legal_actions", [])
        if view["phase"] == "cut":
            return "nocut" if "nocut" in legal else legal[0]
        if rng.random() >= self.slip:
            action = self._rules.choose(state, rng)
            if " " in action and rng.random() < 0.7:
                return action.split()[0]  # forgets to declare
            return action
        options = [INDEX[c] for c in legal]
        trick = view["trick"]
        if not trick:
            by_suit: dict[int, list[int]] = {}
            for c in options:
                by_suit.setdefault(c // 10, []).append(c)
            longest = max(by_suit.values(), key=lambda cs: (len(cs), rng.random()))
            return CODES[max(longest, key=lambda c: STRENGTH[c])]
        led = INDEX[trick[0]["card"]]
        best = max(
            (INDEX[t["card"]] for t in trick if INDEX[t["card"]] // 10 == led // 10),
            key=lambda c: STRENGTH[c],
        )
        beaters = [c for c in options if c // 10 == led // 10 and STRENGTH[c] > STRENGTH[best]]
        if beaters:
            return CODES[max(beaters, key=lambda c: STRENGTH[c])]
        return CODES[min(options, key=lambda c: (THIRDS[c], STRENGTH[c], rng.random()))]
