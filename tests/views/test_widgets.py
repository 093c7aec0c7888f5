"""The shared widgets build the controls every view used to spell out: same attributes, same events."""

from __future__ import annotations

from typing import Any

from pyapp.views.vdom import VNode
from pyapp.views.widgets import button, folded, number_field, radio_group, select_field


def clicked(_event: Any) -> None:
    """A handler to find again."""


def elements(node: VNode, tag: str) -> list[VNode]:
    """Every node of ``tag`` under ``node``, in document order."""
    found = [node] if node.tag == tag else []
    for child in node.children:
        if isinstance(child, VNode):
            found += elements(child, tag)
    return found


def test_button_is_a_plain_button_with_its_words_id_and_handler() -> None:
    node = button("Nuova partita", clicked, ident="new-game")
    assert node.tag == "button" and node.text_content() == "Nuova partita"
    assert node.attrs == {"class": "button", "type": "button", "id": "new-game"}
    assert node.handlers == {"click": clicked}
    assert node.key == "new-game"


def test_button_states_quiet_disabled_and_pressed() -> None:
    quiet = button("Annulla", clicked, ident="undo", quiet=True, disabled=True)
    assert quiet.attrs["class"] == "button button-quiet" and quiet.attrs["disabled"] == ""
    toggled = button("Ultima presa", clicked, ident="peek", cls="button peek", pressed=False)
    assert toggled.attrs["class"] == "button peek" and toggled.attrs["aria-pressed"] == "false"
    assert button("Gioca", clicked, pressed=True).attrs["aria-pressed"] == "true"
    plain = button("x", clicked, attrs={"data-call": "passo"})
    assert "disabled" not in plain.attrs and "aria-pressed" not in plain.attrs and "id" not in plain.attrs
    assert plain.attrs["data-call"] == "passo"
    assert button("nothing").handlers == {}


def test_select_field_labels_its_select_and_selects_the_chosen_value_only() -> None:
    node = select_field(
        "speed", "Velocità", [("slow", "Lenta"), (5, "Cinque")], 5, on_change=clicked, cls="speed"
    )
    assert node.tag == "label" and node.attrs == {"class": "speed", "for": "speed"}
    select = elements(node, "select")[0]
    assert select.attrs["id"] == "speed" and select.handlers == {"change": clicked}
    options = elements(node, "option")
    assert [o.attrs["value"] for o in options] == ["slow", "5"]
    assert ["selected" in o.attrs for o in options] == [False, True]
    assert [o.text_content() for o in options] == ["Lenta", "Cinque"]


def test_radio_group_checks_the_chosen_value_and_ties_labels_to_inputs() -> None:
    node = radio_group("players", "Giocatori", [(4, "4"), (5, "5")], "5", id_prefix="opt-players")
    assert node.tag == "fieldset" and elements(node, "legend")[0].text_content() == "Giocatori"
    inputs = elements(node, "input")
    assert [i.attrs["id"] for i in inputs] == ["opt-players-4", "opt-players-5"]
    assert all(i.attrs["type"] == "radio" and i.attrs["name"] == "players" for i in inputs)
    assert ["checked" in i.attrs for i in inputs] == [False, True]
    assert [label.attrs["for"] for label in elements(node, "label")] == ["opt-players-4", "opt-players-5"]
    assert radio_group(
        "level", "Livello", [("easy", "Facile")], "hard", id_prefix="l", attrs={"id": "x"}
    ).attrs == {"id": "x"}


def test_number_field_takes_whole_numbers() -> None:
    node = number_field("amount", "amount", 12, attrs={"min": 2, "max": 40}, on_input=clicked)
    assert node.attrs == {
        "type": "number",
        "id": "amount",
        "name": "amount",
        "inputmode": "numeric",
        "step": "1",
        "value": "12",
        "min": "2",
        "max": "40",
    }
    assert node.handlers == {"input": clicked}
    assert "value" not in number_field("answer", "answer").attrs


def test_folded_panel_is_closed_unless_asked() -> None:
    closed = folded("Impostazioni", None, ident="settings-panel")
    assert closed.tag == "details" and closed.attrs == {"class": "settings-box", "id": "settings-panel"}
    assert elements(closed, "summary")[0].text_content() == "Impostazioni"
    assert folded("Dichiarazioni", ident="calls-panel", open_=True).attrs["open"] == ""
