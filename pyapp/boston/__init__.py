"""Boston (the Italian club form of Boston de Nantes): engine and computer players.

``rules.BostonState`` is the whole game of four counted hands (clauses B1-B13 of the Boston
rules, ``/work/shared/rules/boston.md``); ``bots.BostonRuleBot`` is the rule-based computer
player. The action notation is documented in ``docs/notation/boston.md``.
"""

from __future__ import annotations

from typing import Final

from pyapp.games import GameSpec, Ref, register

SPEC: Final = register(
    GameSpec(
        name="boston",
        state=Ref("pyapp.boston.rules:BostonState"),
        link_number=1,
        players={
            "easy": Ref("pyapp.boston.bots:EasyBostonBot"),
            "medium": Ref("pyapp.boston.bots:BostonRuleBot"),
            "hard": Ref("pyapp.boston.hard:HardBostonBot"),
        },
        tricks=Ref("pyapp.boston.snapshot:tricks"),
        start=Ref("pyapp.boston.start:BostonStart"),
        link_model=Ref("pyapp.boston.link:BostonModel"),
        viewer_seat=2,
        arena=Ref("pyapp.boston.arena:BostonArena"),
        lessons=Ref("pyapp.boston.course:BostonCourse"),
        view="pyapp.views.boston:BostonTable",
    )
)
"""What Circolo knows of Boston (:mod:`pyapp.games`)."""
