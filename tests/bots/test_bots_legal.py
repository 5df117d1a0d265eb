"""Bots only ever play legal moves, in every preset and the options that change play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import LEVELS, mid_round

from dudo_hub.engine.actions import CallCalza, CallDudo, ChooseDirection, MakeBid, PlayerAction
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.bots.tournament import play_game
from dudo_hub.engine.game import legal_actions
from dudo_hub.engine.rules import PRESETS, make_rules
from dudo_hub.engine.state import GameState
from dudo_hub.engine.views import view_for

VARIANTS: list[tuple[str, dict[str, Any]]] = [(p, {}) for p in PRESETS] + [
    ("francais", {"out_of_turn_raises": True}),
    ("dudo", {"loser_chooses_direction": True, "raise_rule": "one_change"}),
    ("parker", {"calza_reward": "others_lose_die"}),
    ("perudo", {"palifico_wilds": True, "calza_min_players": 3}),
    ("revolver", {"calza": "anyone", "loser_chooses_direction": True}),
]
GAMES = 240  # per variant: 11 variants, 2640 games; every level sits in at least 200 of each variant's games


def must_be_legal(state: GameState, player: str, action: PlayerAction) -> None:
    assert action in legal_actions(state, player), f"{player} played {action} illegally"


@pytest.mark.parametrize(("preset", "options"), VARIANTS, ids=[f"{p}-{'-'.join(o) or 'preset'}" for p, o in VARIANTS])
def test_every_move_is_legal(preset: str, options: dict[str, Any]) -> None:
    rules = make_rules(preset, options)
    rng = random.Random(preset + str(options))
    pool = (*LEVELS, "random")
    played = dict.fromkeys(pool, 0)
    for g in range(GAMES):
        size = 2 + g % 5
        seats = [pool[(g + i) % len(pool)] for i in range(min(size, len(pool)))]
        seats += [rng.choice(pool) for _ in range(size - len(seats))]
        rng.shuffle(seats)
        record = play_game(rules, seats, f"legal:{g}", check=must_be_legal)
        assert 0 <= record.winner < len(seats)
        for level in set(seats):
            played[level] += 1
    assert min(played.values()) >= 200, played


def _odd_lists(state: GameState, player: str) -> list[list[PlayerAction]]:
    legal = legal_actions(state, player)
    bids = [a for a in legal if isinstance(a, MakeBid)]
    lists: list[list[PlayerAction]] = [
        [ChooseDirection(player, True), ChooseDirection(player, False)],
        [ChooseDirection(player, False)],
        [CallCalza(player)],
        [CallDudo(player)],
        [CallDudo(player), CallCalza(player)],
        [MakeBid(player, Bid(state.dice_in_play, 6))],
    ]
    if bids:
        lists += [bids[-1:], bids[:3], [*bids[-2:], CallCalza(player)]]
    return lists


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_any_legal_list_gets_one_of_its_actions(level: str, preset: str) -> None:
    for seed in range(15):
        state = mid_round(preset, 2 + seed % 5, seed, bids=seed % 3)
        for seat, player in enumerate(state.players):
            view = view_for(state, player)
            for legal in _odd_lists(state, player):
                bot = make_bot(level, random.Random(seed))
                assert bot.choose(view, legal) in legal, (seat, legal)
                off = bot.wants_out_of_turn(view, legal)
                assert off is None or off in legal
