"""Every Tressette message exists in Italian and English and renders its parameters."""

from __future__ import annotations

import re
from pathlib import Path

from pyapp.i18n import tressette as catalog
from pyapp.tressette.declarations import SIMPLE_TOKENS, VALUE_TOKENS

SOURCES = [Path(catalog.__file__).parents[1] / "tressette" / name for name in ("rules.py", "declarations.py")]


def test_same_keys_in_both_languages():
    assert set(catalog.IT) == set(catalog.EN)
    assert all(k.startswith("tressette.") for k in catalog.IT)
    for key in catalog.IT:
        assert set(re.findall(r"{(\w+)}", catalog.IT[key])) == set(re.findall(r"{(\w+)}", catalog.EN[key])), (
            key
        )


def test_every_refusal_key_has_a_message():
    used = set()
    for path in SOURCES:
        used |= set(re.findall(r'"(tressette\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    used |= {f"tressette.decl_false.{name}" for name in SIMPLE_TOKENS}
    used |= {f"tressette.decl_false.{name}" for name in VALUE_TOKENS}
    used |= {f"tressette.call.{name}" for name in (*SIMPLE_TOKENS, *VALUE_TOKENS)}
    missing = sorted(k for k in used if k not in catalog.IT)
    assert not missing, missing


def test_declaration_names_render():
    from pyapp.tressette.declarations import declaration_text

    assert declaration_text("re=3") == "Re terzo"
    assert declaration_text("liscio=2", "it") == "Secondo liscio"
    assert declaration_text("due=5", "en") == "Two fifth"
    assert declaration_text("voglio=Ad") == "Chiamo: Asso di denari"
    assert declaration_text("busso", "en") == "Knock (busso)"
