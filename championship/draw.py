"""The seeded, balanced draw: players to tables of sizes within one of each other, at most `hi` each.

The fewest tables that hold the field at `hi` at most are used; the sizes then differ by one at
most, so they are within [lo, hi] whenever any balanced draw is (`drawable`). A field that no
balanced draw fits into [lo, hi] (after players fall) still gets the balanced sizes, the small
ones below `lo` (but never a table of one). The Swiss draw seats the ranked players greedily,
avoiding repeat table-mates, then swaps players between tables while that lowers the repeats
(with seeded kicks when stuck).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

Pair = frozenset[str]
Tables = tuple[tuple[str, ...], ...]
MAX_SWAP_PASSES = 50
KICKS = 30


def table_sizes(n: int, hi: int) -> tuple[int, ...]:
    """The balanced sizes for `n` players, larger tables first (ValueError for no players).

    Nobody plays alone: when the smallest table would hold one player (tables of two, an odd
    field), there is one table fewer, so one seats `hi` + 1."""
    if n < 1 or hi < 1:
        raise ValueError(f"cannot seat {n} players at tables of {hi} at most")
    count = -(-n // hi)
    if count > 1 and n // count < 2:
        count -= 1
    base, extra = divmod(n, count)
    return tuple(base + 1 if i < extra else base for i in range(count))


def drawable(n: int, lo: int, hi: int) -> bool:
    """Whether `n` players fit balanced tables of `lo` to `hi` players."""
    sizes = table_sizes(n, hi) if n >= 1 else (0,)
    return min(sizes) >= lo and max(sizes) <= hi


def _cut(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(players[start:start + size]))
        start += size
    return tables


def random_draw(players: Sequence[str], hi: int, rng: random.Random) -> Tables:
    """The players shuffled and cut into balanced tables."""
    shuffled = list(players)
    rng.shuffle(shuffled)
    return tuple(tuple(t) for t in _cut(shuffled, table_sizes(len(shuffled), hi)))


def met_pairs(tables: Iterable[Sequence[str]]) -> set[Pair]:
    """Every pair of players who sat at one of `tables`."""
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def repeats(tables: Iterable[Sequence[str]], met: set[Pair]) -> int:
    """How many pairs at `tables` have met before."""
    return sum(frozenset(pair) in met for table in tables for pair in combinations(table, 2))


def _met_with(player: str, others: Iterable[str], met: set[Pair]) -> int:
    return sum(frozenset((player, other)) in met for other in others if other != player)


def swiss_draw(ranked: Sequence[str], hi: int, met: set[Pair], rng: random.Random) -> Tables:
    """Balanced tables for `ranked` (best first): each table opens with the best player left and
    takes the best ranked who met the fewest already seated; swaps then lower the repeats.
    Seats within a table are shuffled."""
    left = list(ranked)
    tables: list[list[str]] = []
    for size in table_sizes(len(left), hi):
        table = [left.pop(0)]
        while len(table) < size:
            best = min(range(len(left)), key=lambda i: (_met_with(left[i], table, met), i))
            table.append(left.pop(best))
        tables.append(table)
    _lower_repeats(tables, met, rng)
    for table in tables:
        rng.shuffle(table)
    return tuple(tuple(t) for t in tables)


def _lower_repeats(tables: list[list[str]], met: set[Pair], rng: random.Random) -> None:
    """Swap players between tables while a swap lowers the repeats; when stuck above none, kick
    (two random swaps) and climb again, up to KICKS times, keeping the best seating found."""
    best, fewest = [list(t) for t in tables], repeats(tables, met)
    for _ in range(KICKS):
        for _ in range(MAX_SWAP_PASSES):
            if not any(_improve_pair(a, b, met) for a, b in combinations(tables, 2)):
                break
        found = repeats(tables, met)
        if found < fewest:
            best, fewest = [list(t) for t in tables], found
        if fewest == 0 or len(tables) < 2:
            break
        for _ in range(2):
            a, b = rng.sample(tables, 2)
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            a[i], b[j] = b[j], a[i]
    tables[:] = best


def _improve_pair(a: list[str], b: list[str], met: set[Pair]) -> bool:
    """Make the first swap between tables `a` and `b` that lowers their repeats; whether one was made."""
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            before = _met_with(x, a, met) + _met_with(y, b, met)
            after = _met_with(y, (p for p in a if p != x), met) + _met_with(x, (p for p in b if p != y), met)
            if after < before:
                a[i], b[j] = y, x
                return True
    return False
