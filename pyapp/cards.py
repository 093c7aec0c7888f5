"""Playing cards: the 40-card Italian deck and the 52-card French deck.

Cards are immutable, interned values. Each card has a two-character code made of a rank
character followed by a suit character, and ``Card.parse`` / ``str(card)`` convert between the
code and the value (they round-trip exactly)::

    >>> Card.parse("3d")                 # Italian deck by default: the 3 of denari
    Card('3d', deck='it')
    >>> str(Card.parse("Th", deck="fr"))  # French deck: the 10 of hearts
    'Th'

Italian deck (``deck="it"``), canonical order: suits denari ``d``, coppe ``c``, spade ``s``,
bastoni ``b``; within a suit the ranks ``A 2 3 4 5 6 7 F C R`` (Asso, 2-7, Fante, Cavallo, Re).

French deck (``deck="fr"``), canonical order: suits clubs ``c``, diamonds ``d``, hearts ``h``,
spades ``s``; within a suit the ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (``T`` is the ten).

``Card.index`` is the card's position in its canonical deck (0..39 or 0..51), so engines may work
with small integers internally and convert at their boundary with ``italian_deck()[i]`` or
``french_deck()[i]``. Parsing is case-sensitive for the rank and accepts ``10`` for ``T`` in the
French deck only as a convenience (``str`` always prints ``T``).
"""

from __future__ import annotations

from typing import Final, Literal

Deck = Literal["it", "fr"]

ITALIAN_SUITS: Final = ("d", "c", "s", "b")
ITALIAN_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
FRENCH_SUITS: Final = ("c", "d", "h", "s")
FRENCH_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")

SUITS: Final[dict[str, tuple[str, ...]]] = {"it": ITALIAN_SUITS, "fr": FRENCH_SUITS}
RANKS: Final[dict[str, tuple[str, ...]]] = {"it": ITALIAN_RANKS, "fr": FRENCH_RANKS}


class CardError(ValueError):
    """Raised when a text is not the code of a card of the requested deck."""


class Card:
    """One playing card: an immutable, interned value identified by deck, rank and suit.

    Do not construct cards directly; use :meth:`Card.parse`, :func:`italian_deck` or
    :func:`french_deck`. Two cards are equal exactly when they are the same object.
    """

    __slots__ = ("deck", "rank", "suit", "code", "index", "rank_index", "suit_index")

    deck: Deck
    rank: str
    suit: str
    code: str
    index: int
    rank_index: int
    suit_index: int

    def __init__(self, deck: Deck, rank_index: int, suit_index: int) -> None:
        ranks, suits = RANKS[deck], SUITS[deck]
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "rank_index", rank_index)
        object.__setattr__(self, "suit_index", suit_index)
        object.__setattr__(self, "rank", ranks[rank_index])
        object.__setattr__(self, "suit", suits[suit_index])
        object.__setattr__(self, "code", ranks[rank_index] + suits[suit_index])
        object.__setattr__(self, "index", suit_index * len(ranks) + rank_index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r}, deck={self.deck!r})"

    def __hash__(self) -> int:
        return hash((self.deck, self.index))

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (Card.parse, (self.code, self.deck))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(text: str, deck: Deck = "it") -> Card:
        """Return the card whose code is ``text`` in ``deck``; raise :class:`CardError` if none."""
        table = _BY_CODE.get(deck)
        if table is None:
            raise CardError(f"unknown deck {deck!r} (expected 'it' or 'fr')")
        card = table.get(text)
        if card is None and deck == "fr" and text[:2] == "10":
            card = table.get("T" + text[2:])
        if card is None:
            raise CardError(f"{text!r} is not a card of the {'Italian' if deck == 'it' else 'French'} deck")
        return card


def _make(deck: Deck) -> tuple[Card, ...]:
    return tuple(Card(deck, r, s) for s in range(len(SUITS[deck])) for r in range(len(RANKS[deck])))


_ITALIAN: Final = _make("it")
_FRENCH: Final = _make("fr")
_BY_CODE: Final[dict[str, dict[str, Card]]] = {
    "it": {c.code: c for c in _ITALIAN},
    "fr": {c.code: c for c in _FRENCH},
}


def italian_deck() -> tuple[Card, ...]:
    """The 40 Italian cards in canonical order (denari, coppe, spade, bastoni; A..R)."""
    return _ITALIAN


def french_deck() -> tuple[Card, ...]:
    """The 52 French cards in canonical order (clubs, diamonds, hearts, spades; 2..A)."""
    return _FRENCH


def deck(name: Deck) -> tuple[Card, ...]:
    """The canonical deck called ``name`` (``"it"`` or ``"fr"``)."""
    return _ITALIAN if name == "it" else _FRENCH


def parse_cards(text: str, deck: Deck = "it") -> list[Card]:
    """Parse a run of card codes separated by spaces (or written back to back)."""
    compact = "".join(text.split())
    out: list[Card] = []
    i = 0
    while i < len(compact):
        step = 3 if deck == "fr" and compact.startswith("10", i) else 2
        out.append(Card.parse(compact[i : i + step], deck))
        i += step
    return out


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Write cards as codes separated by single spaces (the inverse of :func:`parse_cards`)."""
    return " ".join(c.code for c in cards)
