"""Real dice the engine never sees: RollUnseen, the COUNT phase, CountDice."""

from __future__ import annotations

import pytest
from enginekit import bid, calza, dudo, play

from dudo_hub.engine import (
    DudoError,
    GameState,
    Phase,
    PickFirst,
    PullTrigger,
    apply,
    legal_actions,
    make_rules,
    new_game,
    to_act,
    view_for,
)
from dudo_hub.engine.actions import CountDice, RollUnseen
from dudo_hub.engine.snapshot import from_json, to_json


def unseen_round(preset: str = "dudo", players=("Ann", "Bob", "Cy"), counts=None, **options) -> GameState:
    state = new_game(list(players), make_rules(preset, options), counts)
    state, _ = apply(state, PickFirst(players[0]))
    state, events = apply(state, RollUnseen())
    assert events[-1].kind == "round_started" and events[-1].data["unseen"] is True
    return state


def test_bidding_goes_on_counts_alone_and_nobody_sees_dice():
    state = unseen_round()
    assert state.phase is Phase.BIDDING and state.unseen
    assert view_for(state, "Ann")["my_dice"] == []
    state, _ = play(state, bid("Ann", "3x5"), bid("Bob", "4x5"))
    assert view_for(state, "Cy")["odds"] == {"expected": 5.0}


def test_a_dudo_waits_for_the_count_then_settles():
    state = unseen_round()
    state, _ = play(state, bid("Ann", "3x5"), bid("Bob", "4x5"))
    state, events = apply(state, dudo("Cy"))
    assert [e.kind for e in events] == ["challenge", "count_asked"]
    assert state.phase is Phase.COUNT and to_act(state) is None
    assert all(legal_actions(state, p) == [] for p in state.players)
    counting = view_for(state, None)["counting"]
    assert counting == {"call": "dudo", "caller": "Cy", "bidder": "Bob", "bid": [4, 5], "wild": True, "faces": [5, 1]}
    state, events = apply(state, CountDice(5))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["reveal", "die_lost"] and "round_over" in kinds
    reveal = events[0].data
    assert reveal["count"] == 5 and reveal["dice"] == {}
    assert state.counts == (5, 5, 4) and state.phase is Phase.ROLL
    assert view_for(state, None)["reveal"]["dice"] == {}


def test_a_right_calza_regains_and_a_wrong_count_is_refused():
    state = unseen_round(counts={"Ann": 4})
    state, _ = play(state, bid("Ann", "3x2"))
    state, _ = apply(state, calza("Bob"))
    with pytest.raises(DudoError) as err:
        apply(state, CountDice(15))
    assert err.value.code == "bad_count"
    state, events = apply(state, CountDice(3))
    assert "die_regained" not in [e.kind for e in events], "Bob already holds five dice"
    assert state.counts == (4, 5, 5)


def test_revolver_shot_after_a_counted_reveal():
    state = unseen_round("revolver", players=("Ann", "Bob"))
    state, _ = play(state, bid("Ann", "2x6"), dudo("Bob"))
    state, _ = apply(state, CountDice(1))
    assert state.phase is Phase.SHOT and state.bullets == (1, 0)
    state, events = apply(state, PullTrigger(True))
    assert [e.kind for e in events][:2] == ["shot", "player_out"]
    assert state.phase is Phase.OVER and state.winner == 1


def test_palifico_after_a_counted_loss_and_elimination():
    state = unseen_round(players=("Ann", "Bob"), counts={"Ann": 2, "Bob": 1})
    state, _ = play(state, bid("Ann", "1x4"), dudo("Bob"))
    state, events = apply(state, CountDice(0))
    assert "palifico" in [e.kind for e in events] and state.palifico and state.counts == (1, 1)
    state, _ = apply(state, RollUnseen())
    state, _ = play(state, bid("Ann", "1x3"), dudo("Bob"))
    state, events = apply(state, CountDice(2))
    assert [e.kind for e in events][-1] == "game_over" and state.winner == 0


def test_unseen_state_round_trips_through_the_snapshot():
    state = unseen_round()
    state, _ = play(state, bid("Ann", "3x5"), dudo("Bob"))
    assert from_json(to_json(state)) == state
