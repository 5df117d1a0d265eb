"""Revolver loss (RULES.md, "Revolver loss"): bullets, b/6 shots, elimination, calza removes a bullet."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from enginekit import bid, calza, counts, dudo, event, play, rejects, table

from dudo_hub.engine import Phase, PullTrigger, RollDice, apply, chance_action, legal_actions, system_random

FIVE = [2, 3, 4, 5, 6]


def lost_challenge():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="revolver")
    return play(state, bid("A", "9x6"), dudo("B"))


def test_losing_a_challenge_adds_a_bullet_and_keeps_the_dice():
    state, events = lost_challenge()
    assert event(events, "bullet_added") == {"player": "A", "bullets": 1}
    assert "die_lost" not in [e.kind for e in events]
    assert counts(state) == {"A": 5, "B": 5, "C": 5}
    assert state.phase is Phase.SHOT and state.players[state.shot_seat] == "A"


def test_the_shot_that_clicks_keeps_the_player_in():
    state, _ = lost_challenge()
    state, events = apply(state, PullTrigger(False))
    assert event(events, "shot") == {"player": "A", "fires": False, "bullets": 1}
    assert state.phase is Phase.ROLL and state.players[state.opener] == "A"
    assert state.bullets == (1, 0, 0)


def test_the_shot_that_fires_puts_the_player_out_and_the_next_live_player_opens():
    state, _ = lost_challenge()
    state, events = apply(state, PullTrigger(True))
    assert event(events, "player_out") == {"player": "A"}
    assert counts(state)["A"] == 0
    assert state.players[state.opener] == "B"


def test_the_shot_is_the_only_action_in_the_shot_phase():
    state, _ = lost_challenge()
    assert rejects(state, bid("B", "1x2")).code == "wrong_phase"
    assert all(legal_actions(state, p) == [] for p in state.players)
    assert state.dice == ()


@pytest.mark.parametrize("bullets", [1, 2, 3, 5])
def test_with_b_bullets_the_shot_fires_b_times_in_six(bullets):
    state, _ = lost_challenge()
    state = replace(state, bullets=(bullets, 0, 0))
    rng = random.Random(bullets)
    fires = sum(chance_action(state, rng).fires for _ in range(12000))
    assert abs(fires / 12000 - bullets / 6) < 0.02


def test_a_full_cylinder_always_fires():
    state, _ = lost_challenge()
    state = replace(state, bullets=(6, 0, 0))
    assert all(chance_action(state, random.Random(s)).fires for s in range(50))


def test_seeded_shots_replay_exactly():
    state, _ = lost_challenge()
    assert [chance_action(state, random.Random(9)) for _ in range(3)] == [chance_action(state, random.Random(9))] * 3


def test_real_games_draw_from_a_cryptographic_source():
    assert isinstance(system_random(), random.SystemRandom)


def test_bullets_accumulate_for_the_rest_of_the_game():
    state, _ = lost_challenge()
    state, _ = apply(state, PullTrigger(False))
    state, _ = apply(state, RollDice.of({"A": FIVE, "B": FIVE, "C": FIVE}))
    state, events = play(state, bid("A", "9x5"), dudo("B"))
    assert event(events, "bullet_added") == {"player": "A", "bullets": 2}


def test_wrong_calza_adds_a_bullet_to_the_caller():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="revolver")
    state, events = play(state, bid("A", "5x6"), calza("B"))
    assert event(events, "bullet_added") == {"player": "B", "bullets": 1}
    assert state.players[state.shot_seat] == "B"


def test_right_calza_removes_a_bullet_from_the_caller():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="revolver")
    state = replace(state, bullets=(0, 2, 0))
    state, events = play(state, bid("A", "3x6"), calza("B"))
    assert event(events, "bullet_removed") == {"player": "B", "bullets": 1}
    assert state.phase is Phase.ROLL
    assert event(events, "round_over") == {"loser": None, "gainer": "B", "next": "B"}


def test_right_calza_without_bullets_gains_nothing():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="revolver")
    state, events = play(state, bid("A", "3x6"), calza("B"))
    assert state.bullets == (0, 0, 0)
    assert event(events, "round_over") == {"loser": None, "gainer": None, "next": "B"}


def test_revolver_last_player_standing_wins():
    state = table({"A": FIVE, "B": FIVE}, preset="revolver")
    state, _ = play(state, bid("A", "9x6"), dudo("B"))
    state, events = apply(state, PullTrigger(True))
    assert state.phase is Phase.OVER and state.players[state.winner] == "B"
    assert event(events, "game_over") == {"winner": "B"}


def test_revolver_others_lose_die_reward_shoots_every_other_player():
    state = table({"A": FIVE, "B": FIVE, "C": FIVE}, preset="revolver", calza_reward="others_lose_die")
    state, events = play(state, bid("A", "3x6"), calza("B"))
    assert state.bullets == (1, 0, 1)
    state, _ = apply(state, PullTrigger(True))
    assert state.phase is Phase.SHOT and state.players[state.shot_seat] == "C"
    state, _ = apply(state, PullTrigger(True))
    assert state.phase is Phase.OVER and state.players[state.winner] == "B"
