"""The Italian and English message catalogs and the lookup function ``t``.

Every user-facing text of Circolo lives in a catalog module of this package (``common``, ``ui``
and one per game). Each catalog module defines two dicts, ``IT`` and ``EN``, with the same keys;
values are ``str.format`` templates with named fields. Keys are namespaced by their module
(``"tressette.must_follow"``) so catalogs never collide. Italian is the default language.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Final

LANGS: Final = ("it", "en")
DEFAULT_LANG: Final = "it"
CATALOG_MODULES: Final = (
    "common",
    "ui",
    "table",
    "tressette",
    "boston",
    "poker",
    "lessons",
    "links",
    "club",
    "serata",
)

_catalogs: dict[str, dict[str, str]] | None = None


def catalogs() -> dict[str, dict[str, str]]:
    """All catalogs merged: ``{"it": {key: template}, "en": {...}}`` (loaded once)."""
    global _catalogs
    if _catalogs is None:
        merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
        for name in CATALOG_MODULES:
            try:
                mod = importlib.import_module(f"{__name__}.{name}")
            except ModuleNotFoundError as exc:  # a game whose catalog is not written yet
                if exc.name != f"{__name__}.{name}":
                    raise
                continue
            merged["it"].update(mod.IT)
            merged["en"].update(mod.EN)
        _catalogs = merged
    return _catalogs


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in.

    Unknown languages fall back to Italian; an unknown key returns the key itself so that a
    missing translation is visible but never crashes the interface.
    """
    table = catalogs().get(lang) or catalogs()[DEFAULT_LANG]
    template = table.get(key)
    if template is None:
        template = catalogs()[DEFAULT_LANG].get(key, key)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def say(message: Mapping[str, object], lang: str = DEFAULT_LANG) -> str:
    """A message kept as plain data, ``{"key", "params"}``, in ``lang``; a parameter that is itself
    such a message is said in the same language (:func:`pyapp.errors.as_data` writes them)."""
    raw = message.get("params")
    params = raw if isinstance(raw, Mapping) else {}
    said = {
        name: say(value, lang) if isinstance(value, Mapping) and "key" in value else value
        for name, value in params.items()
    }
    return t(str(message.get("key", "")), lang, **said)
