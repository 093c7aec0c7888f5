"""Boston actions as typed values: parsed once from the notation, ``str()`` is the canonical text.

=====================  ==========================================  ==========================
value                  canonical text                              made by
=====================  ==========================================  ==========================
:class:`Lot`           ``dealer N`` (``N E S W``)                  chance (first dealer)
:class:`Shuffle`       ``shuffle`` + the 52 codes, top card first  chance (before every deal)
:class:`Bid`           ``passo``, ``chiedo``, ``accetto``, ``solo``  the player to speak (B6-B9)
:class:`Play`          a French card code (``Th``)                 the player to act (B10)
=====================  ==========================================  ==========================

:func:`parse` reads the text (leniently: blanks, ``10h`` for ``Th``); the engine refuses any spelling
that is not ``str(value)``, naming the canonical one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pyapp.cards import Card, french_deck
from pyapp.core import COMPASS, DeckOrder, IllegalAction

CARDS: Final[tuple[Card, ...]] = french_deck()
"""The French deck in card order (``Card.index`` order: clubs, diamonds, hearts, spades; 2..A)."""
CODES: Final[tuple[str, ...]] = tuple(c.code for c in CARDS)
CARD_OF: Final[dict[str, int]] = {code: i for i, code in enumerate(CODES)}

PASSO: Final = "passo"
CHIEDO: Final = "chiedo"
ACCETTO: Final = "accetto"
SOLO: Final = "solo"
BIDS: Final = (PASSO, CHIEDO, ACCETTO, SOLO)
"""The calls in their canonical (listing) order."""


@dataclass(frozen=True, slots=True)
class Lot:
    """The first dealer, drawn by lot: seat index 0..3."""

    seat: int

    def __str__(self) -> str:
        return f"dealer {COMPASS[self.seat]}"


class Shuffle(DeckOrder):
    """The deck order of the next deal: 52 card indices, top card first."""

    __slots__ = ()
    codes = CODES


@dataclass(frozen=True, slots=True)
class Bid:
    """A call of the bidding: one of :data:`BIDS`."""

    call: str

    def __str__(self) -> str:
        return self.call


@dataclass(frozen=True, slots=True)
class Play:
    """Play the card with index ``card``."""

    card: int

    def __str__(self) -> str:
        return CODES[self.card]


Action = Lot | Shuffle | Bid | Play
"""Any Boston action."""

PLAYS: Final[dict[str, Play]] = {code: Play(i) for i, code in enumerate(CODES)}
BID_ACTIONS: Final[dict[str, Bid]] = {b: Bid(b) for b in BIDS}
LOTS: Final[tuple[Lot, ...]] = tuple(Lot(p) for p in range(4))


def card_of(code: str) -> int | None:
    """The index of the card ``code`` names, or ``None``; ``10h`` is read as ``Th`` (the engine
    then refuses it, naming ``Th``)."""
    card = CARD_OF.get(code)
    if card is None and len(code) == 3 and code[:2] == "10":
        card = CARD_OF.get("T" + code[2])
    return card


def parse(text: str) -> Action:
    """The action ``text`` stands for, or raise :class:`IllegalAction` saying why it is none."""
    found: Action | None = PLAYS.get(text) or BID_ACTIONS.get(text)
    if found is not None:
        return found
    words = text.split()
    if not words:
        raise IllegalAction("common.unknown_action", action=text)
    head = words[0]
    if len(words) == 1 and (played := card_of(head)) is not None:
        return Play(played)
    if head in BID_ACTIONS and len(words) == 1:
        return BID_ACTIONS[head]
    if head == "dealer":
        label = " ".join(words[1:])
        if label not in COMPASS:
            raise IllegalAction("boston.bad_lot", text=label)
        return LOTS[COMPASS.index(label)]
    if head == "shuffle":
        deck: list[int] = []
        seen = 0
        for code in words[1:]:
            card = card_of(code)
            if card is None:
                raise IllegalAction("boston.shuffle_bad_card", text=code)
            bit = 1 << card
            if seen & bit:
                raise IllegalAction("boston.shuffle_duplicate", card=CARDS[card])
            seen |= bit
            deck.append(card)
        if len(deck) != 52:
            raise IllegalAction("boston.shuffle_count", count=len(deck))
        return Shuffle(tuple(deck))
    raise IllegalAction("common.unknown_action", action=text)
