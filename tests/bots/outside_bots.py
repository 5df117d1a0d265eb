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


class Crasher:
    """Plays like Cautious for its first two moves of a game, then raises."""

    def __init__(self, rng: random.Random) -> None:
        self.inner = Cautious(rng)
        self.moves = 0

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        self.moves += 1
        if self.moves > 2:
            raise RuntimeError("my bug")
        return self.inner.choose(view, legal)


class Knobbed(Cautious):
    """Cautious with parameters from its seat (`outside_bots:Knobbed?depth=3&name=x`)."""

    made: list[dict[str, Any]] = []

    def __init__(self, rng: random.Random, **params: Any) -> None:
        super().__init__(rng)
        Knobbed.made.append(params)


class Diarist(Cautious):
    """Cautious that counts its games in the evening's memory and keeps every reveal it is shown."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.memory: dict[str, Any] = {}

    def remember(self, memory: dict[str, Any]) -> None:
        self.memory = memory
        memory["games"] = memory.get("games", 0) + 1

    def observe(self, view: dict[str, Any]) -> None:
        self.memory.setdefault("reveals", []).append(view["reveal"])
