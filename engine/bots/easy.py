"""The easy bot: plausible but naive. It pushes its own best face and challenges late.

It reckons with expected counts only (mine + unseen / 3, or / 6 on pacos and in
non-wild rounds), never with the spread, and ignores what others' bids suggest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import MakeBid, PlayerAction
from dudo_hub.engine.bids import PACOS
from dudo_hub.engine.bots.base import BaseBot, Options, Seat, fallback
from dudo_hub.engine.counting import match_chance

LATE = 2.0  # challenge only once a bid exceeds the expected count by this much
CALZA_CHANCE = 0.1  # how often it tries a calza when the bid equals its expectation


def expected(seat: Seat, face: int) -> float:
    """My matches plus the unseen dice's average share."""
    share = match_chance(face, seat.wild)
    return seat.matches(face) + seat.unseen * share


def best_face(seat: Seat, faces: Sequence[int]) -> int:
    """The face I hold most of (pacos last, higher faces first on ties)."""
    return max(faces, key=lambda f: (seat.matches(f) if f != PACOS or not seat.wild else -1, f))


class EasyBot(BaseBot):
    """Raises its own best face while the count looks plausible; else challenges."""

    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        opts = Options.of(legal)
        if opts.directions and not opts.bids and opts.dudo is None:
            return self.rng.choice(opts.directions)
        seat = Seat.read(view)
        standing = seat.standing
        if standing and opts.calza and self._calza_looks_right(seat):
            return opts.calza
        if standing and opts.dudo and standing[1].quantity > expected(seat, standing[1].face) + LATE:
            return opts.dudo
        bid = self._raise(seat, opts)
        if bid is not None:
            return bid
        return opts.dudo or fallback(legal)

    def _calza_looks_right(self, seat: Seat) -> bool:
        assert seat.standing is not None
        bid = seat.standing[1]
        return round(expected(seat, bid.face)) == bid.quantity and self.rng.random() < CALZA_CHANCE

    def _raise(self, seat: Seat, opts: Options) -> MakeBid | None:
        lowest = opts.lowest_per_face()
        if not lowest:
            return None
        face = best_face(seat, list(lowest))
        target = max(1, int(expected(seat, face)))
        if seat.standing is None:
            same = [a for a in opts.bids if a.bid.face == face]
            return min(same, key=lambda a: abs(a.bid.quantity - target))
        bid = lowest[face]
        if bid.bid.quantity <= expected(seat, face) + 1 or not opts.dudo:
            return bid
        return None
