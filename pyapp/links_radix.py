"""Mixed-radix packing for replay links: many small numbers as one integer, written in base64url.

A link is a sequence of *digits*, each with its own *radix* (how many values it could take):
the index of an action among the legal actions (radix: how many there are), the number of a
shuffle (radix ``40!``), a flag (radix 2)... :class:`Packer` collects them, the first digit
becoming the least significant, so that :class:`Unpacker` reads them back in the same order,
each time dividing by a radix that the decoder itself knows at that point (the legal actions of
the state it has rebuilt so far). A digit of radix 1 (a forced move, such as every card of the
last trick) costs nothing.

The integer is written most significant digit first in the base64url alphabet, six bits a
character, without leading zero characters (``A``): the shortest canonical text.
Small numbers without a known bound use :meth:`Packer.uint` (groups of ``k`` bits, each followed
by a "more" flag) and :meth:`Packer.sint` (zigzag: 0, -1, 1, -2, ...).

A digit may also be *weighted* (:meth:`Packer.weighted`): value ``i`` of ``n`` with integer
weights ``w``, costing ``log2(sum(w) / w[i])`` bits instead of ``log2(n)``, so a likely choice
costs less than a rare one. This is exact big-integer range coding (rANS without renormalisation):
a plain digit is the special case of equal weights. Writing: ``x -> (x // w[i]) * W + c[i] +
x % w[i]`` with ``W = sum(w)`` and ``c[i]`` the sum of the weights before ``i``, digits taken
last to first; reading inverts it, first to last.
"""

from __future__ import annotations

import base64
import binascii
from typing import Final

ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The base64url digits, value 0 to 63 (RFC 4648, section 5)."""

DIGITS: Final = frozenset(ALPHABET)


class RadixError(ValueError):
    """A number that does not unpack: a digit out of its radix, or digits left over at the end."""


class Packer:
    """Collects digits (value, radix) in reading order and turns them into one integer."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int, int]] = []
        """Per digit: (start of its range, width of its range, total): a plain digit of radix
        ``r`` is ``(value, 1, r)``."""

    def put(self, value: int, radix: int) -> None:
        """Append one digit: ``0 <= value < radix``."""
        if not 0 <= value < radix:
            raise ValueError(f"digit {value} out of radix {radix}")
        if radix > 1:
            self.digits.append((value, 1, radix))

    def weighted(self, value: int, weights: list[int]) -> None:
        """Append choice ``value`` among ``len(weights)`` whose likelihoods are ``weights`` (> 0)."""
        if not 0 <= value < len(weights) or min(weights) < 1:
            raise ValueError(f"choice {value} of {len(weights)} weights")
        total = sum(weights)
        if len(weights) > 1:
            self.digits.append((sum(weights[:value]), weights[value], total))

    def flag(self, value: bool) -> None:
        """Append a yes/no digit."""
        self.put(1 if value else 0, 2)

    def uint(self, value: int, k: int = 4) -> None:
        """Append a number ``>= 0`` of any size: ``k``-bit groups, low first, each with a "more" flag."""
        if value < 0:
            raise ValueError(f"negative {value}")
        while True:
            self.put(value & ((1 << k) - 1), 1 << k)
            value >>= k
            self.flag(value > 0)
            if not value:
                return

    def sint(self, value: int, k: int = 4) -> None:
        """Append any integer (zigzag: 0, -1, 1, -2, 2 ... become 0, 1, 2, 3, 4 ...)."""
        self.uint(2 * value if value >= 0 else -2 * value - 1, k)

    def number(self) -> int:
        """The integer whose mixed-radix digits (first = least significant) are the digits put."""
        x = 0
        for start, width, total in reversed(self.digits):
            if width == 1:
                x = x * total + start
            else:
                q, r = divmod(x, width)
                x = q * total + start + r
        return x

    def bits(self) -> float:
        """The information in the digits, in bits (for benchmarks)."""
        from math import log2

        return sum(log2(total / width) for _, width, total in self.digits)


class Unpacker:
    """Reads digits back from the integer of a :class:`Packer`, in the same order."""

    def __init__(self, number: int) -> None:
        if number < 0:
            raise RadixError("negative number")
        self.rest = number

    def get(self, radix: int) -> int:
        """The next digit of radix ``radix``."""
        if radix <= 1:
            return 0
        self.rest, value = divmod(self.rest, radix)
        return value

    def weighted(self, weights: list[int]) -> int:
        """The next choice written by :meth:`Packer.weighted` with the same ``weights``."""
        if len(weights) <= 1:
            return 0
        total = sum(weights)
        q, r = divmod(self.rest, total)
        start = 0
        for value, width in enumerate(weights):
            if r < start + width:
                self.rest = q * width + r - start
                return value
            start += width
        raise AssertionError("unreachable: r < total")

    def flag(self) -> bool:
        """The next yes/no digit."""
        return self.get(2) == 1

    def uint(self, k: int = 4, limit: int = 1 << 64) -> int:
        """A number written by :meth:`Packer.uint` (refused above ``limit``: a damaged link)."""
        value = 0
        shift = 0
        while True:
            value |= self.get(1 << k) << shift
            shift += k
            more = self.flag()
            if value >= limit:
                raise RadixError("number too large")
            if not more:
                return value
            if self.rest == 0:
                # a "more" flag with nothing left: the writer never ends a number that way
                raise RadixError("number cut short")

    def sint(self, k: int = 4, limit: int = 1 << 64) -> int:
        """A number written by :meth:`Packer.sint`."""
        z = self.uint(k, 2 * limit)
        return z // 2 if z % 2 == 0 else -(z + 1) // 2

    def done(self) -> bool:
        """Whether every digit has been read (nothing left over)."""
        return self.rest == 0


def to_text(number: int) -> str:
    """``number >= 0`` in base64url digits, most significant first, no leading ``A`` (0 is ``A``)."""
    if number < 0:
        raise ValueError("negative")
    if number == 0:
        return ALPHABET[0]
    size = (number.bit_length() + 5) // 6  # characters
    raw = number.to_bytes((size * 6 + 7) // 8 + 1, "big")
    # encode 3 bytes per 4 characters: left-pad to a multiple of 3 bytes, then drop leading 'A's
    pad = -len(raw) % 3
    text = base64.urlsafe_b64encode(b"\0" * pad + raw).decode("ascii")
    return text.lstrip(ALPHABET[0]) or ALPHABET[0]


def from_text(text: str) -> int:
    """The number written by :func:`to_text`; raise :class:`RadixError` unless ``text`` is canonical."""
    if not text or not DIGITS.issuperset(text):
        raise RadixError("not base64url digits")
    if len(text) > 1 and text[0] == ALPHABET[0]:
        raise RadixError("leading zero digit")
    padded = ALPHABET[0] * (-len(text) % 4) + text
    try:
        raw = base64.urlsafe_b64decode(padded.encode("ascii"))
    except (binascii.Error, ValueError):
        raise RadixError("not base64url digits") from None
    return int.from_bytes(raw, "big")
