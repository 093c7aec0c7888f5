"""The first replay links, ``#r=…``: the record text, zlib-compressed, in base64url.

Links are written in today's format (:mod:`pyapp.links.codec`); these still open, at the viewer and
at a table (a game shared before the short links).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Final

from pyapp.errors import Refusal

FRAGMENT_PREFIX: Final = "r="

MAX_FRAGMENT: Final = 1 << 20
"""The longest ``r=`` link read (characters); a longer one is refused before any decoding."""

MAX_RECORD: Final = 16 << 20
"""The largest record a ``r=`` link may unpack to (bytes): a bigger one is refused, not unpacked."""

_BASE64URL: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def encode_fragment(record_text: str) -> str:
    """Pack a record for a URL fragment: ``r=`` + base64url of the zlib-compressed text."""
    packed = zlib.compress(record_text.encode("utf-8"), 9)
    return FRAGMENT_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


class FragmentError(Refusal, ValueError):
    """A replay link that cannot be decoded; ``key`` and ``params`` name the it/en message."""


def decode_fragment(fragment: str) -> str:
    """The record text packed by :func:`encode_fragment` (a leading ``#`` is ignored).

    Strict: every character must be base64url, the compressed stream must end exactly where the
    link ends (a valid link followed by anything else is refused, not silently accepted), and a
    link that is too long or unpacks to too much is refused before it costs time or memory.
    """
    fragment = fragment[1:] if fragment.startswith("#") else fragment
    if not fragment.startswith(FRAGMENT_PREFIX):
        raise FragmentError("common.link.not_replay")
    data = fragment[len(FRAGMENT_PREFIX) :]
    if len(data) > MAX_FRAGMENT:
        raise FragmentError("links.too_long", size=len(data), limit=MAX_FRAGMENT)
    for position, char in enumerate(data):
        if char not in _BASE64URL:
            where = len(FRAGMENT_PREFIX) + position + 1
            raise FragmentError("links.junk", char=char, position=where)
    if not data or len(data) % 4 == 1:
        raise FragmentError("common.link.corrupt")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_RECORD)
    except (binascii.Error, ValueError, zlib.error):
        raise FragmentError("common.link.corrupt") from None
    if unpacker.unconsumed_tail:
        raise FragmentError("links.too_big", limit=MAX_RECORD)
    if not unpacker.eof:
        raise FragmentError("common.link.corrupt")
    if unpacker.unused_data:
        raise FragmentError("links.extra")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FragmentError("common.link.corrupt") from None
