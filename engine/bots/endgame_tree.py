"""A heads-up round as a game tree, built from the engine's own rules.

A `Spot` names a heads-up position at the start of a round: the preset, the opener's
and the responder's dice, and whether the round is palifico. `RoundTree` lists every
bid history of that round (the legal raises come from `ordering.bid_ranges`, the calls
from `legal_actions` and `calza_problem`), and `outcome_values` what each way a round
can end is worth to the opener, by playing the call with `resolve.resolve_call` and
valuing the position it leaves (`values`, by spot key, or a plain dice-share guess).
A round tree may be capped (at most `cap` bids, then only calls): an abstraction that
keeps rounds with more dice small enough to solve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dudo_hub.engine import ordering
from dudo_hub.engine.bids import Bid
from dudo_hub.engine.counting import cups_of
from dudo_hub.engine.game import new_game
from dudo_hub.engine.legal import calza_problem
from dudo_hub.engine.resolve import count_matching, resolve_call
from dudo_hub.engine.rules import PRESETS
from dudo_hub.engine.state import BidEntry, GameState, Phase, evolve

Hand = tuple[int, ...]  # a cup, sorted
DUDO, CALZA = "dudo", "calza"


@dataclass(frozen=True, slots=True)
class Spot:
    """A heads-up round about to start: `opener` and `responder` are dice counts."""

    preset: str
    opener: int
    responder: int
    palifico: bool

    @property
    def key(self) -> str:
        """`dudo:1v1:p` (palifico) or `liars_dice:2v1:n`."""
        return f"{self.preset}:{self.opener}v{self.responder}:{'p' if self.palifico else 'n'}"

    @classmethod
    def parse(cls, key: str) -> Spot:
        """The spot named by `key`."""
        preset, dice, kind = key.split(":")
        opener, responder = (int(n) for n in dice.split("v"))
        return cls(preset, opener, responder, kind == "p")


def hands(n: int) -> tuple[tuple[Hand, float], ...]:
    """Every cup of `n` dice (sorted) with its chance (`counting.cups_of`)."""
    return cups_of(n)


def start_state(spot: Spot) -> GameState:
    """The spot's first bidding moment (seat 0 opens; the dice are placeholders)."""
    state = new_game(["o", "r"], PRESETS[spot.preset], counts={"o": spot.opener, "r": spot.responder})
    used = (spot.palifico and spot.opener == 1, spot.palifico and spot.responder == 1)
    return evolve(
        state, phase=Phase.BIDDING, round_no=1, opener=0, turn=0, palifico=spot.palifico,
        dice=((2,) * spot.opener, (2,) * spot.responder), palifico_used=used,
    )


def with_standing(state: GameState, bidder: int, bid: Bid) -> GameState:
    """`state` with `bid` standing, made by `bidder`, and the other seat to act."""
    return evolve(state, bids=(BidEntry(bidder, bid),), turn=1 - bidder)


class RoundTree:
    """Every bid history of one heads-up round, as flat arrays (node 0 is the opening).

    `kids[n]` holds child node ids, or `-1 - t` for terminal `t` (a call: `terminals[t]`).
    At most `cap` bids are made in a round (None: no cap); after the cap, only calls.
    """

    def __init__(self, spot: Spot, cap: int | None = None) -> None:
        self.spot = spot
        self.state = start_state(spot)
        self.wild = self.state.round_wild
        self.cap = cap
        self.actor: list[int] = []
        self.history: list[tuple[Bid, ...]] = []
        self.labels: list[tuple[str, ...]] = []
        self.kids: list[tuple[int, ...]] = []
        self.terminals: list[tuple[str, int, Bid]] = []
        self._terminal_ids: dict[tuple[str, int, Bid], int] = {}
        self._build((), 0)

    def _raises(self, history: tuple[Bid, ...], seat: int) -> list[Bid]:
        if self.cap is not None and len(history) >= self.cap:
            return []
        if not history:
            return ordering.legal_bids(self.state, 0)
        return raises_after(self.state, history[-1], seat)

    def _calls(self, history: tuple[Bid, ...], seat: int) -> list[str]:
        if not history:
            return []
        calls = [DUDO]
        if calza_problem(with_standing(self.state, 1 - seat, history[-1]), seat) is None:
            calls.append(CALZA)
        return calls

    def _terminal(self, call: str, caller: int, bid: Bid) -> int:
        key = (call, caller, bid)
        if key not in self._terminal_ids:
            self._terminal_ids[key] = len(self.terminals)
            self.terminals.append(key)
        return -1 - self._terminal_ids[key]

    def _build(self, history: tuple[Bid, ...], seat: int) -> int:
        node = len(self.actor)
        self.actor.append(seat)
        self.history.append(history)
        self.labels.append(())
        self.kids.append(())
        labels: list[str] = []
        kids: list[int] = []
        for call in self._calls(history, seat):
            labels.append(call)
            kids.append(self._terminal(call, seat, history[-1]))
        for bid in self._raises(history, seat):
            labels.append(str(bid))
            kids.append(self._build((*history, bid), 1 - seat))
        self.labels[node] = tuple(labels)
        self.kids[node] = tuple(kids)
        return node


_RAISES: dict[tuple[str, int, int, int, Bid, int], list[Bid]] = {}


def raises_after(state: GameState, bid: Bid, seat: int) -> list[Bid]:
    """The raises `seat` may make over `bid` (memoised per rules, dice counts and bid)."""
    key = (state.rules.preset, state.counts[0], state.counts[1], int(state.palifico), bid, seat)
    if key not in _RAISES:
        _RAISES[key] = ordering.legal_bids(with_standing(state, 1 - seat, bid), seat)
    return _RAISES[key]


Values = Mapping[str, float]


def dice_share(spot: Spot) -> float:
    """A plain guess at the opener's chance for spots nobody solved: their share of the dice."""
    return spot.opener / (spot.opener + spot.responder)


def value_of(state: GameState, values: Values, guess: Callable[[Spot], float] = dice_share) -> float:
    """Seat 0's chance to win the game from `state` (over, or waiting for a roll)."""
    if state.phase is Phase.OVER:
        return 1.0 if state.winner == 0 else 0.0
    opener = state.opener
    assert opener is not None and state.phase is Phase.ROLL, state.phase
    spot = Spot(state.rules.preset, state.counts[opener], state.counts[1 - opener], state.palifico)
    v = values.get(spot.key, guess(spot))
    return v if opener == 0 else 1 - v


Outcomes = dict[str, float]


def outcome_name(call: str, caller: int, right: bool) -> str:
    """`dudo:0:1`: the opener called dudo and the bid was true (for calza: the count was exact)."""
    return f"{call}:{caller}:{int(right)}"


def outcome_values(spot: Spot, values: Values) -> Outcomes:
    """Each way the round can end (`outcome_name`) -> the opener's chance to win the game afterwards."""
    state = start_state(spot)
    total = spot.opener + spot.responder
    out: Outcomes = {}
    for call in (DUDO, CALZA):
        for caller in (0, 1):
            for right in (True, False):
                quantity = total if call == CALZA and right else 1
                face_up = 2 if right else 3  # every die a two makes "1x2" true and "total x2" exact
                dice = ((face_up,) * spot.opener, (face_up,) * spot.responder)
                standing = evolve(with_standing(state, 1 - caller, Bid(quantity, 2)), dice=dice)
                after, _ = resolve_call(standing, call, caller)
                out[outcome_name(call, caller, right)] = value_of(after, values)
    return out


def utilities(tree: RoundTree, worth: Outcomes) -> list[list[list[float]]]:
    """Per terminal, the opener's chance to win for each (opener cup, responder cup)."""
    cups_o = [h for h, _ in hands(tree.spot.opener)]
    cups_r = [h for h, _ in hands(tree.spot.responder)]
    out = []
    for call, caller, bid in tree.terminals:
        rows = []
        for ho in cups_o:
            row = []
            for hr in cups_r:
                count = count_matching((ho, hr), bid, tree.wild)
                right = count >= bid.quantity if call == DUDO else count == bid.quantity
                row.append(worth[outcome_name(call, caller, right)])
            rows.append(row)
        out.append(rows)
    return out
