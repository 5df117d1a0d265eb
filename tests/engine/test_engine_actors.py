"""`actors` (who may act now), `refusal` / `is_legal` (checks without building a state),
and `table_facts` (the rules in the screens' words)."""

from __future__ import annotations

import random

import pytest
from enginekit import bid, calza, dudo, play, random_game, table

from dudo_hub.engine import (
    PRESETS,
    Bid,
    CallCalza,
    CallDudo,
    ChooseDirection,
    DudoError,
    MakeBid,
    actors,
    apply,
    is_legal,
    legal_actions,
    make_rules,
    refusal,
    settle_chance,
    to_act,
    view_for,
)
from dudo_hub.engine.chance import random_action
from dudo_hub.engine.views import table_facts


def test_on_turn_rules_have_one_actor():
    state = table({"Ann": [2, 3], "Bob": [5, 5], "Cy": [1, 4]})
    assert actors(state) == ("Ann",)
    state, _ = play(state, bid("Ann", "2x5"))
    assert actors(state) == ("Bob",)


def test_calza_by_anyone_adds_everyone_but_the_bidder():
    state = table({"Ann": [2, 3], "Bob": [5, 5], "Cy": [1, 4]}, preset="perudo")
    assert actors(state) == ("Ann",), "nothing to calza before the first bid"
    state, _ = play(state, bid("Ann", "2x5"))
    assert actors(state) == ("Bob", "Cy")


def test_parker_calza_needs_a_lost_die_and_not_the_player_to_act():
    state = table({"Ann": [2, 3, 4, 5, 6], "Bob": [5, 5, 2, 2, 2], "Cy": [1, 4, 4], "Dee": [3, 3, 3, 3, 3]},
                  preset="parker")
    state, _ = play(state, bid("Ann", "2x5"))
    assert actors(state) == ("Bob", "Cy")


def test_actors_agree_with_legal_actions_in_random_games():
    rng = random.Random(5)
    for preset in PRESETS:
        for _ in range(15):
            state = random_game(preset, rng.randrange(2, 6), rng)
            for _ in range(60):
                if to_act(state) is None:
                    break
                who = actors(state)
                assert set(who) == {p for p in state.players if legal_actions(state, p)}
                assert who[0] == to_act(state)
                assert view_for(state, None)["actors"] == list(who)
                state, _ = apply(state, random_action(state, rng))
                state, _ = settle_chance(state, rng)


def candidates(state, player):
    top = max(state.dice_in_play, 1) + 2
    out = [MakeBid(player, Bid(q, f)) for q in range(1, top) for f in range(1, 7)]
    return out + [CallDudo(player), CallCalza(player), ChooseDirection(player, True)]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_refusal_is_exactly_what_apply_raises(preset):
    rng = random.Random(preset)
    options = {"loser_chooses_direction": True, "raise_rule": "one_change"} if preset == "dudo" else {}
    for _ in range(6):
        state = random_game(preset, rng.randrange(2, 5), rng, options)
        for _ in range(25):
            if to_act(state) is None:
                break
            for player in state.players:
                for action in candidates(state, player):
                    found = refusal(state, action)
                    try:
                        apply(state, action)
                    except DudoError as err:
                        assert found is not None and found.code == err.code, (action, err, found)
                        assert found.message == err.message
                    else:
                        assert found is None, (action, found)
                    assert is_legal(state, action) == (action in legal_actions(state, player))
            state, _ = apply(state, random_action(state, rng))
            state, _ = settle_chance(state, rng)


def test_refusal_names_the_engines_code_for_one_change_raises():
    state = table({"Ann": [2, 3, 4], "Bob": [5, 5, 6]}, raise_rule="one_change")
    state, _ = play(state, bid("Ann", "4x3"))
    for text in ("5x2", "3x2", "4x2"):
        found = refusal(state, bid("Bob", text))
        assert found is not None and found.code == "bid_not_higher", text
    assert refusal(state, dudo("Ann")).code == "not_your_turn"
    assert refusal(state, calza("Ann")).code == "calza_not_allowed"


def test_table_facts_speak_for_the_rules():
    assert table_facts(make_rules("revolver"))["bullets"] is True
    assert table_facts(make_rules("dudo"))["bullets"] is False
    liars = table_facts(make_rules("liars_dice"))
    assert liars["ones_wild"] is False and liars["calza"] is False and liars["palifico"] is False
    parker = table_facts(make_rules("parker"))
    assert parker["palifico_face_locked"] is False
    assert table_facts(make_rules("perudo"))["roll_off"] is True
    assert table_facts(make_rules("dudo", {"max_dice": 3}))["dice_each"] == 3
