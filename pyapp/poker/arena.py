"""Poker in the arena (:mod:`pyapp.arena`): hands until a pot is won, A in each seat in turn."""

from __future__ import annotations

from typing import Any

from pyapp.arena import ArenaGame
from pyapp.core import GameState
from pyapp.poker.rules import PokerState

NOCUT = "nocut"


class PokerArena(ArenaGame):
    """Hands until a pot is won; A sits in each seat in turn against B players."""

    game = "poker"
    unit = "chips per deal"

    def __init__(self, players: int = 5) -> None:
        self.players = players

    def seatings(self) -> list[tuple[str, ...]]:
        n = self.players
        return [tuple("A" if s == a else "B" for s in range(n)) for a in range(n)]

    def new_state(self, deal: int) -> GameState:
        state = PokerState(players=self.players)
        state.apply(f"dealer {deal % self.players + 1}")
        return state

    def over(self, state: GameState) -> bool:
        results = state.result().get("hands", [])
        if state.is_terminal():
            return True
        return bool(results) and (results[-1]["outcome"] not in ("passed", "parola") or len(results) >= 12)

    def scores(self, state: GameState) -> list[float]:
        view = state.view(None)
        return [float(s["net"]) for s in view["seats"]]

    def hands_played(self, state: GameState) -> int:
        return len(state.result().get("hands", []))

    def own_move(self, state: GameState) -> str | None:
        return NOCUT if state.can(NOCUT) else None

    def report_lines(self, report: dict[str, Any]) -> list[str]:
        if not report["hands"]:
            return []
        per_hand = report["mean_a"] * report["deals"] * len(self.seatings()) / report["hands"]
        return [f"hands dealt {report['hands']}; A chips per hand dealt {per_hand:+.3f}"]
