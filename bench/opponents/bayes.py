"""A reference opponent from outside the levels: a plain Bayesian bot, loaded as `bench.opponents.bayes:BayesBot`.

    dudo tournament --seats hard,bench.opponents.bayes:BayesBot --games 2000 --seed 2026

It keeps a probability over every hand each opponent may hold (the multisets of their
dice), re-weights it by each of their bids this round (a player bids what looks likely
from their own cup) and by each time they raised rather than challenged (the standing
bid looked likely to them), then scores Dudo, Calza and every near raise by the dice it
expects to lose: a raise loses only if the next player challenges it (modelled the same
way, from my reading of their hand) and it is false. It uses only the view and the legal
list, and imports nothing from the bot levels, so it is a fair yardstick for them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, exp, factorial
from typing import Any

from dudo_hub.engine.actions import CallCalza, CallDudo, MakeBid, PlayerAction
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.counting import count_for, counting_faces, match_chance

Hand = tuple[int, ...]  # counts of faces 1..6
BID_AT = 0.45  # a bidder names bids that look at least about this likely to them
CHALLENGE_AT = 0.3  # a player challenges bids that look less likely than this to them
SOFT = 0.08
FLOOR = 0.03  # nobody is perfectly predictable
RAISE_DEPTH = 3  # quantities tried above the lowest legal one, per face
PUSH = 0.02  # among raises this close to the safest, take the highest


@lru_cache(maxsize=16)
def hands(n: int) -> tuple[tuple[Hand, float], ...]:
    """Every multiset of `n` dice with its chance."""
    out = []
    for dice in combinations_with_replacement(range(6), n):
        counts = tuple(dice.count(f) for f in range(6))
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((counts, ways / 6**n))
    return tuple(out)


@lru_cache(maxsize=256)
def tail(n: int, p: float) -> tuple[float, ...]:
    """tail[k] = P(Binomial(n, p) >= k) for k = 0..n+1."""
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    out = [0.0] * (n + 2)
    for k in range(n, -1, -1):
        out[k] = out[k + 1] + pmf[k]
    return tuple(out)


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + exp(-max(-40.0, min(40.0, x))))


def matches(hand: Hand, face: int, wild: bool) -> int:
    return sum(hand[f - 1] for f in counting_faces(face, wild))


def chance(face: int, wild: bool) -> float:
    return match_chance(face, wild)


def looks_true(hand: Hand, bid: Bid, unseen: int, wild: bool) -> float:
    """How likely `bid` looks to a player holding `hand` who does not see `unseen` dice."""
    need = bid.quantity - matches(hand, bid.face, wild)
    if need <= 0:
        return 1.0
    t = tail(unseen, chance(bid.face, wild))
    return t[need] if need < len(t) else 0.0


def challenges(hand: Hand, bid: Bid, unseen: int, wild: bool) -> float:
    """The modelled chance that a player holding `hand` challenges `bid`."""
    return FLOOR + (1 - 2 * FLOOR) * sigmoid((CHALLENGE_AT - looks_true(hand, bid, unseen, wild)) / SOFT)


def names_bid(hand: Hand, bid: Bid, unseen: int, wild: bool) -> float:
    """The modelled (relative) chance that a player holding `hand` bids `bid`."""
    return FLOOR + sigmoid((looks_true(hand, bid, unseen, wild) - BID_AT) / SOFT)


def convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


class Reading:
    """My posterior over each opponent's hand, from this round's bids and non-challenges."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me = str(view["viewer"])
        self.wild = bool(view["wild"])
        self.counts = {p["name"]: int(p["dice"]) for p in view["players"]}
        self.total = sum(self.counts.values())
        self.post: dict[str, list[tuple[Hand, float]]] = {}
        for name, n in self.counts.items():
            if n and name != self.me:
                self.post[name] = [(h, w) for h, w in hands(n)]
        previous: Bid | None = None
        for entry in view["bids"]:
            bidder, bid = str(entry["player"]), Bid(*entry["bid"])
            if bidder in self.post:
                self._weigh(bidder, bid, previous)
            previous = bid

    def _weigh(self, bidder: str, bid: Bid, previous: Bid | None) -> None:
        unseen = self.total - self.counts[bidder]
        weighed = []
        for hand, w in self.post[bidder]:
            w *= names_bid(hand, bid, unseen, self.wild)
            if previous is not None:
                w *= 1 - challenges(hand, previous, unseen, self.wild)
            weighed.append((hand, w))
        total = sum(w for _, w in weighed) or 1.0
        self.post[bidder] = [(h, w / total) for h, w in weighed]

    def count_pmf(self, name: str, face: int) -> list[float]:
        """Distribution of `name`'s dice that count for `face`."""
        pmf = [0.0] * (self.counts[name] + 1)
        for hand, w in self.post[name]:
            pmf[matches(hand, face, self.wild)] += w
        return pmf

    def others_pmf(self, face: int, leave_out: str | None = None) -> list[float]:
        """Distribution of the matching dice of every opponent but `leave_out`."""
        pmf = [1.0]
        for name in self.post:
            if name != leave_out:
                pmf = convolve(pmf, self.count_pmf(name, face))
        return pmf


def at_least(pmf: list[float], k: int) -> float:
    return 1.0 if k <= 0 else sum(pmf[k:])


class BayesBot:
    """Scores Dudo, Calza and raises by expected dice lost under a hand-by-hand reading."""

    level = "bayes"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """The option with the fewest dice expected lost."""
        scored = self._scores(view, legal)
        if not scored:
            return legal[0]
        best = min(cost for cost, _, _ in scored)
        near = [s for s in scored if s[0] <= best + 1e-9]
        return max(near, key=lambda s: s[1])[2]

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """A calza out of turn when it pays clearly."""
        calza = next((a for a in legal if isinstance(a, CallCalza)), None)
        if calza is None or not view["bids"]:
            return None
        cost = self._calza(Reading(view), view)
        return calza if cost < -0.05 else None

    def _scores(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> list[tuple[float, float, PlayerAction]]:
        """(expected dice lost, tie-break, action) for the calls and the near raises."""
        bids = [a for a in legal if isinstance(a, MakeBid)]
        if not view["my_dice"]:
            return []
        reading = self._reading(view)
        out: list[tuple[float, float, PlayerAction]] = []
        standing = view["standing"]
        for action in legal:
            if isinstance(action, CallDudo) and standing:
                out.append((self._true(reading, view, Bid(*standing["bid"])), 0.0, action))
            elif isinstance(action, CallCalza) and standing:
                out.append((self._calza(reading, view), 0.0, action))
        out += self._raises(reading, view, bids)
        return out

    def _reading(self, view: dict[str, Any]) -> Reading:
        """How this bot reads the round it scores its moves in (a subclass may tilt it)."""
        return Reading(view)

    def _mine(self, view: dict[str, Any], face: int, wild: bool) -> int:
        return count_for(view["my_dice"], face, wild)

    def _true(self, reading: Reading, view: dict[str, Any], bid: Bid) -> float:
        need = bid.quantity - self._mine(view, bid.face, reading.wild)
        return at_least(reading.others_pmf(bid.face), need)

    def _calza(self, reading: Reading, view: dict[str, Any]) -> float:
        bid = Bid(*view["standing"]["bid"])
        need = bid.quantity - self._mine(view, bid.face, reading.wild)
        pmf = reading.others_pmf(bid.face)
        exact = pmf[need] if 0 <= need < len(pmf) else 0.0
        rules = view["rules"]
        mine = len(view["my_dice"])
        gain = 1.0 if rules.get("calza_reward") == "others_lose_die" or mine < int(rules.get("max_dice", 5)) else 0.0
        return (1 - exact) - gain * exact

    def _raises(
        self, reading: Reading, view: dict[str, Any], bids: list[MakeBid]
    ) -> list[tuple[float, float, PlayerAction]]:
        lowest: dict[int, int] = {}
        for a in bids:
            lowest[a.bid.face] = min(lowest.get(a.bid.face, a.bid.quantity), a.bid.quantity)
        depth = RAISE_DEPTH + (4 if not view["bids"] else 0)
        nxt = self._next(view)
        out: list[tuple[float, float, PlayerAction]] = []
        cache: dict[int, tuple[list[float], list[tuple[int, float]]]] = {}
        for a in bids:
            face, q = a.bid.face, a.bid.quantity
            if q > lowest[face] + depth:
                continue
            if face not in cache:
                rest = reading.others_pmf(face, leave_out=nxt)
                cache[face] = (rest, [(matches(h, face, reading.wild), w) for h, w in reading.post.get(nxt, [])])
            rest, theirs = cache[face]
            need = q - self._mine(view, face, reading.wild)
            unseen = reading.total - reading.counts.get(nxt, 0)
            loss = 0.0
            for hand, w in reading.post.get(nxt, []):
                m = matches(hand, face, reading.wild)
                false = 1 - at_least(rest, need - m)
                loss += w * challenges(hand, a.bid, unseen, reading.wild) * false
            out.append((PUSH * round(loss / PUSH), q + face / 10, a))
        return out

    def _next(self, view: dict[str, Any]) -> str:
        order = [p["name"] for p in view["players"]]
        live = {p["name"] for p in view["players"] if p["dice"] > 0}
        i, step = order.index(view["viewer"]), int(view.get("direction", 1))
        for k in range(1, len(order) + 1):
            name = order[(i + step * k) % len(order)]
            if name in live:
                return name
        return str(view["viewer"])
