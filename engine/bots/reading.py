"""Reading opponents as hands: a posterior over every cup each opponent may hold.

Prior: each cup (a multiset of the player's dice) with its multinomial chance. Each bid
re-weights the bidder's cups by how likely that bid is from that cup; each raise made
instead of a challenge re-weights them by how unlikely a challenge was. Both depend on
how true the bid looks *to the bidder* (their own matching dice plus a binomial for the
dice they cannot see), so the rules enter through what counts: wild ones or not (the
view's `wild`: palifico, liar's dice), and the face lock (a locked bid only tells the
quantity). The per-face count of an opponent's matching dice is then exact from the cups;
the table's count is their convolution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, exp

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.inference import Table, convolve, tail_of
from dudo_hub.engine.counting import counting_faces, cups_of, match_chance
from dudo_hub.engine.ordering import raise_spans  # the engine's raise ordering, by standing bid

Pmf = list[float]


@dataclass(frozen=True, slots=True)
class Model:
    """How a player is assumed to bid and challenge, by how true a bid looks to them."""

    bid_at: float = 0.5  # bids are made where they look at least about this likely
    challenge_at: float = 0.3  # bids that look less likely than this get challenged
    soft: float = 0.1
    floor: float = 0.02  # nobody is perfectly predictable
    locked: float = 0.5  # how much a face-locked bid (palifico) is taken at face value
    credit: float = 1.0  # dice a player credits each other player with for a face that player named
    choice: float = 6.0  # > 0: a bid is chosen among the bidder's alternatives, with weight exp(choice * looks)
    mix: float = 0.5  # with `choice`: also weigh by the absolute model to this power


@lru_cache(maxsize=8)
def cups(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """(face counts of every cup of `n` dice, their prior chances)."""
    every = cups_of(n)
    return tuple(tuple(cup.count(f) for f in range(1, 7)) for cup, _ in every), tuple(p for _, p in every)


@lru_cache(maxsize=64)
def cup_matches(n: int, face: int, wild: bool) -> tuple[int, ...]:
    """For every cup of `n` dice, how many of its dice count for `face`."""
    faces = counting_faces(face, wild)
    return tuple(sum(c[f - 1] for f in faces) for c in cups(n)[0])


@lru_cache(maxsize=64)
def cup_groups(n: int, face: int, wild: bool) -> tuple[tuple[int, ...], ...]:
    """The cups of `n` dice (by index) grouped by how many of their dice count for `face`."""
    matches = cup_matches(n, face, wild)
    return tuple(tuple(i for i, m in enumerate(matches) if m == k) for k in range(n + 1))


@lru_cache(maxsize=512)
def binomial_tail(n: int, p: float) -> tuple[float, ...]:
    """tail[k] = P(Binomial(n, p) >= k), k = 0..n+1."""
    return tuple(tail_of([comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]))


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + exp(-max(-40.0, min(40.0, x))))


@lru_cache(maxsize=4096)
def _looks(need: int, unseen: int, p: float) -> float:
    if need <= 0:
        return 1.0
    return binomial_tail(unseen, p)[need] if need <= unseen else 0.0


def looks_true(quantity: int, mine: float, unseen: int, p: float) -> float:
    """How likely a bid of `quantity` looks to a player with `mine` matching dice (a fractional
    part credited to others, interpolated) and `unseen` others."""
    whole = int(mine)
    frac = mine - whole
    low = _looks(quantity - whole, unseen, p)
    return low if frac == 0 else (1 - frac) * low + frac * _looks(quantity - whole - 1, unseen, p)


def credited(named: dict[str, set[int]], face: int, viewer: str, counts: dict[str, int], credit: float) -> float:
    """Dice `viewer` assumes the others hold of `face`: `credit` for each other player who named it."""
    return sum(min(credit, counts[p]) for p, faces in named.items() if p != viewer and face in faces)


def _p(face: int, wild: bool) -> float:
    return match_chance(face, wild)


@lru_cache(maxsize=1024)  # a round needs one entry per bid and opponent; each holds up to 252 floats
def _said(
    model: Model, n: int, unseen: int, wild: bool, lock: bool, bid: Bid,
    options: tuple[tuple[int, int], ...], credits: tuple[float, ...],
) -> tuple[float, ...]:
    """Per cup of the bidder: how likely they name this bid from it.

    Absolute part: the bid looks at least `bid_at` likely to them (a locked palifico raise only
    `locked` as much). Choice part (`options` given): the bid is their pick among `options`
    with weight exp(choice * how likely each looks). Each player credits the others
    `credits[face - 1]` dice of a face.
    """
    trust = model.locked if lock else 1.0

    def looks(q: int, f: int, m: int) -> float:
        return looks_true(q, m + credits[f - 1], unseen, _p(f, wild))

    like = [
        model.floor + trust * _logistic((looks(bid.quantity, bid.face, m) - model.bid_at) / model.soft) + (1 - trust)
        for m in range(n + 1)
    ]
    factors = [like[m] for m in cup_matches(n, bid.face, wild)]
    if options:
        by_face: dict[int, list[float]] = {}
        for q, f in {*options, (bid.quantity, bid.face)}:
            row = [exp(model.choice * looks(q, f, m)) for m in range(n + 1)]
            by_face[f] = [a + b for a, b in zip(by_face[f], row, strict=True)] if f in by_face else row
        columns = [[w[m] for m in cup_matches(n, f, wild)] for f, w in by_face.items()]
        totals = [sum(ws) for ws in zip(*columns, strict=True)]
        mine = [exp(model.choice * looks(bid.quantity, bid.face, m)) for m in range(n + 1)]
        mix = model.mix
        factors = [
            (model.floor + mine[m] / t) * a**mix
            for m, t, a in zip(cup_matches(n, bid.face, wild), totals, factors, strict=True)
        ]
    return tuple(factors)


@lru_cache(maxsize=1024)
def _stay(
    model: Model, n: int, unseen: int, wild: bool, previous: Bid, credits: tuple[float, ...]
) -> tuple[float, ...]:
    """Per cup of the bidder: how likely they let `previous` stand (raised rather than challenged)."""
    looks = [looks_true(previous.quantity, m + credits[previous.face - 1], unseen, _p(previous.face, wild))
             for m in range(n + 1)]
    stay = [
        1 - model.floor - (1 - 2 * model.floor) * _logistic((model.challenge_at - looks[m]) / model.soft)
        for m in range(n + 1)
    ]
    return tuple(stay[m] for m in cup_matches(n, previous.face, wild))


@lru_cache(maxsize=1024)
def _tempered(said: tuple[float, ...], trust: float) -> tuple[float, ...]:
    """A bid's likelihoods taken to the power `trust`."""
    return tuple(f**trust for f in said)


class Reading:
    """My posterior over each live opponent's cup, from this round's bids.

    `trust` (by player: for the round's opening bid, for their raises; default 1) tempers what
    their bids say: the bid's likelihood is taken to that power (0: their bids say nothing,
    negative: they name what they lack), as learned from their reveals (`opponents.Book`);
    letting a bid stand is read in full.
    """

    def __init__(self, seat: Seat, model: Model, trust: Mapping[str, tuple[float, float]] | None = None) -> None:
        self.seat = seat
        self.model = model
        self.trust = trust or {}
        self.weights: dict[str, list[float]] = {
            name: list(cups(n)[1]) for name, n in seat.counts.items() if n > 0 and name != seat.me
        }
        self._pmfs: dict[tuple[str, int], Pmf] = {}
        self.named: dict[str, set[int]] = {}
        previous: Bid | None = None
        for bidder, bid in seat.bids:
            if bidder in self.weights:
                self._weigh(bidder, bid, previous)
            self.named.setdefault(bidder, set()).add(bid.face)
            previous = bid

    def credit(self, viewer: str, face: int) -> float:
        """Dice of `face` that `viewer` credits the other bidders with, from the bids so far."""
        return credited(self.named, face, viewer, self.seat.counts, self.model.credit)

    def alternatives(self, previous: Bid | None) -> tuple[tuple[int, int], ...]:
        """The lowest legal raise of each face after `previous` (the opening when None), as (quantity, face)."""
        rules, top = self.seat.rules, self.seat.in_play
        if previous is None:
            opening_any = self.seat.palifico or not rules.get("wild_ones", True)
            spans = raise_spans(0, 0, top, "opening_any" if opening_any else "opening")
        else:
            if self.seat.palifico and rules.get("palifico_face_change") != "one_die_players":
                order = "locked"
            elif self.seat.wild and rules.get("paco_conversion") == "half_up":
                order = "converting"
            else:
                order = "plain"
            if rules.get("raise_rule") == "one_change":
                order += "_one_change"
            spans = raise_spans(previous.quantity, previous.face, top, order)
        return tuple((low, face) for face, (low, _) in sorted(spans.items()))

    def factors(
        self, bidder: str, bid: Bid, previous: Bid | None
    ) -> tuple[tuple[float, ...], tuple[float, ...] | None]:
        """Per cup of `bidder`: (how likely they name `bid`, how likely they let `previous` stand)."""
        n = self.seat.counts[bidder]
        lock = self.seat.palifico and previous is not None and previous.face == bid.face
        options = self.alternatives(previous) if self.model.choice > 0 and not lock else ()
        credits = tuple(self.credit(bidder, face) for face in range(1, 7))
        unseen = self.seat.in_play - n
        said = _said(self.model, n, unseen, self.seat.wild, lock, bid, options, credits)
        stay = None if previous is None else _stay(self.model, n, unseen, self.seat.wild, previous, credits)
        return said, stay

    def _weigh(self, bidder: str, bid: Bid, previous: Bid | None) -> None:
        """Re-weight `bidder`'s cups by their bid (tempered by their trust) and by their not challenging `previous`."""
        said, stay = self.factors(bidder, bid, previous)
        t = self.trust.get(bidder, (1.0, 1.0))[0 if previous is None else 1]
        factors: Sequence[float] = said if t == 1.0 else _tempered(said, round(t, 3))
        if stay is not None:
            factors = [a * b for a, b in zip(factors, stay, strict=True)]
        weights = [w * f for w, f in zip(self.weights[bidder], factors, strict=True)]
        total = sum(weights) or 1.0
        self.weights[bidder] = [w / total for w in weights]

    def count_pmf(self, name: str, face: int) -> Pmf:
        """Distribution of `name`'s dice that count for `face`."""
        key = (name, face)
        if key not in self._pmfs:
            weights = self.weights[name]
            groups = cup_groups(self.seat.counts[name], face, self.seat.wild)
            self._pmfs[key] = [sum(map(weights.__getitem__, group)) for group in groups]
        return self._pmfs[key]

    def others_pmf(self, face: int, leave_out: str | None = None) -> Pmf:
        """Distribution of the matching dice of every opponent except `leave_out`."""
        pmf = [1.0]
        for name in self.weights:
            if name != leave_out:
                pmf = convolve(pmf, self.count_pmf(name, face))
        return pmf


class ReadTable(Table):
    """Chances of bids from my cup plus the reading: `inference.Table` with the others' count
    taken from the reading of their hands."""

    def __init__(self, seat: Seat, reading: Reading) -> None:
        super().__init__(seat, {})
        self.reading = reading

    def others_pmf(self, face: int) -> list[float]:
        """Distribution of the number of the others' dice that count for `face`, from the reading."""
        return self.reading.others_pmf(face)
