"""Poker all'italiana: traditional Italian five-card draw on a stripped French deck.

``evaluate`` ranks hands (P16, P17), ``rules`` holds :class:`~pyapp.poker.rules.PokerState` (a
session of hands at one table), ``bots`` the computer players. See ``docs/notation/poker.md``.
"""
