"""GameState <-> JSON round-trips on every state of random playouts, every preset."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from dudo_hub.engine import PRESETS, GameState, apply, make_rules, new_game, settle_chance, to_act
from dudo_hub.engine.chance import random_action
from dudo_hub.engine.snapshot import encoded, from_json, to_json


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seed", range(3))
def test_round_trip_on_random_playouts(preset, seed):
    rng = random.Random(f"{preset}:{seed}")
    state = new_game(["Ann", "Bob", "Cy", "Dee"][: 2 + seed], make_rules(preset))
    seen = 0
    while True:
        for step in (lambda s: settle_chance(s, rng)[0], None):
            written = to_json(state)
            assert written == encoded(state)  # the per-field encoders write what the generic one does
            data = json.loads(json.dumps(written))
            assert data == written and from_json(data) == state
            seen += 1
            if step is None:
                break
            state = step(state)
        player = to_act(state)
        if player is None:
            break
        state, _ = apply(state, random_action(state, rng))
    assert state.winner is not None and seen > 10


def test_every_field_is_written():
    state = new_game(["Ann", "Bob"])
    assert set(to_json(state)) == {f.name for f in fields(GameState)} | {"format"}
