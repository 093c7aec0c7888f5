"""Boston (the Italian club form of Boston de Nantes): engine and computer players.

``rules.BostonState`` is the whole game of four counted hands (clauses B1-B13 of the Boston
rules, ``/work/shared/rules/boston.md``); ``bots.BostonRuleBot`` is the rule-based computer
player. The action notation is documented in ``docs/notation/boston.md``.
"""

from __future__ import annotations
