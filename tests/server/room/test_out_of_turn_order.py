"""One out-of-turn order: the engine's `actors`, asked alike by the hub's bots and a tournament,
so a tournament replays what the hub's bots would do."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from dudo_hub import engine
from dudo_hub.engine import Bid, MakeBid, PickFirst, PlayerAction, RollDice, make_rules, new_game
from dudo_hub.engine.bots import RandomBot
from dudo_hub.engine.bots.tournament import Players, _next_move
from dudo_hub.server.room.botdriver import BotDriver
from dudo_hub.server.room.seats import BOT, Seat

NAMES = ("A", "B", "C", "D", "E")


class Asked(RandomBot):
    """Never jumps in; notes who was asked, in order."""

    level = "asked"
    log: list[str] = []

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        Asked.log.append(str(view["viewer"]))
        return None


def _position(clockwise: bool) -> engine.GameState:
    """Perudo (calza by anyone): C to act after B's bid, play going `clockwise` or not."""
    rules = make_rules("perudo", {"loser_chooses_direction": True, "calza_requires_missing_die": False})
    state = new_game(NAMES, rules, counts={"A": 4, "B": 4, "C": 4, "D": 4, "E": 4})
    state, _ = engine.apply(state, PickFirst("B"))
    state, _ = engine.apply(state, engine.ChooseDirection("B", clockwise))
    state, _ = engine.apply(state, RollDice.of({n: [2, 3, 4, 5] for n in NAMES}))
    state, _ = engine.apply(state, MakeBid("B", Bid(3, 4)))
    return state


@pytest.mark.parametrize(("clockwise", "actor", "others"),
                         [(True, "C", ["D", "E", "A"]), (False, "A", ["E", "D", "C"])])
def test_the_hub_and_a_tournament_ask_in_the_engines_order(clockwise, actor, others):
    state = _position(clockwise)
    assert engine.actors(state) == (actor, *others), "the order of play after the player to act (B bid)"
    driver = BotDriver(random.Random(1))
    driver._bots = {n: Asked(random.Random(n)) for n in NAMES}
    Asked.log = []
    assert driver.next_move(state, [Seat(n, BOT, level="asked") for n in NAMES]) is not None
    hub = list(Asked.log)
    Asked.log = []
    players = Players({n: Asked(random.Random(n)) for n in NAMES}, dict.fromkeys(NAMES, "asked"), 1)
    name, _ = _next_move(state, players, actor)
    assert name == actor
    assert hub == Asked.log == others


def test_the_view_lists_who_may_jump_in_in_that_order():
    state = _position(False)
    assert engine.view_for(state, None)["waiting"] == {"seats": ["A"], "why": "raise", "others": ["E", "D", "C"]}
