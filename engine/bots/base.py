"""What every bot reads from its seat's view, and the shared decision helpers.

A bot sees only `view_for(state, seat)` (its own dice, dice counts, the round's bids)
and the legal actions; `Seat.read` turns that into typed fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dudo_hub.engine.actions import CallCalza, CallDudo, ChooseDirection, MakeBid, PlayerAction
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.counting import count_for


@dataclass(frozen=True, slots=True)
class Seat:
    """The facts one seat knows: its dice, the table's counts, the round so far."""

    me: str
    dice: tuple[int, ...]
    counts: dict[str, int]
    order: tuple[str, ...]
    bids: tuple[tuple[str, Bid], ...]
    wild: bool
    palifico: bool
    rules: dict[str, Any]
    bullets: dict[str, int]
    turn: str | None
    direction: int

    @classmethod
    def read(cls, view: dict[str, Any]) -> Seat:
        """Parse a `view_for` dict (nothing else is consulted)."""
        players = view["players"]
        return cls(
            me=str(view["viewer"]),
            dice=tuple(view["my_dice"]),
            counts={p["name"]: int(p["dice"]) for p in players},
            order=tuple(p["name"] for p in players),
            bids=tuple((b["player"], Bid(*b["bid"])) for b in view["bids"]),
            wild=bool(view["wild"]),
            palifico=bool(view["palifico"]),
            rules=dict(view["rules"]),
            bullets={p["name"]: int(p["bullets"]) for p in players},
            turn=view.get("turn"),
            direction=int(view.get("direction", 1)),
        )

    @property
    def in_play(self) -> int:
        """Dice on the table."""
        return sum(self.counts.values())

    @property
    def unseen(self) -> int:
        """Dice on the table that are not mine."""
        return self.in_play - len(self.dice)

    @property
    def standing(self) -> tuple[str, Bid] | None:
        """(bidder, bid) of the standing bid."""
        return self.bids[-1] if self.bids else None

    @property
    def live(self) -> int:
        """Players still in the game."""
        return sum(1 for c in self.counts.values() if c > 0)

    @property
    def revolver(self) -> bool:
        """Losing costs a bullet (and a shot), not a die."""
        return self.rules.get("loss") == "revolver"

    def after(self, name: str, direction: int | None = None) -> str:
        """The next player with dice after `name`, going in `direction` (this round's by default)."""
        step = self.direction if direction is None else direction
        i, n = self.order.index(name), len(self.order)
        for k in range(1, n + 1):
            other = self.order[(i + step * k) % n]
            if self.counts[other] > 0:
                return other
        return name

    def matches(self, face: int) -> int:
        """My dice that count for `face` this round."""
        return count_for(self.dice, face, self.wild)


@dataclass(frozen=True, slots=True)
class Options:
    """The legal list sorted by kind."""

    bids: tuple[MakeBid, ...]
    dudo: CallDudo | None
    calza: CallCalza | None
    directions: tuple[ChooseDirection, ...]

    @classmethod
    def of(cls, legal: Sequence[PlayerAction]) -> Options:
        """Split `legal` by kind."""
        return cls(
            bids=tuple(a for a in legal if isinstance(a, MakeBid)),
            dudo=next((a for a in legal if isinstance(a, CallDudo)), None),
            calza=next((a for a in legal if isinstance(a, CallCalza)), None),
            directions=tuple(a for a in legal if isinstance(a, ChooseDirection)),
        )

    def lowest_per_face(self) -> dict[int, MakeBid]:
        """The cheapest legal bid of each face (the likeliest to be true)."""
        best: dict[int, MakeBid] = {}
        for action in self.bids:
            face = action.bid.face
            if face not in best or action.bid.quantity < best[face].bid.quantity:
                best[face] = action
        return best


def calza_gain(seat: Seat) -> float:
    """What a right calza is worth to me, in lost-dice units (a wrong one costs 1)."""
    reward = seat.rules.get("calza_reward")
    if reward == "others_lose_die":
        return 1.0 + 0.25 * max(0, seat.live - 2)
    if seat.revolver:  # a bullet out is worth less than a bullet in (which also fires now)
        bullets = seat.bullets.get(seat.me, 0)
        return bullets / (bullets + 1)
    return 1.0 if len(seat.dice) < int(seat.rules.get("max_dice", 5)) else 0.0


def fallback(legal: Sequence[PlayerAction]) -> PlayerAction:
    """A deterministic legal move for any list: prefer a bid, then dudo, then the rest."""
    opts = Options.of(legal)
    if opts.bids:
        return min(opts.bids, key=lambda a: (a.bid.quantity, a.bid.face))
    if opts.dudo is not None:
        return opts.dudo
    return legal[0]


class BaseBot:
    """Shared defaults: no out-of-turn moves, clockwise play."""

    level = "base"

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        """An out-of-turn move (calza or raise) this bot wants to make now, or None."""
        return None
