"""The bid a phone's picker offers first: a legal, sensible bid for this seat at this moment.

Raising, the offer is the smallest legal quantity of the face most likely to hold at that
quantity (from the seat's own dice; ties go to the face held most, then the higher face).
Opening, it is the face held most (pacos only when nothing else may open) at a modest count:
the largest quantity that holds with at least `OPENING_CONFIDENCE`, never below the
lowest legal one. Without a cup to read (real dice counted at the reveal) every face is
judged on the table's expectation alone. Nothing from an earlier turn goes into it.

    With ones wild, 20 dice in play, a cup of 2 2 5 1 6 and a standing 4x5:
    5x5 would need 3 of 15 unseen dice at p = 1/3, 5x2 the same, 4x6 holds more often:
    the offer is the one of those most likely to hold.
"""

from __future__ import annotations

from dudo_hub.engine.bids import PACOS, Bid
from dudo_hub.engine.counting import match_chance
from dudo_hub.engine.odds import at_least, own_matches
from dudo_hub.engine.ordering import bid_ranges
from dudo_hub.engine.state import GameState

OPENING_CONFIDENCE = 0.75  # an opening the table will hold three times in four


def suggested_bid(state: GameState, seat: int) -> Bid | None:
    """The first bid offered to `seat` now, or None when it may not bid."""
    ranges = bid_ranges(state, seat)
    if not ranges:
        return None
    dice = () if state.unseen else state.dice[seat]
    wild = state.round_wild
    unseen = state.dice_in_play - len(dice)

    def holds(face: int, quantity: int) -> float:
        return at_least(quantity - own_matches(dice, face, wild), unseen, match_chance(face, wild))

    if state.standing is None:
        faces = [f for f in ranges if f != PACOS] or list(ranges)
        face = max(faces, key=lambda f: (own_matches(dice, f, wild), f))
        lo, hi = ranges[face]
        quantity = lo
        while quantity < hi and holds(face, quantity + 1) >= OPENING_CONFIDENCE:
            quantity += 1
        return Bid(quantity, face)
    face = max(ranges, key=lambda f: (round(holds(f, ranges[f][0]), 6), own_matches(dice, f, wild), f))
    return Bid(ranges[face][0], face)
