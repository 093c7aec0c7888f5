"""What each phase of a poker hand accepts: one verifier and one list of legal actions per phase.

The phases of a session (see :mod:`pyapp.poker.rules` for the state machine)::

    lot -> [rebuy] -> shuffle -> cut -> opening -> bet1 -> draw [-> reshuffle] -> bet2
        -> showdown -> [rebuy] -> shuffle ... -> over

The verifiers only read the state; they raise :class:`~pyapp.core.IllegalAction` with the
precise reason. The between-hands phase (``rebuy``) lives with the buy-ins in
:mod:`pyapp.poker.stakes`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyapp.cards import Card, CardError
from pyapp.core import IllegalAction
from pyapp.poker.evaluate import card_int

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


# -- parsing --------------------------------------------------------------------------------------
def parse_amount(words: list[str], action: str) -> int:
    """The number of a two-word action (``open 6``, ``cut 17``, ``rebuy 2``), or a refusal."""
    if len(words) != 2:
        raise IllegalAction("common.unknown_action", action=action)
    try:
        return int(words[1])
    except ValueError:
        raise IllegalAction("poker.bad_amount", text=words[1]) from None


def parse_cards(s: PokerState, codes: list[str]) -> list[Card]:
    """Cards of this table's deck from their codes, or a precise refusal."""
    out = []
    for code in codes:
        card = s.card_by_code.get(code)
        if card is None:
            try:
                Card.parse(code, "fr")
            except CardError:
                raise IllegalAction("common.bad_card", text=code) from None
            raise IllegalAction("poker.not_in_deck", text=code, lowest=s.lowest)
        out.append(card)
    return out


# -- chance: lot, shuffle, reshuffle ---------------------------------------------------------------
def verify_lot(s: PokerState, words: list[str], action: str) -> None:
    """P1: the first dealer, drawn by lot: ``dealer K``."""
    if words[0] != "dealer" or len(words) != 2:
        raise IllegalAction("poker.expected_chance", expected="dealer")
    try:
        s.seat_of(words[1])
    except KeyError:
        raise IllegalAction("poker.bad_seat", text=words[1]) from None
    if words[1] == "*":
        raise IllegalAction("poker.bad_seat", text=words[1])


def _verify_order(s: PokerState, words: list[str], verb: str, target: set[str] | frozenset[str]) -> None:
    if words[0] != verb:
        raise IllegalAction("poker.expected_chance", expected=verb)
    codes = words[1:]
    if len(codes) != len(target) or set(codes) != target:
        parse_cards(s, codes)  # a precise refusal for a card that does not exist
        raise IllegalAction("poker.bad_shuffle", count=len(target))


def verify_shuffle(s: PokerState, words: list[str], action: str) -> None:
    """P6: ``shuffle`` followed by every card of the table's deck once, top card first."""
    _verify_order(s, words, "shuffle", s.deck_codes)


def verify_reshuffle(s: PokerState, words: list[str], action: str) -> None:
    """P11: ``reshuffle`` followed by every discard being reshuffled once, top card first."""
    _verify_order(s, words, "reshuffle", {c.code for c in s.reshuffle_cards})


# -- the cut ---------------------------------------------------------------------------------------
def legal_cut(s: PokerState, p: int) -> list[str]:
    """Every cut, then ``nocut``, then ``end`` in an open-ended session."""
    out = list(s.cut_actions)
    if s.max_hands == 0:
        out.append("end")
    return out


def verify_cut(s: PokerState, p: int, words: list[str], action: str) -> None:
    """P6: the player on the dealer's right cuts (or not); ``end`` closes an open-ended session."""
    verb = words[0]
    if verb == "nocut" and len(words) == 1:
        return
    if verb == "end" and len(words) == 1:
        if s.max_hands:
            raise IllegalAction("poker.fixed_length", hands=s.max_hands)
        return
    if verb == "cut":
        k = parse_amount(words, action)
        if not 1 <= k < len(s.cards):
            raise IllegalAction("poker.bad_cut", high=len(s.cards) - 1)
        return
    raise IllegalAction("poker.cut_now", player=s.ref(p))


# -- amounts ---------------------------------------------------------------------------------------
def amounts(s: PokerState, p: int) -> list[int]:
    """A bounded representative set of amounts: min, half pot, pot (the max) and all-in."""
    lo, hi = s.bet_bounds(p)
    if hi < lo:
        return []
    return sorted({lo, max(lo, min(hi, s.pot() // 2)), hi})


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
    """``pass``, then the opening amounts when ``p`` holds the requirement."""
    out = ["pass"]
    if s.qualifies(p):
        out += [f"open {a}" for a in amounts(s, p)]
    return out


def verify_opening(s: PokerState, p: int, words: list[str], action: str) -> None:
    """P7-P9: pass, or open (pot-limited) with the requirement."""
    verb = words[0]
    if verb == "pass" and len(words) == 1:
        return
    if verb == "open":
        if not s.qualifies(p):
            raise IllegalAction(f"poker.no_requirement.{REQUIREMENTS[s.requirement]}")
        if len(words) == 1:
            return
        check_amount(s, p, parse_amount(words, action), "poker.open_limit")
        return
    if verb in ("bet", "raise", "call", "check", "fold"):
        raise IllegalAction("poker.open_or_pass")
    raise IllegalAction("common.unknown_action", action=action)


# -- the betting rounds ----------------------------------------------------------------------------
def legal_betting(s: PokerState, p: int) -> list[str]:
    """``fold``/``call`` or ``check``, then the bet or raise amounts."""
    owe = s.current_bet - s.round_bet[p]
    out = []
    if owe > 0:
        out += ["fold", "call"]
    else:
        out.append("check")
    if may_raise(s, p):
        verb = "raise" if s.current_bet > 0 else "bet"
        out += [f"{verb} {a}" for a in amounts(s, p)]
    return out


def verify_betting(s: PokerState, p: int, words: list[str], action: str) -> None:
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
        return
    if verb in ("bet", "raise"):
        if verb == "bet" and s.current_bet > 0:
            raise IllegalAction("poker.bet_made", amount=s.current_bet)
        if verb == "raise" and s.current_bet == 0:
            raise IllegalAction("poker.no_bet_to_raise")
        if verb == "raise" and s.raise_cap and s.raises >= s.raise_cap:
            raise IllegalAction("poker.raise_cap", cap=s.raise_cap)
        key = "poker.bet_limit" if verb == "bet" else "poker.raise_limit"
        check_amount(s, p, parse_amount(words, action), key)
        return
    if verb in ("open", "pass"):
        raise IllegalAction("poker.already_open")
    raise IllegalAction("common.unknown_action", action=action)


# -- the draw --------------------------------------------------------------------------------------
def legal_draw(s: PokerState, p: int) -> list[str]:
    """``serve``, then representative draws: keep each pair/tris/four-card suit or run, or change
    the 1-4 lowest cards."""
    hand = sorted(s.hand[p], key=card_int, reverse=True)
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
    result = ["serve"]
    for cards in outs:
        if not 1 <= len(cards) <= 4:
            continue
        text = "draw " + " ".join(c.code for c in cards)
        if text not in seen:
            seen.add(text)
            result.append(text)
    return result


def verify_draw(s: PokerState, p: int, words: list[str], action: str) -> None:
    """P11: ``serve`` (stand pat) or ``draw`` 1-4 held cards."""
    verb = words[0]
    if verb == "serve" and len(words) == 1:
        return
    if verb == "draw":
        cards = parse_cards(s, words[1:])
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("poker.draw_count", count=len(cards))
        if len(set(cards)) != len(cards):
            raise IllegalAction("poker.draw_twice")
        for c in cards:
            if c not in s.hand[p]:
                raise IllegalAction("common.not_in_hand", card=c)
        return
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
    """``show``, and ``concede`` when allowed."""
    return ["show", "concede"] if may_concede(s, p) else ["show"]


def verify_showdown(s: PokerState, p: int, words: list[str], action: str) -> None:
    """P15: show, or concede when allowed."""
    verb = words[0]
    if verb == "show" and len(words) == 1:
        return
    if verb == "concede" and len(words) == 1:
        if not may_concede(s, p):
            raise IllegalAction("poker.must_show")
        return
    raise IllegalAction("poker.show_now")
