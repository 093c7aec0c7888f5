"""Helpers every Circolo view shares: language, translations, DOM builders, cards, errors, storage.

The page shell (``static/app.js``) owns the language switch and the start-up loader; this module
talks to it through ``window.circolo`` when it is there and falls back to the DOM when it is not.
Storage goes through the page's storage layer (``static/storage.mjs``, ``window.circoloStorage``). Typical use in a view::

    from pyapp.views import common

    def main() -> None:
        root = common.app_root()
        common.clear(root)
        root.append(common.el("h1", i18n="ui.game.tressette.name"))
        common.on_lang_change(lambda lang: render())
        common.mark_ready()
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from pyscript import document, window
from pyscript.ffi import create_proxy

from pyapp.cards import Card, Deck
from pyapp.core import card_name
from pyapp.i18n import DEFAULT_LANG, LANGS, catalogs, t

LANG_KEY = "circolo.lang"
"""The ``localStorage`` key of the chosen language (shared with ``static/app.js``)."""

CARD_BASE = "./cards"
"""Where build.py writes the card SVGs: ``./cards/<deck>/<code>.svg`` and ``back.svg``."""

Node = Any
"""A DOM node (a JsProxy in the browser)."""

_lang_callbacks: list[Callable[[str], None]] = []
_proxies: list[Any] = []  # JS wrappers of Python callbacks, kept alive for the page's lifetime


# -- storage ----------------------------------------------------------------------------------------


T = TypeVar("T")


def _storage() -> Any:
    """``window.circoloStorage``: the page's storage layer (``static/storage.mjs``), or None."""
    return getattr(window, "circoloStorage", None)


def storage_get(key: str, default: str | None = None) -> str | None:
    """The stored value of ``key`` (``default`` when absent).

    Every page's storage goes through ``static/storage.mjs``: where the browser refuses
    ``localStorage`` (a frame on another site) the values live in memory for the page's lifetime.
    """
    layer = _storage()
    try:
        value = layer.getItem(key) if layer is not None else None
    except Exception:  # noqa: BLE001 - the layer never throws; a page without it has no storage
        return default
    return value if isinstance(value, str) else default  # JS null arrives as jsnull, not None


def storage_set(key: str, value: str) -> bool:
    """Store ``value`` under ``key``; True when it is kept beyond this page, False when only in memory."""
    layer = _storage()
    try:
        return bool(layer.setItem(key, value)) if layer is not None else False
    except Exception:  # noqa: BLE001
        return False


def storage_remove(key: str) -> None:
    """Forget ``key`` (no error when it is absent or storage is unavailable)."""
    layer = _storage()
    try:
        if layer is not None:
            layer.removeItem(key)
    except Exception:  # noqa: BLE001
        pass


# -- language ---------------------------------------------------------------------------------------


def _valid(lang: object) -> str:
    return lang if isinstance(lang, str) and lang in LANGS else DEFAULT_LANG


_lang = _valid(storage_get(LANG_KEY))


def get_lang() -> str:
    """The current interface language (``"it"`` or ``"en"``)."""
    return _lang


def set_lang(lang: str) -> None:
    """Switch the interface to ``lang``, remember it, re-translate the page and notify views."""
    global _lang
    lang = _valid(lang)
    shell = getattr(window, "circolo", None)
    if shell is not None and hasattr(shell, "setLang"):
        _lang = lang
        shell.setLang(lang)  # stores it, re-translates [data-i18n], dispatches circolo:lang
        return
    storage_set(LANG_KEY, lang)
    _lang = lang
    document.documentElement.lang = lang
    _notify(lang)


def on_lang_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(lang)`` after every language switch; returns a function that unsubscribes."""
    _lang_callbacks.append(callback)

    def unsubscribe() -> None:
        if callback in _lang_callbacks:
            _lang_callbacks.remove(callback)

    return unsubscribe


def _notify(lang: str) -> None:
    for callback in list(_lang_callbacks):
        try:
            callback(lang)
        except Exception:  # noqa: BLE001 - one broken view must not silence the others
            show_error(traceback.format_exc())


def _on_lang_event(event: Any) -> None:
    global _lang
    detail = getattr(event, "detail", None)
    _lang = _valid(getattr(detail, "lang", None))
    _notify(_lang)


def tr(key: str, **params: object) -> str:
    """The message ``key`` in the current language with ``params`` filled in."""
    return t(key, _lang, **params)


def tr_n(key: str, n: int, **params: object) -> str:
    """``tr(key, n=n)``, or its singular ``<key>_one`` when ``n`` is 1 ("1 carta", not "1 carte")."""
    one = f"{key}_one"
    return tr(one if n == 1 and has_text(one) else key, n=n, **params)


def has_text(key: str) -> bool:
    """Whether the catalogs have a message ``key`` (optional texts: numbered lines, a "you" form)."""
    return key in catalogs()[DEFAULT_LANG]


# -- DOM --------------------------------------------------------------------------------------------


def proxy(func: Callable[..., Any]) -> Any:
    """A persistent JavaScript function wrapping ``func`` (kept alive for the page's lifetime)."""
    wrapped = create_proxy(func)
    _proxies.append(wrapped)
    return wrapped


def listen(node: Node, event: str, handler: Callable[[Any], Any]) -> None:
    """``node.addEventListener(event, handler)``; exceptions in ``handler`` go to the error panel."""

    def guarded(evt: Any) -> Any:
        try:
            return handler(evt)
        except Exception:  # noqa: BLE001
            show_error(traceback.format_exc())
            return None

    node.addEventListener(event, proxy(guarded))


def by_id(element_id: str) -> Node | None:
    """``document.getElementById``: the element or ``None``."""
    return document.getElementById(element_id)


def need_id(element_id: str) -> Node:
    """``document.getElementById`` for an element the page is known to hold (raises if absent)."""
    node = document.getElementById(element_id)
    if not node:
        raise LookupError(f"#{element_id} is missing")
    return node


def app_root() -> Node:
    """The page's ``<main id="app">`` where a view renders."""
    return document.getElementById("app")


def clear(node: Node) -> Node:
    """Remove every child of ``node``; return it."""
    node.replaceChildren()
    return node


def ensure_stylesheet(href: str) -> None:
    """Add ``<link rel="stylesheet" href=href>`` to the page once."""
    for link in document.querySelectorAll("link[rel=stylesheet]"):
        if link.getAttribute("href") == href:
            return
    document.head.append(el("link", attrs={"rel": "stylesheet", "href": href}))


def focus_along(event: Any, buttons: list[Node]) -> None:
    """Arrow keys move the focus along ``buttons`` (a hand of cards); Home and End jump to its ends.

    The focused button carries ``data-index``; other keys are left to the page.
    """
    moves = {"ArrowLeft": -1, "ArrowUp": -1, "ArrowRight": 1, "ArrowDown": 1}
    key = str(event.key)
    if key not in moves and key not in ("Home", "End") or not buttons:
        return
    index = int(event.currentTarget.getAttribute("data-index") or 0)
    target = 0 if key == "Home" else len(buttons) - 1 if key == "End" else index + moves[key]
    buttons[max(0, min(len(buttons) - 1, target))].focus()
    event.preventDefault()


def el(
    tag: str,
    *children: Node | str | None,
    cls: str | Iterable[str] | None = None,
    text: str | None = None,
    i18n: str | None = None,
    params: dict[str, object] | None = None,
    attrs: dict[str, str | int | bool | None] | None = None,
    on: dict[str, Callable[[Any], Any]] | None = None,
) -> Node:
    """Build an element: ``el("button", cls="button", i18n="ui.landing.demo.redeal", on={"click": f})``.

    ``children`` are nodes or strings (``None`` is skipped). ``i18n`` sets the text from a catalog
    key and marks the element ``data-i18n`` so that a language switch re-translates it by itself
    (``params`` fill the template and are kept in ``data-i18n-params``). ``attrs`` values that
    are ``None``/``False`` are left out, ``True`` gives an empty attribute.
    """
    node = document.createElement(tag)
    if cls:
        node.className = cls if isinstance(cls, str) else " ".join(cls)
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))
    if i18n is not None:
        node.setAttribute("data-i18n", i18n)
        if params:
            import json

            node.setAttribute("data-i18n-params", json.dumps({k: str(v) for k, v in params.items()}))
        node.textContent = tr(i18n, **(params or {}))
    elif text is not None:
        node.textContent = text
    for child in children:
        if child is None:
            continue
        node.append(child if not isinstance(child, str) else document.createTextNode(child))
    for event, handler in (on or {}).items():
        listen(node, event, handler)
    return node


# -- cards ------------------------------------------------------------------------------------------


def card_url(card: Card) -> str:
    """The URL of ``card``'s SVG face."""
    return f"{CARD_BASE}/{card.deck}/{card.code}.svg"


def back_url(deck: Deck) -> str:
    """The URL of the card back of ``deck`` (``"it"`` or ``"fr"``)."""
    return f"{CARD_BASE}/{deck}/back.svg"


def card_label(card: Card | None, face_up: bool = True, lang: str | None = None) -> str:
    """The accessible name of a card image: its localised name, or "face-down card"."""
    lang = lang or _lang
    if card is None or not face_up:
        return t("ui.card.back", lang)
    return card_name(card, lang)


def card_attrs(
    card: Card | None, *, deck: Deck | None = None, face_up: bool = True, lang: str | None = None
) -> dict[str, str | int | bool | None]:
    """The attributes of an ``<img>`` of our card art for ``card``, named in ``lang``.

    ``card=None`` (or ``face_up=False``) draws the back of ``deck`` (default: the card's deck,
    else Italian). The image carries ``data-card`` (the code, face-up only) and ``data-deck``.
    """
    which: Deck = deck or (card.deck if card is not None else "it")
    shown = card is not None and face_up
    label = card_label(card, face_up, lang)
    return {
        "src": card_url(card) if shown else back_url(which),  # type: ignore[arg-type]
        "alt": label,
        "aria-label": label,
        "draggable": "false",
        "decoding": "async",
        "data-deck": which,
        "data-card": card.code if shown else None,  # type: ignore[union-attr]
        "width": 100,
        "height": 150,
    }


def card_element(
    card: Card | None,
    *,
    deck: Deck | None = None,
    face_up: bool = True,
    lang: str | None = None,
    cls: str = "card",
    attrs: dict[str, str | int | bool | None] | None = None,
) -> Node:
    """An ``<img>`` of our card art for ``card`` with a localised ``alt``/``aria-label``
    (:func:`card_attrs`, then ``attrs``)."""
    merged = card_attrs(card, deck=deck, face_up=face_up, lang=lang)
    merged.update(attrs or {})
    return el("img", cls=cls, attrs=merged)


# -- page state -------------------------------------------------------------------------------------


def mark_ready() -> None:
    """Tell the page (and tests) that the app is interactive: ``<html data-app-ready="true">``."""
    root = document.documentElement
    if root.getAttribute("data-app-ready") == "true":
        return
    root.setAttribute("data-app-ready", "true")
    app = app_root()
    if app:
        app.removeAttribute("aria-busy")


def show_error(text: str) -> None:
    """Show ``text`` (e.g. a traceback) in the page's error panel, readable by anyone."""
    shell = getattr(window, "circolo", None)
    if shell is not None and hasattr(shell, "showError"):
        shell.showError(text)
        return
    panel = by_id("error-panel")
    pre = by_id("error-text")
    if not panel or not pre:  # missing elements arrive as falsy JsNull
        panel = el("section", cls="error-panel", attrs={"id": "error-panel", "role": "alert"})
        pre = el("pre", cls="error-text", attrs={"id": "error-text"})
        panel.append(el("h2", i18n="ui.error.title"), pre)
        document.body.append(panel)
    previous = str(pre.textContent or "")
    pre.textContent = f"{previous}\n\n{text}" if previous else text
    panel.hidden = False
    document.documentElement.setAttribute("data-app-error", "true")


def coming_soon(view: str) -> None:
    """Fill ``#app`` with a friendly "this table is coming soon" message for ``view``."""
    game_key = f"ui.game.{view}.name"
    game = tr(game_key) if has_text(game_key) else view
    root = clear(app_root())
    root.append(
        el("h1", cls="page-title", i18n=game_key if game != view else None, text=game),
        el(
            "section",
            el("h2", i18n="ui.coming_soon.title", params={"game": game}),
            el("p", i18n="ui.coming_soon.text", params={"game": game}),
            el("p", el("a", cls="button", i18n="ui.nav.home", attrs={"href": "./index.html"})),
            cls="coming-soon",
        ),
    )


document.addEventListener("circolo:lang", proxy(_on_lang_event))


def bind(handler: Callable[[T], object], value: T) -> Callable[[Any], None]:
    """An event handler that ignores its event and calls ``handler(value)`` (loop-safe binding)."""

    def run(_event: Any) -> None:
        handler(value)

    return run
