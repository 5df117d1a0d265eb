"""What each opponent's bids have been worth, learned from the reveals: hard's memory of a room.

A `Book` watches the views its bot is shown. When a round it saw is revealed, every
opponent's bids that round are scored against the cup they really held: for each pair of
trusts (one for the round's opening bid, one for raises) on a grid, how likely that cup
was under my reading with their bids' likelihoods taken to that power
(`reading.Reading`; 1 = the bids mean what the model says, 0 = they say nothing, below 0
= they name what they lack). The trust I give a player, by position, is the mean of the
grid weighed by a population prior times those likelihoods, so it starts guarded and
follows what that player's reveals have earned. It also keeps, per player and by
position, how often a face they named was really in their cup.

A `Book` lives as long as its bot: one room in the hub (its `BotDriver` keeps the bot
from game to game), one seat's evening in a tournament (`remember`). It is pure: views
in, numbers out, nothing written anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import exp, log
from typing import Any

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.bots.base import Seat
from dudo_hub.engine.bots.reading import Model, Reading, cups

GRID = (-0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0)
PRIOR = (0.03, 0.05, 0.10, 0.15, 0.20, 0.22, 0.25)  # the population's trust before any reveal (mean 0.53)


@lru_cache(maxsize=16)
def cup_index(n: int) -> dict[tuple[int, ...], int]:
    """Face counts of a cup of `n` dice -> its index in `reading.cups(n)`."""
    return {c: i for i, c in enumerate(cups(n)[0])}


@dataclass(slots=True)
class Record:
    """One player's reveals: the log-likelihood of their cups at each trust, and named-face hits."""

    score: list[list[float]] = field(default_factory=lambda: [[0.0] * len(GRID) for _ in GRID])  # [open][raise]
    rounds: int = 0
    named: dict[str, int] = field(default_factory=lambda: {"open": 0, "raise": 0})
    held: dict[str, int] = field(default_factory=lambda: {"open": 0, "raise": 0})

    def trust(self, prior: tuple[float, ...] = PRIOR) -> tuple[float, float]:
        """The posterior mean trust (for the opening bid, for raises)."""
        logs = [[log(p) + log(q) + s for q, s in zip(prior, row, strict=True)]
                for p, row in zip(prior, self.score, strict=True)]
        top = max(max(row) for row in logs)
        weights = [[exp(v - top) for v in row] for row in logs]
        total = sum(map(sum, weights))
        opening = sum(t * sum(row) for t, row in zip(GRID, weights, strict=True)) / total
        raising = sum(t * w for row in weights for t, w in zip(GRID, row, strict=True)) / total
        return opening, raising

    def hit_rate(self, position: str) -> float | None:
        """How often a face this player named (`open` or `raise`) was in their cup; None before any."""
        return self.held[position] / self.named[position] if self.named[position] else None


class Book:
    """Per opponent (by player name), what their bids are worth; fed with every view my bot sees."""

    def __init__(self, model: Model | None = None, prior: tuple[float, ...] = PRIOR) -> None:
        self.model = model or Model()
        self.prior = prior
        self.players: dict[str, Record] = {}
        self._seen: tuple[int, Seat] | None = None

    def trust(self, names: Iterable[str]) -> dict[str, tuple[float, float]]:
        """Trust of each of `names`, for `reading.Reading` (a player never revealed: the prior's mean).

        A book that has never been shown a reveal trusts everyone fully (the model's own reading):
        where nobody shows the bot the reveals, it plays as it did before it could learn.
        """
        if not self.players:
            return {}
        fresh = Record().trust(self.prior)
        return {name: self.players[name].trust(self.prior) if name in self.players else fresh for name in names}

    def observe(self, view: dict[str, Any]) -> None:
        """Note the round I am in; score it when a view shows its reveal (the tournament, and
        the hub's bot driver, show every bot the table right after each reveal)."""
        round_no = int(view.get("round", 0))
        if self._seen is not None and round_no < self._seen[0]:
            self._seen = None  # a new game
        reveal = view.get("reveal")
        if reveal and self._seen is not None and reveal["round"] == self._seen[0]:
            seat = self._seen[1]
            bids = tuple((str(b["player"]), Bid(*b["bid"])) for b in view.get("bids", ()))
            self._learn(replace(seat, bids=bids or seat.bids), reveal)
            self._seen = None
        elif view.get("phase") == "bidding" and view.get("my_dice"):
            self._seen = (round_no, Seat.read(view))

    def _learn(self, seat: Seat, reveal: dict[str, Any]) -> None:
        bids = list(seat.bids)
        last = (str(reveal["bidder"]), Bid(*reveal["bid"]))
        if not bids or bids[-1] != last:
            bids.append(last)
        seat = replace(seat, bids=tuple(bids))
        reading = Reading(replace(seat, bids=()), self.model)
        said: dict[str, list[list[float]]] = {}  # per bidder: [the opening's logs, the raises' logs]
        stay: dict[str, list[float]] = {}
        previous: Bid | None = None
        for i, (bidder, bid) in enumerate(seat.bids):
            cup = reveal["dice"].get(bidder)
            if bidder in reading.weights and cup and len(cup) == seat.counts[bidder]:
                one, other = reading.factors(bidder, bid, previous)
                _add_logs(said.setdefault(bidder, [[0.0] * len(one), [0.0] * len(one)])[i > 0], one)
                if other is not None:
                    _add_logs(stay.setdefault(bidder, [0.0] * len(one)), other)
                record = self.players.setdefault(bidder, Record())
                position = "open" if i == 0 else "raise"
                record.named[position] += 1
                record.held[position] += bid.face in cup
            reading.named.setdefault(bidder, set()).add(bid.face)
            previous = bid
        for bidder, (opening, raising) in said.items():
            cup = reveal["dice"][bidder]
            n = len(cup)
            actual = cup_index(n)[tuple(cup.count(f) for f in range(1, 7))]
            base = [log(p) + s for p, s in zip(cups(n)[1], stay.get(bidder, [0.0] * len(opening)), strict=True)]
            record = self.players[bidder]
            record.rounds += 1
            for i, t in enumerate(GRID):
                row = [b + t * v for b, v in zip(base, opening, strict=True)] if any(opening) else base
                for j, u in enumerate(GRID):
                    record.score[i][j] += _log_share(row, raising, u, actual)


def _add_logs(into: list[float], factors: tuple[float, ...]) -> None:
    for i, f in enumerate(factors):
        into[i] += log(f)


def _log_share(base: list[float], logs: list[float], t: float, actual: int) -> float:
    """log of the posterior chance of cup `actual` when the bids' log-likelihoods count `t` times."""
    values = [b + t * v for b, v in zip(base, logs, strict=True)] if any(logs) else base
    top = max(values)
    return values[actual] - top - log(sum(exp(v - top) for v in values))
