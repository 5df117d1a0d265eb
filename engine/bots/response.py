"""The next player's answer to my raise, from my reading of their cup (`reading.Reading`).

A raise costs me only if the next player challenges it and it is false. Their chance to
challenge depends on how true the bid looks to them, which depends only on how many of
their dice match it (`m`): P(challenge | m) from the same `reading.Model` that reads their
bids, with them crediting me `credit` dice of the face I name. Summing over `m` with my
posterior keeps the correlation that matters most heads-up: the bids they can see are
false are the ones they call.
"""

from __future__ import annotations

from dataclasses import dataclass

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.reading import Model, Reading, _logistic, looks_true
from dudo_hub.engine.counting import match_chance


@dataclass(frozen=True, slots=True)
class Outcome:
    """For one raise: my chance of losing the round now, the next player's, and of no challenge."""

    mine: float
    theirs: float
    passed: float


def tail(pmf: list[float]) -> list[float]:
    """tail[k] = P(X >= k) for k = 0..len(pmf)."""
    out = [0.0] * (len(pmf) + 1)
    for k in range(len(pmf) - 1, -1, -1):
        out[k] = out[k + 1] + pmf[k]
    return out


def at(tail_: list[float], k: int) -> float:
    """P(X >= k) from a tail."""
    return 1.0 if k <= 0 else (tail_[k] if k < len(tail_) else 0.0)


class Response:
    """Scores raises against the next player's likely answer (once per face)."""

    def __init__(self, seat: Seat, reading: Reading, nxt: str, model: Model, credit: float) -> None:
        self.seat = seat
        self.reading = reading
        self.nxt = nxt
        self.model = model
        self.credit = credit
        self._faces: dict[int, tuple[list[float], list[float]]] = {}

    def _face(self, face: int) -> tuple[list[float], list[float]]:
        if face not in self._faces:
            self._faces[face] = (self.reading.count_pmf(self.nxt, face), tail(self.reading.others_pmf(face, self.nxt)))
        return self._faces[face]

    def challenge(self, bid: Bid, m: int) -> float:
        """The chance the next player, holding `m` matching dice, challenges `bid`."""
        p = match_chance(bid.face, self.seat.wild)
        unseen = self.seat.in_play - self.seat.counts[self.nxt]
        me = self.seat.me
        earlier = self.reading.credit(self.nxt, bid.face)
        if bid.face not in self.reading.named.get(me, set()):
            earlier += min(self.credit, len(self.seat.dice))  # naming it now says as much
        looks = looks_true(bid.quantity, m + earlier, unseen, p)
        model = self.model
        return model.floor + (1 - 2 * model.floor) * _logistic((model.challenge_at - looks) / model.soft)

    def outcome(self, bid: Bid) -> Outcome:
        """My and the next player's chance of losing the round if I make `bid`."""
        nxt_pmf, rest = self._face(bid.face)
        need = bid.quantity - self.seat.matches(bid.face)
        mine = theirs = passed = 0.0
        for m, pm in enumerate(nxt_pmf):
            if pm == 0.0:
                continue
            c = self.challenge(bid, m)
            true = at(rest, need - m)
            mine += pm * c * (1 - true)
            theirs += pm * c * true
            passed += pm * (1 - c)
        return Outcome(mine, theirs, passed)
