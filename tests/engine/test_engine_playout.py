"""The one random legal mover (`engine.chance.random_action`, `random_playout`): every action it
picks is legal (a player's among `legal_actions`, chance's the one the phase waits for), it
reaches everyone who may act, and its playouts end in every preset, seen and unseen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dudo_hub.engine import (
    PRESETS,
    ChanceAction,
    CountDice,
    DudoError,
    GameState,
    PickFirst,
    PullTrigger,
    RollDice,
    RollUnseen,
    apply,
    is_legal,
    legal_actions,
    make_rules,
    new_game,
    settle_chance,
)
from dudo_hub.engine.chance import random_action, random_playout
from dudo_hub.engine.state import Phase

CHANCE_OF = {Phase.FIRST: PickFirst, Phase.ROLL: RollDice, Phase.SHOT: PullTrigger, Phase.COUNT: CountDice}
OPTIONS = ({}, {"loser_chooses_direction": True, "calza": "anyone", "out_of_turn_raises": True},
           {"loss": "revolver", "max_dice": 2})


def everyone_legal(state: GameState) -> list:
    return [a for p in state.players for a in legal_actions(state, p)]


def check_action(state: GameState, action, unseen: bool) -> None:
    """`action` is one `state` allows: a player's among the legal actions, chance's of its phase."""
    if isinstance(action, ChanceAction):
        expected = RollUnseen if unseen and state.phase is Phase.ROLL else CHANCE_OF[state.phase]
        assert isinstance(action, expected), (state.phase, action)
        if isinstance(action, RollDice):
            cups = dict(action.dice)
            assert [len(cups.get(p, ())) for p in state.players] == list(state.counts)
            assert all(1 <= d <= 6 for cup in cups.values() for d in cup)
        if isinstance(action, CountDice):
            assert 0 <= action.count <= state.dice_in_play
    else:
        assert action in everyone_legal(state), action
        assert is_legal(state, action)


@pytest.mark.parametrize("unseen", [False, True])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_action_it_picks_is_legal_and_every_game_ends(preset, unseen):
    for n, options in enumerate(OPTIONS):
        for seed in range(8):
            rng = random.Random(f"{preset}:{n}:{seed}")
            state = new_game([f"P{i}" for i in range(rng.randint(2, 5))], make_rules(preset, options))
            for _ in range(5000):
                if state.phase is Phase.OVER:
                    break
                action = random_action(state, rng, unseen)
                check_action(state, action, unseen)
                state, _ = apply(state, action)
            assert state.phase is Phase.OVER, (preset, options, seed)
            assert state.winner is not None and sum(c > 0 for c in state.counts) == 1


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_playout_ends_with_one_winner_and_replays_from_its_seed(preset):
    start = new_game(["Ann", "Bob", "Cy", "Di"], make_rules(preset))
    for seed in range(20):
        end, events = random_playout(start, random.Random(seed))
        again, same = random_playout(start, random.Random(seed))
        assert end.phase is Phase.OVER and end.winner is not None
        assert again == end and same == events
        assert [e.kind for e in events].count("game_over") == 1


def test_a_playout_stops_after_max_steps():
    start = new_game(["Ann", "Bob"], make_rules("dudo"))
    state, _ = random_playout(start, random.Random(1), max_steps=7)
    assert state.version == start.version + 7 and state.phase is not Phase.OVER


def test_it_reaches_every_legal_action_of_everyone_who_may_act():
    rules = make_rules("dudo", {"calza": "anyone", "out_of_turn_raises": True, "max_dice": 2})
    state, _ = settle_chance(new_game(["Ann", "Bob", "Cy"], rules), random.Random(3))
    state, _ = apply(state, random_action(state, random.Random(4)))  # a standing bid: calls are open
    legal = everyone_legal(state)
    assert len({a.player for a in legal}) > 1
    rng = random.Random(5)
    drawn = Counter(random_action(state, rng) for _ in range(40 * len(legal)))
    assert set(drawn) == set(legal)


def test_a_finished_game_has_no_random_action():
    state, _ = random_playout(new_game(["Ann", "Bob"], make_rules("dudo")), random.Random(2))
    with pytest.raises(DudoError) as info:
        random_action(state, random.Random(2))
    assert info.value.code == "game_over"
