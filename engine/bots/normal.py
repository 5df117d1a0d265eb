"""The normal bot: exact binomial chances from `engine.odds`, its own dice only.

It weighs each option by the chance it loses a die: a challenge loses when the
standing bid is true, a raise (to the likeliest legal bid) when that bid is false,
a calza when the count is not exact, less what a right calza pays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dudo_hub.engine.actions import MakeBid, PlayerAction
from dudo_hub.engine.bids import PACOS, Bid
from dudo_hub.engine.bots.base import BaseBot, Options, Seat, calza_gain, fallback
from dudo_hub.engine.odds import BidOdds, bid_odds

OPEN_CONFIDENCE = 0.6  # an opening bid should be at least this likely
# How often a raise gets challenged (rather than raised over): a false raise loses
# only then. Heads-up the next player is the only one left to doubt it.
RAISE_EXPOSURE = {True: 0.7, False: 0.35}
# A bidder who names a new face probably holds some: weight of "one more die than chance".
CREDIT = 1.0
CREDIT_SAME = 0.5  # ... and for a raise that keeps the face


def odds(seat: Seat, bid: Bid) -> BidOdds:
    """The exact chances of `bid` from my seat."""
    return bid_odds(bid, seat.dice, seat.unseen, seat.wild)


def calza_cost(seat: Seat) -> float | None:
    """Expected dice lost by a calza on the standing bid (negative: it pays)."""
    if seat.standing is None:
        return None
    exact = odds(seat, seat.standing[1]).exactly
    return (1 - exact) - calza_gain(seat) * exact


class NormalBot(BaseBot):
    """Takes the option least likely to lose a die, by exact chances."""

    level = "normal"

    def __init__(self, rng: random.Random, credit: float = CREDIT, credit_same: float = CREDIT_SAME) -> None:
        self.rng = rng
        self.credit = credit
        self.credit_same = credit_same

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        opts = Options.of(legal)
        if opts.directions and not opts.bids and opts.dudo is None:
            return self.rng.choice(opts.directions)
        seat = Seat.read(view)
        if seat.standing is None:
            return self._open(seat, opts) or fallback(legal)
        choices: list[tuple[float, PlayerAction]] = []
        if opts.dudo:
            choices.append((self._standing_true(seat), opts.dudo))
        cost = calza_cost(seat)
        if opts.calza and cost is not None:
            choices.append((cost, opts.calza))
        raised = self._likeliest(seat, opts)
        if raised is not None:
            choices.append(raised)
        if not choices:
            return fallback(legal)
        return min(choices, key=lambda c: c[0])[1]

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """A calza when it pays on average; never an out-of-turn raise."""
        opts = Options.of(legal)
        if opts.calza is None:
            return None
        cost = calza_cost(Seat.read(view))
        return opts.calza if cost is not None and cost < 0 else None

    def _standing_true(self, seat: Seat) -> float:
        """Chance the standing bid is true, crediting the bidder with `credit` dice of a face they name anew."""
        assert seat.standing is not None
        bidder, bid = seat.standing
        earlier = [b for _, b in seat.bids[:-1]]
        same = bool(earlier) and earlier[-1].face == bid.face
        credit = self.credit_same if same else self.credit
        whole = int(credit)
        low = self._shifted(seat, bid, whole)
        if credit == whole:
            return low
        frac = credit - whole
        return (1 - frac) * low + frac * self._shifted(seat, bid, whole + 1)

    @staticmethod
    def _shifted(seat: Seat, bid: Bid, dice: int) -> float:
        return 1.0 if bid.quantity - dice < 1 else odds(seat, Bid(bid.quantity - dice, bid.face)).at_least

    def _likeliest(self, seat: Seat, opts: Options) -> tuple[float, MakeBid] | None:
        """(chance it is false, bid) for the likeliest legal raise; higher faces on ties."""
        scored = [(1 - odds(seat, a.bid).at_least, -a.bid.face, a) for a in opts.lowest_per_face().values()]
        if not scored:
            return None
        loss, _, action = min(scored, key=lambda s: (round(s[0], 9), s[1]))
        return loss * RAISE_EXPOSURE[seat.live == 2], action

    def _open(self, seat: Seat, opts: Options) -> MakeBid | None:
        """My best face at the highest quantity that is still likely enough."""
        if not opts.bids:
            return None
        faces = {a.bid.face for a in opts.bids}
        face = max(faces, key=lambda f: (seat.matches(f) * (2 if f == PACOS and seat.wild else 1), f))
        same = sorted((a for a in opts.bids if a.bid.face == face), key=lambda a: a.bid.quantity)
        good = [a for a in same if odds(seat, a.bid).at_least >= OPEN_CONFIDENCE]
        return good[-1] if good else same[0]
