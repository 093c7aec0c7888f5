"""Records: round trip, the documented example, and ``python3 -m pyapp check`` on bad records."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.core import IllegalAction, play_out
from pyapp.record import RecordError, read_record, write_record
from pyapp.tressette import CODES
from pyapp.tressette.bots import ChitarrellaBot, RandomTressetteBot
from pyapp.tressette.rules import TressetteState

from .helpers import deal

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "notation" / "tressette.md"


def check(text: str, lang: str = "it") -> tuple[int, dict]:
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", "-", "--lang", lang],
        input=text,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    return done.returncode, json.loads(done.stdout)


def doc_example() -> str:
    blocks = re.findall(r"```text\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks, "the notation page has no example record"
    return blocks[-1]


def test_record_round_trip_with_declarations_and_penalty():
    rng = random.Random(3)
    s = TressetteState(review="practice", target=11, penalties="on")
    bots = [ChitarrellaBot(), RandomTressetteBot(), ChitarrellaBot(), RandomTressetteBot()]
    for _ in range(30):
        s.apply(
            s.chance_sample(rng)
            if s.current_player() < 0
            else bots[s.current_player()].choose(s.info_state(s.current_player()), rng)
        )
    s.apply("penalty EW")
    play_out(s, bots, rng)
    text = write_record(s, {"Event": "Torneo sociale"})
    assert (
        "E penalty EW" in text or "W penalty EW" in text or "N penalty EW" in text or "S penalty EW" in text
    )
    assert any(f" {call}" in text for call in ("busso", "volo", "liscio=", "re=", "tre=", "due=", "asso="))
    back = read_record(text)
    assert back.state == s and back.state.result() == s.result()
    assert write_record(back.state, back.tags) == text


def test_documented_example_is_accepted():
    status, report = check(doc_example())
    assert status == 0, report
    assert report["valid"] and report["complete"] and report["game"] == "tressette"
    assert report["result"]["winner"] in ("NS", "EW") and len(report["result"]["partite"]) == 2


def test_checker_reports_must_follow_with_line_and_reason():
    s = deal({"N": "3d Ad 5d 6d Rc 4c As 7s Cb 5b", "W": "2d Fd 4d 3c 2c 5c 6c Rs 4s 6s"})
    lines = write_record(s).splitlines()
    bad = "\n".join(lines + ["N 5d", "W 3c"]) + "\n"
    status, report = check(bad)
    assert status == 1 and report["valid"] is False
    assert report["line"] == len(lines) + 2 and report["action"] == "3c"
    assert "denari" in report["reason"] and "Tre di coppe" in report["reason"]
    status, report = check(bad, "en")
    assert "coins" in report["reason"]


def test_checker_reports_false_declaration_and_bad_shuffle():
    s = deal({"N": "3d Ad 5d 6d Rc 4c As 7s Cb 5b"})
    lines = write_record(s).splitlines()
    status, report = check("\n".join(lines + ["N 5d volo"]) + "\n")
    assert status == 1 and report["action"] == "5d volo" and "Volo" in report["reason"]
    head = lines[: lines.index("") + 2]  # header, blank line, the lot
    status, report = check("\n".join(head + ["* shuffle 3d 3d"]) + "\n")
    assert status == 1 and report["line"] == len(head) + 1 and "due volte" in report["reason"]
    status, report = check("\n".join(head + ["N shuffle 3d"]) + "\n")
    assert status == 1 and report["line"] == len(head) + 1  # wrong actor: chance is to act


def test_read_record_refuses_cut_out_of_range():
    s = TressetteState()
    s.apply("draw 3d 4c")
    s.apply(s.chance_sample(random.Random(1)))
    text = write_record(s) + "E cut 40\n"
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.key == "tressette.cut_range" and "40" in info.value.reason("en")


def cut_record(cut: str) -> str:
    s = TressetteState()
    s.apply("draw 3d 4c")
    s.apply(s.chance_sample(random.Random(1)))
    return write_record(s) + f"E {cut}\n"


@pytest.mark.parametrize(
    ("cut", "key", "canonical"),
    [
        ("cut 017", "common.non_canonical", "cut 17"),
        ("cut \u0661\u0667", "common.non_canonical", "cut 17"),  # Arabic-Indic digits
        ("cut \uff11\uff17", "common.non_canonical", "cut 17"),  # full-width digits
        ("cut 1_7", "common.non_canonical", "cut 17"),
        ("cut +17", "common.non_canonical", "cut 17"),
        ("cut \u00b3", "tressette.cut_bad", None),  # a superscript: int() would raise ValueError
        ("cut -3", "tressette.cut_bad", None),
        ("cut " + "9" * 5000, "tressette.cut_bad", None),  # int() would refuse so many digits
    ],
)
def test_non_canonical_cuts_are_refused_with_a_reason(cut: str, key: str, canonical: str | None):
    with pytest.raises(RecordError) as info:
        read_record(cut_record(cut))
    err = info.value
    assert err.key == key and err.reason("it") != err.reason("en")
    if canonical:
        assert canonical in err.reason("it") and canonical in err.reason("en")
    status, report = check(cut_record(cut), "en")
    assert status == 1 and report["valid"] is False and report["reason"] == err.reason("en")


def test_checker_never_prints_a_traceback_for_strange_digits():
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "check", "-"],
        input=cut_record("cut \u00b3") + "N 3d re=\u00b3\n",
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_a_crafted_replay_link_is_refused_not_crashed():
    from pyapp.links.legacy import decode_fragment, encode_fragment
    from pyapp.session import TableSession

    link = encode_fragment(cut_record("cut \u00b3"))
    with pytest.raises(RecordError) as info:
        TableSession.load(decode_fragment(link))
    assert info.value.key == "tressette.cut_bad"


def test_chance_outcomes_are_numbered():
    s = TressetteState()
    assert s.legal_actions() == [] and s.chance_count() == 40 * 39
    assert s.chance_outcome(0) == "draw Ad 2d" and s.chance_outcome(1) == "draw Ad 3d"
    assert s.chance_outcome(39) == "draw 2d Ad" and s.chance_outcome(1559) == "draw Rb Cb"
    for action in ("draw 3d 4c", "draw Rb Ad", "draw 7s 7c"):
        assert s.chance_outcome(s.chance_index(action)) == action
    s.apply("draw 3d 4c")
    assert s.chance_count() == math.factorial(40)
    assert s.chance_outcome(0) == "shuffle " + " ".join(CODES)
    assert s.chance_outcome(math.factorial(40) - 1) == "shuffle " + " ".join(reversed(CODES))
    rng = random.Random(4)
    for _ in range(20):
        shuffle = s.chance_sample(rng)
        index = s.chance_index(shuffle)
        assert s.chance_outcome(index) == shuffle
    with pytest.raises(IllegalAction) as info:
        s.chance_index("shuffle 3d")
    assert info.value.key == "tressette.shuffle_count"
    s.apply(shuffle)
    with pytest.raises(IllegalAction) as info:
        s.chance_count()
    assert info.value.key == "common.not_chance"
