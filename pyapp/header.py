"""The header every plain-text record of Circolo begins with: game records and club records.

A record is lines of text: leading blank lines, then the header, ``Key: value`` lines up to the
first blank line (lines starting with ``#`` are comments), then the body. A key is an ASCII letter
followed by letters, digits, ``-`` or ``_``; ``Option: name=value`` lines set options. This module
reads that shape and nothing else: which keys a record needs, and the refusals with their
messages, are the reader's own (:mod:`pyapp.record`, :mod:`pyapp.club.record`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

BOM: Final = "\ufeff"
"""A byte-order mark, ignored at the start of a record."""


@dataclass(frozen=True, slots=True)
class HeaderLine:
    """One header line: its number (1-based), its text as written, its key and value (stripped).

    ``key`` is empty when the line is not ``Key: value`` with a well-formed key (the reader refuses
    it with its own message).
    """

    number: int
    text: str
    key: str
    value: str


def record_lines(text: str) -> list[str]:
    """The lines of a record's text, a leading byte-order mark ignored."""
    return (text[1:] if text.startswith(BOM) else text).splitlines()


def is_key(text: str) -> bool:
    """Whether ``text`` is a header key (or an option name): an ASCII letter, then letters, digits,
    ``-`` or ``_``."""
    return bool(text) and text.isascii() and text[0].isalpha() and all(c.isalnum() or c in "-_" for c in text)


def header_lines(lines: Sequence[str]) -> Iterator[HeaderLine]:
    """The header's lines in order, comments left out (read lazily: a reader refusing a line stops
    there, and a later line is not looked at)."""
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    while i < len(lines) and lines[i].strip():
        raw = lines[i]
        i += 1
        if raw.lstrip().startswith("#"):
            continue
        key, sep, value = raw.partition(":")
        key = key.strip()
        yield HeaderLine(i, raw, key if sep and is_key(key) else "", value.strip())


def body_start(lines: Sequence[str]) -> int:
    """The index of the first line after the header (past the leading blank lines and the header)."""
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    while i < len(lines) and lines[i].strip():
        i += 1
    return i


def split_option(value: str) -> tuple[str, str] | None:
    """An ``Option:`` value as its name and value (stripped), or ``None`` without an ``=``."""
    name, eq, val = value.partition("=")
    return (name.strip(), val.strip()) if eq else None
