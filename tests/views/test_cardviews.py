"""The one hand view and the one trick view that the tables and the lessons share (issue 19).

:mod:`pyapp.views.cardviews` names cards through :mod:`pyapp.views.common`, which imports PyScript;
here a stand-in PyScript (a document and a window that do nothing) is put in place while the module is imported and
taken away afterwards, so that no other test sees it.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any
from unittest.mock import MagicMock

import pytest

from pyapp.cards import Card
from tests.views.test_widgets import elements

STAND_INS = ("pyscript", "pyscript.ffi", "pyapp.views.common", "pyapp.views.cardviews")


@pytest.fixture(scope="module")
def cv() -> Iterator[Any]:
    """:mod:`pyapp.views.cardviews`, imported with a stand-in PyScript."""
    saved = {name: sys.modules.get(name) for name in STAND_INS}
    fake = types.ModuleType("pyscript")
    fake.document, fake.window = MagicMock(), MagicMock()  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyscript.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    fake.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.update({"pyscript": fake, "pyscript.ffi": ffi})
    sys.modules.pop("pyapp.views.common", None)
    sys.modules.pop("pyapp.views.cardviews", None)
    try:
        yield importlib.import_module("pyapp.views.cardviews")
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
        package = sys.modules["pyapp.views"]
        for name in ("common", "cardviews"):  # the package's attributes, as they were
            if saved[f"pyapp.views.{name}"] is None and hasattr(package, name):
                delattr(package, name)


ASSO = Card.parse("Ac", "it")
RE = Card.parse("Rs", "it")
TRE = Card.parse("3d", "it")


def played(_code: str) -> None:
    """A handler to find again."""


def own_keys(_event: Any) -> None:
    """Another key handler."""


def test_a_playable_card_is_a_named_button_keyed_by_its_card_with_the_hand_keys(cv: Any) -> None:
    node = cv.hand_button(ASSO, 2, "Asso di coppe", played)
    assert node.tag == "button" and node.key == "card-Ac"
    assert node.attrs["class"] == "card-button" and node.attrs["type"] == "button"
    assert node.attrs["aria-label"] == "Asso di coppe" and node.attrs["data-card"] == "Ac"
    assert node.attrs["data-index"] == "2"
    assert "aria-disabled" not in node.attrs and "aria-pressed" not in node.attrs
    assert node.handlers["keydown"] is cv.hand_keys
    image = elements(node, "img")[0]
    assert image.attrs["alt"] == "" and image.attrs["aria-hidden"] == "true"  # the button has the name


def test_an_unplayable_card_is_dimmed_but_stays_clickable_and_a_toggle_says_pressed(cv: Any) -> None:
    dimmed = cv.hand_button(RE, 0, "Re di spade: non giocabile", played, disabled=True, on_keys=own_keys)
    assert dimmed.attrs["aria-disabled"] == "true" and "disabled" not in dimmed.attrs
    assert "click" in dimmed.handlers and dimmed.handlers["keydown"] is own_keys
    chosen = cv.hand_button(RE, 0, "Re di spade", played, pressed=True, cls="card-button lp-card-button")
    assert chosen.attrs["aria-pressed"] == "true" and chosen.attrs["class"] == "card-button lp-card-button"
    assert cv.hand_button(RE, 0, "Re", played, pressed=False).attrs["aria-pressed"] == "false"


def test_the_hand_row_keys_each_item_by_its_card(cv: Any) -> None:
    row = cv.hand_row(
        [("Ac", cv.hand_button(ASSO, 0, "Asso", played)), ("Rs", cv.hand_button(RE, 1, "Re", played))],
        "La tua mano",
        cls="hand hand-own",
        key="hand",
        attrs={"data-count": 2},
    )
    assert row.tag == "ul" and row.key == "hand" and row.attrs["aria-label"] == "La tua mano"
    assert [item.key for item in elements(row, "li")] == ["Ac", "Rs"]
    assert row.attrs["data-count"] == "2"


def test_a_trick_row_names_who_played_each_card_and_marks_the_winner_and_the_lead(cv: Any) -> None:
    plays = [(ASSO, "Nord", False), (TRE, "Est", True), (RE, "Sud", False)]
    row = cv.trick_row(plays, "Ultima presa: la vince Est", size=40)
    assert row.attrs == {"class": "trick-row", "aria-label": "Ultima presa: la vince Est"}
    items = elements(row, "li")
    assert [item.key for item in items] == ["Ac", "3d", "Rs"]
    assert [item.attrs.get("class") for item in items] == [None, "is-winning", None]
    assert [item.text_content() for item in items] == ["Nord", "Est", "Sud"]
    assert elements(items[0], "img")[0].attrs["width"] == "40"
    led = cv.trick_row(plays, "Presa", led="esce", cls="trick-row lp-trick-cards")
    assert [item.text_content() for item in elements(led, "li")] == ["Nord · esce", "Est", "Sud"]


def test_a_card_face_is_named_by_the_card_or_by_its_label(cv: Any) -> None:
    face = cv.card_face(ASSO, 60)
    assert face.attrs["alt"] and face.attrs["data-card"] == "Ac" and face.attrs["height"] == "90"
    assert (
        cv.card_face(ASSO, 60, "Asso di coppe, giocata da Nord").attrs["alt"]
        == "Asso di coppe, giocata da Nord"
    )
