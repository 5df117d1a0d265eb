"""Shape checks for client payloads: a dict with the right keys and types, else `bad_payload`."""

from __future__ import annotations

from typing import Any

from dudo_hub.engine import Bid, CallCalza, CallDudo, ChooseDirection, MakeBid, PlayerAction
from dudo_hub.server.errors import HubError

MAX_TEXT = 200
MAX_INT = 1_000_000
MOVES = ("bid", "dudo", "calza", "direction")


def as_dict(payload: Any) -> dict[str, Any]:
    """`payload` when it is a dict with string keys, else bad_payload: every event takes one
    object, `{}` when it has nothing to say (no payload, or null, is refused like any non-object)."""
    if not isinstance(payload, dict) or not all(isinstance(k, str) for k in payload):
        got = "nothing" if payload is None else type(payload).__name__
        raise HubError("bad_payload", f"expected an object ({{}} when there is nothing to say), got {got}")
    return payload


def text(payload: dict[str, Any], key: str, limit: int = MAX_TEXT, required: bool = True) -> str | None:
    """A string field no longer than `limit`."""
    value = payload.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise HubError("bad_payload", f"{key!r} must be a string of at most {limit} characters")
    return value


def integer(payload: dict[str, Any], key: str, required: bool = True) -> int | None:
    """A whole-number field (not a bool) within +-MAX_INT."""
    value = payload.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INT:
        raise HubError("bad_payload", f"{key!r} must be a whole number")
    return value


def faces(payload: dict[str, Any], key: str) -> list[int]:
    """A list of die faces (whole numbers 1..6), at most 10 of them."""
    value = payload.get(key)
    if not isinstance(value, list) or len(value) > 10 or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value):
        raise HubError("bad_payload", f"{key!r} must be a list of faces from 1 to 6")
    return list(value)


def boolean(payload: dict[str, Any], key: str) -> bool:
    """A true/false field."""
    value = payload.get(key)
    if not isinstance(value, bool):
        raise HubError("bad_payload", f"{key!r} must be true or false")
    return value


def mapping(payload: dict[str, Any], key: str) -> dict[str, Any]:
    """An object field (missing counts as {})."""
    value = payload.get(key)
    return {} if value is None else as_dict(value)


def move_kind(payload: dict[str, Any]) -> str:
    """The `action` of a move payload, one of MOVES."""
    kind = text(payload, "action", 20)
    if kind not in MOVES:
        raise HubError("bad_payload", f"'action' must be one of {', '.join(MOVES)}, got {kind!r}")
    return kind


def check_move(payload: dict[str, Any]) -> str:
    """The move's kind, once its fields have the right types."""
    kind = move_kind(payload)
    if kind == "bid":
        integer(payload, "quantity")
        integer(payload, "face")
    elif kind == "direction":
        boolean(payload, "clockwise")
    return kind


def to_action(player: str, payload: dict[str, Any]) -> PlayerAction:
    """The engine action a move payload asks for (its shape checked; legality is the engine's)."""
    kind = move_kind(payload)
    if kind == "bid":
        quantity, face = integer(payload, "quantity"), integer(payload, "face")
        assert quantity is not None and face is not None
        return MakeBid(player, Bid(quantity, face))
    if kind == "dudo":
        return CallDudo(player)
    if kind == "calza":
        return CallCalza(player)
    return ChooseDirection(player, boolean(payload, "clockwise"))


def action_to_dict(action: PlayerAction) -> dict[str, Any]:
    """The move payload (without version) for an engine action."""
    if isinstance(action, MakeBid):
        return {"action": "bid", "quantity": action.bid.quantity, "face": action.bid.face}
    if isinstance(action, CallDudo):
        return {"action": "dudo"}
    if isinstance(action, CallCalza):
        return {"action": "calza"}
    return {"action": "direction", "clockwise": action.clockwise}
