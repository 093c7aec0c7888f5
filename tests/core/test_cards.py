"""The card values and the two canonical decks (pyapp.cards)."""

from __future__ import annotations

import copy
import pickle

import pytest

from pyapp.cards import Card, CardError, format_cards, french_deck, italian_deck, parse_cards
from pyapp.core import card_name


def test_T1_italian_deck_has_40_cards_in_canonical_order() -> None:
    deck = italian_deck()
    assert len(deck) == 40 and len(set(deck)) == 40
    assert [c.code for c in deck[:10]] == ["Ad", "2d", "3d", "4d", "5d", "6d", "7d", "Fd", "Cd", "Rd"]
    assert [c.suit for c in deck[::10]] == ["d", "c", "s", "b"]
    assert [c.index for c in deck] == list(range(40))


def test_B1_french_deck_has_52_cards_in_canonical_order() -> None:
    deck = french_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert deck[0].code == "2c" and deck[12].code == "Ac" and deck[-1].code == "As"
    assert [c.index for c in deck] == list(range(52))


@pytest.mark.parametrize("deck_name", ["it", "fr"])
def test_parse_and_str_round_trip_every_card(deck_name: str) -> None:
    deck = italian_deck() if deck_name == "it" else french_deck()
    for card in deck:
        assert Card.parse(str(card), deck_name) is card


def test_parse_knows_which_deck() -> None:
    assert Card.parse("3d").deck == "it"
    assert Card.parse("3d", "fr").deck == "fr"
    assert Card.parse("10h", "fr") is Card.parse("Th", "fr")
    for bad, deck in [("Td", "it"), ("Fh", "fr"), ("3x", "it"), ("", "it"), ("3dd", "it"), ("8d", "it")]:
        with pytest.raises(CardError):
            Card.parse(bad, deck)  # type: ignore[arg-type]


def test_cards_are_immutable_interned_values() -> None:
    card = Card.parse("Rb")
    with pytest.raises(AttributeError):
        card.rank = "A"  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert {card: 1}[Card.parse("Rb")] == 1
    assert Card.parse("Ad") != Card.parse("Ad", "fr")


def test_parse_cards_and_format_cards_round_trip() -> None:
    cards = parse_cards("3d Rb  Fs")
    assert format_cards(cards) == "3d Rb Fs"
    assert format_cards(parse_cards("Th 10s Jd", "fr")) == "Th Ts Jd"


def test_card_names_are_localised() -> None:
    assert card_name(Card.parse("3d"), "it") == "Tre di denari"
    assert card_name(Card.parse("Cc"), "en") == "Knight of cups"
    assert card_name(Card.parse("Qh", "fr"), "it") == "Donna di cuori"
