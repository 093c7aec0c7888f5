"""One base for every refusal Circolo explains to a person, and the names its messages use.

A :class:`Refusal` is an exception with a reason in Italian and English: ``key`` names a message
of the i18n catalogs (``common.record.no_game``, ``tressette.must_follow``) and ``params`` fill it
in; ``message(lang)`` renders it, naming cards, seats and suits in that language. Refused actions
(:class:`pyapp.core.IllegalAction`), options, records, tags, start positions and links are all
refusals; each adds only what is its own (a record's line, for instance).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pyapp.cards import Card
from pyapp.i18n import DEFAULT_LANG, t

COMPASS_LABELS: Final[tuple[str, ...]] = ("N", "E", "S", "W")
"""Seat labels with names of their own in the catalogs (``seat.N``: Nord / North)."""


class Refusal(Exception):
    """Something refused, with a reason a player understands in Italian or English.

    ``str()`` gives the English text (logs, tracebacks); ``message(lang)`` the text in ``lang``.
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        """The reason rendered in ``lang`` (``"it"`` or ``"en"``)."""
        return t(self.key, lang, **{k: render_param(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.message("en")


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat named in a message; rendered as the seat's localised name (``"Nord"``)."""

    label: str

    def name(self, lang: str) -> str:
        """The seat's name in ``lang``."""
        return seat_name(self.label, lang)


@dataclass(frozen=True, slots=True)
class SuitRef:
    """A suit named in a message (``deck`` ``"it"`` or ``"fr"``, suit letter); rendered as the
    localised suit name (``"denari"``, ``"coins"``)."""

    suit: str
    deck: str = "it"

    def name(self, lang: str) -> str:
        """The suit's name in ``lang``."""
        return t(f"card.{self.deck}.suit.{self.suit}", lang)


def render_param(value: object, lang: str) -> object:
    """A message parameter as text in ``lang``: cards, seats and suits by their localised names."""
    if isinstance(value, Card):
        return card_name(value, lang)
    if isinstance(value, (SeatRef, SuitRef)):
        return value.name(lang)
    return value


def seat_name(label: str, lang: str = DEFAULT_LANG) -> str:
    """The localised name of a seat label: ``"Nord"`` for ``N``, ``"Giocatore 3"`` for ``3``."""
    if label in COMPASS_LABELS:
        return t(f"seat.{label}", lang)
    return t("seat.player", lang, n=label)


def card_name(card: Card, lang: str = DEFAULT_LANG) -> str:
    """The full localised name of a card: ``"Tre di denari"``, ``"Ten of hearts"``."""
    rank = t(f"card.{card.deck}.rank.{card.rank}", lang)
    suit = t(f"card.{card.deck}.suit.{card.suit}", lang)
    return t("card.name", lang, rank=rank, suit=suit)
