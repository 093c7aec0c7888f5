"""Boston catalogs: same keys in Italian and English, every refusal key the engine raises exists."""

from __future__ import annotations

import re
from pathlib import Path

from pyapp.core import IllegalAction
from pyapp.i18n import boston as catalog
from pyapp.i18n import common, t

from .helpers import DEAL1, at_play, play

ENGINE = [
    Path(__file__).resolve().parents[2] / "pyapp" / "boston" / name for name in ("rules.py", "actions.py")
]


def test_catalogs_have_the_same_keys_and_fields():
    assert set(catalog.IT) == set(catalog.EN)
    for key in catalog.IT:
        assert key.startswith("boston.")
        fields_it = set(re.findall(r"\{(\w+)\}", catalog.IT[key]))
        fields_en = set(re.findall(r"\{(\w+)\}", catalog.EN[key]))
        assert fields_it == fields_en, key


def test_every_raised_key_is_in_the_catalog():
    source = "\n".join(path.read_text(encoding="utf-8") for path in ENGINE)
    plain = set(re.findall(r'IllegalAction\(\s*"(boston\.[\w.]+)"', source))
    templated = set(re.findall(r'IllegalAction\(\s*f"(boston\.[\w.]+)\.\{letter\}"', source))
    shared = set(re.findall(r'IllegalAction\(\s*"(common\.[\w.]+)"', source))
    assert len(plain) >= 14 and templated and "common.unknown_action" in shared
    for key in plain | {f"{k}.{s}" for k in templated for s in "cdhs"}:
        assert key in catalog.IT, key
    for key in shared:  # the refusals every game shares live in one catalog (pyapp/i18n/common.py)
        assert key in common.IT, key
    assert "boston.unknown_action" not in catalog.IT  # no copy of common.unknown_action


def test_B10_refusals_render_card_and_seat_names():
    state = at_play(DEAL1)
    play(state, "Js 3s")
    try:
        state.apply("2d")
    except IllegalAction as exc:
        assert exc.message("it") == t("boston.must_play_boston.s", "it", boston="Fante di quadri")
        assert "Jack of diamonds" in exc.message("en")
    else:
        raise AssertionError("the Boston was not forced")
