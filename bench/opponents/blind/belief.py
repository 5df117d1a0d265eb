"""Beliefs about the hidden cups: one posterior per opponent, and the table count it implies.

Every opponent's cup starts from the uniform prior over all cups of its size. Each bid that
opponent made this round re-weights it twice:

* by the face: a bidder tends to bid faces it holds, so a cup is weighted by how much of
  the bid face it holds, relative to how much of every face it holds;
* by raising rather than challenging: the bidder let the bid before stand, so a cup is
  weighted by the chance that bid was true as the bidder saw it (its own cup plus every
  other die as an unknown die).

Opponents are then taken as independent of one another; their count distributions are
convolved with the viewer's own (known) count to give the chance of any bid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from math import comb
from typing import Any

from dudo_hub.engine.bids import FACES, Bid
from dudo_hub.engine.counting import count_for, cups_of, match_chance

CupRow = tuple[float, tuple[int, ...]]
"""(prior chance of the cup, its count for each face, indexed by face; index 0 unused)."""


@lru_cache(maxsize=64)
def cup_table(n: int, wild: bool) -> tuple[CupRow, ...]:
    """Every cup of `n` dice with its prior chance and its count for each face 1..6."""
    return tuple((chance, (0, *(count_for(cup, face, wild) for face in FACES))) for cup, chance in cups_of(n))


@lru_cache(maxsize=8192)
def tail(n: int, p: float, k: int) -> float:
    """P(Binomial(n, p) >= k): the chance that at least `k` of `n` unknown dice match."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(comb(n, i) * p**i * (1.0 - p) ** (n - i) for i in range(k, n + 1))


def dice_count(player: Mapping[str, Any]) -> int:
    """How many dice a player of the view holds (the view may give a count or a cup)."""
    dice = player.get("dice", 0)
    return len(dice) if isinstance(dice, (list, tuple)) else int(dice or 0)


def _convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


class TableBelief:
    """What the viewer believes about this round's table, read from one view."""

    def __init__(self, view: Mapping[str, Any], face_weight: float = 1.0, raise_floor: float = 0.2) -> None:
        self.wild: bool = bool(view.get("wild"))
        self.my_dice: list[int] = list(view.get("my_dice") or [])
        me = view.get("viewer")
        self.sizes: dict[str, int] = {
            p["name"]: dice_count(p)
            for p in view.get("players", [])
            if p.get("name") != me and not p.get("out") and dice_count(p) > 0
        }
        self.total: int = int(view.get("dice_in_play") or (sum(self.sizes.values()) + len(self.my_dice)))
        self.weights: dict[str, list[float]] = {
            name: [chance for chance, _ in cup_table(n, self.wild)] for name, n in self.sizes.items()
        }
        self._face_weight = face_weight
        self._raise_floor = raise_floor
        self._dists: dict[int, list[float]] = {}
        self._read_bids(list(view.get("bids") or []), locked=bool(view.get("palifico")))

    # -- the posterior ---------------------------------------------------------------------

    def _read_bids(self, bids: list[Mapping[str, Any]], locked: bool) -> None:
        """Re-weight each opponent's cups by the bids it made this round."""
        for i, entry in enumerate(bids):
            name = entry.get("player")
            if name not in self.weights:
                continue
            _, face = entry["bid"]
            table = cup_table(self.sizes[name], self.wild)
            weights = self.weights[name]
            if not (locked and i > 0):  # after a palifico opening the face is forced: no news
                for j, (_, counts) in enumerate(table):
                    held = sum(self._face_weight + counts[g] for g in FACES)
                    weights[j] *= (self._face_weight + counts[face]) / held
            if i > 0 and bids[i - 1].get("player") != name:
                before_q, before_f = bids[i - 1]["bid"]
                p = match_chance(before_f, self.wild)
                unknown = self.total - self.sizes[name]
                floor = self._raise_floor
                for j, (_, counts) in enumerate(table):
                    weights[j] *= floor + (1.0 - floor) * tail(unknown, p, before_q - counts[before_f])
            norm = sum(weights)
            if norm > 0:
                self.weights[name] = [w / norm for w in weights]
            else:  # the model ruled out every cup: fall back to the prior
                self.weights[name] = [chance for chance, _ in table]

    # -- what the posterior says about bids ------------------------------------------------

    def others_dist(self, face: int) -> list[float]:
        """The distribution of how many opponents' dice count for `face`."""
        if face not in self._dists:
            dist = [1.0]
            for name, weights in self.weights.items():
                own = [0.0] * (self.sizes[name] + 1)
                for w, (_, counts) in zip(weights, cup_table(self.sizes[name], self.wild), strict=True):
                    own[counts[face]] += w
                dist = _convolve(dist, own)
            self._dists[face] = dist
        return self._dists[face]

    def mine(self, face: int) -> int:
        """How many of my own dice count for `face` this round."""
        return count_for(self.my_dice, face, self.wild)

    def p_true(self, bid: Bid) -> float:
        """The chance that at least `bid.quantity` dice on the table count for `bid.face`."""
        need = bid.quantity - self.mine(bid.face)
        dist = self.others_dist(bid.face)
        return min(1.0, sum(dist[max(need, 0) :])) if need < len(dist) else 0.0

    def p_exact(self, bid: Bid) -> float:
        """The chance that exactly `bid.quantity` dice count for `bid.face` (a calza)."""
        need = bid.quantity - self.mine(bid.face)
        dist = self.others_dist(bid.face)
        return dist[need] if 0 <= need < len(dist) else 0.0

    def p_blind(self, bid: Bid) -> float:
        """The chance of `bid` as someone who sees no dice at all would rate it."""
        return tail(self.total, match_chance(bid.face, self.wild), bid.quantity)
