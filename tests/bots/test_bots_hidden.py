"""Bots decide from their seat's view: other cups are neither in it nor able to sway it."""

from __future__ import annotations

import inspect
import json
import random

import pytest
from helpers import LEVELS, mid_round, with_other_dice

from dudo_hub.engine.bots import LEVELS as ALL_LEVELS
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.game import legal_actions
from dudo_hub.engine.rules import PRESETS
from dudo_hub.engine.views import view_for


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_view_holds_no_other_cup(preset: str) -> None:
    state = mid_round(preset, 6, 3)
    for seat, player in enumerate(state.players):
        view = view_for(state, player)
        assert view["my_dice"] == list(state.dice[seat])
        assert view["reveal"] is None
        assert all(set(p) == {"name", "seat", "dice", "bullets", "out", "palifico_used"} for p in view["players"])
        assert all(isinstance(p["dice"], int) for p in view["players"])
        text = json.dumps(view)
        assert "dice\": [" not in text.replace("\"my_dice\": [", "")


def test_choose_takes_only_the_view_and_the_legal_list() -> None:
    for level in ALL_LEVELS:
        bot = make_bot(level, random.Random(0))
        assert list(inspect.signature(bot.choose).parameters) == ["view", "legal"]
        assert list(inspect.signature(bot.wants_out_of_turn).parameters) == ["view", "legal"]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_other_cups_do_not_change_the_decision(level: str, preset: str) -> None:
    reroll = random.Random(99)
    for seed in range(12):
        state = mid_round(preset, 2 + seed % 5, seed, bids=seed % 4)
        for seat, player in enumerate(state.players):
            legal = legal_actions(state, player)
            if not legal:
                continue
            first = make_bot(level, random.Random(seed)).choose(view_for(state, player), legal)
            for _ in range(3):
                other = with_other_dice(state, seat, reroll)
                assert view_for(other, player) == view_for(state, player)
                bot = make_bot(level, random.Random(seed))
                again = bot.choose(view_for(other, player), legal_actions(other, player))
                assert again == first
