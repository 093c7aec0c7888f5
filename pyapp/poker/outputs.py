"""What a poker session shows: each seat's view, the record of each hand and the session result.

Pure reading functions of a :class:`~pyapp.poker.rules.PokerState` (its methods ``view`` and
``result`` call them); the JSON shapes are documented in docs/notation/poker.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyapp.poker import stakes
from pyapp.poker.evaluate import CATEGORY_NAMES, category, hand_name
from pyapp.poker.phases import BET1, BET2, DRAW, OPENING, OVER, REBUY, REQUIREMENTS, RESHUFFLE, SHOWDOWN

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState


def combination(key: int) -> dict[str, str]:
    """The combination of a hand key: its category and its name in Italian and English."""
    return {
        "category": CATEGORY_NAMES[category(key)],
        "it": hand_name(key, "it"),
        "en": hand_name(key, "en"),
    }


def hand_record(s: PokerState, outcome: str, awards: list[dict[str, Any]]) -> dict[str, Any]:
    """The record of the finished hand (one entry of ``result()["hands"]``, what the checker prints)."""
    entry: dict[str, Any] = {
        "hand": s.hands_dealt,
        "dealer": s.seat_label(s.dealer),
        "requirement": REQUIREMENTS[s.hand_requirement],
        "outcome": outcome,
        "pot": s.pot() if outcome in ("passed", "parola") else sum(a["amount"] for a in awards),
        "pots": awards,
    }
    if s.opener >= 0:
        entry["opener"] = s.seat_label(s.opener)
        entry["openers"] = [c.code for c in s.opener_cards]  # P15: always shown
        if s.aside:
            entry["openers_aside"] = [c.code for c in s.aside]  # P12
    entry["draws"] = {s.seat_label(q): d for q, d in enumerate(s.draws) if d is not None}
    entry["shown"] = {
        s.seat_label(q): {"cards": [c.code for c in s.hand[q]], **combination(k)} for q, k in s.shown.items()
    }
    if s.conceded:
        entry["conceded"] = [s.seat_label(q) for q in sorted(s.conceded)]
    entry["resto"] = {s.seat_label(q): s.resto[q] for q in range(s.n)}
    if outcome in ("passed", "parola"):
        entry["carried"] = s.pot()
    return entry


def view(s: PokerState, player: int | None) -> dict[str, Any]:
    """What ``player`` may see now (``None``: a spectator): every seat's public facts, the pots and,
    for a seat, its own cards, its combination and what it may bet; never another seat's hidden
    cards (shown hands excepted)."""
    seats = []
    for q in range(s.n):
        info: dict[str, Any] = {
            "seat": s.seat_label(q),
            "resto": s.resto[q],
            "passate": s.bought[q],
            "net": s.resto[q] - s.bought[q] * s.passata,
            "seated": s.seated[q],
            "player": s.player_no[q],
            "in_hand": s.in_hand[q],
            "folded": s.folded[q],
            "all_in": s.all_in(q),
            "bet": s.round_bet[q],
            "put_in": s.contrib[q],
            "cards": len(s.hand[q]),
            "draw": s.draws[q],
            "last": s.last[q],
        }
        if q in s.shown:
            info["shown"] = [c.code for c in s.hand[q]]
            info["combination"] = combination(s.shown[q])
        seats.append(info)
    out: dict[str, Any] = {
        "game": s.game,
        "phase": s.phase(),
        "players": s.n,
        "lowest_rank": s.lowest,
        "hand": s.hands_dealt,
        "dealer": s.seat_label(s.dealer) if s.dealer >= 0 else None,
        "to_act": s.seat_label(s.turn) if s.turn >= 0 else None,
        "requirement": REQUIREMENTS[s.requirement],
        "opener": s.seat_label(s.opener) if s.opener >= 0 else None,
        "pot": s.carry + s.pot(),
        "pots": [{"amount": a, "eligible": [s.seat_label(q) for q in e]} for a, e in s.pots()]
        if s.phase() in (BET1, DRAW, RESHUFFLE, BET2, SHOWDOWN)
        else [],
        "current_bet": s.current_bet,
        "raises": s.raises,
        "seats": seats,
        "log": [list(x) for x in s.log],
        "last_hand": s.last_hand,
        "passata": s.passata,
        "ante": s.ante,
        "required_resto": stakes.required_resto(s),
        "topup": s.topup,
        "joiners": s.joiners,
        "someone_rebought": stakes.someone_rebought(s),
    }
    if s.phase() == REBUY and s.turn >= 0:
        q = s.turn
        kind = "join" if not s.seated[q] else ("short" if stakes.short(s, q) else "topup")
        out["buyin"] = {
            "seat": s.seat_label(q),
            "kind": kind,
            "join_passate": stakes.join_minimum(s),
            "double": stakes.someone_rebought(s),
            "short_by": stakes.short_by(s, q) if s.seated[q] else 0,
        }
    if player is not None and 0 <= player < s.n:
        out["me"] = s.seat_label(player)
        out["cards"] = [c.code for c in s.hand[player]]
        if s.hand[player] and len(s.hand[player]) == 5:
            key = s.key(s.hand[player])
            out["combination"] = combination(key)
            if s.phase() == OPENING:
                out["can_open"] = s.qualifies(player)
        if player == s.opener:
            out["openers"] = [c.code for c in s.opener_cards]
            out["aside"] = [c.code for c in s.aside]
        out["to_call"] = max(s.current_bet - s.round_bet[player], 0) if s.phase() in (BET1, BET2) else 0
        if player == s.turn:
            lo, hi = s.bet_bounds(player)
            out["min"], out["max"] = (lo, hi) if hi >= lo else (0, 0)
    return out


def result(s: PokerState) -> dict[str, Any]:
    """Hands, buy-ins, departures and standings: one row per *player*, seat by seat, a player
    who took an empty seat (P4) coming after the one he replaced (``player`` 1, 2, ...)."""
    standings = []
    for q in range(s.n):
        label = s.seat_label(q)
        standings += [f for f in s.former if f["seat"] == label]
        standings.append(stakes.standing(s, q))
    return {  # copies of the lists: a result handed out does not grow with the session
        "hands": list(s.results),
        "hands_played": s.hands_dealt,
        "over": s.phase() == OVER,
        "pot_carried": s.carry + s.pot(),
        "buyins": list(s.buyins),
        "departures": list(s.departures),
        "standings": standings,
    }
