"""Every catalog module has the same keys in Italian and English, with the same ``{fields}``."""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path

import pytest

import build
from pyapp import i18n

REPO = Path(__file__).resolve().parent.parent
CATALOG_DIR = REPO / "pyapp" / "i18n"
MODULES = sorted(p.stem for p in CATALOG_DIR.glob("*.py") if p.stem != "__init__")


def fields(template: str) -> set[str]:
    """The named fields of a ``str.format`` template (raises ValueError on a malformed one)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_fields_helper() -> None:
    assert fields("{rank} di {suit}") == {"rank", "suit"}
    assert fields("no fields, {{escaped}}") == set()
    with pytest.raises(ValueError):
        fields("broken {field")


def test_every_catalog_module_is_registered() -> None:
    assert set(MODULES) <= set(i18n.CATALOG_MODULES), "add new catalog modules to CATALOG_MODULES"


@pytest.mark.parametrize("name", MODULES)
def test_same_keys_and_fields(name: str) -> None:
    module = importlib.import_module(f"pyapp.i18n.{name}")
    it, en = module.IT, module.EN
    assert set(it) == set(en), f"only IT: {sorted(set(it) - set(en))}; only EN: {sorted(set(en) - set(it))}"
    for key in it:
        assert isinstance(it[key], str) and isinstance(en[key], str), key
        assert it[key].strip() and en[key].strip(), f"empty text for {key}"
        assert fields(it[key]) == fields(en[key]), f"{key}: {fields(it[key])} vs {fields(en[key])}"
    if name != "common":  # common predates the rule: card.*, seat.*, common.*
        stray = [k for k in it if not k.startswith(f"{name}.")]
        assert stray == [], f"keys of {name}.py must start with '{name}.': {stray}"


def test_no_key_defined_twice() -> None:
    seen: dict[str, str] = {}
    for name in MODULES:
        for key in importlib.import_module(f"pyapp.i18n.{name}").IT:
            assert key not in seen, f"{key} is in both {seen[key]} and {name}"
            seen[key] = name


def test_html_keys_exist_in_both_languages() -> None:
    tables = i18n.catalogs()
    sources = [REPO / page for page in build.PAGES] + sorted((REPO / "static" / "partials").glob("*.html"))
    keys = set()
    for path in sources:
        keys |= build.i18n_keys_in(path.read_text(encoding="utf-8"))
    assert "ui.landing.title" in keys
    for lang in i18n.LANGS:
        assert sorted(keys - set(tables[lang])) == [], lang


def test_js_and_view_keys_exist() -> None:
    tables = i18n.catalogs()
    used = set()
    for path in [REPO / "static" / "app.js", *sorted((REPO / "pyapp" / "views").glob("*.py"))]:
        used |= set(re.findall(r"""["'](ui\.[a-z_.]+[a-z])["']""", path.read_text(encoding="utf-8")))
    assert "ui.progress.engine" in used
    for lang in i18n.LANGS:
        assert sorted(used - set(tables[lang])) == [], lang


SEAT_AFTER_DA = re.compile(
    r"\bda:? \{(seat|dealer)\}|\{seat\} vince|vince \{(seat|team)\}|\(\{(seat|dealer)\}\)"
)
"""Italian phrases where a seat's name cannot simply be "Tu": «vinta da Tu», «Tu vince», «mazziere (Tu)»."""


def test_phrases_about_a_seat_have_a_form_for_the_human() -> None:
    # The tables name the human "Tu"/"You": each such phrase needs its own "_you" wording (issue 11).
    # The lessons name every seat (Nord, Sud...), never "Tu".
    missing = []
    for name in MODULES:
        if name == "lessons":
            continue
        it = importlib.import_module(f"pyapp.i18n.{name}").IT
        for key, text in it.items():
            if SEAT_AFTER_DA.search(text) and f"{key}_you" not in it:
                missing.append(f"{key}: {text}")
    assert missing == [], "\n".join(missing)
