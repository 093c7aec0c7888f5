"""The tables' virtual DOM: a redraw changes only what changed and keeps nodes (focus, live regions)."""

from __future__ import annotations

from typing import Any

from pyapp.views.vdom import Patcher, VNode, h


class FakeNode:
    """Just enough of a DOM node for the patcher."""

    def __init__(self, tag: str | None = None, text: str = "") -> None:
        self.tag = tag
        self.data = text
        self.attrs: dict[str, str] = {}
        self.children: list[FakeNode] = []
        self.parent: FakeNode | None = None
        self.value = ""
        self.checked = False
        self.selected = False

    # tree
    def appendChild(self, node: FakeNode) -> None:  # noqa: N802 - DOM names
        self.insertBefore(node, None)

    def insertBefore(self, node: FakeNode, ref: FakeNode | None) -> None:  # noqa: N802
        if node.parent is not None:
            node.parent.children.remove(node)
        node.parent = self
        self.children.insert(self.children.index(ref) if ref is not None else len(self.children), node)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def replaceChildren(self) -> None:  # noqa: N802
        for child in list(self.children):
            child.remove()

    # attributes
    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        self.attrs[name] = value

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name)

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)

    # queries used by dispatch
    @property
    def parentElement(self) -> FakeNode | None:  # noqa: N802
        return self.parent

    def closest(self, _selector: str) -> FakeNode | None:
        node: FakeNode | None = self
        while node is not None and "data-h" not in node.attrs:
            node = node.parent
        return node

    def contains(self, other: FakeNode) -> bool:
        node: FakeNode | None = other
        while node is not None:
            if node is self:
                return True
            node = node.parent
        return False

    def text(self) -> str:
        return self.data if self.tag is None else "".join(c.text() for c in self.children)


class FakeDocument:
    def __init__(self) -> None:
        self.created = 0

    def createElement(self, tag: str) -> FakeNode:  # noqa: N802
        self.created += 1
        return FakeNode(tag)

    def createElementNS(self, _ns: str, tag: str) -> FakeNode:  # noqa: N802
        return self.createElement(tag)

    def createTextNode(self, text: str) -> FakeNode:  # noqa: N802
        return FakeNode(None, text)


def table(cards: list[str], status: str, log: list[str]) -> list[VNode]:
    return [
        h("p", text=status, attrs={"id": "status"}),
        h(
            "ol",
            *[h("li", text=line, key=f"l{k}") for k, line in enumerate(log)],
            attrs={"id": "log", "role": "log"},
        ),
        h(
            "ul",
            *[h("li", h("button", text=c, attrs={"data-card": c}), key=c) for c in cards],
            attrs={"id": "hand"},
        ),
    ]


def setup(tree: list[VNode]) -> tuple[Patcher, FakeNode, FakeDocument]:
    doc = FakeDocument()
    root = FakeNode("main")
    root.appendChild(FakeNode("p", "loading"))
    patcher = Patcher(doc, root)
    patcher.patch(tree)
    return patcher, root, doc


def test_first_patch_replaces_the_placeholder_and_draws_the_tree() -> None:
    _, root, _ = setup(table(["3d", "Ad"], "Tocca a te", ["Est gioca"]))
    assert [c.attrs.get("id") for c in root.children] == ["status", "log", "hand"]
    assert root.children[2].text() == "3dAd"


def test_a_move_keeps_every_node_that_stays_and_creates_only_the_new_ones() -> None:
    patcher, root, doc = setup(table(["3d", "Ad", "Rc"], "Tocca a te", ["Est gioca il 3"]))
    status, log, hand = root.children
    kept = {b.children[0].attrs["data-card"]: b for b in hand.children}
    before = doc.created
    patcher.patch(table(["3d", "Rc"], "Tocca a Ovest", ["Est gioca il 3", "Giochi l'Asso"]))
    assert root.children == [status, log, hand]  # same node objects: focus and live regions stay
    assert status.text() == "Tocca a Ovest"
    assert [li.text() for li in log.children] == ["Est gioca il 3", "Giochi l'Asso"]
    assert [b.children[0].attrs["data-card"] for b in hand.children] == ["3d", "Rc"]
    assert hand.children[0] is kept["3d"] and hand.children[1] is kept["Rc"]
    assert doc.created - before == 1  # the one new log line


def test_keyed_children_are_reordered_not_rebuilt() -> None:
    patcher, root, doc = setup(table(["3d", "Ad", "Rc"], "", []))
    hand = root.children[2]
    nodes = list(hand.children)
    before = doc.created
    patcher.patch(table(["Rc", "3d", "Ad"], "", []))
    assert hand.children == [nodes[2], nodes[0], nodes[1]]
    assert doc.created == before


def test_attributes_are_set_and_removed_and_form_state_follows() -> None:
    patcher, root, _ = setup([h("input", attrs={"id": "a", "value": "3", "checked": True, "title": "x"})])
    field = root.children[0]
    field.value = "typed"  # the user typed: an unchanged value attribute must not overwrite it
    patcher.patch([h("input", attrs={"id": "a", "value": "3", "checked": True})])
    assert field.value == "typed" and "title" not in field.attrs
    patcher.patch([h("input", attrs={"id": "a", "value": "7"})])
    assert field.value == "7" and field.attrs["value"] == "7" and field.checked is False


def test_events_reach_the_handler_of_the_latest_tree() -> None:
    calls: list[str] = []

    def tree(target: int) -> list[VNode]:
        return [
            h(
                "button",
                h("span", text="go"),
                attrs={"id": "b"},
                on={"click": lambda e: calls.append(f"{target}")},
            )
        ]

    patcher, root, _ = setup(tree(1))
    button = root.children[0]
    patcher.patch(tree(2))
    assert root.children[0] is button

    class Event:
        type = "click"
        target: Any = button.children[0]

    patcher.dispatch(Event())
    assert calls == ["2"]
    patcher.patch([h("button", attrs={"id": "b"})])  # no handler any more: nothing runs
    patcher.dispatch(Event())
    assert calls == ["2"] and "data-h" not in button.attrs
