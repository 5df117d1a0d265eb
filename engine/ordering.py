"""Which bids raise the standing bid: the whole ordering as per-face quantity ranges.

For the seat about to bid, every face maps to the closed range of quantities that are
legal now (or to nothing). Checking a bid and listing the legal bids both read that map,
so there is one answer to "is this a raise". Examples with wild ones (the dudo preset)
and 30 dice in play, after a standing bid of 7x5:

    7x6 and 8x2..30x2 raise; 4x1 switches to pacos (ceil(7 / 2) = 4); 7x4 does not raise.

After 3x1 (three pacos): 4x1 raises on pacos; leaving pacos needs 7 of a face (2 * 3 + 1).
"""

from __future__ import annotations

from functools import lru_cache

from dudo_hub.engine.bids import PACOS, Bid
from dudo_hub.engine.state import GameState

Ranges = dict[int, tuple[int, int]]


def _ceil_half(q: int) -> int:
    return (q + 1) // 2


def face_locked(state: GameState, seat: int) -> bool:
    """In a palifico round, whether this seat must keep the opening face."""
    if not state.palifico or not state.bids:
        return False
    may_change = state.rules.palifico_face_change == "one_die_players" and state.counts[seat] == 1
    return not may_change


def opening_pacos_allowed(state: GameState) -> bool:
    """Ones may open a round unless they are wild in a normal round."""
    return state.palifico or not state.rules.wild_ones


def bid_ranges(state: GameState, seat: int) -> Ranges:
    """Face -> (lowest, highest) legal quantity for `seat` now; faces with none are absent."""
    return dict(raise_spans(*ranges_key(state, seat)))


Key = tuple[int, int, int, str]
_last: tuple[GameState | None, int, Key] = (None, -1, (0, 0, 0, ""))


def ranges_key(state: GameState, seat: int) -> Key:
    """The arguments of `raise_spans` that give `seat`'s ranges now: (q, f, top, order).

    The last answer is kept: a move's legal list and its check ask for the same state."""
    global _last
    last = _last
    if last[0] is state and last[1] == seat:  # states are immutable, and `last` keeps this one alive
        return last[2]
    key = _ranges_key(state, seat)
    _last = (state, seat, key)
    return key


def _ranges_key(state: GameState, seat: int) -> Key:
    bids = state.bids
    top = sum(state.counts)
    if not bids:
        return 0, 0, top, "opening_any" if opening_pacos_allowed(state) else "opening"
    bid = bids[-1].bid
    rules = state.rules
    if state.palifico and face_locked(state, seat):
        order = "locked"
    elif rules.paco_conversion == "half_up" and state.round_wild:
        order = "converting"
    else:
        order = "plain"
    if rules.raise_rule == "one_change":
        order += "_one_change"
    return bid.quantity, bid.face, top, order


@lru_cache(maxsize=8192)
def raise_spans(q: int, f: int, top: int, order: str) -> Ranges:
    """The ranges after a standing bid of q x f with `top` dice in play, for one kind of order:
    "opening_any", "opening", "locked", "converting" or "plain", each with "_one_change" for
    that raise rule (shared and cached: do not change the dict)."""
    one_change = order.endswith("_one_change")
    kind = order.removesuffix("_one_change")
    if kind == "opening_any":
        spans = {g: (1, top) for g in range(1, 7)}
    elif kind == "opening":
        spans = {g: (1, top) for g in range(2, 7)}
    elif kind == "locked":
        spans = {f: (q + 1, top)}
    elif kind == "converting":
        spans = _converting_spans(q, f, one_change, top)
    else:
        spans = _plain_spans(q, f, one_change, top)
    return {g: span for g, span in spans.items() if span[0] <= span[1]}


def _face_spans(q: int, f: int, faces: range, one_change: bool, top: int) -> Ranges:
    """More dice, or the same dice of a higher face (exactly the same dice under one_change)."""
    spans: Ranges = {}
    for g in faces:
        if g > f:
            spans[g] = (q, q if one_change else top)
        elif g == f or not one_change:
            spans[g] = (q + 1, top)
    return spans


def _plain_spans(q: int, f: int, one_change: bool, top: int) -> Ranges:
    """Ones are an ordinary face, the lowest."""
    return _face_spans(q, f, range(1, 7), one_change, top)


def _converting_spans(q: int, f: int, one_change: bool, top: int) -> Ranges:
    """Wild ones with paco conversion: halve (rounded up) to pacos, double plus one back."""
    if f == PACOS:
        spans = {g: (2 * q + 1, top) for g in range(2, 7)}
        spans[PACOS] = (q + 1, top)
        return spans
    spans = _face_spans(q, f, range(2, 7), one_change, top)
    spans[PACOS] = (_ceil_half(q), top)
    return spans


def bid_problem(state: GameState, seat: int, bid: Bid) -> str | None:
    """The error code that makes `bid` illegal for `seat` now, or None when it is legal."""
    span = raise_spans(*ranges_key(state, seat)).get(bid.face)
    if span is not None and span[0] <= bid.quantity <= span[1]:
        return None
    if bid.quantity > state.dice_in_play:
        return "bid_too_high"
    if state.standing is None and bid.is_pacos and not opening_pacos_allowed(state):
        return "pacos_opening_not_allowed"
    if face_locked(state, seat) and state.standing is not None and bid.face != state.standing.bid.face:
        return "face_locked"
    return "bid_not_higher"


@lru_cache(maxsize=512)
def bid_row(face: int, top: int) -> tuple[Bid, ...]:
    """Bids on `face` from 1 to `top` dice; shared, since bids are immutable."""
    return tuple(Bid(q, face) for q in range(1, top + 1))


def legal_bids(state: GameState, seat: int) -> list[Bid]:
    """Every legal bid for `seat`, lowest quantity first within each face."""
    top = state.dice_in_play
    spans = raise_spans(*ranges_key(state, seat))
    return [b for g, (lo, hi) in sorted(spans.items()) for b in bid_row(g, top)[lo - 1 : hi]]
