"""Drill links are short and cannot be forged (issue 19).

A round's link holds the drill's id and the round's seed (``#drill=ID&q=1xxxxx``); the engine
draws the question again from the seed, so every text the page shows comes from the engine and
the catalogs. 1,000 random and forged links are fed to the page model (:class:`DrillRun`, what
the drill page draws): each one is refused in the page's language or opens a real round, and no
text of the link ever reaches the page.
"""

from __future__ import annotations

import base64
import json
import random
import string
import zlib

import pytest

from pyapp.i18n import LANGS, t
from pyapp.lessons import all_drills
from pyapp.lessons.drills import ROUND_SEEDS, RoundError, make_round, round_code, round_seed
from pyapp.lessons.session import DrillRun

MARK = "QZXJVK"
"""A word no catalog and no engine text holds: a forged link carries it, the page must not."""


def old_style_code(text: str) -> str:
    """A link in the old format (the question's text packed in the link), with ``text`` in it."""
    data = {"prompt": {"it": text, "en": text}, "question": {"kind": "number", "key": "pot"}}
    packed = zlib.compress(json.dumps(data).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def forged_codes(rng: random.Random, n: int) -> list[str]:
    """``n`` links' codes: random characters, random lengths, old-style packed texts, and codes
    made to look right (the version, base-36 digits) but with the mark or too long."""
    codes: list[str] = []
    alphabet = string.ascii_letters + string.digits + "-_%.~!*'();:@&=+$,/?#[] <>\"" + "àè€"
    for k in range(n):
        kind = k % 5
        if kind == 0:
            codes.append("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) + MARK)
        elif kind == 1:
            codes.append(old_style_code(f"AVVISO DEL CIRCOLO {MARK}: paga su http://example.invalid/{k}"))
        elif kind == 2:
            codes.append(
                "1" + MARK.lower() + "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 3)))
            )
        elif kind == 3:
            codes.append(f"<script>{MARK}</script>"[: rng.randint(1, 30)] + MARK)
        else:
            codes.append(rng.choice("023456789abcdefghijklmnopqrstuvwxyz") + MARK.lower())
    return codes


def test_a_round_code_is_short_and_holds_only_a_version_and_a_seed() -> None:
    longest = max(len(d.id) for d in all_drills())
    for seed in (0, 1, 35, 36, ROUND_SEEDS - 1):
        code = round_code(seed)
        assert round_seed(code) == seed
        assert code[0] == "1" and len(code) <= 7
    link = f"learn.html#drill={'x' * longest}&q={round_code(ROUND_SEEDS - 1)}"
    assert len(link) <= 80, link
    with pytest.raises(ValueError):
        round_code(ROUND_SEEDS)


@pytest.mark.parametrize("drill", all_drills(), ids=lambda d: d.id)
def test_every_round_drawn_can_be_reopened_from_its_link(drill: object) -> None:
    run = DrillRun(drill.id, random.Random(11))  # type: ignore[attr-defined]
    for _ in range(3):
        shown = run.next("it")
        code = run.code()
        again = DrillRun(drill.id)  # type: ignore[attr-defined]
        again.load(code)
        assert again.current("it")["text"] == shown["text"]
        assert again.round == run.round
        assert len(f"learn.html#drill={drill.id}&q={code}") <= 80  # type: ignore[attr-defined]


def test_a_thousand_forged_links_put_no_text_of_theirs_on_the_page() -> None:
    rng = random.Random(19)
    drills = all_drills()
    codes = forged_codes(rng, 800)
    codes += [round_code(rng.randrange(ROUND_SEEDS)) for _ in range(200)]  # real codes, random seeds
    refused = opened = 0
    for k, code in enumerate(codes):
        drill = drills[k % len(drills)]
        run = DrillRun(drill.id, random.Random(k))
        lang = LANGS[k % len(LANGS)]
        try:
            run.load(code)
        except RoundError as exc:
            refused += 1
            notice = t("lessons.ui.drill.bad_link", lang, reason=exc.message(lang))
            assert MARK.lower() not in notice.lower() and code not in notice
            page = json.dumps(run.current(lang), ensure_ascii=False) + notice  # a new round instead
        else:
            opened += 1
            assert run.round == make_round(drill, round_seed(code))
            page = json.dumps(run.current(lang), ensure_ascii=False)
        assert MARK.lower() not in page.lower()
        assert "AVVISO" not in page and "example.invalid" not in page
    assert refused + opened == 1000 and refused >= 750 and opened >= 200  # "1qzxjvk" is a real seed


def test_the_refusal_speaks_the_pages_language() -> None:
    with pytest.raises(RoundError) as it:
        round_seed("x" * 20)
    said = {lang: t("lessons.ui.drill.bad_link", lang, reason=it.value.message(lang)) for lang in LANGS}
    assert "damaged" in said["en"] and "damaged" not in said["it"]
    assert "rovinato" in said["it"]
