"""Buy-ins between hands: the resto, rebuys, top-ups, departures and joiners (P3, P4, P18).

Between hands (phase ``rebuy``) seats are asked one at a time, from the dealer's left:

* with ``topup=on``, every seated player: ``rebuy K`` (add K whole passate, P3) or ``stay``;
* with ``joiners=on``, every empty seat: ``join K`` (a new player sits down, buying in with K
  passate: at least one, or two if someone seated has already bought a second one, P4) or
  ``skip``;
* then, always, every seat whose resto is below the coming pot: ``rebuy K`` or ``leave`` (P3).

The functions here read and change a :class:`~pyapp.poker.rules.PokerState`; the state machine
calls :func:`start_between` after every hand and :func:`play_buyin` for each answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyapp.core import CHANCE, SHUFFLE, IllegalAction
from pyapp.poker.actions import PokerAction
from pyapp.poker.phases import REBUY

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState

MAX_PASSATE_AT_ONCE = 10
"""The most passate one ``rebuy K`` or ``join K`` may buy (a sanity bound, not a rule)."""


# -- what a seat owes ------------------------------------------------------------------------------
def required_resto(s: PokerState) -> int:
    """P3: the pot that the coming hand will be played for (carried pot plus all uscite)."""
    return s.carry + s.ante * sum(s.seated) + s.dealer_ante


def short(s: PokerState, p: int) -> bool:
    """P3: whether seated ``p``'s resto is below the coming pot (he must rebuy or leave)."""
    return s.seated[p] and s.resto[p] < required_resto(s)


def someone_rebought(s: PokerState) -> bool:
    """P4: whether a player seated at the table has already bought a second passata."""
    return any(s.seated[q] and s.bought[q] >= 2 for q in range(s.n))


def join_minimum(s: PokerState) -> int:
    """P4/P3: the passate a new player must buy: two if someone rebought, else one, and in any
    case enough for a resto at least the coming pot (which his uscita makes one ante larger)."""
    need = required_resto(s) + s.ante
    return max(2 if someone_rebought(s) else 1, -(-need // s.passata))


def short_by(s: PokerState, p: int) -> int:
    """How many passate ``p`` needs to reach the coming pot (0 if none)."""
    gap = required_resto(s) - s.resto[p]
    return max(0, -(-gap // s.passata))


# -- the rebuy phase: what may be said -------------------------------------------------------------
def most_passate(s: PokerState) -> int:
    """The most passate a ``join K`` may buy now: :data:`MAX_PASSATE_AT_ONCE`, or the minimum when
    the coming pot needs more."""
    return max(MAX_PASSATE_AT_ONCE, join_minimum(s))


def legal_rebuy(s: PokerState, p: int) -> list[str]:
    """The answers of the seat asked between hands: an empty seat ``join K`` (from the minimum up)
    then ``skip``; a short seat ``rebuy 1`` .. ``rebuy 10`` then ``leave``; any other seat ``stay``
    then ``rebuy 1`` .. ``rebuy 10``."""
    rebuys = [f"rebuy {k}" for k in range(1, MAX_PASSATE_AT_ONCE + 1)]
    if not s.seated[p]:
        return [f"join {k}" for k in range(join_minimum(s), most_passate(s) + 1)] + ["skip"]
    if short(s, p):
        return rebuys + ["leave"]
    return ["stay"] + rebuys


def check_rebuy(s: PokerState, p: int, act: PokerAction) -> None:
    """Between hands (P3, P4): what the seat being asked may say."""
    verb = act.verb
    if not s.seated[p]:
        if verb == "skip":
            return
        if verb == "join":
            low = join_minimum(s)
            assert act.number is not None
            if act.number < low:
                key = "poker.join_double" if someone_rebought(s) and low == 2 else "poker.join_minimum"
                raise IllegalAction(key, n=low)
            if act.number > most_passate(s):
                raise IllegalAction("poker.rebuy_count", high=most_passate(s))
            return
        raise IllegalAction("poker.seat_empty", seat=s.seat_ref(p))
    if verb in ("join", "skip"):
        raise IllegalAction("poker.seat_taken", seat=s.seat_ref(p))
    is_short = short(s, p)
    if verb == "rebuy":
        assert act.number is not None
        if not 1 <= act.number <= MAX_PASSATE_AT_ONCE:
            raise IllegalAction("poker.rebuy_count", high=MAX_PASSATE_AT_ONCE)
        return
    if verb == "leave":
        if not is_short:
            raise IllegalAction("poker.leave_only_short")
        return
    if verb == "stay" and not is_short:
        return
    if is_short:
        raise IllegalAction("poker.resto_below_pot", resto=s.resto[p], pot=required_resto(s))
    raise IllegalAction("poker.topup_now")


# -- the rebuy phase: playing an answer, asking the next seat --------------------------------------
def standing(s: PokerState, q: int) -> dict[str, Any]:
    """The P18 standing of the player now in seat ``q`` (seated or not)."""
    net = s.resto[q] - s.bought[q] * s.passata
    return {
        "seat": s.seat_label(q),
        "player": s.player_no[q],
        "resto": s.resto[q],
        "passate_bought": s.bought[q],
        "net_units": net,
        "net_passate": round(net / s.passata, 3),
        "seated": s.seated[q],
    }


def play_buyin(s: PokerState, p: int, act: PokerAction) -> None:
    """Play one decision between hands (P3, P4) and ask the next seat."""
    verb = act.verb
    base: dict[str, Any] = {"before_hand": s.hands_dealt + 1, "seat": s.seat_label(p)}
    if verb == "rebuy":
        assert act.number is not None
        k = act.number
        kind = "rebuy" if short(s, p) else "topup"
        s.resto[p] += k * s.passata
        s.bought[p] += k
        s.buyins.append(base | {"player": s.player_no[p], "kind": kind, "passate": k, "units": k * s.passata})
    elif verb == "leave":
        s.seated[p] = False
        s.departures.append(
            base | {"player": s.player_no[p], "resto": s.resto[p], "passate_bought": s.bought[p]}
        )
    elif verb == "join":
        double = someone_rebought(s)
        assert act.number is not None
        k = act.number
        s.former.append(standing(s, p))
        s.forget(p)
        s.player_no[p] += 1
        s.seated[p] = True
        s.resto[p] = k * s.passata
        s.bought[p] = k
        s.joined_now.add(p)
        s.buyins.append(
            base
            | {
                "player": s.player_no[p],
                "kind": "join",
                "passate": k,
                "units": k * s.passata,
                "double": double,
            }
        )
    if s.queue and s.queue[0] == p:
        s.queue.pop(0)
    ask_next(s)


def start_between(s: PokerState) -> None:
    """Between hands: the voluntary round (P3 ``topup``, P4 ``joiners``), then the rebuy prompts
    (P3), the end of the session, or on to the shuffle."""
    if s.max_hands and s.hands_dealt >= s.max_hands:
        s.over()
        return
    order = [(s.dealer + i) % s.n for i in range(1, s.n + 1)]  # the dealer last
    s.queue = [q for q in order if (s.topup if s.seated[q] else s.joiners)]
    s.joined_now = set()
    if sum(s.seated) < 2 and not any(not s.seated[q] for q in s.queue):
        s.over()
        return
    ask_next(s)


def ask_next(s: PokerState) -> None:
    """Ask the next seat between hands, or go on to the shuffle."""
    if s.queue:
        s.set_phase(REBUY, s.queue[0])
        return
    if sum(s.seated) < 2:
        s.over()
        return
    if not s.seated[s.dealer]:
        # Art. V: a player entering at his own deal is never the dealer; the deal passes on.
        fresh = [
            q
            for q in ((s.dealer + i) % s.n for i in range(1, s.n + 1))
            if s.seated[q] and q not in s.joined_now
        ]
        s.dealer = fresh[0] if fresh else s.left(s.dealer)
    for i in range(1, s.n + 1):
        q = (s.dealer + i) % s.n
        if short(s, q):
            s.set_phase(REBUY, q)
            return
    s.new_hand_fields()
    s.set_phase(SHUFFLE, CHANCE)
