"""Tressette computer players: a random beginner and ``ChitarrellaBot``, a rule-of-thumb player.

Bots are given an :class:`~pyapp.core.InfoState` built by the engine, never the game state: the
seat's view (its own hand, the trick on the table, the public declarations, the scores), its
legal actions, and the public history, from which they take the cards played so far this hand
(:func:`public_plays`; the shuffles there are masked but for the bot's own cards). A strong player remembers every card played even in tournament mode (T10 forbids
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
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pyapp.core import CHANCE, Bot, InfoState
from pyapp.tressette import ACE, CODES, INDEX, STRENGTH, THIRDS, THREE, TWO
from pyapp.tressette.actions import CUTS, Penalty, Play, parse, play
from pyapp.tressette.declarations import canonical_tokens

NOCUT = str(CUTS[0])
"""Declining the cut: what every computer player does (T4)."""


class RandomTressetteBot(Bot):
    """A uniformly random legal action (a card with or without declarations, or a cut).

    Never a referee's ``penalty`` (listed with ``penalties=on``): players do not fine themselves.
    """

    name: ClassVar[str] = "random"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A random element of the legal actions, penalties excepted."""
        return rng.choice([a for a in info.legal if not isinstance(parse(a), Penalty)])


def public_plays(history: Sequence[tuple[int, str]]) -> list[tuple[int, int, tuple[str, ...]]]:
    """The plays of the hand in progress as ``(seat, card index, declaration tokens)``, in order.

    ``history`` is a public history (``InfoState.history``: ``(actor, action)`` pairs); the plays
    are the players' actions after the last shuffle that are not a cut or a penalty.
    """
    start = len(history)
    while start > 0 and not (history[start - 1][0] == CHANCE and history[start - 1][1].startswith("shuffle")):
        start -= 1
    out: list[tuple[int, int, tuple[str, ...]]] = []
    for actor, action in history[start:]:
        value = parse(action) if actor >= 0 else None
        if isinstance(value, Play):
            out.append((actor, value.card, value.calls))
    return out


_REQUEST_RANK: dict[str, int] = {"voglio_3": THREE, "voglio_2": TWO, "voglio_asso": ACE}
_RETURN_CALLS: frozenset[str] = frozenset({"busso", "ribusso", "liscio_busso", "voglio_25", "migliore"})


class ChitarrellaBot(Bot):
    """A partner-aware rule-based player that counts cards and reads declarations (see module doc)."""

    name: ClassVar[str] = "chitarrella"

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """The bot's action for the seat to act, from its view and the public plays."""
        view = info.view
        legal = info.legal
        if view["phase"] == "cut":
            return NOCUT if NOCUT in legal else legal[0]
        return _Table(info.seat, view, public_plays(info.history)).decide(legal)


class _Table:
    """What the bot knows at its turn: hand, played cards, voids, partner's calls, the trick."""

    def __init__(
        self, seat: int, view: Mapping[str, Any], plays: list[tuple[int, int, tuple[str, ...]]]
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
    def decide(self, legal: Sequence[str]) -> str:
        """The action to play (a card of ``legal``, with the canonical call on a lead)."""
        options = [v.card for v in map(parse, legal) if isinstance(v, Play) and not v.calls]
        if not self.trick:
            card = self.lead(options)
            return str(play(card, tuple(canonical_tokens(self.hand, card, self.played, self.first_trick))))
        return str(play(self.follow(options)))

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

    def choose(self, info: InfoState, rng: random.Random) -> str:
        """A card (or ``nocut``) for the seat to act, from its view and the public plays."""
        view = info.view
        legal = info.legal
        if view["phase"] == "cut":
            return NOCUT if NOCUT in legal else legal[0]
        if rng.random() >= self.slip:
            action = self._rules.choose(info, rng)
            value = parse(action)
            if isinstance(value, Play) and value.calls and rng.random() < 0.7:
                return CODES[value.card]  # forgets to declare
            return action
        values = [parse(a) for a in legal]
        options = [v.card for v in values if isinstance(v, Play) and not v.calls]
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
