"""GameState <-> JSON (every field of GameState, Rules, BidEntry, Reveal, Bid and Phase), for storage and replays.

    data = to_json(state); assert from_json(data) == state
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import BidEntry, GameState, Phase, Reveal

FORMAT = 1


def to_json(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict holding the whole state (secret: dice included)."""
    out: dict[str, Any] = {"format": FORMAT}
    for f in fields(GameState):
        out[f.name] = _encode(getattr(state, f.name))
    return out


def from_json(data: dict[str, Any]) -> GameState:
    """The GameState that `to_json` wrote."""
    values: dict[str, Any] = {}
    for f in fields(GameState):
        if f.name in data:
            values[f.name] = _DECODERS.get(f.name, _tuples)(data[f.name])
    return GameState(**values)


def _encode(value: Any) -> Any:
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, Bid):
        return value.to_list()
    if isinstance(value, BidEntry):
        return {"seat": value.seat, "bid": value.bid.to_list()}
    if isinstance(value, Reveal):
        return {f.name: _encode(getattr(value, f.name)) for f in fields(Reveal)}
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    """Lists back to tuples, all the way down."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _bid(value: list[int]) -> Bid:
    return Bid(int(value[0]), int(value[1]))


def _rules(value: dict[str, Any]) -> Rules:
    return Rules(**value)


def _bids(value: list[dict[str, Any]]) -> tuple[BidEntry, ...]:
    return tuple(BidEntry(int(e["seat"]), _bid(e["bid"])) for e in value)


def _reveal(value: dict[str, Any] | None) -> Reveal | None:
    if value is None:
        return None
    known = {f.name for f in fields(Reveal)}
    parts = {k: _tuples(v) for k, v in value.items() if k in known}
    parts["bid"] = _bid(value["bid"])
    return Reveal(**parts)


_DECODERS: dict[str, Any] = {
    "rules": _rules,
    "phase": Phase,
    "bids": _bids,
    "reveal": _reveal,
}
