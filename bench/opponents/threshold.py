"""A simple threshold opponent from outside the levels, loaded as `bench.opponents.threshold:ThresholdBot`.

    dudo tournament --seats hard,bench.opponents.threshold:ThresholdBot,... --games 1000

It challenges when the standing bid is above what it expects on the table (its own
matching dice plus the unseen dice's share) by more than `MARGIN`; otherwise it makes
the lowest legal bid on the face it holds most of (it opens at its expectation). It
never calls calza and never moves out of turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import CallDudo, MakeBid, PlayerAction
from dudo_hub.engine.counting import count_for, match_chance

MARGIN = 1.0


def expected(view: dict[str, Any], face: int) -> float:
    """My matching dice plus the unseen dice's share of `face`."""
    wild = bool(view["wild"])
    mine = count_for(view["my_dice"], face, wild)
    share = match_chance(face, wild)
    return mine + (view["dice_in_play"] - len(view["my_dice"])) * share


class ThresholdBot:
    """Doubts a bid above its expectation by more than MARGIN; else raises its best face."""

    level = "threshold"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        dudo = next((a for a in legal if isinstance(a, CallDudo)), None)
        bids = [a for a in legal if isinstance(a, MakeBid)]
        standing = view["standing"]
        if dudo is not None and standing and standing["bid"][0] > expected(view, standing["bid"][1]) + MARGIN:
            return dudo
        if not bids:
            return dudo or legal[0]
        faces = {a.bid.face for a in bids}
        face = max(faces, key=lambda f: (expected(view, f), f))
        same = sorted((a for a in bids if a.bid.face == face), key=lambda a: a.bid.quantity)
        if standing is None:
            target = max(1, int(expected(view, face)))
            return min(same, key=lambda a: abs(a.bid.quantity - target))
        if dudo is not None and same[0].bid.quantity > expected(view, face) + MARGIN:
            return dudo
        return same[0]
