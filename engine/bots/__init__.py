"""Bots: they decide from their seat's view only (`view_for`) and the legal actions.

    bot = make_bot("normal", random.Random(7))
    action = bot.choose(view_for(state, "Bot 1"), legal_actions(state, "Bot 1"))

Levels: `random` (baseline), `easy`, `normal`, `hard`; see docs/BOTS.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from dudo_hub.engine.actions import CallDudo, MakeBid, PlayerAction
from dudo_hub.engine.bots.base import BaseBot
from dudo_hub.engine.bots.easy import EasyBot
from dudo_hub.engine.bots.hard import HardBot
from dudo_hub.engine.bots.normal import NormalBot


class Bot(Protocol):
    """Anything that picks one of the legal actions from a view."""

    level: str

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        ...

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """An out-of-turn move (calza, or a French raise) to make now, or None."""
        ...


class RandomBot(BaseBot):
    """The baseline: a cheap legal move (challenges a third of the time, else a low raise)."""

    level = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        calls = [a for a in legal if isinstance(a, CallDudo)]
        bids = [a for a in legal if isinstance(a, MakeBid)]
        if calls and (not bids or self.rng.random() < 0.33):
            return calls[0]
        if bids:
            return self.rng.choice(sorted(bids, key=lambda a: a.bid.quantity)[:6])
        return self.rng.choice(list(legal))


LEVELS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of the named level; unknown levels are a clear error."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
    return LEVELS[level](rng)
