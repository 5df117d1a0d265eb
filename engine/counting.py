"""What counts for a face, and the chance that one unseen die does: the one place these rules live.

A die counts for the bid's face when it shows that face, or when it shows a paco (a one) and
ones are wild this round and the bid is not on pacos. Every count (the reveal, the odds, the
bots, the screens' lit dice) and every match chance (1/3 or 1/6) is read from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from dudo_hub.engine.bids import PACOS


@lru_cache(maxsize=16)
def cups_of(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every cup of `n` dice (its faces sorted) with its chance: the one enumeration of cups the
    bots' reading and the solved endgames share."""
    out = []
    for cup in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(cup):
            ways //= factorial(cup.count(face))
        out.append((cup, ways / 6**n))
    return tuple(out)


@lru_cache(maxsize=32)
def counting_faces(face: int, wild: bool) -> tuple[int, ...]:
    """The faces that count for a bid on `face`: (face, PACOS) when ones are wild for it, else (face,)."""
    return (face, PACOS) if wild and face != PACOS else (face,)


def counts_for(die: int, face: int, wild: bool) -> bool:
    """Whether `die` counts for a bid on `face`."""
    return die in counting_faces(face, wild)


def count_for(dice: Iterable[int], face: int, wild: bool) -> int:
    """How many of `dice` count for a bid on `face`."""
    cup = dice if isinstance(dice, (tuple, list)) else tuple(dice)
    return sum(map(cup.count, counting_faces(face, wild)))


def count_cups(cups: Iterable[Sequence[int]], face: int, wild: bool) -> int:
    """How many dice in all of `cups` count for a bid on `face`."""
    faces = counting_faces(face, wild)
    return sum([cup.count(f) for cup in cups for f in faces])


def match_chance(face: int, wild: bool) -> float:
    """The chance that one unseen die counts for `face` (1/3 with wild ones, else 1/6)."""
    return len(counting_faces(face, wild)) / 6
