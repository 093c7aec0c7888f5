"""Tests of pyapp.cardart: well-formed, self-contained, deterministic SVG for every card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pyapp import cardart
from pyapp.cardart import back_svg, card_svg, icon_svg
from pyapp.cards import Card, french_deck, italian_deck

SVG_NS = "http://www.w3.org/2000/svg"
ALL_CARDS = list(italian_deck()) + list(french_deck())


def _all_documents() -> list[tuple[str, str]]:
    docs = [(f"{c.deck}:{c.code}", card_svg(c)) for c in ALL_CARDS]
    docs += [("back:it", back_svg("it")), ("back:fr", back_svg("fr")), ("icon", icon_svg())]
    return docs


DOCS = _all_documents()


def _uses(svg: str, ref: str) -> int:
    root = ET.fromstring(svg)
    return sum(1 for el in root.iter(f"{{{SVG_NS}}}use") if el.get("href") == "#" + ref)


@pytest.mark.parametrize(("name", "svg"), DOCS, ids=[name for name, _ in DOCS])
def test_well_formed_svg_document(name: str, svg: str) -> None:
    root = ET.fromstring(svg)
    assert root.tag == f"{{{SVG_NS}}}svg"
    view_box = root.get("viewBox")
    assert view_box is not None
    x, y, w, h = (float(v) for v in view_box.split())
    assert (x, y) == (0, 0)
    assert float(root.get("width", "0")) / float(root.get("height", "1")) == pytest.approx(w / h)
    if name == "icon":
        assert w == h
    else:
        assert (w, h) == (cardart.CARD_WIDTH, cardart.CARD_HEIGHT)


@pytest.mark.parametrize(("name", "svg"), DOCS, ids=[name for name, _ in DOCS])
def test_self_contained(name: str, svg: str) -> None:
    root = ET.fromstring(svg)
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        assert tag not in ("script", "image", "foreignObject", "iframe", "a", "style"), (name, tag)
        for attr, value in el.attrib.items():
            local = attr.split("}")[-1]
            assert not local.lower().startswith("on"), (name, attr)
            if local == "href":
                assert value.startswith("#"), (name, value)
            assert "url(" not in value or re.fullmatch(r"url\(#[\w-]+\)", value), (name, value)
    lowered = svg.lower()
    for needle in ("http://", "https://", "javascript:", "@import", "<script", "data:"):
        if needle == "http://":
            # only the namespace declaration may mention http://
            assert lowered.count(needle) == lowered.count("http://www.w3.org/2000/svg"), name
        else:
            assert needle not in lowered, (name, needle)


@pytest.mark.parametrize(("name", "svg"), DOCS, ids=[name for name, _ in DOCS])
def test_small_and_references_resolve(name: str, svg: str) -> None:
    assert len(svg.encode()) < 8192, (name, len(svg.encode()))
    root = ET.fromstring(svg)
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids)), name
    for el in root.iter():
        href = el.get("href")
        if href is not None:
            assert href[1:] in ids, (name, href)
        for value in el.attrib.values():
            for ref in re.findall(r"url\(#([\w-]+)\)", value):
                assert ref in ids, (name, ref)


def test_ids_are_unique_across_documents() -> None:
    """Inlining several cards into one HTML page must not mix up their <use> references."""
    seen: dict[str, str] = {}
    for name, svg in DOCS:
        for el in ET.fromstring(svg).iter():
            ident = el.get("id")
            if ident:
                assert ident not in seen, (ident, name, seen.get(ident))
                seen[ident] = name


def test_deterministic() -> None:
    assert [d for _, d in _all_documents()] == [d for _, d in DOCS]
    assert card_svg(Card.parse("7c")) == card_svg(Card.parse("7c"))


def test_distinct() -> None:
    svgs = [svg for _, svg in DOCS]
    assert len(set(svgs)) == len(svgs)


def test_unknown_back_deck() -> None:
    with pytest.raises(ValueError):
        back_svg("de")


@pytest.mark.parametrize("card", list(italian_deck()), ids=lambda c: c.code)
def test_italian_symbol_count(card: Card) -> None:
    """Number cards draw rank-many suit symbols (+1 in the corner index); aces and courts one."""
    ref = f"it{card.code}-p"
    expected = int(card.rank) if card.rank.isdigit() else 1
    assert _uses(card_svg(card), ref) == expected + 1


@pytest.mark.parametrize("card", list(french_deck()), ids=lambda c: c.code)
def test_french_pip_count(card: Card) -> None:
    """Number cards draw rank-many pips (+1 in the corner index); aces and courts one."""
    ref = f"fr{card.code}-p"
    counts = {"T": 10, "A": 1, "J": 1, "Q": 1, "K": 1}
    expected = counts.get(card.rank) or int(card.rank)
    assert _uses(card_svg(card), ref) == expected + 1


def test_named_pip_counts() -> None:
    assert _uses(card_svg(Card.parse("7c")), "it7c-p") == 7 + 1
    assert _uses(card_svg(Card.parse("9h", deck="fr")), "fr9h-p") == 9 + 1
    # the bottom-right index is the rotated top-left index group
    assert _uses(card_svg(Card.parse("9h", deck="fr")), "fr9h-i") == 1


@pytest.mark.parametrize("card", ALL_CARDS, ids=lambda c: f"{c.deck}{c.code}")
def test_corner_index_shows_rank(card: Card) -> None:
    root = ET.fromstring(card_svg(card))
    texts = [el.text for el in root.iter(f"{{{SVG_NS}}}text")]
    label = "10" if card.rank == "T" else card.rank
    assert label in texts
    index = root.find(f".//{{{SVG_NS}}}g[@id='{card.deck}{card.code}-i']")
    assert index is not None
    text = index.find(f"{{{SVG_NS}}}text")
    assert text is not None and text.text == label
    # the index sits in the left 30 % of the card so it stays visible in a fanned hand
    assert float(text.get("x", "999")) < 0.3 * cardart.CARD_WIDTH - 20


def test_french_colours() -> None:
    red = card_svg(Card.parse("Qh", deck="fr"))
    black = card_svg(Card.parse("Qs", deck="fr"))
    assert cardart._FR_RED in red and cardart._FR_RED not in black.split("</defs>")[0]
