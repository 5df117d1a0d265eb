"""The immutable game state. Everything here is hidden or public by `views.view_for` only."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import lru_cache
from itertools import compress

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.rules import Rules


class Phase(StrEnum):
    """What the game waits for next."""

    FIRST = "first"  # chance (or the host): who opens the game
    DIRECTION = "direction"  # the round's opener chooses the direction (an option)
    ROLL = "roll"  # chance: everyone rolls
    BIDDING = "bidding"  # players bid, challenge or call calza
    COUNT = "count"  # the table counts unseen real dice after a call (CountDice)
    SHOT = "shot"  # chance: the revolver's trigger (revolver loss)
    OVER = "over"


@dataclass(frozen=True, slots=True)
class BidEntry:
    """One bid of the round's history."""

    seat: int
    bid: Bid


@dataclass(frozen=True, slots=True)
class Reveal:
    """What everyone saw when the cups were lifted; public from then on."""

    round_no: int
    call: str  # "dudo" or "calza"
    caller: int
    bidder: int
    bid: Bid
    wild: bool
    count: int
    dice: tuple[tuple[int, ...], ...]
    loser: int | None
    gainer: int | None
    story: tuple[tuple[str, str, int], ...] = ()  # what the call did: (kind, player, value), see engine/story.py


@dataclass(frozen=True)
class GameState:
    """A whole game at one moment. Seats are indices into `players` (clockwise order)."""

    rules: Rules
    players: tuple[str, ...]
    counts: tuple[int, ...]
    bullets: tuple[int, ...]
    palifico_used: tuple[bool, ...]
    phase: Phase = Phase.FIRST
    round_no: int = 0
    opener: int | None = None
    turn: int | None = None
    direction: int = 1
    dice: tuple[tuple[int, ...], ...] = ()
    bids: tuple[BidEntry, ...] = ()
    palifico: bool = False  # the current (or next, before the roll) round is palifico
    shot_seat: int | None = None  # who pulls the trigger in the SHOT phase
    extra_shots: tuple[int, ...] = ()  # further triggers to pull after this one
    reveal: Reveal | None = None
    winner: int | None = None
    unseen: bool = False  # this round's dice are real cups the engine never saw (RollUnseen)
    pending: tuple[str, int] | None = None  # in COUNT: (call, caller seat) waiting for the count
    version: int = 0

    @property
    def standing(self) -> BidEntry | None:
        """The last bid of the round, if any."""
        return self.bids[-1] if self.bids else None

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats that still have dice, in seat order."""
        return _live_seats(self.counts)

    @property
    def dice_in_play(self) -> int:
        """Dice on the table this round."""
        return sum(self.counts)

    @property
    def round_wild(self) -> bool:
        """Whether ones count for any face in this round."""
        return self.rules.wild_ones and (not self.palifico or self.rules.palifico_wilds)

    def seat_of(self, player: str) -> int:
        """The seat of `player`; KeyError for a stranger (the engine maps it to a typed error)."""
        return self.players.index(player)

    def next_live(self, seat: int, direction: int | None = None) -> int:
        """The next seat after `seat` that still has dice, going in `direction`."""
        step = self.direction if direction is None else direction
        n = len(self.players)
        candidate = (seat + step) % n
        if self.counts[candidate] > 0:  # the usual case: the neighbour still plays
            return candidate
        for k in range(2, n + 1):
            candidate = (seat + step * k) % n
            if self.counts[candidate] > 0:
                return candidate
        raise ValueError("no live seat")


@lru_cache(maxsize=1024)
def _live_seats(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(compress(range(len(counts)), counts))


_FIELD_SET = frozenset(f.name for f in fields(GameState))
_set_attr = object.__setattr__  # past the frozen dataclass's guard, for a state nobody holds yet


def evolve(state: GameState, **changes: object) -> GameState:
    """A copy of `state` with `changes`: `dataclasses.replace` without its per-call overhead.

    GameState keeps its fields in `__dict__` (no slots) so that a copy is one dict copy.
    """
    fields_ = state.__dict__.copy()
    fields_.update(changes)
    if len(fields_) != len(_FIELD_SET):  # a name that is not a field added a key
        raise TypeError(f"GameState has no field {sorted(changes.keys() - _FIELD_SET)}")
    new = object.__new__(GameState)
    _set_attr(new, "__dict__", fields_)
    return new


def stamp_reveal(fresh: GameState, reveal: Reveal) -> GameState:
    """Set the reveal of a state that `evolve` has just built and nobody else holds yet."""
    fresh.__dict__["reveal"] = reveal
    return fresh
