"""What each phase of a poker hand accepts: one verifier and one list of legal actions per phase.

The phases of a session (see :mod:`pyapp.poker.rules` for the state machine)::

    lot -> [rebuy] -> shuffle -> cut -> opening -> bet1 -> draw [-> reshuffle] -> bet2
        -> showdown -> [rebuy] -> shuffle ... -> game_over

A verifier (``check_*``) only reads the state: given the typed action
(:class:`~pyapp.poker.actions.PokerAction`, read by :func:`pyapp.poker.actions.interpret`) it returns,
or raises :class:`~pyapp.core.IllegalAction` with the precise reason; the state then refuses any
spelling but the canonical one. A legal-action list holds every legal action of the phase,
canonical, in the order documented in docs/notation/poker.md, so that ``verify(a)`` passes
exactly for the actions listed. The between-hands phase (``rebuy``) lives with the buy-ins in
:mod:`pyapp.poker.stakes`.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from pyapp.core import CUT, GAME_OVER, LOT, SHUFFLE, IllegalAction
from pyapp.poker.actions import PokerAction, card_order

if TYPE_CHECKING:
    from pyapp.cards import Card
    from pyapp.poker.rules import PokerState

# phases: the shared names (lot, shuffle, cut, game_over) and poker's own
REBUY, OPENING, BET1, DRAW, RESHUFFLE, BET2, SHOWDOWN = (
    "rebuy",
    "opening",
    "bet1",
    "draw",
    "reshuffle",
    "bet2",
    "showdown",
)
OVER: Final = GAME_OVER
PHASES: Final = (LOT, REBUY, SHUFFLE, CUT, OPENING, BET1, DRAW, RESHUFFLE, BET2, SHOWDOWN, GAME_OVER)
"""Every phase in game order (the values of ``view()["phase"]``)."""

REQUIREMENTS: Final = ("J", "Q", "K")
"""P8: the opening requirement levels (a pair of jacks, queens or kings at least)."""


# -- chance: lot, shuffle, reshuffle ---------------------------------------------------------------
def check_lot(s: PokerState, act: PokerAction) -> None:
    """P1: the first dealer, drawn by lot: ``dealer K``."""
    if act.verb != "dealer":
        raise IllegalAction("poker.expected_chance", expected="dealer")


def _check_order(act: PokerAction, verb: str, cards: tuple[Card, ...] | list[Card]) -> None:
    if act.verb != verb:
        raise IllegalAction("poker.expected_chance", expected=verb)
    if len(act.cards) != len(cards) or {c.index for c in act.cards} != {c.index for c in cards}:
        raise IllegalAction("poker.bad_shuffle", count=len(cards))


def check_shuffle(s: PokerState, act: PokerAction) -> None:
    """P6: ``shuffle`` followed by every card of the table's deck once, top card first."""
    _check_order(act, "shuffle", s.cards)


def check_reshuffle(s: PokerState, act: PokerAction) -> None:
    """P11: ``reshuffle`` followed by every discard being reshuffled once, top card first."""
    _check_order(act, "reshuffle", s.reshuffle_cards)


# -- the cut ---------------------------------------------------------------------------------------
def legal_cut(s: PokerState, p: int) -> list[str]:
    """``cut 1`` .. ``cut n-1``, then ``nocut``, then ``end`` in an open-ended session."""
    out = list(s.cut_actions)
    if s.max_hands == 0:
        out.append("end")
    return out


def check_cut(s: PokerState, p: int, act: PokerAction) -> None:
    """P6: the player on the dealer's right cuts (or not); ``end`` closes an open-ended session."""
    verb = act.verb
    if verb == "end" and s.max_hands:
        raise IllegalAction("poker.fixed_length", hands=s.max_hands)
    if verb in ("nocut", "end"):
        return
    if verb == "cut":
        assert act.number is not None
        if not 1 <= act.number < len(s.cards):
            raise IllegalAction("poker.bad_cut", high=len(s.cards) - 1)
        return
    raise IllegalAction("poker.cut_now", player=s.seat_ref(p))


# -- amounts ---------------------------------------------------------------------------------------
_SPELLED: dict[str, list[str]] = {"open": [], "bet": [], "raise": []}
"""``_SPELLED[verb][k] == f"{verb} {k}"``, grown on demand (legal lists are slices of it)."""


def spelled(verb: str, lo: int, hi: int) -> list[str]:
    """``[f"{verb} {k}" for k in range(lo, hi + 1)]``, sliced from a cache (random play lists
    hundreds of amounts at every decision)."""
    cache = _SPELLED[verb]
    if len(cache) <= hi:
        cache.extend(f"{verb} {k}" for k in range(len(cache), hi + 1))
    return cache[lo : hi + 1]


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
        lo, hi = s.bet_bounds(p)
        out += spelled("open", lo, hi)
    return out


def check_opening(s: PokerState, p: int, act: PokerAction) -> None:
    """P7-P9: pass, or open (pot-limited) with the requirement."""
    verb = act.verb
    if verb == "pass":
        return
    if verb == "open":
        if not s.qualifies(p):
            raise IllegalAction(f"poker.no_requirement.{REQUIREMENTS[s.requirement]}")
        assert act.number is not None  # a bare open is read as the pot in this phase
        check_amount(s, p, act.number, "poker.open_limit")
        return
    if verb in ("bet", "raise", "call", "check", "fold"):
        raise IllegalAction("poker.open_or_pass")
    raise IllegalAction("common.unknown_action", action=act.text)


# -- the betting rounds ----------------------------------------------------------------------------
def legal_betting(s: PokerState, p: int) -> list[str]:
    """``fold`` and ``call``, or ``check``; then ``bet N`` or ``raise N`` for every legal N."""
    owe = s.current_bet - s.round_bet[p]
    out = ["fold", "call"] if owe > 0 else ["check"]
    if may_raise(s, p):
        lo, hi = s.bet_bounds(p)
        out += spelled("raise" if s.current_bet > 0 else "bet", lo, hi)
    return out


def check_betting(s: PokerState, p: int, act: PokerAction) -> None:
    """P9/P10/P13: fold, call, check, bet or raise (pot limit, raise cap)."""
    verb = act.verb
    owe = s.current_bet - s.round_bet[p]
    if verb in ("fold", "call", "check"):
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
        assert act.number is not None
        check_amount(s, p, act.number, "poker.bet_limit" if verb == "bet" else "poker.raise_limit")
        return
    if verb in ("open", "pass"):
        raise IllegalAction("poker.already_open")
    raise IllegalAction("common.unknown_action", action=act.text)


# -- the draw --------------------------------------------------------------------------------------
def legal_draw(s: PokerState, p: int) -> list[str]:
    """``serve``, then every draw: of 1, 2, 3, then 4 cards, each size in lexicographic order of
    the held cards taken in :func:`~pyapp.poker.actions.card_order` (31 actions for 5 cards)."""
    codes = [c.code for c in sorted(s.hand[p], key=card_order)]
    out = ["serve"]
    for k in range(1, min(4, len(codes)) + 1):
        out += ["draw " + " ".join(cards) for cards in combinations(codes, k)]
    return out


def check_draw(s: PokerState, p: int, act: PokerAction) -> None:
    """P11: ``serve`` (stand pat) or ``draw`` 1-4 held cards."""
    if act.verb == "serve":
        return
    if act.verb == "draw":
        cards = act.cards
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
    """``show``, then ``concede`` when allowed."""
    return ["show", "concede"] if may_concede(s, p) else ["show"]


def check_showdown(s: PokerState, p: int, act: PokerAction) -> None:
    """P15: show, or concede when allowed."""
    if act.verb == "show":
        return
    if act.verb == "concede":
        if not may_concede(s, p):
            raise IllegalAction("poker.must_show")
        return
    raise IllegalAction("poker.show_now")
