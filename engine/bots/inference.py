"""Reading opponents' cups from their bids: a Bayesian update per die, then exact counts.

Model: a bidder is more likely to name a face the more of their dice match it, with
likelihood proportional to exp(beta * matching dice). That likelihood factorises over
dice, so the posterior keeps every die independent: each opponent's die gets a face
distribution, tilted by exp(beta) towards the faces their bids named (and towards
ones, which match every face when wild). The table count of a face is then a sum of
binomials (one per opponent), computed exactly by convolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import exp

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.counting import counting_faces

FACES = (1, 2, 3, 4, 5, 6)
Dist = tuple[float, ...]  # index 0..5 for faces 1..6
UNIFORM: Dist = (1 / 6,) * 6


@dataclass(frozen=True, slots=True)
class Evidence:
    """How strongly a bid moves the bidder's dice: a new face says more than a raise of the same."""

    new_face: float = 0.6
    same_face: float = 0.25


def matching_faces(face: int, wild: bool) -> tuple[int, ...]:
    """The die faces that count for a bid on `face`."""
    return counting_faces(face, wild)


def _tilt(dist: Dist, faces: tuple[int, ...], beta: float) -> Dist:
    weight = exp(beta)
    raw = [p * weight if i + 1 in faces else p for i, p in enumerate(dist)]
    total = sum(raw)
    return tuple(p / total for p in raw)


def beliefs(seat: Seat, evidence: Evidence) -> dict[str, Dist]:
    """Each opponent's per-die face distribution after this round's bids.

    Repeated bids of one player on one face are not independent evidence: each
    (player, face) pair tilts once, by the strongest of its bids.
    """
    strength: dict[tuple[str, int], float] = {}
    previous: Bid | None = None
    for bidder, bid in seat.bids:
        beta = evidence.same_face if previous and previous.face == bid.face else evidence.new_face
        key = (bidder, bid.face)
        strength[key] = max(beta, strength.get(key, 0.0))
        previous = bid
    post = {name: UNIFORM for name, n in seat.counts.items() if n > 0 and name != seat.me}
    for (bidder, face), beta in strength.items():
        if bidder in post:
            post[bidder] = _tilt(post[bidder], matching_faces(face, seat.wild), beta)
    return post


def _binomial(n: int, p: float) -> list[float]:
    pmf = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(pmf) + 1)
        for k, v in enumerate(pmf):
            nxt[k] += v * (1 - p)
            nxt[k + 1] += v * p
        pmf = nxt
    return pmf


def tail_of(pmf: list[float]) -> list[float]:
    """tail[k] = P(count >= k), k = 0..len(pmf)."""
    tail = [0.0] * (len(pmf) + 1)
    for k in range(len(pmf) - 1, -1, -1):
        tail[k] = tail[k + 1] + pmf[k]
    return tail


def convolve(a: list[float], b: list[float]) -> list[float]:
    """The distribution of the sum of two independent counts."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def count_pmf(seat: Seat, post: dict[str, Dist], face: int) -> list[float]:
    """Distribution of the number of unseen dice that count for `face`."""
    faces = matching_faces(face, seat.wild)
    pmf = [1.0]
    for name, dist in post.items():
        p = sum(dist[f - 1] for f in faces)
        pmf = convolve(pmf, _binomial(seat.counts[name], p))
    return pmf


class Table:
    """Tail and point chances per face for one decision (computed lazily, once per face)."""

    def __init__(self, seat: Seat, post: dict[str, Dist]) -> None:
        self.seat = seat
        self.post = post
        self._tails: dict[int, tuple[list[float], list[float]]] = {}

    def others_pmf(self, face: int) -> list[float]:
        """Distribution of the number of the others' dice that count for `face`."""
        return count_pmf(self.seat, self.post, face)

    def _face(self, face: int) -> tuple[list[float], list[float]]:
        if face not in self._tails:
            pmf = self.others_pmf(face)
            self._tails[face] = (pmf, tail_of(pmf))
        return self._tails[face]

    def at_least(self, bid: Bid) -> float:
        """Chance the bid is true."""
        need = bid.quantity - self.seat.matches(bid.face)
        pmf, tail = self._face(bid.face)
        return 1.0 if need <= 0 else (tail[need] if need < len(tail) else 0.0)

    def exactly(self, bid: Bid) -> float:
        """Chance the count is exactly the bid."""
        need = bid.quantity - self.seat.matches(bid.face)
        pmf, _ = self._face(bid.face)
        return pmf[need] if 0 <= need < len(pmf) else 0.0

