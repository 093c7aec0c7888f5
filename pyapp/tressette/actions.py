"""Tressette actions as typed values: parsed once from the notation, ``str()`` is the canonical text.

=====================  =========================================  ==============================
value                  canonical text                             made by
=====================  =========================================  ==============================
:class:`Draw`          ``draw 3d Rb``                             chance (first-dealer lot, T3)
:class:`Shuffle`       ``shuffle`` + the 40 codes, top first      chance (before every hand)
:class:`Cut`           ``cut K`` (1..39) or ``nocut`` (K = 0)      the dealer's left (T4)
:class:`Play`          ``3d`` or ``3d busso piombi=1``            the player to act (T8, D1-DP)
:class:`Penalty`       ``penalty NS`` / ``penalty EW``            the referee (T16, option)
=====================  =========================================  ==============================

:func:`parse` reads any spelling a person might write (``cut 017``, ``cut ١٧``, tokens out of
order) into the value; the engine then refuses every spelling that is not ``str(value)``, naming
the canonical one. Numbers are read with :func:`pyapp.core.read_int`, never ``int()`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from pyapp.cards import Card
from pyapp.core import DeckOrder, IllegalAction, read_int
from pyapp.tressette import CODES, INDEX, TEAM_LABELS
from pyapp.tressette.declarations import parse_token, token_order


@dataclass(frozen=True, slots=True)
class Draw:
    """The first-dealer lot: N turns card ``a`` for N-S, E turns card ``b`` for E-W (indices)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"draw {CODES[self.a]} {CODES[self.b]}"


class Shuffle(DeckOrder):
    """The deck order of the next hand: 40 card indices, top card first."""

    __slots__ = ()
    codes = CODES


@dataclass(frozen=True, slots=True)
class Cut:
    """Lift the top ``k`` cards (1..39) and put them under the rest; ``k = 0``: ``nocut``."""

    k: int

    def __str__(self) -> str:
        return f"cut {self.k}" if self.k else "nocut"


@dataclass(frozen=True, slots=True)
class Play:
    """Play card ``card`` (index); on a lead, with the declaration ``calls`` (canonical order).

    ``text`` caches the canonical spelling (filled in by :func:`play`; not part of the value).
    """

    card: int
    calls: tuple[str, ...] = ()
    text: str = field(default="", compare=False, repr=False)

    @property
    def code(self) -> str:
        """The card's code (``"3d"``)."""
        return CODES[self.card]

    def __str__(self) -> str:
        if self.text:
            return self.text
        if not self.calls:
            return CODES[self.card]
        return " ".join([CODES[self.card], *self.calls])


def play(card: int, calls: tuple[str, ...] = ()) -> Play:
    """A :class:`Play` with its canonical text cached."""
    return Play(card, calls, " ".join([CODES[card], *calls]))


@dataclass(frozen=True, slots=True)
class Penalty:
    """T16: team ``team`` (0 N-S, 1 E-W) loses 3 points and the hand is void."""

    team: int

    def __str__(self) -> str:
        return f"penalty {TEAM_LABELS[self.team]}"


Action = Draw | Shuffle | Cut | Play | Penalty
"""Any Tressette action."""

PLAIN: Final[dict[str, Play]] = {code: play(i) for i, code in enumerate(CODES)}
"""The plain play of each card, by code (the common case, parsed by one lookup)."""

CUTS: Final[tuple[Cut, ...]] = tuple(Cut(k) for k in range(40))
"""``Cut(k)`` by ``k`` (0 = ``nocut``)."""


_DECLARED: dict[str, Play] = {}
"""Memo of parsed canonical plays with declarations (``parse`` is a pure function of the text)."""
_DECLARED_MAX: Final = 20_000


def parse(text: str) -> Action:
    """The action ``text`` stands for, or raise :class:`IllegalAction` saying why it is none.

    Syntax only: whether the action is allowed now is the state's business. Lenient where a
    person may mean a real action (numbers, token order, blanks); ``str()`` of the result is the
    canonical spelling the engine insists on.
    """
    known = PLAIN.get(text) or _DECLARED.get(text)
    if known is not None:
        return known
    words = text.split()
    if not words:
        raise IllegalAction("common.unknown_action", action=text)
    head, rest = words[0], words[1:]
    card = INDEX.get(head)
    if card is not None:
        if not rest:
            return PLAIN[head]
        tokens = [parse_token(tok) for tok in rest]
        seen: set[str] = set()
        for tok in tokens:
            if tok in seen:
                raise IllegalAction("tressette.decl_repeated", token=tok)
            seen.add(tok)
        value = play(card, tuple(sorted(tokens, key=token_order)))
        if value.text == text:  # remember canonical declarations: leads repeat them often
            if len(_DECLARED) >= _DECLARED_MAX:
                _DECLARED.clear()
            _DECLARED[text] = value
        return value
    if head == "nocut" and not rest:
        return CUTS[0]
    if head == "cut":
        if len(rest) != 1:
            raise IllegalAction("tressette.cut_bad", text=" ".join(rest))
        k = read_int(rest[0])
        if k is None:
            raise IllegalAction("tressette.cut_bad", text=rest[0])
        if not 1 <= k <= 39:
            raise IllegalAction("tressette.cut_range", k=k)
        return CUTS[k]
    if head == "penalty":
        team = " ".join(rest)
        if team not in TEAM_LABELS:
            raise IllegalAction("tressette.penalty_team", team=team)
        return Penalty(TEAM_LABELS.index(team))
    if head == "draw":
        if len(rest) != 2:
            raise IllegalAction("tressette.draw_count", count=len(rest))
        for code in rest:
            if code not in INDEX:
                raise IllegalAction("tressette.bad_card", text=code)
        if rest[0] == rest[1]:
            raise IllegalAction("tressette.draw_same", card=Card.parse(rest[0]))
        return Draw(INDEX[rest[0]], INDEX[rest[1]])
    if head == "shuffle":
        return Shuffle(parse_order(rest))
    raise IllegalAction("common.unknown_action", action=text)


def parse_order(codes: list[str]) -> tuple[int, ...]:
    """A deck order from 40 distinct codes, or a refusal naming the bad, repeated or missing card."""
    seen = 0
    order: list[int] = []
    for code in codes:
        idx = INDEX.get(code)
        if idx is None:
            raise IllegalAction("tressette.bad_card", text=code)
        if seen >> idx & 1:
            raise IllegalAction("tressette.shuffle_repeated", card=Card.parse(code))
        seen |= 1 << idx
        order.append(idx)
    if len(order) != 40:
        missing = next(c for c in range(40) if not seen >> c & 1)
        raise IllegalAction("tressette.shuffle_count", count=len(order), card=Card.parse(CODES[missing]))
    return tuple(order)
