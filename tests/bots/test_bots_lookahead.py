"""The lookahead's arithmetic, and normal's credit to a bidder who names a face."""

from __future__ import annotations

import random

import pytest
from helpers import mid_round

from dudo_hub.engine.actions import MakeBid
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.inference import Evidence, Table, beliefs
from dudo_hub.engine.bots.lookahead import Doubt, Lookahead
from dudo_hub.engine.bots.normal import NormalBot, odds
from dudo_hub.engine.game import legal_actions, to_act
from dudo_hub.engine.views import view_for


def _seat_and_bids(seed: int) -> tuple[Seat, list[Bid]]:
    state = mid_round("dudo", 6, seed, bids=2)
    actor = to_act(state)
    assert actor is not None
    bids = [a.bid for a in legal_actions(state, actor) if isinstance(a, MakeBid)]
    return Seat.read(view_for(state, actor)), bids


@pytest.mark.parametrize("seed", range(5))
def test_a_sure_challenger_splits_the_loss_by_the_truth(seed: int) -> None:
    seat, bids = _seat_and_bids(seed)
    post = beliefs(seat, Evidence())
    table = Table(seat, post)
    always = Lookahead(seat, post, seat.after(seat.me), Doubt(doubt=2.0, soft=0.01, later=0.0, credit=0.0))
    for bid in bids[:20]:
        result = always.outcome(bid)
        assert result.mine == pytest.approx(1 - table.at_least(bid), abs=1e-9)
        assert result.mine + result.theirs == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("seed", range(5))
def test_the_modelled_challenger_never_costs_more_than_the_falsity(seed: int) -> None:
    seat, bids = _seat_and_bids(seed)
    post = beliefs(seat, Evidence())
    table = Table(seat, post)
    ahead = Lookahead(seat, post, seat.after(seat.me), Doubt())
    for bid in bids[:20]:
        result = ahead.outcome(bid)
        assert 0.0 <= result.mine <= 1 - table.at_least(bid) + 1e-9
        assert 0.0 <= result.theirs <= table.at_least(bid) + 1e-9


@pytest.mark.parametrize("seed", range(10))
def test_normal_credits_a_new_face_with_one_die(seed: int) -> None:
    state = mid_round("dudo", 4, seed, bids=1)
    actor = to_act(state)
    assert actor is not None
    seat = Seat.read(view_for(state, actor))
    assert seat.standing is not None and len(seat.bids) == 1
    bid = seat.standing[1]
    credited = NormalBot(random.Random(0))._standing_true(seat)
    plain = odds(seat, bid).at_least
    helped = 1.0 if bid.quantity == 1 else odds(seat, Bid(bid.quantity - 1, bid.face)).at_least
    assert credited == pytest.approx(helped)
    assert credited >= plain
