"""Reading cups as hands: the posterior's arithmetic, and what bids and non-challenges say."""

from __future__ import annotations

import pytest
from helpers import mid_round

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.reading import Model, Reading, ReadTable, cups, looks_true
from dudo_hub.engine.bots.response import Response
from dudo_hub.engine.game import to_act
from dudo_hub.engine.odds import bid_odds
from dudo_hub.engine.views import view_for


def _seat(
    bids: list[tuple[str, str]], palifico: bool = False, wild: bool = True, mine: tuple[int, ...] = (2, 3, 3, 5, 6),
    theirs: int = 5,
) -> Seat:
    return Seat(
        me="me", dice=mine, counts={"me": len(mine), "you": theirs}, order=("me", "you"),
        bids=tuple((p, Bid.parse(b)) for p, b in bids), wild=wild, palifico=palifico,
        rules={"loss": "die", "max_dice": 5}, bullets={"me": 0, "you": 0}, turn="me", direction=1,
    )


def _mean(pmf: list[float]) -> float:
    return sum(k * p for k, p in enumerate(pmf))


def test_the_prior_is_every_cup_with_its_chance() -> None:
    counts, priors = cups(3)
    assert len(counts) == 56 and sum(priors) == pytest.approx(1.0)
    assert all(sum(c) == 3 for c in counts)


def test_without_bids_the_reading_is_the_plain_binomial() -> None:
    seat = _seat([])
    table = ReadTable(seat, Reading(seat, Model()))
    for bid in (Bid(3, 4), Bid(2, 1), Bid(6, 6)):
        odds = bid_odds(bid, seat.dice, seat.unseen, seat.wild)
        assert table.at_least(bid) == pytest.approx(odds.at_least)
        assert table.exactly(bid) == pytest.approx(odds.exactly)


def test_a_bid_on_a_face_reads_as_holding_it() -> None:
    plain = Reading(_seat([]), Model()).count_pmf("you", 4)
    after = Reading(_seat([("you", "3x4")]), Model()).count_pmf("you", 4)
    assert sum(after) == pytest.approx(1.0)
    assert _mean(after) > _mean(plain) + 0.3


def test_raising_instead_of_challenging_says_the_standing_bid_looked_true() -> None:
    doubted_face = Reading(_seat([("me", "4x5"), ("you", "4x6")]), Model()).count_pmf("you", 5)
    plain = Reading(_seat([("me", "4x2"), ("you", "4x6")]), Model()).count_pmf("you", 5)
    assert _mean(doubted_face) > _mean(plain)


def test_a_locked_palifico_raise_says_less_than_a_free_one() -> None:
    free = Reading(_seat([("me", "1x4"), ("you", "2x4")], palifico=True, wild=False), Model(locked=1.0))
    locked = Reading(_seat([("me", "1x4"), ("you", "2x4")], palifico=True, wild=False), Model())
    assert _mean(locked.count_pmf("you", 4)) < _mean(free.count_pmf("you", 4))


def test_with_no_wild_ones_a_one_counts_only_for_ones() -> None:
    seat = _seat([], wild=False, mine=(1, 1, 2, 3, 4))
    assert ReadTable(seat, Reading(seat, Model())).at_least(Bid(3, 5)) == pytest.approx(
        bid_odds(Bid(3, 5), seat.dice, seat.unseen, False).at_least
    )


def test_a_credited_die_makes_a_bid_look_likelier() -> None:
    assert looks_true(4, 1.5, 10, 1 / 3) > looks_true(4, 1.0, 10, 1 / 3) > looks_true(4, 0.0, 10, 1 / 3)
    assert looks_true(4, 1.5, 10, 1 / 3) == pytest.approx(
        (looks_true(4, 1.0, 10, 1 / 3) + looks_true(4, 2.0, 10, 1 / 3)) / 2
    )


@pytest.mark.parametrize("seed", range(6))
def test_the_answer_model_never_costs_more_than_the_falsity(seed: int) -> None:
    state = mid_round("dudo", 2 + seed % 5, seed, bids=1 + seed % 3)
    actor = to_act(state)
    assert actor is not None
    seat = Seat.read(view_for(state, actor))
    reading = Reading(seat, Model())
    table = ReadTable(seat, reading)
    answer = Response(seat, reading, seat.after(seat.me), Model(), 0.5)
    for q in range(1, 12):
        for face in range(1, 7):
            outcome = answer.outcome(Bid(q, face))
            assert 0.0 <= outcome.mine <= 1 - table.at_least(Bid(q, face)) + 1e-9
            assert outcome.mine + outcome.theirs + outcome.passed == pytest.approx(1.0)
