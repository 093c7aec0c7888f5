"""Boston (the Italian club form of Boston de Nantes): engine and computer players.

``rules.BostonState`` is the whole game of four counted hands (rules B1-B13 of
``docs/rules/boston.md``); ``bots.BostonRuleBot`` is the rule-based computer player. The action
notation is documented in ``docs/notation/boston.md``.
"""

from __future__ import annotations
