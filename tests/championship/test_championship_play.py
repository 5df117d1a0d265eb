"""A table played by bots: the finishing order, dice left and elimination order the event records."""

from __future__ import annotations

import random

import pytest

from dudo_hub.championship import play_table
from dudo_hub.engine.rules import make_rules

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")


@pytest.mark.parametrize("preset", ["dudo", "revolver", "liars_dice"])
def test_a_whole_game_places_everyone_once_with_the_winner_still_holding_dice(preset: str) -> None:
    result = play_table(NAMES, make_rules(preset), random.Random(11))
    assert sorted(result.order) == sorted(NAMES)
    winner, *others = result.finishes
    assert winner.dice > 0 and winner.out is None
    assert all(f.dice == 0 and f.out is not None for f in others)
    assert result.eliminated == tuple(reversed(result.order[1:])), "the first out finishes last"
    outs = [result.finish(p).out for p in result.eliminated]
    assert outs == sorted(outs) and all(1 <= (o or 0) <= result.rounds for o in outs)


def test_a_table_stopped_early_leaves_its_qualifiers_in_by_dice_left() -> None:
    result = play_table(NAMES, make_rules("dudo"), random.Random(5), stop_at=2)
    still_in = [f for f in result.finishes if f.out is None]
    assert len(still_in) == 2 and [f.player for f in still_in] == list(result.order[:2])
    assert still_in[0].dice >= still_in[1].dice > 0
    assert len(result.eliminated) == 3


def test_one_seed_one_game() -> None:
    rules = make_rules("perudo")
    assert play_table(NAMES, rules, random.Random(8)) == play_table(NAMES, rules, random.Random(8))
    games = {play_table(NAMES, rules, random.Random(seed)).order for seed in range(6)}
    assert len(games) > 1


def test_the_bots_level_is_chosen() -> None:
    result = play_table(NAMES[:3], make_rules("dudo"), random.Random(2), level="easy")
    assert sorted(result.order) == sorted(NAMES[:3])
    with pytest.raises(ValueError, match="genius"):
        play_table(NAMES[:3], make_rules("dudo"), random.Random(2), level="genius")
