"""Every bad link gets a clear reason and nothing else escapes: thousands of mutated ``v2.`` and
``r=`` links (changed, dropped, added and swapped characters, cuts, junk after a valid link, huge
fragments) go through the decoder; each is either refused with an it/en reason or, when the
mutation happens to spell a valid link, opens a record that reads."""

from __future__ import annotations

import random
import string
import time

import pytest

from pyapp.core import CHANCE
from pyapp.games import available_games, new_game, spec
from pyapp.links.codec import (
    GAME_RADIX,
    MAX_ACTIONS,
    MAX_LINK,
    PREFIX,
    LinkError,
    _check,
    check_link,
    game_link,
    hand_link,
    make_link,
    read_link,
)
from pyapp.links.legacy import encode_fragment
from pyapp.links.radix import Packer
from pyapp.record import RecordError, write_record

from .helpers import record_of

JUNK = string.ascii_letters + string.digits + "-_.=&#%~ /+?é\u2028\U0001f0a1\x00"


def sources() -> list[str]:
    out = []
    for game in ("tressette", "boston", "poker"):
        text = record_of(game, 21, "rule", 0)
        out += [hand_link(text, 1), hand_link(text, 2, at=4), game_link(text, moves=30)]
    out.append(encode_fragment(record_of("boston", 21, "rule", 0)))
    return out


def mutate(link: str, rng: random.Random) -> str:
    """One random damage of ``link``."""
    kind = rng.randrange(9)
    i = rng.randrange(len(link))
    if kind == 0:  # change a character
        return link[:i] + rng.choice(JUNK) + link[i + 1 :]
    if kind == 1:  # drop one
        return link[:i] + link[i + 1 :]
    if kind == 2:  # add one
        return link[:i] + rng.choice(JUNK) + link[i:]
    if kind == 3:  # cut the end off
        return link[:i]
    if kind == 4:  # valid link plus junk
        return link + "".join(rng.choice(JUNK) for _ in range(rng.randrange(1, 12)))
    if kind == 5:  # swap two neighbours
        j = min(i + 1, len(link) - 1)
        return link[:i] + link[j] + link[i] + link[j + 1 :]
    if kind == 6:  # a piece twice
        j = rng.randrange(i, len(link))
        return link[:j] + link[i:j] + link[j:]
    if kind == 7:  # valid link plus base64 junk
        return link + "".join(rng.choice(string.ascii_letters) for _ in range(rng.randrange(1, 40)))
    return link[: i // 2] + link[i:]  # a piece missing


def outcome(fragment: str) -> str:
    """``"ok"`` or ``"refused"``; anything else escaping fails the test."""
    try:
        check_link(fragment)
    except LinkError as exc:
        for lang in ("it", "en"):
            message = exc.message(lang)
            assert message.strip() and "{" not in message and not message.startswith("links."), exc.key
        return "refused"
    except RecordError as exc:  # an old r= link whose record text is damaged but still unpacks
        assert exc.message("it") and exc.message("en")
        return "refused"
    return "ok"


def test_thousands_of_mutated_links_are_refused_with_a_reason() -> None:
    rng = random.Random(2024)
    originals = sources()
    counts = {"ok": 0, "refused": 0}
    for _ in range(3000):
        link = rng.choice(originals)
        damaged = mutate(link, rng)
        if damaged == link:
            continue
        result = outcome(damaged)
        counts[result] += 1
        if result == "ok":
            # what still opens is the same game: only the opening move changed (``.4`` -> ``.``
            # is refused, ``.4`` -> ``.1`` is not), or unused bits of the last character
            assert read_link(damaged).record == read_link(link).record, damaged
    assert counts["refused"] > 0.97 * sum(counts.values()), counts


@pytest.mark.parametrize(
    ("fragment", "key"),
    [
        ("", "links.empty"),
        ("#", "links.empty"),
        ("v2.", "common.link.corrupt"),
        ("v2.A", "common.link.corrupt"),
        ("v2.AAB", "common.link.corrupt"),
        ("v9.Bxy", "links.version"),
        ("x=1", "common.link.not_replay"),
        ("v2.Bx!y", "links.junk"),
        ("r=eJx!", "links.junk"),
        ("r=", "common.link.corrupt"),
        ("r=A", "common.link.corrupt"),
        ("v2." + "B" * (MAX_LINK + 1), "links.too_long"),
    ],
)
def test_typical_bad_links_say_why(fragment: str, key: str) -> None:
    with pytest.raises(LinkError) as caught:
        read_link(fragment)
    assert caught.value.key == key


def test_valid_link_plus_junk_is_refused() -> None:
    text = record_of("tressette", 21, "rule", 0)
    v2 = hand_link(text, 1)
    legacy = encode_fragment(text)
    for link in (v2, legacy):
        read_link(link)
        for junk in ("&utm_source=x", "%20", " ", "extra", ".", "..3", "a" * 100_000, "=", "\n"):
            with pytest.raises(LinkError):
                read_link(link + junk)
    with pytest.raises(LinkError) as caught:
        read_link(legacy + "AAAA")
    assert caught.value.key in ("links.extra", "common.link.corrupt")
    with pytest.raises(LinkError) as caught:
        read_link(v2 + ".999")
    assert caught.value.key == "links.bad_move"


def test_hundred_kilobyte_fragments_are_refused_quickly() -> None:
    rng = random.Random(5)
    body = "".join(rng.choice(string.ascii_letters + string.digits + "-_") for _ in range(100_000))
    for fragment in ("v2." + body, "r=" + body, "v2.B" + "A" * 100_000, "r=eJ" + "_" * 100_000):
        with pytest.raises(LinkError):
            read_link(fragment)


def test_a_compressed_bomb_is_refused_before_it_is_unpacked() -> None:
    bomb = encode_fragment("Game: tressette\n\n" + "#" * (40 << 20))
    assert len(bomb) < 100_000
    with pytest.raises(LinkError) as caught:
        read_link(bomb)
    assert caught.value.key == "links.too_big"


def test_another_games_link_opens_as_that_game() -> None:
    boston = read_link(hand_link(record_of("boston", 21, "rule", 0), 1))
    assert boston.record.startswith("Game: boston\n")


def forged(game: str, actions: int | None) -> str:
    """A link with good check digits whose text runs out at once: a whole game of default
    options, "complete" (``actions=None``) or of ``actions`` actions, every choice the first."""
    packer = Packer()
    packer.put(spec(game).link_number, GAME_RADIX)
    packer.put(0, 2)  # a whole game
    packer.flag(True)  # default options
    packer.flag(False)  # from the beginning
    packer.flag(actions is None)
    if actions is not None:
        packer.uint(actions, 5)
    body = packer.text()
    return PREFIX + body + _check(body)


def test_a_few_characters_spelling_an_endless_game_are_refused_at_once() -> None:
    """An open-ended poker session of passes costs no digits: it must not keep the reader busy
    (it once ran a million actions, minutes, before refusing)."""
    for fragment in (
        "v2.SlmzUN",
        forged("poker", None),
        *(forged(g, MAX_ACTIONS) for g in available_games()),
    ):
        began = time.perf_counter()
        with pytest.raises(LinkError) as caught:
            read_link(fragment)
        assert caught.value.key == "common.link.corrupt", fragment
        assert time.perf_counter() - began < 30, fragment


def test_a_game_of_endless_first_choices_is_refused_by_the_writer_too() -> None:
    """A contrived record (sorted decks, every first action) whose link the reader would refuse."""
    state = new_game("poker")
    for _ in range(6000):
        state.apply(state.chance_outcome(0) if state.current_player() == CHANCE else state.legal_actions()[0])
    with pytest.raises(LinkError) as caught:
        make_link(write_record(state))
    assert caught.value.key == "links.unlinkable"
    assert caught.value.message("it") and caught.value.message("en")
    shorter = write_record(type(state).replay(state.history[:1400], **state.options))
    assert read_link(make_link(shorter).split("#", 1)[1]).record == shorter
