"""Exact arithmetic coding for replay links: many choices as one short base64url text.

A link is a sequence of *choices*, each among a known number of possibilities: the index of an
action among the legal actions, the number of a shuffle (one of ``40!``), a flag (one of 2)...
A choice may also be *weighted*: value ``i`` of ``n`` with integer weights ``w`` (a likely
choice then costs less than a rare one). :class:`Packer` collects the choices in reading order;
:class:`Unpacker` reads them back in the same order, each time from possibilities that the
reader itself knows at that point (the legal actions of the state it has rebuilt so far).

The coding is exact arithmetic coding with Python integers. Each choice narrows an interval of
``[0, 1)``: choice ``i`` keeps the part from ``c[i] / W`` to ``(c[i] + w[i]) / W`` of it, where
``W = sum(w)`` and ``c[i]`` is the sum of the weights before ``i`` (a plain choice among ``n``:
all weights 1). The text is the shortest run of base64url digits ``d1 d2 ... dm`` (most
significant first, ``A`` = 0 ... ``_`` = 63) whose value ``N / 64**m`` lies in the final
interval, with the smallest such ``N``. A choice among 1 (a forced move, such as every card of
the last trick) costs nothing, ``n`` equal choices cost ``log2(n)`` bits, and the whole text is
at most one character longer than the information in it.

Small numbers without a known bound use :meth:`Packer.uint` (groups of ``k`` bits, each followed
by a "more" flag) and :meth:`Packer.sint` (zigzag: 0, -1, 1, -2, ...).
"""

from __future__ import annotations

from math import log2
from typing import Final

ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The base64url digits, value 0 to 63 (RFC 4648, section 5)."""

DIGITS: Final = frozenset(ALPHABET)
_VALUE: Final = {ch: i for i, ch in enumerate(ALPHABET)}

SLACK_BITS: Final = 64
"""A reader that has used this many bits more than the text holds is reading a damaged link."""

FREE_CHOICES: Final = 1024
"""The most choices read for free (see :meth:`Packer.free_choices`): past them a text is refused.

When the text's value lies exactly at the low end of the interval, every further choice reads
as its first value and costs nothing, so a few characters could spell an endless game (an
open-ended poker session of passes) and keep the reader busy for minutes. The writer's text is
never exactly there for the links of real games (a shuffle's rank makes the interval's end an
odd fraction); a record that would need more free choices is refused by the writer too."""


class RadixError(ValueError):
    """Choices that do not read back: a number out of bounds, a text that is not canonical."""


class Packer:
    """Collects choices in reading order and writes them as the shortest base64url text."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int, int]] = []
        """Per choice: (start of its range, width of its range, total): a plain choice ``v`` of
        ``n`` is ``(v, 1, n)``."""

    def put(self, value: int, radix: int) -> None:
        """Append a choice among ``radix`` equally likely values: ``0 <= value < radix``."""
        if not 0 <= value < radix:
            raise ValueError(f"digit {value} out of radix {radix}")
        if radix > 1:
            self.digits.append((value, 1, radix))

    def weighted(self, value: int, weights: list[int]) -> None:
        """Append choice ``value`` among ``len(weights)`` whose likelihoods are ``weights`` (> 0)."""
        if not 0 <= value < len(weights) or min(weights) < 1:
            raise ValueError(f"choice {value} of {len(weights)} weights")
        if len(weights) > 1:
            self.digits.append((sum(weights[:value]), weights[value], sum(weights)))

    def flag(self, value: bool) -> None:
        """Append a yes/no choice."""
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

    def bits(self) -> float:
        """The information in the choices, in bits (for benchmarks)."""
        return sum(log2(total / width) for _, width, total in self.digits)

    def text(self) -> str:
        """The shortest base64url text whose value lies in the interval of the choices."""
        low, width, denominator = 0, 1, 1  # the interval [low, low + width) / denominator
        for start, size, total in self.digits:
            low = low * total + start * width
            width *= size
            denominator *= total
        # the fewest digits m with a multiple of 64**-m in the interval (if m digits have one, so
        # have m + 1): search up from about the information, then halve the range below (the
        # interval's low end may itself be a short text, far below the information)
        m = max(1, int(log2(denominator) - log2(width)) // 6 - 1) if denominator > width else 1
        found = _point(low, width, denominator, m)
        while found is None:
            m += 1
            found = _point(low, width, denominator, m)
        fewest = 1  # the fewest digits lie in [fewest, m]
        while fewest < m:
            middle = (fewest + m) // 2
            point = _point(low, width, denominator, middle)
            if point is None:
                fewest = middle + 1
            else:
                found, m = point, middle
        if self.free_choices(found * denominator == low * 64**m) > FREE_CHOICES:
            raise RadixError(f"more than {FREE_CHOICES} choices would be read for free")
        return _digits(found, m)

    def free_choices(self, at_low: bool) -> int:
        """How many choices a reader reads with its position exactly at the low end of the
        interval (then each is its first value, at no cost): none unless the text's value is the
        final interval's low end (``at_low``); else the last choice and every earlier one after
        which only first values (range start 0) follow."""
        if not at_low or not self.digits:
            return 0
        tail = 0
        for start, _size, _total in reversed(self.digits):
            if start:
                break
            tail += 1
        return min(tail + 1, len(self.digits))


def _point(low: int, width: int, denominator: int, m: int) -> int | None:
    """The smallest ``n`` with ``n / 64**m`` in ``[low, low + width) / denominator``, if any."""
    scale: int = 64**m
    n = -(-low * scale // denominator)  # ceil: the smallest point at or above low
    return n if n * denominator < (low + width) * scale else None


def _digits(n: int, m: int) -> str:
    out = []
    for _ in range(m):
        n, d = divmod(n, 64)
        out.append(ALPHABET[d])
    return "".join(reversed(out))


class Unpacker:
    """Reads choices back from the text of a :class:`Packer`, in the same order."""

    def __init__(self, text: str) -> None:
        if not text or not DIGITS.issuperset(text):
            raise RadixError("not base64url digits")
        n = 0
        for ch in text:
            n = n * 64 + _VALUE[ch]
        self.n = n
        self.m = len(text)
        self.p = n
        self.q: int = 64 ** len(text)
        """The position read so far, ``p / q`` in ``[0, 1)``, relative to the current interval."""
        self.denominator = 1
        """The product of every total read (what :meth:`done` needs)."""
        self.free = 0
        """Choices read so far with the position at the low end (see :data:`FREE_CHOICES`)."""

    def _take(self, total: int, starts: list[int] | None) -> int:
        """The choice whose range holds the position, among ``total`` (weighted by ``starts``)."""
        t = self.p * total // self.q
        if starts is None:
            value, start, width = t, t, 1
        else:
            value = 0
            while starts[value + 1] <= t:
                value += 1
            start, width = starts[value], starts[value + 1] - starts[value]
        self.p = self.p * total - start * self.q
        self.q *= width
        self.denominator *= total
        if self.p and self.denominator > self.q << SLACK_BITS:
            # read far more than the text holds (log2(denominator / width) bits against 6 per
            # digit): only a damaged text gets here, by a chance the writer never takes
            raise RadixError("the text is used up: a damaged link")
        if not self.p:
            self.free += 1
            if self.free > FREE_CHOICES:  # first values for ever: an endless game for free
                raise RadixError("the text is used up: a damaged link")
        return value

    def get(self, radix: int) -> int:
        """The next choice among ``radix`` equally likely values."""
        if radix <= 1:
            return 0
        return self._take(radix, None)

    def weighted(self, weights: list[int]) -> int:
        """The next choice written by :meth:`Packer.weighted` with the same ``weights``."""
        if len(weights) <= 1:
            return 0
        starts = [0]
        for w in weights:
            starts.append(starts[-1] + w)
        return self._take(starts[-1], starts)

    def flag(self) -> bool:
        """The next yes/no choice."""
        return self.get(2) == 1

    def uint(self, k: int = 4, limit: int = 1 << 64) -> int:
        """A number written by :meth:`Packer.uint` (refused above ``limit``: a damaged link)."""
        value = 0
        shift = 0
        while True:
            group = self.get(1 << k)
            value |= group << shift
            shift += k
            if value >= limit or shift > limit.bit_length() + k:
                raise RadixError("number too large")
            if not self.flag():
                if group == 0 and shift > k:
                    raise RadixError("a number with a leading zero group")  # never written
                return value

    def sint(self, k: int = 4, limit: int = 1 << 64) -> int:
        """A number written by :meth:`Packer.sint`."""
        z = self.uint(k, 2 * limit)
        return z // 2 if z % 2 == 0 else -(z + 1) // 2

    def done(self) -> bool:
        """Whether the text is exactly what :meth:`Packer.text` writes for the choices read.

        The writer takes the smallest point of the final interval ``[low, low + width) /
        denominator``: one grid step lower would leave it, that is ``p < denominator`` (with
        ``p = n * denominator - low * 64**m``); and the fewest digits: no point with one digit
        less lies in the interval (nor, then, with fewer).
        """
        d = self.denominator
        if self.p >= d:
            return False
        if self.m == 1:
            return True
        scale: int = 64**self.m
        return _point((self.n * d - self.p) // scale, self.q // scale, d, self.m - 1) is None
