"""A move, as a phone sends it (`{action: "bid", quantity, face}`...), and the engine action it
stands for: converted here, once, in both directions. Imports the engine alone, so the voice
controller, the bench's clients and the hub all use the same two functions."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec

from dudo_hub.engine import Bid, CallCalza, CallDudo, ChooseDirection, MakeBid, PlayerAction
from dudo_hub.protocol.types import Int, Payload


class Move(Payload, tag_field="action"):
    """A move; `action` says which."""


class BidMove(Move, tag="bid"):
    """Open or raise to `quantity` x `face`."""

    quantity: Int
    face: Int


class DudoMove(Move, tag="dudo"):
    """Challenge the standing bid."""


class CalzaMove(Move, tag="calza"):
    """Say the standing bid is exactly right."""


class DirectionMove(Move, tag="direction"):
    """The opener picks the way play goes (option `loser_chooses_direction`)."""

    clockwise: bool


AnyMove = BidMove | DudoMove | CalzaMove | DirectionMove
MOVES: tuple[type[Move], ...] = (BidMove, DudoMove, CalzaMove, DirectionMove)
ACTIONS = tuple(str(m.__struct_config__.tag) for m in MOVES)
"""The `action` names: bid, dudo, calza, direction."""


def to_action(player: str, move: Move) -> PlayerAction:
    """The engine action `move` asks of `player` (its shape is checked; legality is the engine's)."""
    if isinstance(move, BidMove):
        return MakeBid(player, Bid(move.quantity, move.face))
    if isinstance(move, DudoMove):
        return CallDudo(player)
    if isinstance(move, CalzaMove):
        return CallCalza(player)
    if isinstance(move, DirectionMove):
        return ChooseDirection(player, move.clockwise)
    raise TypeError(f"not a move: {move!r}")


def move_of(action: PlayerAction) -> Move:
    """The move a phone would send for an engine action."""
    if isinstance(action, MakeBid):
        return BidMove(quantity=action.bid.quantity, face=int(action.bid.face))
    if isinstance(action, CallDudo):
        return DudoMove()
    if isinstance(action, CallCalza):
        return CalzaMove()
    return DirectionMove(clockwise=action.clockwise)


def payload(move: Move, version: int | None = None) -> dict[str, Any]:
    """`move` as the plain dict a phone sends (`{action, ...}`, with `version` when given)."""
    out: dict[str, Any] = msgspec.to_builtins(move)
    if version is not None:
        out["version"] = version
    return out


def move_payload(action: PlayerAction, version: int | None = None) -> dict[str, Any]:
    """The move payload (a plain dict, with `version` when given) for an engine action."""
    return payload(move_of(action), version)


def read_move(data: Any) -> Move:
    """A move dict read (extra keys such as `version` ignored); `msgspec.ValidationError` if malformed."""
    move: Move = msgspec.convert(data, AnyMove)
    return move


def random_move(legal: Mapping[str, Any], rng: random.Random, dudo: float = 0.35,
                calza: float = 0.05) -> dict[str, Any] | None:
    """A random legal move, as a phone sends it, from what its `legal` payload offers
    (`engine.legal_summary`), or None when it offers nothing: either direction when that is the
    choice; else Dudo with chance `dudo` (always when no bid is open), calza with chance `calza`,
    else a bid on a random face at its lowest quantity or the next (low raises, so that games
    over the hub last a while). The one picker of the tests, benches and the wheel check that
    play through the protocol; `engine.chance.random_action` is the one for engine states."""
    offered = legal.get("bids") or {}
    bids = [(q, int(face)) for face, (lo, hi) in offered.items() for q in range(lo, min(hi, lo + 1) + 1)]
    move: Move | None = None
    if legal.get("direction"):
        move = DirectionMove(clockwise=rng.random() < 0.5)
    elif legal.get("dudo") and (not bids or rng.random() < dudo):
        move = DudoMove()
    elif legal.get("calza") and rng.random() < calza:
        move = CalzaMove()
    elif bids:
        quantity, face = rng.choice(bids)
        move = BidMove(quantity=quantity, face=face)
    elif legal.get("calza"):
        move = CalzaMove()
    return payload(move) if move is not None else None
