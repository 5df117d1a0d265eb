"""The draw: balanced tables within the sizes, every player at one table only, repeats avoided."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dudo_hub.championship import drawable, met_pairs, random_draw, repeats, swiss_draw, table_sizes
from dudo_hub.championship.draw import Tables


def _balanced_split_exists(n: int, lo: int, hi: int) -> bool:
    """Brute force: some number of tables whose balanced sizes all lie in [lo, hi]."""
    return any(lo <= n // t and -(-n // t) <= hi for t in range(1, n + 1))


def _assert_seats_everyone_once(tables: Tables, players: list[str]) -> None:
    seated = Counter(p for t in tables for p in t)
    assert seated == Counter(players), "every player at exactly one table"


def _largest(n: int, hi: int) -> int:
    """The largest table allowed: `hi`, or three when tables of two meet an odd field (nobody plays alone)."""
    return hi + 1 if hi == 2 and n % 2 else hi


@pytest.mark.parametrize("hi", range(2, 11))
def test_sizes_are_balanced_and_within_the_maximum(hi: int) -> None:
    for n in range(1, 121):
        sizes = table_sizes(n, hi)
        assert sum(sizes) == n and max(sizes) <= _largest(n, hi) and max(sizes) - min(sizes) <= 1
        assert list(sizes) == sorted(sizes, reverse=True)
        assert n == 1 or min(sizes) >= 2, "nobody plays alone"
        assert len(sizes) == -(-n // hi) or max(sizes) == 3, "the fewest tables"


def test_tables_of_two_seat_an_odd_field_with_one_table_of_three() -> None:
    assert table_sizes(7, 2) == (3, 2, 2) and table_sizes(3, 2) == (3,)


def test_drawable_is_exactly_when_some_balanced_split_fits() -> None:
    for hi in range(2, 11):
        for lo in range(2, hi + 1):
            for n in range(1, 121):
                assert drawable(n, lo, hi) == _balanced_split_exists(n, lo, hi), (n, lo, hi)


def test_sizes_refuse_an_empty_field() -> None:
    with pytest.raises(ValueError):
        table_sizes(0, 6)


@pytest.mark.parametrize("lo,hi", [(4, 6), (5, 6), (2, 2), (3, 8), (6, 6), (2, 10)])
def test_random_draw_over_many_seeds_and_fields(lo: int, hi: int) -> None:
    for n in range(lo, 70, 3):
        players = [f"p{i}" for i in range(n)]
        for seed in range(15):
            tables = random_draw(players, hi, random.Random(seed))
            _assert_seats_everyone_once(tables, players)
            sizes = [len(t) for t in tables]
            assert max(sizes) <= _largest(n, hi) and max(sizes) - min(sizes) <= 1
            if drawable(n, lo, hi):
                assert min(sizes) >= lo


def test_random_draw_depends_on_the_seed_only() -> None:
    players = [f"p{i}" for i in range(30)]
    assert random_draw(players, 6, random.Random(4)) == random_draw(players, 6, random.Random(4))
    assert random_draw(players, 6, random.Random(4)) != random_draw(players, 6, random.Random(5))


@pytest.mark.parametrize("n,hi", [(16, 4), (24, 6), (30, 5), (61, 6), (9, 4)])
def test_swiss_draw_seats_everyone_once_and_balanced(n: int, hi: int) -> None:
    players = [f"p{i}" for i in range(n)]
    for seed in range(10):
        rng = random.Random(seed)
        first = random_draw(players, hi, rng)
        second = swiss_draw(players, hi, met_pairs(first), rng)
        _assert_seats_everyone_once(second, players)
        sizes = [len(t) for t in second]
        assert sizes == list(table_sizes(n, hi))


def test_swiss_draw_after_one_round_of_sixteen_meets_nobody_again() -> None:
    players = [f"p{i:02d}" for i in range(16)]
    for seed in range(20):
        rng = random.Random(seed)
        first = random_draw(players, 4, rng)
        second = swiss_draw(players, 4, met_pairs(first), rng)
        assert repeats(second, met_pairs(first)) == 0
        third = swiss_draw(players, 4, met_pairs(first + second), rng)
        assert repeats(third, met_pairs(first + second)) == 0


def test_swiss_draw_reaches_the_fewest_repeats_when_some_are_forced() -> None:
    # Two tables of four after (p0..p3) and (p4..p7): each new table holds two of one old table
    # at least, so two pairs meet again at each: four repeats at best.
    players = [f"p{i}" for i in range(8)]
    first = (tuple(players[:4]), tuple(players[4:]))
    second = swiss_draw(players, 4, met_pairs(first), random.Random(1))
    assert repeats(second, met_pairs(first)) == 4


def test_swiss_draw_keeps_the_ranking_together_when_nobody_has_met() -> None:
    ranked = [f"p{i:02d}" for i in range(12)]
    tables = swiss_draw(ranked, 6, set(), random.Random(3))
    assert [sorted(t) for t in tables] == [ranked[:6], ranked[6:]]


def test_repeats_count_the_pairs_met_before() -> None:
    met = met_pairs([("a", "b", "c")])
    assert repeats([("a", "b", "d"), ("c", "e")], met) == 1
    assert repeats([("a", "b", "c")], met) == 3
    assert repeats([("d", "e")], met) == 0
