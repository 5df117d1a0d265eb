"""One step ahead: how likely the next player is to challenge my raise, and who then loses.

In a game of three or more, a raise costs me a die only when the next player doubts it
and it is false. The next player sees their own cup: with `m` of their dice matching,
the bid looks true to them with chance P(Binomial(their unseen, p) >= q - m). Model: they
challenge with a chance that falls smoothly as that looks likelier (a logistic around
`doubt`). Summing over `m` (from my reading of their cup) keeps the correlation between
their doubting and the bid being false: a bid they can see is false is the one they call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import exp

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.inference import Dist, _binomial, convolve, matching_faces, tail_of
from dudo_hub.engine.bots.reading import Reading, binomial_tail
from dudo_hub.engine.counting import match_chance


@dataclass(frozen=True, slots=True)
class Doubt:
    """The next player's challenge model: chance ~ 1 / (1 + exp((P(true to them) - doubt) / soft))."""

    doubt: float = 0.25
    soft: float = 0.03
    later: float = 0.0  # exposure of a raise the next player passes on (it may come back)
    credit: float = 0.25  # dice of the named face the next player assumes I hold
    credit_plain: float = 1.0  # the same when ones are not wild (liar's dice, palifico rounds)


@dataclass(frozen=True, slots=True)
class Outcome:
    """For one raise: my chance of losing the round, and the next player's."""

    mine: float
    theirs: float


class Lookahead:
    """Scores raises against the next player's likely answer (lazily, once per face)."""

    def __init__(self, seat: Seat, post: dict[str, Dist] | Reading, nxt: str, model: Doubt) -> None:
        self.seat = seat
        self.post = post
        self.nxt = nxt
        self.model = model
        self._faces: dict[int, tuple[list[float], list[float], Sequence[float]]] = {}

    def _counts(self, face: int) -> tuple[list[float], list[float]]:
        """(the next player's matching dice, everyone else's): from a hand reading or per-die beliefs."""
        if isinstance(self.post, Reading):
            return self.post.count_pmf(self.nxt, face), self.post.others_pmf(face, self.nxt)
        faces = matching_faces(face, self.seat.wild)
        nxt_pmf = [1.0]
        rest = [1.0]
        for name, dist in self.post.items():
            pmf = _binomial(self.seat.counts[name], sum(dist[f - 1] for f in faces))
            if name == self.nxt:
                nxt_pmf = pmf
            else:
                rest = convolve(rest, pmf)
        return nxt_pmf, rest

    def _face(self, face: int) -> tuple[list[float], list[float], Sequence[float]]:
        if face not in self._faces:
            nxt_pmf, rest = self._counts(face)
            p = match_chance(face, self.seat.wild)
            their_view = binomial_tail(self.seat.in_play - self.seat.counts.get(self.nxt, 0), p)
            self._faces[face] = (nxt_pmf, tail_of(rest), their_view)
        return self._faces[face]

    def _looks_true(self, their_view: Sequence[float], k: int) -> float:
        credit = self.model.credit if self.seat.wild else self.model.credit_plain
        whole = int(credit)

        def tail(j: int) -> float:
            return 1.0 if j <= 0 else (their_view[j] if j < len(their_view) else 0.0)

        frac = credit - whole
        return (1 - frac) * tail(k - whole) + frac * tail(k - whole - 1)

    def outcome(self, bid: Bid) -> Outcome:
        """My and the next player's chance of losing if I make `bid`."""
        nxt_pmf, rest_tail, their_view = self._face(bid.face)
        need = bid.quantity - self.seat.matches(bid.face)
        model = self.model
        mine = theirs = 0.0
        for m, pm in enumerate(nxt_pmf):
            if pm == 0.0:
                continue
            looks_true = self._looks_true(their_view, bid.quantity - m)
            x = (looks_true - model.doubt) / model.soft
            challenge = 0.0 if x > 30 else 1.0 / (1.0 + exp(x))
            r = need - m
            true = 1.0 if r <= 0 else (rest_tail[r] if r < len(rest_tail) else 0.0)
            mine += pm * (challenge + model.later * (1 - challenge)) * (1 - true)
            theirs += pm * challenge * true
        return Outcome(mine, theirs)
