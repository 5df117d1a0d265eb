"""Shared helpers for the bot tests: positions mid-round, seeded; `dudo tournament` in-process."""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from dudo_hub.engine.chance import settle_chance
from dudo_hub.engine.game import apply, legal_actions, new_game, to_act
from dudo_hub.engine.rules import make_rules
from dudo_hub.engine.state import GameState, Phase
from dudo_hub.server.cli.tournament import add_tournament_command

LEVELS = ("easy", "normal", "hard")


def mid_round(preset: str, players: int, seed: int, bids: int = 2, **options: object) -> GameState:
    """A bidding position after `bids` lowest raises, dice rolled from `seed`."""
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    state, _ = settle_chance(new_game(names, make_rules(preset, options)), rng)
    if state.phase is Phase.DIRECTION:
        actor = to_act(state)
        assert actor is not None
        state, _ = settle_chance(apply(state, legal_actions(state, actor)[0])[0], rng)
    for _ in range(bids):
        actor = to_act(state)
        assert actor is not None
        legal = legal_actions(state, actor)
        state, _ = apply(state, rng.choice(legal[:4]))
        if state.phase is not Phase.BIDDING:
            break
    return state


def with_other_dice(state: GameState, keep: int, rng: random.Random) -> GameState:
    """The same position with every cup but seat `keep` re-rolled."""
    dice = tuple(
        cup if seat == keep else tuple(sorted(rng.randint(1, 6) for _ in cup)) for seat, cup in enumerate(state.dice)
    )
    return replace(state, dice=dice)


def run_cli(argv: list[str]) -> int:
    """The exit code of `dudo <argv>` with only the tournament command registered."""
    parser = argparse.ArgumentParser(prog="dudo")
    add_tournament_command(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result
