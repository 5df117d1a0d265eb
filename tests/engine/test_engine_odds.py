"""The odds helper against brute-force enumeration of every unseen roll (exact fractions)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from dudo_hub.engine import Bid, bid_odds, expected_count
from dudo_hub.engine.odds import at_least, exactly, match_probability


def brute(bid: Bid, own: tuple[int, ...], unseen: int, wild: bool) -> tuple[Fraction, Fraction, Fraction]:
    """(P(count >= q), P(count == q), E[count]) over all 6**unseen rolls, as exact fractions."""
    hits_true = hits_exact = total = 0
    for roll in itertools.product(range(1, 7), repeat=unseen):
        dice = own + roll
        count = sum(1 for d in dice if d == bid.face or (wild and bid.face != 1 and d == 1))
        hits_true += count >= bid.quantity
        hits_exact += count == bid.quantity
        total += count
    n = 6**unseen
    return Fraction(hits_true, n), Fraction(hits_exact, n), Fraction(total, n)


CASES = [
    (Bid(2, 5), (5, 1), 3, True),
    (Bid(3, 5), (2, 3), 4, True),
    (Bid(1, 6), (), 2, True),
    (Bid(4, 4), (4, 4, 1), 5, True),
    (Bid(2, 1), (1, 3), 4, True),  # pacos count only ones
    (Bid(3, 1), (), 5, True),
    (Bid(2, 4), (1, 4), 3, False),  # palifico / liars dice: ones not wild
    (Bid(3, 1), (1,), 4, False),
    (Bid(1, 2), (2, 2, 2), 2, True),  # already true from own dice
    (Bid(7, 3), (3,), 3, True),  # impossible
    (Bid(1, 6), (), 0, False),
]


@pytest.mark.parametrize(("bid", "own", "unseen", "wild"), CASES)
def test_bid_odds_match_brute_force_enumeration(bid, own, unseen, wild):
    true_p, exact_p, mean = brute(bid, own, unseen, wild)
    odds = bid_odds(bid, own, unseen, wild)
    assert odds.at_least == pytest.approx(float(true_p), abs=1e-12)
    assert odds.exactly == pytest.approx(float(exact_p), abs=1e-12)
    assert odds.expected == pytest.approx(float(mean), abs=1e-12)


def test_match_probability_is_exact():
    assert match_probability(5, wild=True) == Fraction(1, 3)
    assert match_probability(1, wild=True) == Fraction(1, 6)
    assert match_probability(5, wild=False) == Fraction(1, 6)
    assert match_probability(1, wild=False) == Fraction(1, 6)


@pytest.mark.parametrize("n", [0, 1, 4, 7])
def test_binomial_helpers_sum_to_one_and_agree(n):
    p = Fraction(1, 3)
    assert sum(exactly(k, n, p) for k in range(n + 1)) == pytest.approx(1.0)
    for k in range(n + 2):
        assert at_least(k, n, p) == pytest.approx(sum(exactly(j, n, p) for j in range(k, n + 1)))
    assert exactly(-1, n, p) == 0.0 and exactly(n + 1, n, p) == 0.0


def test_full_table_expected_count_is_ten_and_calza_peaks_below_one_fifth():
    assert expected_count(5, 30, wild=True) == pytest.approx(10)
    assert expected_count(1, 30, wild=True) == pytest.approx(5)
    assert expected_count(5, 30, wild=False) == pytest.approx(5)
    peak = max(bid_odds(Bid(q, 5), (), 30, True).exactly for q in range(1, 31))
    assert 0.15 < peak < 0.2
