"""Bad input: every refusal names its rule in Italian and English, a malformed record says where,
a fuzz of damaged evening records raises no traceback, and nothing accepted is lost."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from pyapp.club.record import ClubRecordError, read
from pyapp.i18n.serata import EN, IT
from pyapp.poker.serata.cli import judge
from pyapp.poker.serata.evening import Evening, read_evening, read_partial
from pyapp.poker.serata.model import rule_of
from pyapp.poker.serata.report import state_json
from pyapp.poker.serata.simulate import simulate
from tests.serata.helpers import evening, refusal, signups

REPO = Path(__file__).resolve().parents[2]
FIVE = "draw 21:00 1 Anna Bruno Carla Dario Elena"

BAD = [
    # (entry on a table of five in play, with Fabio waiting; expected key)
    ("signup 21:05 Anna", "serata.pe1.seated"),
    ("withdraw 21:05 Anna", "serata.pe1.withdraw_seated"),
    ("draw 21:05 2 Fabio", "serata.pe2.not_formed"),
    ("sit 21:05 Fabio 1 2", "serata.pe8.taken"),
    ("move 21:05 Anna 2", "serata.pe8.taken"),
    ("stay 21:05 Anna", "serata.pe8.no_empty"),
    ("return 21:05 Anna", "serata.pe10.not_away"),
    ("passata 21:05 Fabio 1", "serata.pe12.not_seated"),
    ("chips 21:05 Fabio 10", "serata.pe12.no_resto"),
    ("passata 21:05 Anna 11", "serata.number.passate"),
    ("choose 21:05 Fabio 10", "serata.pe4.stake_single"),
    ("arrive 21:05 Fabio", "serata.arrive.twice"),
    ("arrive 21:05 Zeno", "serata.name.unknown"),
    ("quit 21:05 anna", "serata.name.spelling"),
    ('quit 21:05 "Anna "', "serata.name.canonical"),
    ('signup 21:05 ""', "serata.name.empty"),
    ('signup 21:05 "A\u200bB"', "serata.name.control"),
    ("signup 21:05 " + "X" * 41, "serata.name.long"),
    ("hands 21:05 1 0", "serata.number.hands"),
    ("hands 21:05 3 1", "serata.table.unknown"),
    ("sit 21:05 Fabio 1 7", "serata.number.seat"),
    ("sit 21:05 Fabio 1 05", "serata.number.seat"),
    ("chips 21:05 Anna -3", "serata.number.chips"),
    ("deal 21:05 Anna", "serata.unknown_verb"),
    ("quit", "serata.syntax"),
    ("quit 21:05", "serata.syntax"),
    ("return 21:05 Anna please", "serata.syntax"),
    ("quit 25:00 Anna", "serata.time"),
    ("quit 9:05 Anna", "serata.time"),
    ("quit 20:59 Anna", "serata.time_back"),
]


@pytest.fixture
def table() -> Evening:
    return evening(*signups(6), FIVE)


@pytest.mark.parametrize(("line", "key"), BAD)
def test_refusals_name_the_rule_in_italian_and_english(table: Evening, line: str, key: str) -> None:
    error = refusal(table, line)
    assert error.key == key
    it, en = error.reason("it"), error.reason("en")
    assert it != en
    rule = rule_of(key)
    if rule:
        assert f"{rule}" in error.reason("it") and f"{rule}" in error.reason("en")
    assert "{" not in it and "{" not in en  # every field filled in


def test_every_refusal_key_of_the_code_is_in_both_catalogs() -> None:
    source = "\n".join(p.read_text() for p in (REPO / "pyapp/poker/serata").glob("*.py"))
    keys = set(re.findall(r'"(serata\.[a-z0-9_.]+)"', source))
    keys |= {f"serata.number.{w}" for w in ("table", "seat", "hands", "chips", "passate")}
    missing = sorted(k for k in keys if k not in IT or k not in EN)
    assert not missing
    assert set(IT) == set(EN)
    for key in IT:  # a refusal of a clause says which, in both languages
        if rule_of(key) and not key.startswith("serata.ui."):
            assert rule_of(key) in IT[key] and rule_of(key) in EN[key], key


def test_a_refused_entry_changes_nothing(table: Evening) -> None:
    before = json.dumps(state_json(table, "en"), sort_keys=True)
    for line, _key in BAD:
        refusal(table, line)
    assert json.dumps(state_json(table, "en"), sort_keys=True) == before


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ("", "club.record.empty", 0),
        ("Club: tournament\nGame: tressette\n\nteam A b c\n", "serata.record.kind", 1),
        ("Club: serata\nGame: poker\nOption: seats=7\n\n", "serata.option.range", 3),
        ("Club: serata\nGame: poker\nOption: colour=red\n\n", "serata.option.unknown", 3),
        ("Club: serata\nGame: poker\nOption: stakes=10,10\n\n", "serata.option.stakes", 3),
        ("Club: serata\nGame: poker\nOption: stakes=2.5\n\n", "serata.option.stakes", 3),
        ('Club: serata\nGame: poker\n\nsignup 20:00 "Anna\n', "club.record.open_quote", 4),
        ("Club: serata\nGame: poker\n\nsignup 20:00 Anna\nsignup 19:00 Bruno\n", "serata.time_back", 5),
    ],
)
def test_a_malformed_record_says_where(text: str, key: str, line: int) -> None:
    status, report = judge(text, "en")
    assert status == 1 and report["valid"] is False
    assert report["line"] == line
    with pytest.raises(ClubRecordError) as caught:
        read_evening(text)
    assert caught.value.key == key


def test_an_evening_past_midnight_keeps_its_clock() -> None:
    ev = evening(*signups(5), FIVE, "hands 23:50 1 30", "hands 00:20 1 35", "close 01:10")
    assert state_json(ev, "en")["clock"] == "01:10"
    assert (
        refusal(evening(*signups(5), FIVE, "hands 23:50 1 30"), "hands 23:40 1 31").key == "serata.time_back"
    )


def _records() -> list[str]:
    texts = [simulate(9, 1).text(), simulate(13, 2, 6).text()]
    texts += [p.read_text() for p in sorted((REPO / "docs/notation/examples").glob("serata*.txt"))]
    return texts


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    body = [
        i
        for i, line in enumerate(lines)
        if line and not line.startswith(("Club", "Game", "Option", "Title", "Id"))
    ]
    kind = rng.randrange(7)
    i = rng.choice(body) if body else 0
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3 and lines[i]:
        k = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:k] + rng.choice('"\\ 0123456789:#é\u00a0xQ') + lines[i][k + 1 :]
    elif kind == 4:
        lines[i] = re.sub(r"\d+", lambda m: str(int(m.group()) + rng.randint(-3, 3)), lines[i], count=1)
    elif kind == 5:
        cut = rng.randrange(len(text))
        return text[:cut]
    else:
        words = lines[i].split(" ")
        rng.shuffle(words)
        lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def test_fuzz_damaged_evenings_never_raise_and_keep_what_is_good() -> None:
    rng = random.Random(21)
    records = _records()
    assert len(records) >= 4
    refused = 0
    for _ in range(400):
        text = _mutate(rng.choice(records), rng)
        status, report = judge(text, rng.choice(["it", "en"]))
        json.dumps(report)
        assert status in (0, 1)
        evening_, error = read_partial(text)
        if error is None:
            assert status == 0
            assert read_evening(evening_.text()).text() == evening_.text()
            continue
        refused += 1
        assert status == 1 and report["line"] == error.line
        # nothing is lost: every entry before the bad line was kept, and they read back alike
        try:
            entries = [e for e in read(text).entries if e.line < error.line]
        except ClubRecordError:
            entries = None
        if entries is not None and error.line > 0:
            assert [str(e) for e in evening_.entries] == [str(e) for e in entries]
        again = read_evening(evening_.text())
        assert state_json(again, "en") == state_json(evening_, "en")
    assert refused > 50
