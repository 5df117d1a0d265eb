"""The hard bot: reads opponents' cups from their bids, weighs every option, mixes its play.

Four regimes, by what the table has become:
- Solved endgames (`endgame.py`): heads-up with few dice in a preset's own rules, it draws
  its move from the equilibrium strategy solved offline (so its bids give nothing away).
- Heads-up elsewhere, in a preset's own rules: the equilibrium computed offline on an
  imperfect-recall abstraction of the round (`headsup/`, every pair of dice counts).
- Heads-up otherwise (other rules, or off the computed graph): a posterior over the
  opponent's cup as whole hands (`reading.py`), re-weighted by their bids and
  non-challenges; every option scored by my chance of losing the round less theirs, each
  weighed by what a loss risks (a die, or the revolver's shot); a raise by the opponent's
  modelled answer (`response.py`); near-equal raises drawn by softmax, so that openings
  and raises are mixed.
- 3+ players: each option by its expected cost: my chance of losing the round, less a small
  share (`spite`) of the chance that the other party loses instead, from `inference.Table`
  (a per-die Bayesian reading of each opponent's bids); a false raise costs only if the
  next player challenges it (`lookahead.Lookahead`); a calza pays what the rules reward
  (`base.calza_gain`: a die, a bullet out, or everyone else's die).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import exp
from typing import Any

from dudo_hub.engine.actions import ChooseDirection, MakeBid, PlayerAction
from dudo_hub.engine.bids import PACOS, Bid
from dudo_hub.engine.bots.base import BaseBot, Options, Seat, calza_gain, fallback
from dudo_hub.engine.bots.endgame import Policy, solved_policy
from dudo_hub.engine.bots.headsup.play import headsup_policy
from dudo_hub.engine.bots.inference import Dist, Evidence, Table, beliefs
from dudo_hub.engine.bots.lookahead import Doubt, Lookahead
from dudo_hub.engine.bots.opponents import Book
from dudo_hub.engine.bots.reading import Model, Reading, ReadTable
from dudo_hub.engine.bots.response import Response


@dataclass(frozen=True, slots=True)
class HardParams:
    """The tuned knobs (docs/BOTS.md has the sweeps behind these values)."""

    evidence: Evidence = field(default_factory=Evidence)  # for "at least" (dudo, raises)
    calza_evidence: Evidence = field(default_factory=lambda: Evidence(1.2, 0.5))  # sharper, for exact counts
    exposure: float = 0.5  # chance a raise gets challenged rather than raised over, 3+ players
    exposure_heads_up: float = 0.7
    spite: float = 0.1  # worth of the bidder's (or next player's) loss to me, 3+ players
    extra_steps: int = 2  # quantities tried above the lowest legal one, per face
    open_confidence: float = 0.6
    bluff_rate: float = 0.03
    bluff_slack: float = 0.05  # a bluff may cost this much more than the best raise
    jump_in: float = 0.93  # out-of-turn raises only with bids at least this likely
    calza_margin: float = 0.02  # an out-of-turn calza must pay at least this much
    doubt: Doubt | None = field(default_factory=Doubt)  # the next player's answer, 3+ players
    open_ahead: bool = False  # score opening bids with the lookahead too
    ahead_heads_up: Doubt | None = None  # the lookahead heads-up (else the fixed exposure)
    endgames: bool = True  # play the solved heads-up endgames (engine/bots/endgame.py) where they apply
    headsup: bool = True  # elsewhere heads-up, play the computed equilibrium (engine/bots/headsup/) where it applies
    headsup_most: int = 4  # ... in rounds with at most this many dice in play (docs/BOTS.md: where it pays)
    headsup_liars: float = -1.0  # ... and in larger ones against an opponent whose openings I trust below this (off)
    hands_heads_up: bool = True  # heads-up: read the opponent's cup as hands (reading.py) and their answer
    read: Model = field(default_factory=Model)  # how opponents' bids are read
    answer: Model = field(default_factory=lambda: Model(challenge_at=0.4, soft=0.2))  # how they answer mine
    hands_full_table: bool = True  # 3+ players: chances from the hand reading too (else per-die beliefs)
    hu_spite: float = 1.0  # heads-up, the opponent's loss is my gain
    hu_later: float = 0.0  # cost of a raise that is not challenged (the round goes on)
    hu_credit: float = 0.5  # dice of my face the opponent credits me with
    hu_temperature: float = 0.01  # openings and raises drawn by softmax over cost at this temperature
    hu_steps: int = 3  # quantities tried above the lowest legal one, per face
    hu_bluff: float = 0.7  # heads-up: this often, raise on a face drawn at random (not from my cup)
    hu_bluff_slack: float = 0.3  # ... when such a raise costs at most this much more (times what I risk) than my best
    hu_call_temperature: float = 0.02  # > 0: calls join the softmax draw (mixed Dudo / Calza thresholds)
    learn: bool = True  # temper each opponent's bids by the trust their reveals earned (opponents.Book)
    trust_ref: float = 0.5  # learned trust at or above this reads bids in full (honest bots earn 0.5-1.0)


def _risk(seat: Seat, name: str) -> float:
    """What losing a round costs `name`: a die, or with the revolver the chance the shot kills."""
    return (seat.bullets[name] + 1) / 6 if seat.revolver else 1.0


class HardBot(BaseBot):
    """Scores every option by expected dice lost and takes the cheapest."""

    level = "hard"

    def __init__(self, rng: random.Random, params: HardParams | None = None) -> None:
        self.rng = rng
        self.params = params or HardParams()
        self.book = Book(self.params.read)

    def remember(self, memory: dict[str, Any]) -> None:
        """Keep my opponent book in `memory` (a tournament hands the same dict every game of an evening)."""
        self.book = memory.setdefault("hard.book", self.book)

    def observe(self, view: dict[str, Any]) -> None:
        """Shown the table after a reveal: my book learns what each opponent's bids were worth."""
        self.book.observe(view)

    def _seat(self, view: dict[str, Any]) -> Seat:
        """The seat, after showing the view to my book (it learns from reveals)."""
        self.book.observe(view)
        return Seat.read(view)

    def _reading(self, seat: Seat) -> Reading:
        """My reading of the round, each opponent's bids tempered by the trust they earned (relative to `trust_ref`)."""
        trust = None
        if self.params.learn:
            ref = self.params.trust_ref
            learned = self.book.trust(seat.counts).items()
            trust = {name: (min(1.0, a / ref), min(1.0, b / ref)) for name, (a, b) in learned}
        return Reading(seat, self.params.read, trust)

    def choose(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction:
        """One action out of `legal`."""
        opts = Options.of(legal)
        seat = self._seat(view)
        if opts.directions and not opts.bids and opts.dudo is None:
            return self._direction(seat, opts.directions)
        policy = solved_policy(view, legal) if self.params.endgames else None
        if not policy and self.params.headsup and self.computed_here(view, seat):
            policy = headsup_policy(view, legal)
        if policy:
            return self._sample(policy)
        if seat.live == 2 and self.params.hands_heads_up and seat.dice:
            return self._heads_up(seat, opts) or fallback(legal)
        table, post = self._table(seat)
        model = self.params.doubt if seat.live > 2 else self.params.ahead_heads_up
        ahead = None if model is None else Lookahead(seat, post, seat.after(seat.me), model)
        if seat.standing is None:
            if ahead is not None and self.params.open_ahead:
                raises = self._raises(seat, table, opts, ahead, opening=True)
                return self._pick_raise(raises)[1] if raises else fallback(legal)
            return self._open(seat, table, opts) or fallback(legal)
        choices = self._calls(seat, table, opts)
        raises = self._raises(seat, table, opts, ahead)
        if raises:
            choices.append(self._pick_raise(raises))
        if not choices:
            return fallback(legal)
        return min(choices, key=lambda c: c[0])[1]

    def computed_here(self, view: dict[str, Any], seat: Seat) -> bool:
        """Whether the computed heads-up strategy plays this round (small enough, or a liar across the table)."""
        if view["dice_in_play"] <= self.params.headsup_most:
            return True
        trust = self.book.trust([n for n in seat.counts if n != seat.me])
        return any(opening < self.params.headsup_liars for opening, _ in trust.values())

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """A calza that pays, or (French raises) a near-certain raise; else None."""
        opts = Options.of(legal)
        seat = self._seat(view)
        if seat.standing is None:
            return None
        table = self._table(seat)[0]
        if opts.calza is not None and self._calza_cost(seat, table) < -self.params.calza_margin:
            return opts.calza
        sure = [a for a in opts.lowest_per_face().values() if table.at_least(a.bid) >= self.params.jump_in]
        return max(sure, key=lambda a: (a.bid.face != PACOS, a.bid.quantity, a.bid.face), default=None)

    def _table(self, seat: Seat) -> tuple[Table | ReadTable, dict[str, Dist] | Reading]:
        """The chances of bids, and the reading behind them: hands, or per-die beliefs."""
        if self.params.hands_full_table and seat.dice:
            reading = self._reading(seat)
            return ReadTable(seat, reading), reading
        post = beliefs(seat, self.params.evidence)
        return Table(seat, post), post

    def _sample(self, policy: Policy) -> PlayerAction:
        """One action drawn from a mixed strategy."""
        draw = self.rng.random()
        for action, p in policy.items():
            draw -= p
            if draw < 0:
                return action
        return max(policy, key=lambda a: policy[a])

    # -- heads-up ------------------------------------------------------------------

    def _heads_up(self, seat: Seat, opts: Options) -> PlayerAction | None:
        """Every option by my loss less theirs (weighed by what a loss risks), from a hand-by-hand reading."""
        p = self.params
        reading = self._reading(seat)
        nxt = seat.after(seat.me)
        answer = Response(seat, reading, nxt, p.answer, p.hu_credit)
        mine, theirs = _risk(seat, seat.me), p.hu_spite * _risk(seat, nxt)
        table = ReadTable(seat, reading)
        calls: list[tuple[float, PlayerAction]] = []
        if seat.standing is not None:
            bid = seat.standing[1]
            if opts.dudo:
                t = table.at_least(bid)
                calls.append((t * mine - (1 - t) * theirs, opts.dudo))
            if opts.calza:
                exact = table.exactly(bid)
                calls.append((((1 - exact) - calza_gain(seat) * exact) * mine, opts.calza))
        raises: list[tuple[float, PlayerAction]] = []
        legal = {a.bid: a for a in opts.bids}
        steps = p.hu_steps + (3 if seat.standing is None else 0)
        for face, low in opts.lowest_per_face().items():
            for step in range(steps):
                action = legal.get(Bid(low.bid.quantity + step, face))
                if action is not None:
                    o = answer.outcome(action.bid)
                    raises.append((o.mine * mine - o.theirs * theirs + p.hu_later * o.passed, action))
        best_call = min(calls, key=lambda c: c[0], default=None)
        if raises and p.hu_bluff > 0 and self.rng.random() < p.hu_bluff:
            bluff = self._bluff(raises, min(c for c, _ in raises + calls), p.hu_bluff_slack * mine)
            if bluff is not None:
                return bluff
        if p.hu_call_temperature > 0 and calls and raises:
            best = min(c for c, _ in raises + calls)
            near = [o for o in raises + calls if o[0] <= best + 3 * p.hu_call_temperature]
            return self._softmax(near, p.hu_call_temperature)[1]
        if raises:
            cost, drawn = self._softmax(raises)
            if best_call is None or cost < best_call[0]:
                return drawn
        return best_call[1] if best_call else None

    def _bluff(self, raises: list[tuple[float, PlayerAction]], best: float, slack: float) -> PlayerAction | None:
        """The cheapest raise on a face drawn at random (not from my cup), if it is nearly as good as my best.

        Drawn this way, the face I name says nothing about my cup; `hu_bluff` sets how often."""
        faces = sorted({a.bid.face for _, a in raises if isinstance(a, MakeBid)})
        face = self.rng.choice(faces)
        near = [r for r in raises if isinstance(r[1], MakeBid) and r[1].bid.face == face]
        cost, action = min(near, key=lambda r: r[0])
        return action if cost <= best + slack else None

    def _softmax(
        self, scored: list[tuple[float, PlayerAction]], temperature: float | None = None
    ) -> tuple[float, PlayerAction]:
        """One option drawn with weight exp(-(cost - best) / temperature)."""
        best = min(c for c, _ in scored)
        t = self.params.hu_temperature if temperature is None else temperature
        weights = [exp(-(c - best) / t) if t > 0 else float(c == best) for c, _ in scored]
        draw = self.rng.random() * sum(weights)
        for (c, a), w in zip(scored, weights, strict=True):
            draw -= w
            if draw < 0:
                return c, a
        return scored[-1]

    # -- the options -------------------------------------------------------------

    def _spite(self, seat: Seat, other: str) -> float:
        """What `other` losing is worth to me; with the revolver, more when their gun is fuller."""
        if seat.live == 2:
            return 0.0  # heads-up my loss chance already says it all
        if seat.revolver:
            return self.params.spite * (seat.bullets[other] + 1) / (seat.bullets[seat.me] + 1)
        return self.params.spite

    def _calza_cost(self, seat: Seat, table: Table | ReadTable | None = None) -> float:
        """Expected dice lost by a calza (negative: it pays); exact counts from the hand reading when given."""
        assert seat.standing is not None
        if not isinstance(table, ReadTable):
            table = Table(seat, beliefs(seat, self.params.calza_evidence))
        exact = table.exactly(seat.standing[1])
        return (1 - exact) - calza_gain(seat) * exact

    def _calls(self, seat: Seat, table: Table | ReadTable, opts: Options) -> list[tuple[float, PlayerAction]]:
        assert seat.standing is not None
        calls: list[tuple[float, PlayerAction]] = []
        if opts.dudo:
            true = table.at_least(seat.standing[1])
            calls.append((true - self._spite(seat, seat.standing[0]) * (1 - true), opts.dudo))
        if opts.calza:
            calls.append((self._calza_cost(seat, table), opts.calza))
        return calls

    def _raises(
        self, seat: Seat, table: Table | ReadTable, opts: Options, ahead: Lookahead | None, opening: bool = False
    ) -> list[tuple[float, MakeBid, float]]:
        """(cost, bid, chance it is true) for the lowest few legal quantities of each face."""
        legal = {a.bid: a for a in opts.bids}
        out = []
        steps = self.params.extra_steps + 1 + (4 if opening else 0)
        for face, low in opts.lowest_per_face().items():
            for step in range(steps):
                action = legal.get(Bid(low.bid.quantity + step, face))
                if action is not None:
                    true = table.at_least(action.bid)
                    if ahead is None:
                        cost = self._raise_cost(seat, true)
                    else:
                        result = ahead.outcome(action.bid)
                        cost = result.mine - self._spite(seat, ahead.nxt) * result.theirs
                    out.append((cost, action, true))
        return out

    def _raise_cost(self, seat: Seat, true: float) -> float:
        """My loss chance if the raise is challenged, less the challenger's, times the exposure."""
        exposure = self.params.exposure_heads_up if seat.live == 2 else self.params.exposure
        return exposure * ((1 - true) - self._spite(seat, seat.after(seat.me)) * true)

    def _pick_raise(self, raises: list[tuple[float, MakeBid, float]]) -> tuple[float, PlayerAction]:
        best = min(raises, key=lambda r: (r[0], -r[1].bid.quantity))
        if self.rng.random() < self.params.bluff_rate:
            near = [r for r in raises if r[0] <= best[0] + self.params.bluff_slack and r is not best]
            if near:
                best = self.rng.choice(near)
        return best[0], best[1]

    def _open(self, seat: Seat, table: Table | ReadTable, opts: Options) -> MakeBid | None:
        """The highest quantity of my best face that is still likely; sometimes another face."""
        faces = sorted({a.bid.face for a in opts.bids})
        if not faces:
            return None
        weight = 2 if seat.wild else 1
        face = max(faces, key=lambda f: (seat.matches(f) * (weight if f == PACOS else 1), f))
        if len(faces) > 1 and self.rng.random() < self.params.bluff_rate:
            face = self.rng.choice([f for f in faces if f != face])
        same = sorted((a for a in opts.bids if a.bid.face == face), key=lambda a: a.bid.quantity)
        good = [a for a in same if table.at_least(a.bid) >= self.params.open_confidence]
        return good[-1] if good else same[0]

    def _direction(self, seat: Seat, directions: Sequence[ChooseDirection]) -> ChooseDirection:
        """Send play first to the player holding more dice (they face my opening bid)."""
        def pressure(action: ChooseDirection) -> tuple[int, bool]:
            return seat.counts[seat.after(seat.me, 1 if action.clockwise else -1)], action.clockwise

        return max(directions, key=pressure)
