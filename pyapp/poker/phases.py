"""What each phase of a poker hand accepts: one verifier and one list of legal actions per phase.

The phases of a session (see :mod:`pyapp.poker.rules` for the state machine)::

    lot -> [rebuy] -> shuffle -> cut -> opening -> bet1 -> draw [-> reshuffle] -> bet2
        -> showdown -> [rebuy] -> shuffle ... -> over

A verifier only reads the state: it reads the words of an action into a
:class:`~pyapp.poker.actions.PokerAction` (accepting the spellings a player may use, such as a
bare ``open``), or raises :class:`~pyapp.core.IllegalAction` with the precise reason; the state
then refuses any spelling but the canonical one. A legal-action list holds every legal action of
the phase, canonical, in the order documented in docs/notation/poker.md, so that
``verify(a)`` passes exactly for the actions listed. The between-hands phase (``rebuy``) lives
with the buy-ins in :mod:`pyapp.poker.stakes`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from pyapp.cards import Card, CardError
from pyapp.core import IllegalAction
from pyapp.poker.actions import PokerAction, card_order

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState

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

REQUIREMENTS = ("J", "Q", "K")
"""P8: the opening requirement levels (a pair of jacks, queens or kings at least)."""


# -- reading words ---------------------------------------------------------------------------------
def read_number(words: list[str], action: str) -> int:
    """The number of a two-word action (``open 6``, ``cut 17``, ``rebuy 2``), or a refusal.

    Any spelling Python reads as a whole number is read (``06``, ``+6``, full-width digits...);
    the state then refuses it unless it is the canonical one.
    """
    if len(words) != 2:
        raise IllegalAction("common.unknown_action", action=action)
    try:
        return int(words[1])
    except ValueError:
        raise IllegalAction("poker.bad_amount", text=words[1]) from None


def read_cards(s: PokerState, codes: list[str]) -> list[Card]:
    """Cards of this table's deck from their codes, or a precise refusal."""
    out = []
    for code in codes:
        card = s.card_by_code.get(code)
        if card is None:
            try:
                card = Card.parse(code, "fr")
            except CardError:
                raise IllegalAction("common.bad_card", text=code) from None
            if card.code not in s.card_by_code:
                raise IllegalAction("poker.not_in_deck", text=code, lowest=s.lowest)
        out.append(card)
    return out


# -- chance: lot, shuffle, reshuffle ---------------------------------------------------------------
def verify_lot(s: PokerState, words: list[str], action: str) -> PokerAction:
    """P1: the first dealer, drawn by lot: ``dealer K``."""
    if words[0] != "dealer" or len(words) != 2:
        raise IllegalAction("poker.expected_chance", expected="dealer")
    try:
        seat = s.seat_of(words[1])
    except KeyError:
        raise IllegalAction("poker.bad_seat", text=words[1]) from None
    if seat < 0:
        raise IllegalAction("poker.bad_seat", text=words[1])
    return PokerAction("dealer", seat=seat)


def _verify_order(s: PokerState, words: list[str], verb: str, target: list[Card]) -> PokerAction:
    if words[0] != verb:
        raise IllegalAction("poker.expected_chance", expected=verb)
    cards = read_cards(s, words[1:])  # a precise refusal for a card that does not exist
    if len(cards) != len(target) or set(cards) != set(target):
        raise IllegalAction("poker.bad_shuffle", count=len(target))
    return PokerAction(verb, cards=tuple(cards))


def verify_shuffle(s: PokerState, words: list[str], action: str) -> PokerAction:
    """P6: ``shuffle`` followed by every card of the table's deck once, top card first."""
    return _verify_order(s, words, "shuffle", list(s.cards))


def verify_reshuffle(s: PokerState, words: list[str], action: str) -> PokerAction:
    """P11: ``reshuffle`` followed by every discard being reshuffled once, top card first."""
    return _verify_order(s, words, "reshuffle", s.reshuffle_cards)


# -- the cut ---------------------------------------------------------------------------------------
def legal_cut(s: PokerState, p: int) -> list[str]:
    """``cut 1`` .. ``cut n-1``, then ``nocut``, then ``end`` in an open-ended session."""
    out = list(s.cut_actions)
    if s.max_hands == 0:
        out.append("end")
    return out


def verify_cut(s: PokerState, p: int, words: list[str], action: str) -> PokerAction:
    """P6: the player on the dealer's right cuts (or not); ``end`` closes an open-ended session."""
    verb = words[0]
    if verb == "nocut" and len(words) == 1:
        return PokerAction(verb)
    if verb == "end" and len(words) == 1:
        if s.max_hands:
            raise IllegalAction("poker.fixed_length", hands=s.max_hands)
        return PokerAction(verb)
    if verb == "cut":
        k = read_number(words, action)
        if not 1 <= k < len(s.cards):
            raise IllegalAction("poker.bad_cut", high=len(s.cards) - 1)
        return PokerAction(verb, number=k)
    raise IllegalAction("poker.cut_now", player=s.ref(p))


# -- amounts ---------------------------------------------------------------------------------------
def amounts(s: PokerState, p: int) -> range:
    """Every amount ``p`` may open, bet or raise by now, from the minimum to the maximum."""
    lo, hi = s.bet_bounds(p)
    return range(lo, hi + 1)


def may_raise(s: PokerState, p: int) -> bool:
    """Whether ``p`` may bet or raise now (chips left, P9 raise cap not reached)."""
    if s.raise_cap and s.current_bet > 0 and s.raises >= s.raise_cap:
        return False
    lo, hi = s.bet_bounds(p)
    return hi >= lo


def check_amount(s: PokerState, p: int, amount: int, limit_key: str) -> None:
    """P9/P3: an amount between the minimum and the pot limit (or the resto)."""
    lo, hi = s.bet_bounds(p)
    if hi < lo:
        raise IllegalAction("poker.no_chips")
    if amount > hi:
        owe = max(s.current_bet - s.round_bet[p], 0)
        if hi < s.pot() + owe:  # the resto, not the pot, is the limit
            raise IllegalAction("poker.over_resto", amount=amount, resto=hi)
        raise IllegalAction(limit_key, amount=amount, limit=hi)
    if amount < lo:
        raise IllegalAction("poker.below_min", amount=amount, low=lo)


# -- the opening round -----------------------------------------------------------------------------
def legal_opening(s: PokerState, p: int) -> list[str]:
    """``pass``, then with the requirement ``open N`` for every N from the minimum to the pot."""
    out = ["pass"]
    if s.qualifies(p):
        out += [f"open {a}" for a in amounts(s, p)]
    return out


def verify_opening(s: PokerState, p: int, words: list[str], action: str) -> PokerAction:
    """P7-P9: pass, or open (pot-limited) with the requirement (a bare ``open`` is the pot)."""
    verb = words[0]
    if verb == "pass" and len(words) == 1:
        return PokerAction(verb)
    if verb == "open":
        if not s.qualifies(p):
            raise IllegalAction(f"poker.no_requirement.{REQUIREMENTS[s.requirement]}")
        amount = min(s.pot(), s.resto[p]) if len(words) == 1 else read_number(words, action)
        check_amount(s, p, amount, "poker.open_limit")
        return PokerAction(verb, number=amount)
    if verb in ("bet", "raise", "call", "check", "fold"):
        raise IllegalAction("poker.open_or_pass")
    raise IllegalAction("common.unknown_action", action=action)


# -- the betting rounds ----------------------------------------------------------------------------
def legal_betting(s: PokerState, p: int) -> list[str]:
    """``fold`` and ``call``, or ``check``; then ``bet N`` or ``raise N`` for every legal N."""
    owe = s.current_bet - s.round_bet[p]
    out = ["fold", "call"] if owe > 0 else ["check"]
    if may_raise(s, p):
        verb = "raise" if s.current_bet > 0 else "bet"
        out += [f"{verb} {a}" for a in amounts(s, p)]
    return out


def verify_betting(s: PokerState, p: int, words: list[str], action: str) -> PokerAction:
    """P9/P10/P13: fold, call, check, bet or raise (pot limit, raise cap)."""
    verb = words[0]
    owe = s.current_bet - s.round_bet[p]
    if len(words) == 1 and verb in ("fold", "call", "check"):
        if verb == "check" and owe > 0:
            raise IllegalAction("poker.must_call", amount=s.to_call(p))
        if verb == "call" and owe <= 0:
            raise IllegalAction("poker.nothing_to_call")
        if verb == "fold" and owe <= 0:
            raise IllegalAction("poker.check_instead")
        return PokerAction(verb)
    if verb in ("bet", "raise"):
        if verb == "bet" and s.current_bet > 0:
            raise IllegalAction("poker.bet_made", amount=s.current_bet)
        if verb == "raise" and s.current_bet == 0:
            raise IllegalAction("poker.no_bet_to_raise")
        if verb == "raise" and s.raise_cap and s.raises >= s.raise_cap:
            raise IllegalAction("poker.raise_cap", cap=s.raise_cap)
        key = "poker.bet_limit" if verb == "bet" else "poker.raise_limit"
        amount = read_number(words, action)
        check_amount(s, p, amount, key)
        return PokerAction(verb, number=amount)
    if verb in ("open", "pass"):
        raise IllegalAction("poker.already_open")
    raise IllegalAction("common.unknown_action", action=action)


# -- the draw --------------------------------------------------------------------------------------
def legal_draw(s: PokerState, p: int) -> list[str]:
    """``serve``, then every draw: of 1, 2, 3, then 4 cards, each size in lexicographic order of
    the held cards taken in :func:`~pyapp.poker.actions.card_order` (31 actions for 5 cards)."""
    held = sorted(s.hand[p], key=card_order)
    out = ["serve"]
    for k in range(1, min(4, len(held)) + 1):
        out += ["draw " + " ".join(c.code for c in cards) for cards in combinations(held, k)]
    return out


def verify_draw(s: PokerState, p: int, words: list[str], action: str) -> PokerAction:
    """P11: ``serve`` (stand pat) or ``draw`` 1-4 held cards."""
    verb = words[0]
    if verb == "serve" and len(words) == 1:
        return PokerAction(verb)
    if verb == "draw":
        cards = read_cards(s, words[1:])
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("poker.draw_count", count=len(cards))
        if len(set(cards)) != len(cards):
            raise IllegalAction("poker.draw_twice")
        for c in cards:
            if c not in s.hand[p]:
                raise IllegalAction("common.not_in_hand", card=c)
        return PokerAction(verb, cards=tuple(sorted(cards, key=card_order)))
    raise IllegalAction("poker.draw_now")


# -- the showdown ----------------------------------------------------------------------------------
def may_concede(s: PokerState, p: int) -> bool:
    """P15: the first to show must show; later ones may concede unless they are the last
    possible claimant of a pot they share."""
    if not s.shown:
        return False
    pending = set(s.sd_order[s.sd_index + 1 :])
    for pot in s.sd_pots:
        if p in pot.eligible and not any(q != p and (q in s.shown or q in pending) for q in pot.eligible):
            return False
    return True


def legal_showdown(s: PokerState, p: int) -> list[str]:
    """``show``, then ``concede`` when allowed."""
    return ["show", "concede"] if may_concede(s, p) else ["show"]


def verify_showdown(s: PokerState, p: int, words: list[str], action: str) -> PokerAction:
    """P15: show, or concede when allowed."""
    verb = words[0]
    if verb == "show" and len(words) == 1:
        return PokerAction(verb)
    if verb == "concede" and len(words) == 1:
        if not may_concede(s, p):
            raise IllegalAction("poker.must_show")
        return PokerAction(verb)
    raise IllegalAction("poker.show_now")
