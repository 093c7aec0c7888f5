"""A small virtual DOM for the tables: describe the page, and only what changed is touched.

Views build a tree of :class:`VNode` with :func:`h` (the same arguments as ``common.el``) and hand
it to a :class:`Patcher`, which compares it with the tree it drew last time and changes only the
attributes, texts and children that differ. Elements that stay keep their identity, so keyboard
focus, scroll positions, open ``<details>`` and live regions stay put across moves.

Children are matched by ``key`` (or by ``id``), else by position among siblings of the same tag.
Event handlers are not attached to the nodes: each node with handlers carries a ``data-h`` id and
one listener per event type on the root dispatches to the handlers of the latest tree, so a node
that survives a redraw always runs its current handler (and no JavaScript proxy is created per
redraw).

This module does not import ``pyscript``: the patcher receives the ``document`` and the root
element, which lets tests drive it with a fake DOM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Handler = Callable[[Any], Any]
SVG_NS = "http://www.w3.org/2000/svg"
EVENTS: tuple[str, ...] = ("click", "input", "change", "submit", "keydown")
"""The event types the root listens to (they all bubble)."""


class VText:
    """A text node of the virtual tree."""

    __slots__ = ("text", "dom")

    def __init__(self, text: str) -> None:
        self.text = text
        self.dom: Any = None


class VNode:
    """An element of the virtual tree: tag, attributes, children, event handlers and a key."""

    __slots__ = ("tag", "attrs", "children", "handlers", "key", "dom", "hid", "ns")

    def __init__(
        self,
        tag: str,
        attrs: dict[str, str],
        children: list[VNode | VText],
        handlers: dict[str, Handler],
        key: str | None,
    ) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children = children
        self.handlers = handlers
        self.key = key if key is not None else attrs.get("id")
        self.dom: Any = None
        self.hid: str | None = None
        self.ns: str | None = SVG_NS if tag == "svg" else None

    def append(self, *children: VNode | VText | str | None) -> VNode:
        """Add children (strings become text, ``None`` is skipped); returns the node."""
        self.children.extend(_child(c) for c in children if c is not None)
        return self

    def add_class(self, name: str) -> VNode:
        """Add one class name."""
        current = self.attrs.get("class", "")
        self.attrs["class"] = f"{current} {name}".strip()
        return self

    def text_content(self) -> str:
        """The concatenated text of the subtree (tests and accessible names)."""
        return "".join(c.text if isinstance(c, VText) else c.text_content() for c in self.children)

    def find(self, predicate: Callable[[VNode], bool]) -> VNode | None:
        """The first node of the subtree (depth first, self included) for which ``predicate`` holds."""
        if predicate(self):
            return self
        for child in self.children:
            if isinstance(child, VNode):
                found = child.find(predicate)
                if found is not None:
                    return found
        return None


def _child(value: VNode | VText | str) -> VNode | VText:
    return VText(value) if isinstance(value, str) else value


def h(
    tag: str,
    *children: VNode | VText | str | None,
    cls: str | Iterable[str] | None = None,
    text: str | None = None,
    attrs: dict[str, str | int | bool | None] | None = None,
    on: dict[str, Handler] | None = None,
    key: str | None = None,
) -> VNode:
    """A virtual element: ``h("button", cls="button", text="OK", on={"click": f}, key="ok")``.

    ``attrs`` values that are ``None``/``False`` are left out and ``True`` gives an empty
    attribute; ``text`` becomes the first child; ``key`` identifies the node among its siblings
    (default: its ``id``).
    """
    out: dict[str, str] = {}
    if cls:
        out["class"] = cls if isinstance(cls, str) else " ".join(c for c in cls if c)
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        out[name] = "" if value is True else str(value)
    kids: list[VNode | VText] = [VText(text)] if text is not None else []
    kids.extend(_child(c) for c in children if c is not None)
    return VNode(tag, out, kids, dict(on or {}), key)


def _same(old: VNode | VText, new: VNode | VText) -> bool:
    if isinstance(old, VText) or isinstance(new, VText):
        return isinstance(old, VText) and isinstance(new, VText)
    return old.tag == new.tag and old.key == new.key


class DelegatedEvent:
    """A DOM event as seen by one handler: ``currentTarget`` is the element that has the handler."""

    def __init__(self, event: Any, node: Any) -> None:
        self.event = event
        self.currentTarget = node

    def __getattr__(self, name: str) -> Any:
        return getattr(self.event, name)


class Patcher:
    """Keeps the children of ``root`` equal to the last tree given to :meth:`patch`."""

    def __init__(self, document: Any, root: Any) -> None:
        self.document = document
        self.root = root
        self.tree: list[VNode | VText] = []
        self.handlers: dict[str, dict[str, Handler]] = {}
        self._next_id = 0
        self.created = 0
        """How many DOM nodes the last patch created (tests check that a move creates few)."""

    # -- events ------------------------------------------------------------------------------------
    def dispatch(self, event: Any) -> None:
        """The one root listener: run the nearest handler of this event type above the target."""
        kind = str(event.type)
        node = event.target
        if not node or not hasattr(node, "closest"):
            node = getattr(node, "parentElement", None)
        while node:
            holder = node.closest("[data-h]")
            if not holder or not self.root.contains(holder):
                return
            handler = self.handlers.get(str(holder.getAttribute("data-h")), {}).get(kind)
            if handler is not None:
                handler(DelegatedEvent(event, holder))
                return
            node = holder.parentElement

    # -- patching ------------------------------------------------------------------------------------
    def patch(self, tree: list[VNode]) -> None:
        """Make the root's children match ``tree`` (the first call replaces whatever was there)."""
        self.handlers = {}
        self.created = 0
        if not self.tree:
            self.root.replaceChildren()
        new: list[VNode | VText] = list(tree)
        self._children(self.root, self.tree, new, None)
        self.tree = new

    def _children(
        self, parent: Any, old: list[VNode | VText], new: list[VNode | VText], ns: str | None
    ) -> None:
        keyed: dict[str, VNode] = {}
        loose: list[VNode | VText] = []
        for child in old:
            if isinstance(child, VNode) and child.key is not None:
                keyed[child.key] = child
            else:
                loose.append(child)
        reused: set[int] = set()
        order: list[int] = []
        index = {id(c): i for i, c in enumerate(old)}
        fresh: set[int] = set()
        for child in new:
            match: VNode | VText | None = None
            if isinstance(child, VNode) and child.key is not None:
                keyed_match = keyed.get(child.key)
                if keyed_match is not None and id(keyed_match) not in reused and _same(keyed_match, child):
                    match = keyed_match
            else:
                for candidate in loose:
                    if id(candidate) not in reused and _same(candidate, child):
                        match = candidate
                        break
            if match is not None:
                reused.add(id(match))
                order.append(index[id(match)])
                self._node(match, child, ns)
            else:
                self._mount(child, ns)
                fresh.add(id(child))
        for child in old:
            if id(child) not in reused and child.dom is not None:
                child.dom.remove()
        in_order = all(a < b for a, b in zip(order, order[1:], strict=False))
        following: Any = None
        for child in reversed(new):
            if id(child) in fresh or not in_order:
                parent.insertBefore(child.dom, following)
            following = child.dom

    def _node(self, old: VNode | VText, new: VNode | VText, ns: str | None) -> None:
        new.dom = old.dom
        if isinstance(new, VText):
            assert isinstance(old, VText)
            if old.text != new.text:
                new.dom.data = new.text
            return
        assert isinstance(old, VNode)
        dom = new.dom
        for name in old.attrs:
            if name not in new.attrs:
                dom.removeAttribute(name)
                if name == "checked":
                    dom.checked = False
                elif name == "selected":
                    dom.selected = False
        for name, value in new.attrs.items():
            if old.attrs.get(name) != value:
                dom.setAttribute(name, value)
                if name == "value":
                    dom.value = value
                elif name == "checked":
                    dom.checked = True
                elif name == "selected":
                    dom.selected = True
        self._bind(new, old.hid)
        if old.children or new.children:
            self._children(dom, old.children, new.children, new.ns or ns)

    def _bind(self, node: VNode, previous: str | None) -> None:
        if node.handlers:
            if previous is None:
                self._next_id += 1
                previous = str(self._next_id)
                node.dom.setAttribute("data-h", previous)
            node.hid = previous
            self.handlers[previous] = node.handlers
        elif previous is not None:
            node.dom.removeAttribute("data-h")

    def _mount(self, node: VNode | VText, ns: str | None) -> None:
        self.created += 1
        if isinstance(node, VText):
            node.dom = self.document.createTextNode(node.text)
            return
        space = node.ns or ns
        node.ns = space
        dom = (
            self.document.createElementNS(space, node.tag) if space else self.document.createElement(node.tag)
        )
        node.dom = dom
        for name, value in node.attrs.items():
            dom.setAttribute(name, value)
        self._bind(node, None)
        for child in node.children:
            self._mount(child, space)
            dom.appendChild(child.dom)
