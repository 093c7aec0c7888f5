"""The replay's hand diagram, after BBO's handviewer: each hand as rows by suit, in text.

A Tressette or Boston hand is one list per seat, one row per suit: the suit's symbol, then the
rank letters of the club's notation (docs/notation: ``A 2 3 4 5 6 7 F C R`` for the Italian
deck, ``A K Q J T 9 … 2`` for the French one), strongest first. The cards dealt this hand that
have been played stay in their row, struck through (``<del>``) and greyed. A poker hand is one
row per player. Each row is one line for a screen reader ("Ovest, coppe: asso, tre; giocate:
re"), the visual row being hidden from it.

:func:`dealt_hands` finds the cards dealt at the start of the hand around a position;
:func:`seat_diagram` and :func:`player_row` draw; :data:`VIEW_KEY` is where the reader's choice
(cards or diagram) is stored through :func:`pyapp.views.common.storage_set`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from pyapp.cards import Card, Deck
from pyapp.links.session import ReplaySession
from pyapp.views import common
from pyapp.views.common import tr
from pyapp.views.table.base import snapshot_of
from pyapp.views.vdom import VNode, h

VIEW_KEY: Final = "circolo.replay.hands"
"""The stored choice of how the replay shows the hands: ``"cards"`` (default) or ``"diagram"``."""

VIEWS: Final = ("cards", "diagram")

SUIT_ROWS: Final[dict[str, tuple[str, ...]]] = {"it": ("d", "c", "s", "b"), "fr": ("s", "h", "d", "c")}
"""The suits top to bottom: the Italian deck's order, and bridge's for the French one."""

SYMBOLS: Final[dict[str, str]] = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
"""The French suits' symbols (the Italian suits are drawn with a corner of their ace)."""

STRENGTH: Final[dict[str, str]] = {"tressette": "32ARCF7654", "it": "RCF7654321A", "fr": "AKQJT98765432"}
"""Rank letters strongest first: Tressette's own order, else the deck's (Boston, poker)."""

SEARCH_DEAL: Final = 8
"""How many moves after a hand's start the deal is looked for (shuffle, cut, deal)."""


def hand_start(full: ReplaySession, position: int) -> int:
    """Where the hand being played at ``position`` starts (a hand's end belongs to that hand)."""
    return max((end for end in full.hand_ends() if end < position), default=0)


def dealt_hands(full: ReplaySession, position: int, lang: str) -> dict[str, list[str]]:
    """Every seat's cards as dealt for the hand being played at ``position`` (empty before the deal)."""
    start = hand_start(full, position)
    for place in range(start, min(start + SEARCH_DEAL, position) + 1):
        hands: dict[str, list[str]] = snapshot_of(full.at_move(place), lang).get("hands") or {}
        if any(hands.values()):
            return hands
    return {}


def order(game: str, deck: Deck) -> str:
    """The rank letters of ``game`` strongest first."""
    return STRENGTH.get(game, STRENGTH[deck])


def suit_symbol(deck: Deck, suit: str) -> VNode:
    """The suit's symbol: a character for the French deck, the middle of the ace for the Italian."""
    if deck == "fr":
        red = suit in ("h", "d")
        return h("span", text=SYMBOLS[suit], cls="dg-suit" + (" is-red" if red else ""))
    ace = Card.parse("A" + suit, "it")
    return h(
        "span",
        h("img", attrs={"src": common.card_url(ace), "alt": "", "width": 20, "height": 30}),
        cls="dg-suit dg-suit-it",
    )


def rank_word(card: Card) -> str:
    """The rank's name in lower case ("asso", "fante")."""
    return tr(f"card.{card.deck}.rank.{card.rank}").lower()


def seat_diagram(
    game: str, deck: Deck, seat: str, seat_name: str, dealt: Iterable[str], held: Iterable[str]
) -> VNode:
    """One seat's hand as rows by suit: held cards, then played ones struck, strongest first."""
    held_set = set(held)
    cards = [Card.parse(code, deck) for code in dict.fromkeys([*dealt, *held_set])]
    ranks = order(game, deck)
    rows = []
    for suit in SUIT_ROWS[deck]:
        mine = sorted((c for c in cards if c.suit == suit), key=lambda c: ranks.index(c.rank))
        kept = [c for c in mine if c.code in held_set]
        gone = [c for c in mine if c.code not in held_set]
        suit_word = tr(f"card.{deck}.suit.{suit}")
        line = tr(
            "links.viewer.diagram.line",
            seat=seat_name,
            suit=suit_word,
            cards=", ".join(rank_word(c) for c in kept) or tr("links.viewer.diagram.none"),
        )
        if gone:
            line += tr("links.viewer.diagram.played", cards=", ".join(rank_word(c) for c in gone))
        visual = h("span", suit_symbol(deck, suit), cls="dg-row", attrs={"aria-hidden": "true"})
        for c in mine:
            letter = c.rank
            visual.append(
                h("span", text=letter, cls="dg-card")
                if c.code in held_set
                else h("del", text=letter, cls="dg-card")
            )
        if not mine:
            visual.append(h("span", text="\u2014", cls="dg-card dg-void"))
        rows.append(
            h("li", h("span", text=line, cls="visually-hidden"), visual, key=suit, attrs={"data-suit": suit})
        )
    return h(
        "ul",
        *rows,
        cls="hand-diagram",
        key=f"diagram-{seat}",
        attrs={"aria-label": tr("links.viewer.diagram.hand", seat=seat_name), "data-seat": seat},
    )


def player_row(seat: str, seat_name: str, held: Iterable[str]) -> VNode:
    """A poker player's cards as one row, grouped by suit (French deck)."""
    cards = [Card.parse(code, "fr") for code in held]
    ranks = order("poker", "fr")
    visual = h("span", cls="dg-row", attrs={"aria-hidden": "true"})
    words = []
    for suit in SUIT_ROWS["fr"]:
        mine = sorted((c for c in cards if c.suit == suit), key=lambda c: ranks.index(c.rank))
        if not mine:
            continue
        group = h("span", suit_symbol("fr", suit), cls="dg-group")
        for c in mine:
            group.append(h("span", text=c.rank, cls="dg-card"))
            words.append(common.card_label(c).lower())
        visual.append(group)
    line = tr(
        "links.viewer.diagram.player",
        seat=seat_name,
        cards=", ".join(words) or tr("links.viewer.diagram.none"),
    )
    return h(
        "ul",
        h("li", h("span", text=line, cls="visually-hidden"), visual, key="row"),
        cls="hand-diagram dg-poker",
        key=f"diagram-{seat}",
        attrs={"aria-label": tr("links.viewer.diagram.hand", seat=seat_name), "data-seat": seat},
    )


def view_toggle(current: str, choose: Callable[[str], None]) -> VNode:
    """The choice between the cards and the diagram: two pressed/unpressed buttons."""

    def clicked(name: str) -> Callable[[Any], None]:
        return lambda _event: choose(name)

    buttons = [
        h(
            "button",
            text=tr(f"links.viewer.hands.{name}"),
            cls="button button-small" + ("" if name == current else " button-quiet"),
            attrs={
                "type": "button",
                "id": f"hands-{name}",
                "aria-pressed": "true" if name == current else "false",
            },
            on={"click": clicked(name)},
        )
        for name in VIEWS
    ]
    return h(
        "div",
        h("span", text=tr("links.viewer.hands"), cls="hands-label", attrs={"id": "hands-label"}),
        *buttons,
        cls="hands-toggle",
        key="hands-toggle",
        attrs={"role": "group", "aria-labelledby": "hands-label"},
    )


def stored_view() -> str:
    """The reader's stored choice (``"cards"`` when none or unknown)."""
    value = common.storage_get(VIEW_KEY) or "cards"
    return value if value in VIEWS else "cards"


def store_view(value: str) -> None:
    """Remember the reader's choice for the next replays."""
    common.storage_set(VIEW_KEY, value)


def classes(node: VNode) -> set[str]:
    """The class names of ``node``."""
    return set(node.attrs.get("class", "").split())


def seat_node(root: VNode, cls: str, seat: str) -> VNode | None:
    """The first node under ``root`` of class ``cls`` drawing ``seat`` (``data-seat``)."""
    return root.find(lambda n: cls in classes(n) and n.attrs.get("data-seat") == seat)


def replace_first(root: VNode, predicate: Callable[[VNode], bool], new: VNode) -> bool:
    """Put ``new`` in place of the first node under ``root`` for which ``predicate`` holds."""
    for index, child in enumerate(root.children):
        if not isinstance(child, VNode):
            continue
        if predicate(child):
            root.children[index] = new
            return True
        if replace_first(child, predicate, new):
            return True
    return False
