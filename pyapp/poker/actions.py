"""Poker actions as typed values, with one canonical spelling each (docs/notation/poker.md).

Every action text is read once into a :class:`PokerAction`; its :attr:`PokerAction.text` is the
one canonical spelling, and the engine refuses any other (``open 06``, ``open +6``, full-width or
Arabic-Indic digits, ``1_0``, a bare ``open``/``rebuy``/``join``, draw cards out of order, extra
blanks) with a reason naming the canonical form. Canonical spelling:

* one ASCII space between words, nothing before or after;
* numbers in ASCII digits, no sign, no leading zero, no separators: ``open 6``, ``cut 17``;
* every number written: ``open N`` (the pot is not implied), ``rebuy K``, ``join K``;
* the cards of a ``draw`` in :func:`card_order`: by rank from the lowest, equal ranks by the
  P17 suit order from spades (``draw 7d 8c 9d``; ``draw 9s 9h``);
* shuffles list every card once, top card first (their order *is* the outcome).

:func:`interpret` reads the text (syntax only: the verb, how many words, numbers, cards of the table's
deck); :meth:`pyapp.poker.rules.PokerState.check` then judges the action against the state.

Chance outcomes are numbered (:func:`pyapp.core.permutation_rank`): a shuffle of the cards ``C``
is the permutation of rank ``i`` of ``C`` in deck order (clubs, diamonds, hearts, spades; the
lowest rank up to the ace in each suit), lexicographically: rank 0 is the deck order itself,
rank ``len(C)! - 1`` the reverse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from pyapp.cards import Card, CardError
from pyapp.core import IllegalAction, parse_int, read_int
from pyapp.poker.evaluate import card_int

if TYPE_CHECKING:
    from pyapp.poker.rules import PokerState

NUMBER_VERBS = frozenset({"open", "bet", "raise", "cut", "rebuy", "join"})
"""Verbs followed by one whole number (an amount, a cut point, a count of passate)."""

OPTIONAL_NUMBER = frozenset({"open", "rebuy", "join"})
"""Verbs whose number a player may leave out (the pot, one passata, the minimum): read, then
refused naming the written form."""

CARD_VERBS = frozenset({"draw", "shuffle", "reshuffle"})
"""Verbs followed by card codes."""

BARE_VERBS = frozenset(
    {"pass", "call", "check", "fold", "serve", "show", "concede", "nocut", "end", "stay", "leave", "skip"}
)
"""Verbs that are the whole action."""

CHANCE_VERBS = frozenset({"dealer", "shuffle", "reshuffle"})
"""Verbs of chance actions (made by nobody)."""


class PokerAction(NamedTuple):
    """One action, read: ``verb`` plus its number, its cards or its seat, and its canonical text.

    Immutable and hashable (a named tuple: cheap to build, which random play and search do at
    every step); build it with :meth:`make`, which writes ``text``. ``cards`` keep the order that
    matters: canonical order for ``draw``, the dealt order for ``shuffle``/``reshuffle``. ``seat``
    is the seat index of ``dealer`` (the lot).
    """

    verb: str
    number: int | None
    cards: tuple[Card, ...]
    seat: int | None
    text: str
    """The canonical spelling (what records, links and ``legal_actions()`` hold)."""

    @classmethod
    def make(
        cls, verb: str, number: int | None = None, cards: tuple[Card, ...] = (), seat: int | None = None
    ) -> PokerAction:
        """The action with these parts; its ``text`` is the canonical spelling."""
        if number is not None:
            text = f"{verb} {number}"
        elif seat is not None:
            text = f"{verb} {seat + 1}"
        elif cards:
            text = verb + " " + " ".join([c.code for c in cards])
        else:
            text = verb
        return cls(verb, number, cards, seat, text)

    @classmethod
    def parse(cls, text: str) -> PokerAction:
        """The action a canonical text spells (as records, links and ``legal_actions()`` write
        it), read without a table; raise :class:`~pyapp.core.IllegalAction` for any other text.

        What a person may mean by a text at a table (a bare ``open``, ``10h``...) is
        :func:`interpret`'s business.
        """
        verb, *args = text.split(" ")
        value: PokerAction | None = None
        if verb in BARE_VERBS and not args:
            value = _BARE[verb]
        elif verb in NUMBER_VERBS and len(args) == 1 and (number := parse_int(args[0])) is not None:
            value = cls.make(verb, number=number)
        elif verb in CARD_VERBS and args:
            try:
                value = cls.make(verb, cards=tuple(Card.parse(code, "fr") for code in args))
            except CardError:
                value = None
        elif verb == "dealer" and len(args) == 1 and (seat := parse_int(args[0])):
            value = cls.make(verb, seat=seat - 1)
        if value is None or value.text != text:
            raise IllegalAction("common.unknown_action", action=text)
        return value

    def __str__(self) -> str:
        return self.text


_BARE: Final = {verb: PokerAction.make(verb) for verb in BARE_VERBS}
"""The actions that are one word, built once."""


def card_order(card: Card) -> int:
    """Sort key of the canonical order of cards in a ``draw``: rank, then P17 suit (spades first)."""
    return card_int(card)


def log_verb(line: str) -> str:
    """The verb of a line of a hand's log (``view()["log"]``: an action's text, or ``draw N`` for a
    seat that changed N cards, which only that seat may name)."""
    return line.partition(" ")[0]


def read_number(text: str) -> int:
    """A whole number as a player may write it (``6``, ``06``, ``+6``, ``６``...), or a refusal.

    The canonical spelling is :func:`pyapp.core.parse_int`'s; any other reading is refused later,
    naming it.
    """
    number = parse_int(text)
    if number is None:
        number = read_int(text)
    if number is None:
        raise IllegalAction("poker.bad_amount", text=text)
    return number


def read_cards(s: PokerState, codes: list[str]) -> list[Card]:
    """Cards of this table's deck from their codes (``10h`` is read as ``Th``), or a refusal."""
    by_code = s.card_by_code
    found = [card for card in map(by_code.get, codes) if card is not None]
    if len(found) == len(codes):
        return found
    out = []
    for code in codes:
        card = s.card_by_code.get(code)
        if card is None:
            try:
                card = Card.parse(code, "fr")
            except CardError:
                raise IllegalAction("common.bad_card", text=code) from None
            if card.code not in s.card_by_code:
                raise IllegalAction("poker.not_in_deck", text=code, lowest=s.lowest)
        out.append(card)
    return out


def interpret(s: PokerState, text: str) -> PokerAction:
    """The typed action ``text`` means at table ``s`` (syntax only), or :class:`IllegalAction`.

    Lenient on purpose so that a refusal can name the canonical form: any blanks between words,
    numbers in other digits or with leading zeros, a bare ``open`` (the pot, P9), ``rebuy`` (one
    passata) or ``join`` (the minimum), draw cards in any order.
    """
    words = text.split()
    if not words:
        raise IllegalAction("common.unknown_action", action=text)
    verb, args = words[0], words[1:]
    if verb in BARE_VERBS:
        if args:
            raise IllegalAction("common.unknown_action", action=text)
        return _BARE[verb]
    if verb in NUMBER_VERBS:
        if len(args) > 1 or (not args and verb not in OPTIONAL_NUMBER):
            raise IllegalAction("common.unknown_action", action=text)
        if args:
            return PokerAction.make(verb, number=read_number(args[0]))
        return PokerAction.make(verb, number=s.implied_number(verb))
    if verb in CARD_VERBS:
        cards = read_cards(s, args)
        if verb == "draw":
            cards.sort(key=card_order)
        return PokerAction.make(verb, cards=tuple(cards))
    if verb == "dealer":
        if len(args) != 1:
            raise IllegalAction("common.unknown_action", action=text)
        try:
            seat = s.seat_of(args[0])
        except KeyError:
            raise IllegalAction("poker.bad_seat", text=args[0]) from None
        if seat < 0:
            raise IllegalAction("poker.bad_seat", text=args[0])
        return PokerAction.make(verb, seat=seat)
    raise IllegalAction("common.unknown_action", action=text)
