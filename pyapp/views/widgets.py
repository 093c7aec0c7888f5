"""Small virtual-tree widgets the views share: a button, a labelled select, a group of radio buttons.

They build :mod:`pyapp.views.vdom` nodes only (the words come translated from the caller), so the
same control looks and behaves the same on every page. Like :mod:`pyapp.views.vdom`, this module
does not import ``pyscript``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyapp.views.vdom import Handler, VNode, h

Attrs = dict[str, str | int | bool | None]


def button(
    text: str,
    on_click: Handler | None = None,
    *,
    ident: str | None = None,
    quiet: bool = False,
    cls: str | None = None,
    disabled: bool = False,
    pressed: bool | None = None,
    attrs: Attrs | None = None,
    key: str | None = None,
) -> VNode:
    """A ``<button type="button">`` saying ``text`` (``ident`` is its id) that calls ``on_click``.

    Its class is ``cls``, else ``button`` (``button button-quiet`` when ``quiet``); ``pressed``
    (``True``/``False``) makes it a toggle (``aria-pressed``).
    """
    state: Attrs = {
        "disabled": disabled,
        "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
    }
    return h(
        "button",
        cls=cls or ("button button-quiet" if quiet else "button"),
        text=text,
        attrs={"type": "button", "id": ident, **state, **(attrs or {})},
        on={"click": on_click} if on_click is not None else None,
        key=key,
    )


def number_field(
    ident: str,
    name: str,
    value: object = None,
    *,
    attrs: Attrs | None = None,
    on_input: Handler | None = None,
) -> VNode:
    """An ``<input type="number">`` of whole numbers (``ident`` its id, ``name`` its name)."""
    return h(
        "input",
        attrs={
            "type": "number",
            "id": ident,
            "name": name,
            "inputmode": "numeric",
            "step": 1,
            "value": None if value is None else str(value),
            **(attrs or {}),
        },
        on={"input": on_input} if on_input is not None else None,
    )


def folded(
    title: str, *children: VNode | None, ident: str, cls: str = "settings-box", open_: bool = False
) -> VNode:
    """A ``<details>`` panel titled ``title`` (folded unless ``open_``), as in the side column."""
    return h("details", h("summary", text=title), *children, cls=cls, attrs={"id": ident, "open": open_})


def select_field(
    ident: str,
    label: str,
    options: Sequence[tuple[str | int, str]],
    chosen: object,
    *,
    on_change: Handler | None = None,
    cls: str | None = None,
    attrs: Attrs | None = None,
) -> VNode:
    """``label`` and a ``<select id=ident>`` of ``(value, text)`` options, ``chosen`` selected
    (compared as text); ``attrs`` go on the select."""
    select = h(
        "select",
        *[
            h("option", text=text, attrs={"value": value, "selected": str(value) == str(chosen)})
            for value, text in options
        ],
        attrs={"id": ident, **(attrs or {})},
        on={"change": on_change} if on_change is not None else None,
    )
    return h("label", label, " ", select, cls=cls, attrs={"for": ident})


def radio_group(
    name: str,
    legend: str,
    options: Sequence[tuple[str | int, str]],
    chosen: object,
    *,
    id_prefix: str,
    attrs: Attrs | None = None,
) -> VNode:
    """A ``<fieldset>`` of radio buttons ``name`` for ``(value, text)`` options, ``chosen`` checked
    (compared as text); each input's id is ``<id_prefix>-<value>``."""
    group = h("fieldset", h("legend", text=legend), attrs=attrs)
    for value, text in options:
        field_id = f"{id_prefix}-{value}"
        radio = h(
            "input",
            attrs={
                "type": "radio",
                "name": name,
                "value": value,
                "id": field_id,
                "checked": str(chosen) == str(value),
            },
        )
        group.append(h("label", radio, " " + text, attrs={"for": field_id}))
    return group
