"""An out-of-turn raise is named in every view: each bid of the round says whom it passed over
(the player on turn when it was made), and a raise on turn passes over nobody, in either direction."""

from __future__ import annotations

import pytest

from dudo_hub import engine
from dudo_hub.engine import Bid, MakeBid, PickFirst, RollDice, make_rules, new_game, shared_view_for, view_for

NAMES = ("A", "B", "C", "D")


def _round(clockwise: bool) -> engine.GameState:
    rules = make_rules("dudo", {"out_of_turn_raises": True, "loser_chooses_direction": True})
    state = new_game(NAMES, rules, counts=dict.fromkeys(NAMES, 3))
    state, _ = engine.apply(state, PickFirst("A"))
    state, _ = engine.apply(state, engine.ChooseDirection("A", clockwise))
    state, _ = engine.apply(state, RollDice.of({n: [2, 3, 4] for n in NAMES}))
    return state


@pytest.mark.parametrize("clockwise", [True, False])
def test_each_bid_names_the_player_it_passed_over(clockwise: bool) -> None:
    state = _round(clockwise)
    order = ["A", "B", "C", "D"] if clockwise else ["A", "D", "C", "B"]
    first, on_turn, jumper, after = order[0], order[1], order[2], order[3]
    state, _ = engine.apply(state, MakeBid(first, Bid(2, 3)))
    assert engine.to_act(state) == on_turn
    state, _ = engine.apply(state, MakeBid(jumper, Bid(3, 3)))  # out of turn: on_turn is passed over
    state, _ = engine.apply(state, MakeBid(after, Bid(4, 3)))  # on turn after the jumper
    for view in (shared_view_for(state, None), view_for(state, "B"), view_for(state, None)):
        assert [(b["player"], b["passed"]) for b in view["bids"]] == [
            (first, None), (jumper, on_turn), (after, None)]
