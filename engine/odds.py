"""Exact chances for a bid, given what the viewer can see (their own dice and the dice count).

Each unseen die matches a face with p = 1/3 when ones are wild (1/6 on pacos and in
non-wild rounds). The count of matching unseen dice is binomial.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.counting import count_for, counting_faces, match_chance


@lru_cache(maxsize=64)
def match_probability(face: int, wild: bool) -> Fraction:
    """Chance that one unseen die counts for `face` (exact: the faces of `counting_faces` out of 6)."""
    return Fraction(len(counting_faces(face, wild)), 6)


def own_matches(dice: Sequence[int], face: int, wild: bool) -> int:
    """How many of the viewer's own dice count for `face`."""
    return count_for(dice, face, wild)


@lru_cache(maxsize=8192)
def exactly(k: int, n: int, p: Fraction | float) -> float:
    """P(X == k) for X ~ Binomial(n, p)."""
    if k < 0 or k > n:
        return 0.0
    pf = float(p)
    return comb(n, k) * pf**k * (1 - pf) ** (n - k)


@lru_cache(maxsize=8192)
def at_least(k: int, n: int, p: Fraction | float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    pf = float(p)
    q = 1 - pf
    return min(1.0, sum(comb(n, j) * pf**j * q ** (n - j) for j in range(k, n + 1)))


@dataclass(frozen=True, slots=True)
class BidOdds:
    """The chances of one bid from one viewer's seat."""

    at_least: float  # the bid is true (a dudo would lose)
    exactly: float  # a calza would be right
    expected: float  # expected count on the whole table


def bid_odds(bid: Bid, own_dice: Sequence[int], unseen: int, wild: bool) -> BidOdds:
    """Chances for `bid` knowing `own_dice` and that `unseen` other dice are on the table."""
    return matched_odds(bid, own_matches(own_dice, bid.face, wild), unseen, wild)


@lru_cache(maxsize=16384)
def matched_odds(bid: Bid, mine: int, unseen: int, wild: bool) -> BidOdds:
    """Chances for `bid` when `mine` of the viewer's own dice count for it (which dice they are
    does not matter) and `unseen` other dice are on the table."""
    p = match_chance(bid.face, wild)  # a float: the caches' keys hash fast (a Fraction's hash is Python code)
    need = bid.quantity - mine
    return BidOdds(
        at_least=at_least(need, unseen, p),
        exactly=exactly(need, unseen, p),
        expected=mine + unseen * p,
    )


def expected_count(face: int, dice_in_play: int, wild: bool) -> float:
    """What a spectator expects on the whole table for `face` (the TV's figure)."""
    return dice_in_play * match_chance(face, wild)
