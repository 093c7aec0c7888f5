"""PE14, the settlement: each player's result in money, and who pays whom in the fewest transfers.

A player's result is his chips now minus the passate he bought (in chips), times the value of a
passata of his list over the chips of a passata. Results are whole cents; when a result is not a
whole number of cents the cents are shared by the largest remainders, so the evening still sums
to exactly zero.

**Fewest transfers.** Settling balances that sum to zero with the fewest payments is NP-hard in
general (it contains subset sum). The minimum is ``n - g``, where ``n`` counts the players with a
non-zero balance and ``g`` is the largest number of disjoint groups that each sum to zero: inside
one group that has no smaller zero-sum part, paying the largest debt to the largest credit
settles at least one player at each payment, so ``k`` players need ``k - 1`` payments, and no
group can do with fewer (its payments must connect it). :func:`fewest_transfers` finds ``g``
exactly by dynamic programming over subsets (``O(2^n * n)``) for up to :data:`EXACT_LIMIT`
players with a non-zero balance, a club table's worth or two; beyond that it settles the whole
group greedily (at most ``n - 1`` payments) and says so (``exact`` is false).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Final

EXACT_LIMIT: Final = 12
"""The most players with a non-zero balance settled exactly (2^12 subsets)."""


def money_results(nets: Mapping[str, tuple[int, int]], passata: int) -> dict[str, int]:
    """Each player's result in cents from ``{name: (net chips, cents per passata)}``.

    Exact results ``net * value / passata`` are rounded down and the missing cents go to the
    largest remainders (ties by name), so the cents sum to the rounded sum of the exact results
    (zero for a balanced evening)."""
    exact = {name: Fraction(net * value, passata) for name, (net, value) in nets.items()}
    floors = {name: x.numerator // x.denominator for name, x in exact.items()}
    total = sum(exact.values(), Fraction(0))
    target = round(total)
    missing = target - sum(floors.values())
    order = sorted(exact, key=lambda name: (-(exact[name] - floors[name]), name))
    out = dict(floors)
    for name in order[: max(0, missing)]:
        out[name] += 1
    return out


def greedy_transfers(balances: Sequence[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """Settle a zero-sum group: the largest debtor pays the largest creditor, again and again.

    Each payment settles at least one of the two, the last one both: ``k`` players with a
    non-zero balance need at most ``k - 1`` payments."""
    left = {name: amount for name, amount in balances if amount}
    out: list[tuple[str, str, int]] = []
    while left:
        debtor = min(left, key=lambda n: (left[n], n))
        creditor = max(left, key=lambda n: (left[n], n))
        if left[debtor] >= 0 or left[creditor] <= 0:
            break  # not zero-sum: nothing more can be settled
        amount = min(-left[debtor], left[creditor])
        out.append((debtor, creditor, amount))
        for name, change in ((debtor, amount), (creditor, -amount)):
            left[name] += change
            if left[name] == 0:
                del left[name]
    return out


def zero_sum_groups(amounts: Sequence[int]) -> list[list[int]]:
    """See :func:`_zero_sum_groups` (the same balances are asked again at every redraw: cached)."""
    return [list(group) for group in _zero_sum_groups(tuple(amounts))]


@lru_cache(maxsize=64)
def _zero_sum_groups(amounts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The indices of ``amounts`` (non-zero, summing to zero) split into the most groups that each
    sum to zero (dynamic programming over subsets: ``best[mask]`` is the most zero-sum groups a
    peeling of ``mask`` passes through)."""
    n = len(amounts)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
    best = [0] * (1 << n)
    for mask in range(1, 1 << n):
        top = 0
        bits = mask
        while bits:
            low = bits & -bits
            bits ^= low
            value = best[mask ^ low]
            if value > top:
                top = value
        best[mask] = top + (1 if total[mask] == 0 else 0)
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        bits = mask
        while bits:  # peel one member keeping the count of groups reachable
            low = bits & -bits
            bits ^= low
            if best[mask ^ low] + (1 if total[mask] == 0 else 0) == best[mask]:
                break
        current.append(low.bit_length() - 1)
        mask ^= low
        if total[mask] == 0:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return tuple(tuple(group) for group in groups)


def fewest_transfers(balances: Mapping[str, int]) -> tuple[list[tuple[str, str, int]], bool]:
    """Who pays whom, ``[(payer, payee, amount)]``, and whether the count is proven the fewest.

    ``balances`` must sum to zero (a player's result: positive he receives, negative he pays)."""
    items = sorted(((name, amount) for name, amount in balances.items() if amount), key=lambda x: x[0])
    if sum(amount for _, amount in items) != 0:
        raise ValueError("balances do not sum to zero")
    if len(items) > EXACT_LIMIT:
        return greedy_transfers(items), False
    out: list[tuple[str, str, int]] = []
    for group in zero_sum_groups([amount for _, amount in items]):
        out += greedy_transfers([items[i] for i in sorted(group)])
    return out, True
