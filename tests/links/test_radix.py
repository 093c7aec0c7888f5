"""The arithmetic coder of links: choices of every kind read back, text is short and canonical."""

from __future__ import annotations

import random
from math import ceil

import pytest

from pyapp.links.radix import ALPHABET, FREE_CHOICES, Packer, RadixError, Unpacker


def random_script(rng: random.Random, packer: Packer) -> list[tuple[str, object, int]]:
    script: list[tuple[str, object, int]] = []
    for _ in range(rng.randrange(60)):
        kind = rng.randrange(4)
        if kind == 0:
            radix = rng.randrange(1, 10 ** rng.randrange(1, 50))
            value = rng.choice([0, radix - 1, rng.randrange(radix)])
            packer.put(value, radix)
            script.append(("put", radix, value))
        elif kind == 1:
            weights = [rng.randrange(1, 10 ** rng.randrange(1, 8)) for _ in range(rng.randrange(1, 9))]
            value = rng.randrange(len(weights))
            packer.weighted(value, weights)
            script.append(("weighted", weights, value))
        elif kind == 2:
            value = rng.randrange(10 ** rng.randrange(1, 20))
            packer.uint(value, 3)
            script.append(("uint", 3, value))
        else:
            value = rng.randrange(-(10**6), 10**6)
            packer.sint(value, 4)
            script.append(("sint", 4, value))
    return script


def test_choices_of_every_kind_read_back_in_order() -> None:
    rng = random.Random(7)
    for _ in range(400):
        packer = Packer()
        script = random_script(rng, packer)
        text = packer.text()
        assert set(text) <= set(ALPHABET)
        assert len(text) <= max(1, ceil(packer.bits() / 6) + 1)
        reader = Unpacker(text)
        for kind, arg, value in script:
            if kind == "put":
                assert reader.get(arg) == value  # type: ignore[arg-type]
            elif kind == "weighted":
                assert reader.weighted(arg) == value  # type: ignore[arg-type]
            elif kind == "uint":
                assert reader.uint(3) == value
            else:
                assert reader.sint(4) == value
        assert reader.done()


def test_only_the_writers_text_is_canonical() -> None:
    """One grid step above the writer's text still reads the same choices, but is not canonical."""
    rng = random.Random(9)
    checked = 0
    for _ in range(200):
        packer = Packer()
        script = random_script(rng, packer)
        text = packer.text()
        value = int.from_bytes(bytes(ALPHABET.index(c) for c in text), "big")  # not base64: digits
        digits = [ALPHABET.index(c) for c in text]
        if digits[-1] == 63:
            continue
        higher = text[:-1] + ALPHABET[digits[-1] + 1]
        reader = Unpacker(higher)
        try:
            same = [
                reader.get(a)
                if k == "put"
                else reader.weighted(a)
                if k == "weighted"  # type: ignore[arg-type]
                else reader.uint(3)
                if k == "uint"
                else reader.sint(4)
                for k, a, _ in script
            ]
        except RadixError:
            continue
        if same == [v for _, _, v in script]:
            assert not reader.done()
            checked += 1
        del value
    assert checked > 20


def test_a_forced_choice_costs_nothing_and_a_likely_one_little() -> None:
    packer = Packer()
    packer.put(0, 1)
    packer.weighted(0, [1])
    assert packer.bits() == 0 and packer.text() == "A"
    likely, rare = Packer(), Packer()
    for _ in range(100):
        likely.weighted(0, [60, 3, 1])
        rare.weighted(2, [60, 3, 1])
    assert len(likely.text()) <= 2
    assert len(rare.text()) >= 98


def test_the_text_is_at_most_one_digit_longer_than_its_information() -> None:
    rng = random.Random(3)
    for _ in range(100):
        packer = Packer()
        for _ in range(rng.randrange(1, 40)):
            weights = [rng.randrange(1, 50) for _ in range(rng.randrange(2, 6))]
            packer.weighted(rng.randrange(len(weights)), weights)
            packer.put(rng.randrange(1000), 1000)
        assert len(packer.text()) <= ceil(packer.bits() / 6) + 1


def test_bad_texts_and_runaway_numbers_are_refused() -> None:
    for bad in ("", "a b", "é", "+"):
        with pytest.raises(RadixError):
            Unpacker(bad)
    packer = Packer()
    packer.uint(2**70, 4)
    with pytest.raises(RadixError):
        Unpacker(packer.text()).uint(4, limit=2**64)
    reader = Unpacker("Zz")  # reading far more than two digits hold
    with pytest.raises(RadixError):
        for _ in range(100):
            reader.get(3)


def test_a_longer_text_of_the_same_point_is_not_canonical() -> None:
    rng = random.Random(4)
    for _ in range(100):
        packer = Packer()
        script = random_script(rng, packer)
        text = packer.text()
        reader = Unpacker(text + "A")  # the same value, one digit longer
        for kind, arg, _ in script:
            if kind == "put":
                reader.get(arg)  # type: ignore[arg-type]
            elif kind == "weighted":
                reader.weighted(arg)  # type: ignore[arg-type]
            elif kind == "uint":
                reader.uint(3)
            else:
                reader.sint(4)
        assert not reader.done()


def test_the_writer_counts_the_free_choices_as_the_reader_reads_them() -> None:
    """Choices read with the position at the interval's low end: a tail of first values, free."""
    rng = random.Random(12)
    free_texts = 0
    for _ in range(300):
        packer = Packer()
        script: list[tuple[int, int]] = []
        for _ in range(rng.randrange(1, 30)):  # radices of powers of two: the low end is a text
            radix = 2 ** rng.randrange(1, 12)
            value = rng.randrange(radix) if rng.random() < 0.5 else 0
            packer.put(value, radix)
            script.append((value, radix))
        for _ in range(rng.randrange(0, 20)):
            radix = rng.randrange(2, 1000)
            packer.put(0, radix)
            script.append((0, radix))
        text = packer.text()
        reader = Unpacker(text)
        assert [reader.get(radix) for _, radix in script] == [value for value, _ in script]
        assert reader.done()
        assert reader.free == packer.free_choices(reader.p == 0)
        free_texts += reader.free > 0
    assert free_texts > 50


def test_a_text_that_reads_first_values_for_ever_is_refused() -> None:
    """A short text whose position sits at the low end reads an endless game at no cost."""
    reader = Unpacker("AA")
    with pytest.raises(RadixError):
        for _ in range(FREE_CHOICES + 1):
            reader.get(52)
    packer = Packer()
    for _ in range(FREE_CHOICES + 1):
        packer.put(0, 52)
    with pytest.raises(RadixError):
        packer.text()  # the writer refuses what the reader would
    packer = Packer()
    for _ in range(FREE_CHOICES - 1):
        packer.put(0, 52)
    reader = Unpacker(packer.text())
    assert [reader.get(52) for _ in range(FREE_CHOICES - 1)] == [0] * (FREE_CHOICES - 1)
    assert reader.done()
