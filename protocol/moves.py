"""A move, as a phone sends it (`{action: "bid", quantity, face}`...), and the engine action it
stands for: converted here, once, in both directions. Imports the engine alone, so the voice
controller, the bench's clients and the hub all use the same two functions."""

from __future__ import annotations

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
