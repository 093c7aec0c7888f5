"""Tournament arithmetic that knows no game: round robins, standings with tie-breaks, brackets.

* :func:`round_robin` -- every pair of a group meets once, in rounds (the circle method);
* :func:`rank` -- standings by successive tie-break columns, then a recorded lot;
* :func:`seed_bracket` and :func:`bracket_rounds` -- a knockout bracket seeded so that two
  entrants of the same group meet as late as possible, and its rounds as results come in.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)

Stage = Callable[[list[T]], Mapping[T, Any]]
"""A tie-break column: given the entrants still tied, each one's value (higher ranks first)."""


def round_robin(entrants: Sequence[T]) -> list[list[tuple[T, T]]]:
    """Every pair of ``entrants`` once, in rounds where nobody plays twice (circle method).

    With an odd number one entrant rests each round. The first entrant stays put while the
    others turn; in each pair the one named first so far less often is named first.
    """
    ring: list[T | None] = list(entrants)
    if len(ring) < 2:
        return []
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    first: dict[T, int] = {}
    rounds: list[list[tuple[T, T]]] = []
    for _ in range(n - 1):
        pairs: list[tuple[T, T]] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                continue
            if first.get(b, 0) < first.get(a, 0):  # named first: whoever has been so less often
                a, b = b, a
            first[a] = first.get(a, 0) + 1
            pairs.append((a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


@dataclass(frozen=True)
class Placed(Generic[T]):
    """One line of the standings: who, the rank (shared while a tie is open), and the lot."""

    item: T
    rank: int
    tied: bool
    """Equal on every column and no lot recorded for the tie: the rank is shared."""
    lot: int | None
    """The place drawn by lot among the tied (1-based), when a lot decided."""


def rank(
    entrants: Sequence[T], stages: Sequence[Stage[T]], lots: Sequence[Sequence[T]] = ()
) -> list[Placed[T]]:
    """Standings of ``entrants``: ordered by each stage in turn among those still tied.

    A stage sees only the entrants tied after the previous stages (so a head-to-head column
    counts the meetings among them). Entrants equal on every stage are ordered by a lot whose
    entrants are exactly that tie (``lots``, each in the order drawn); without one they share a
    rank and are marked ``tied``. Input order breaks nothing: it only keeps the output stable.
    """
    runs: list[list[T]] = [list(entrants)] if entrants else []
    for stage in stages:
        refined: list[list[T]] = []
        for run in runs:
            if len(run) == 1:
                refined.append(run)
                continue
            values = stage(run)
            ordered = sorted(run, key=lambda x: values[x], reverse=True)
            current = [ordered[0]]
            for item in ordered[1:]:
                if values[item] == values[current[-1]]:
                    current.append(item)
                else:
                    refined.append(current)
                    current = [item]
            refined.append(current)
        runs = refined
    by_set = {frozenset(lot): list(lot) for lot in lots}
    out: list[Placed[T]] = []
    for run in runs:
        first = len(out) + 1
        if len(run) == 1:
            out.append(Placed(run[0], first, False, None))
            continue
        drawn = by_set.get(frozenset(run))
        if drawn is None:
            out.extend(Placed(item, first, True, None) for item in run)
        else:
            out.extend(Placed(item, first + k, False, k + 1) for k, item in enumerate(drawn))
    return out


def open_ties(placed: Sequence[Placed[T]]) -> list[list[T]]:
    """The ties no lot has decided yet, each in standings order."""
    ties: dict[int, list[T]] = {}
    for line in placed:
        if line.tied:
            ties.setdefault(line.rank, []).append(line.item)
    return list(ties.values())


def seed_bracket(entrants: Sequence[T], group_of: Callable[[T], Hashable]) -> list[T | None]:
    """The first-round slots of a knockout bracket (pairs ``0-1``, ``2-3``, ...; ``None`` = bye).

    ``entrants`` come strongest first (all group winners, then all runners-up, ...). The bracket
    is split in halves again and again: each group's entrants are spread evenly over the two
    halves (so two of one group meet as late as possible) and the rest follow a snake
    (1 top, 2 and 3 bottom, 4 and 5 top, ...), so the strongest get the byes and the weakest.
    """
    size = 1
    while size < len(entrants):
        size *= 2
    return _arrange(list(entrants), size, group_of)


def _arrange(entrants: list[T], size: int, group_of: Callable[[T], Hashable]) -> list[T | None]:
    if size == 1:
        return [entrants[0] if entrants else None]
    half = size // 2
    least = half // 2  # each half fills at least half its slots: no first-round match without players
    top: list[T] = []
    bottom: list[T] = []
    for i, item in enumerate(entrants):
        snake, other = (top, bottom) if i % 4 in (0, 3) else (bottom, top)
        group = group_of(item)
        in_top = sum(1 for x in top if group_of(x) == group)
        in_bottom = sum(1 for x in bottom if group_of(x) == group)
        choice = top if in_top < in_bottom else bottom if in_bottom < in_top else snake
        alternative = bottom if choice is top else top
        left = len(entrants) - i - 1
        if len(choice) >= half or least - len(alternative) > left:
            choice = alternative
        choice.append(item)
    return _arrange(top, half, group_of) + _arrange(bottom, half, group_of)


@dataclass(frozen=True)
class Bout(Generic[T]):
    """One meeting of a knockout round: its two sides (``None``: nobody yet, or a bye) and winner."""

    a: T | None
    b: T | None
    winner: T | None
    bye: bool
    """One side is a bye: the other goes through without playing."""


def bracket_rounds(slots: Sequence[T | None], winner_of: Callable[[T, T], T | None]) -> list[list[Bout[T]]]:
    """Every round of the bracket from its first-round ``slots``: who meets whom, who went through.

    ``winner_of(a, b)`` is the winner of the meeting of ``a`` and ``b`` (``None`` while it is not
    decided). A side is ``None`` while the meeting feeding it is undecided.
    """
    rounds: list[list[Bout[T]]] = []
    current: list[T | None] = list(slots)
    first = True
    while len(current) > 1:
        bouts: list[Bout[T]] = []
        for i in range(0, len(current), 2):
            a, b = current[i], current[i + 1]
            if first and (a is None or b is None):
                bouts.append(Bout(a, b, a if b is None else b, True))
            elif a is None or b is None:
                bouts.append(Bout(a, b, None, False))
            else:
                bouts.append(Bout(a, b, winner_of(a, b), False))
        rounds.append(bouts)
        current = [bout.winner for bout in bouts]
        first = False
    return rounds
