"""Bots written as an outsider would: plain classes, no base class, loaded as `outside_bots:Name`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import CallDudo, MakeBid, PlayerAction


class Cautious:
    """Challenges any bid above a third of the dice in play, else makes the lowest raise."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        standing = view["standing"]
        dudo = next((a for a in legal if isinstance(a, CallDudo)), None)
        if dudo is not None and standing and standing["bid"][0] > view["dice_in_play"] / 3:
            return dudo
        bids = [a for a in legal if isinstance(a, MakeBid)]
        return min(bids, key=lambda a: (a.bid.quantity, self.rng.random())) if bids else legal[0]


class Cheat:
    """Answers with a move that is never on the legal list."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        return CallDudo("somebody else")


class NoChoose:
    """Not a bot at all."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
