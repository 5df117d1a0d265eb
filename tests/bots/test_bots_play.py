"""How the levels play: normal never doubts what its own cup proves; seeded bots repeat themselves."""

from __future__ import annotations

import random

from helpers import LEVELS, mid_round
from hypothesis import given, settings
from hypothesis import strategies as st

from dudo_hub.engine.actions import CallDudo, PlayerAction
from dudo_hub.engine.bots import make_bot
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.tournament import play_game, run_tournament
from dudo_hub.engine.game import legal_actions
from dudo_hub.engine.rules import PRESETS, make_rules
from dudo_hub.engine.state import GameState
from dudo_hub.engine.views import view_for


def _proved_by_own_cup(state: GameState, player: str) -> bool:
    seat = Seat.read(view_for(state, player))
    return seat.standing is not None and seat.matches(seat.standing[1].face) >= seat.standing[1].quantity


def test_normal_never_challenges_a_bid_its_own_dice_make_true_in_play() -> None:
    proved = 0

    def check(state: GameState, player: str, action: PlayerAction) -> None:
        nonlocal proved
        if _proved_by_own_cup(state, player):
            proved += 1
            assert not isinstance(action, CallDudo), f"{player} doubted a bid its own dice prove"

    for preset in PRESETS:
        for g in range(40):
            play_game(make_rules(preset), ["normal"] * (2 + g % 5), f"proof:{g}", check=check)
    assert proved > 50


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 10**6), st.integers(1, 6))
def test_normal_never_challenges_a_proved_bid(preset: str, players: int, seed: int, bids: int) -> None:
    state = mid_round(preset, players, seed, bids=bids)
    for player in state.players:
        legal = legal_actions(state, player)
        if legal and _proved_by_own_cup(state, player):
            action = make_bot("normal", random.Random(seed)).choose(view_for(state, player), legal)
            assert not isinstance(action, CallDudo)


def test_a_seed_replays_the_same_decisions() -> None:
    for level in LEVELS:
        for seed in range(20):
            state = mid_round("dudo", 4, seed, bids=seed % 3)
            for player in state.players:
                view, legal = view_for(state, player), legal_actions(state, player)
                if legal:
                    first = make_bot(level, random.Random(seed)).choose(view, legal)
                    assert make_bot(level, random.Random(seed)).choose(view, legal) == first


def test_a_seed_replays_the_same_tournament() -> None:
    seats = ["hard", "normal", "easy"]
    assert run_tournament("perudo", seats, 30, 5).to_dict() == run_tournament("perudo", seats, 30, 5).to_dict()
    assert play_game(make_rules("revolver"), seats, "x") == play_game(make_rules("revolver"), seats, "x")
