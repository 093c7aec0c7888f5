"""Poker all'italiana: traditional Italian five-card draw on a stripped French deck.

``rules`` holds :class:`~pyapp.poker.rules.PokerState` (a session of hands at one table, the state
machine), built from ``actions`` (typed actions and their one spelling), ``phases`` (a verifier
and a legal-action list per phase), ``stakes`` (buy-ins between hands), ``pots`` (side pots),
``evaluate`` (hand ranking, P16/P17), ``outputs`` (views and results) and ``knowledge`` (what each
seat knows, for information states); ``bots`` holds the computer players. See
``docs/notation/poker.md``.
"""

from __future__ import annotations

from typing import Final

from pyapp.games import GameSpec, Ref, register

SPEC: Final = register(
    GameSpec(
        name="poker",
        state=Ref("pyapp.poker.rules:PokerState"),
        link_number=2,
        players={
            "easy": Ref("pyapp.poker.bots:EasyPokerBot"),
            "medium": Ref("pyapp.poker.bots:RuleBot"),
            "hard": Ref("pyapp.poker.hard:HardPokerBot"),
        },
        start=Ref("pyapp.poker.start:PokerStart"),
        link_model=Ref("pyapp.poker.link:PokerModel"),
        viewer_seat=0,
        cards_key="cards",
        arena=Ref("pyapp.poker.arena:PokerArena"),
        lessons=Ref("pyapp.poker.course:PokerCourse"),
        view="pyapp.views.poker:PokerTable",
    )
)
"""What Circolo knows of Poker all'italiana (:mod:`pyapp.games`)."""
