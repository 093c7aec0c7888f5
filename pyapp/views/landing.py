"""The landing page: proves the pipeline by dealing sample hands with the engine, in the browser.

The list of games is static HTML (translated by the page shell); this view fills
``#demo-body`` with five random cards of each deck, drawn and sorted by :mod:`pyapp.cards`
and shown with our SVG faces, and a button to draw again.
"""

from __future__ import annotations

import random
import sys

from pyapp.cards import Card, french_deck, italian_deck
from pyapp.views import common

HAND_SIZE = 5


class Demo:
    """The sample-hands panel: its random source, the current hands, and how to render them."""

    def __init__(self, root: common.Node, rng: random.Random) -> None:
        self.root = root
        self.rng = rng
        self.hands: dict[str, list[Card]] = {}

    def deal(self, _event: object = None) -> None:
        """Draw a fresh hand from each deck and show it."""
        for name, deck in (("it", italian_deck()), ("fr", french_deck())):
            self.hands[name] = sorted(self.rng.sample(deck, HAND_SIZE), key=lambda c: c.index)
        self.render()

    def render(self, _lang: str | None = None) -> None:
        """(Re)draw the panel in the current language."""
        version = sys.version.split()[0]
        rows = []
        for name, key, size in (("it", "ui.landing.demo.italian", 40), ("fr", "ui.landing.demo.french", 52)):
            cards = [common.el("li", common.card_element(card)) for card in self.hands[name]]
            rows.append(
                common.el(
                    "div",
                    common.el("h3", i18n=key, params={"count": HAND_SIZE, "size": size}),
                    common.el("ul", *cards, cls="hand", attrs={"data-deck": name}),
                    cls="demo-row",
                )
            )
        common.clear(self.root).append(
            common.el(
                "p",
                cls="demo-caption",
                i18n="ui.landing.demo.caption",
                params={"version": version},
                attrs={"id": "engine-proof"},
            ),
            *rows,
            common.el(
                "button",
                cls="button",
                i18n="ui.landing.demo.redeal",
                attrs={"type": "button"},
                on={"click": self.deal},
            ),
        )


def main() -> None:
    """Render the sample hands and keep them in the chosen language."""
    root = common.by_id("demo-body")
    if root is None:
        return
    demo = Demo(root, random.Random())
    demo.deal()
    common.on_lang_change(demo.render)
