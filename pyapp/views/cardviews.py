"""The card views shared by the game tables and the lessons: a card face, the human's hand as a row
of card buttons, and a trick as a row of cards with who played them.

One markup for every page that shows a hand or a trick, so that a lesson's hand behaves as the
table's does:

* :func:`hand_button`: a card of the hand as a ``button.card-button`` named by its ``aria-label``,
  ``aria-disabled`` when the rules do not let it be played now (dimmed, still clickable so the
  rules can say why), ``aria-pressed`` when it is a toggle (the draw), keyed by its card so that a
  patch keeps the element (and the focus on it);
* :func:`hand_keys`: arrow keys move along the hand, Home and End jump to its ends;
* :func:`hand_row`: the ``<ul>`` of the hand, one ``<li>`` per card, keyed by card;
* :func:`trick_row`: the cards of a trick in play order, each with the seat that played it, the
  winner marked ``is-winning``.

Pages add their own classes (``cls``, ``image_cls``) for their style sheets; structure, names and
keys stay the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pyapp.cards import Card
from pyapp.views import common
from pyapp.views.vdom import VNode, h

Attrs = dict[str, str | int | bool | None]
"""The attributes of a virtual node."""


def card_face(card: Card, width: int, label: str | None = None, cls: str = "card") -> VNode:
    """A card face image ``width`` pixels wide (``label`` is its accessible name; default: the
    card's name)."""
    text = label if label is not None else common.card_label(card)
    return h(
        "img",
        cls=cls,
        attrs={
            "src": common.card_url(card),
            "alt": text,
            "width": width,
            "height": width * 3 // 2,
            "draggable": "false",
            "data-card": card.code,
            "data-deck": card.deck,
        },
    )


def hand_keys(event: Any) -> None:
    """Arrow keys move along the hand the focused card is in; Home and End jump to its ends
    (Enter and Space are the button's own: they play the card)."""
    row = event.currentTarget.closest("ul")
    common.focus_along(event, list(row.querySelectorAll("button[data-card]")) if row else [])


def hand_button(
    card: Card,
    index: int,
    label: str,
    on_click: Callable[[str], None],
    *,
    disabled: bool = False,
    pressed: bool | None = None,
    cls: str = "card-button",
    image_cls: str = "card",
    attrs: Attrs | None = None,
    on_keys: Callable[[Any], None] = hand_keys,
) -> VNode:
    """One card of the human's hand as a button: click, Enter and Space call ``on_click(code)``.

    ``label`` is the button's name (the card, and why it cannot be played when it cannot);
    ``disabled`` marks it ``aria-disabled`` (dimmed, still clickable so the rules can say why not);
    ``pressed`` (``True``/``False``) makes it a toggle; ``on_keys`` takes its other keys (by default
    :func:`hand_keys`). ``index`` is its place in the hand (``data-index``)."""
    code = card.code
    merged: Attrs = {
        "type": "button",
        "data-card": code,
        "data-focus": f"card-{code}",
        "aria-label": label,
        "aria-disabled": "true" if disabled else None,
        "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
        "data-index": index,
    }
    merged.update(attrs or {})
    image = h(
        "img",
        cls=image_cls,
        attrs={
            "src": common.card_url(card),
            "alt": "",
            "aria-hidden": "true",
            "draggable": "false",
            "width": 100,
            "height": 150,
            "data-deck": card.deck,
        },
    )
    return h(
        "button",
        image,
        cls=cls,
        attrs=merged,
        key=f"card-{code}",
        on={"click": lambda _e: on_click(code), "keydown": on_keys},
    )


def hand_row(
    items: Sequence[tuple[str, VNode]], label: str, *, cls: str, key: str, attrs: Attrs | None = None
) -> VNode:
    """The hand: a list named ``label`` with one item per ``(code, node)``, keyed by the card (a
    card played leaves the others' elements in place)."""
    return h(
        "ul",
        *[h("li", node, key=code) for code, node in items],
        cls=cls,
        attrs={"aria-label": label, **(attrs or {})},
        key=key,
    )


def trick_row(
    plays: Sequence[tuple[Card, str, bool]],
    label: str,
    *,
    size: int = 56,
    cls: str = "trick-row",
    image_cls: str = "card",
    led: str | None = None,
) -> VNode:
    """A trick as a row of cards named ``label``: each ``(card, who, wins)`` in play order, the
    card with the seat that played it (``who``), the winning one marked ``is-winning``. ``led``,
    when given, is added to the first card's seat ("leads")."""
    items = []
    for k, (card, who, wins) in enumerate(plays):
        caption = f"{who} · {led}" if led and k == 0 else who
        items.append(
            h(
                "li",
                card_face(card, size, cls=image_cls),
                h("span", text=caption, cls="who"),
                cls="is-winning" if wins else None,
                key=card.code,
            )
        )
    return h("ul", *items, cls=cls, attrs={"aria-label": label})
