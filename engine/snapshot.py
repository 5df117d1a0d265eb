"""GameState <-> JSON (every field of GameState, Rules, BidEntry, Reveal, Bid and Phase), for storage and replays.

    data = to_json(state); assert from_json(data) == state
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from dudo_hub.engine.bids import Bid
from dudo_hub.engine.identity import ByIdentity
from dudo_hub.engine.rules import Rules
from dudo_hub.engine.state import BidEntry, GameState, Phase, Reveal

FORMAT = 1


def to_json(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict holding the whole state (secret: dice included)."""
    out: dict[str, Any] = {"format": FORMAT}
    for name in _FIELDS:
        value = getattr(state, name)
        out[name] = _ENCODERS.get(name, _encode)(value) if value is not None else None
    return out


def encoded(state: GameState) -> dict[str, Any]:
    """`to_json` field by field through the one generic encoder (what the per-field ones must equal)."""
    return {"format": FORMAT, **{name: _encode(getattr(state, name)) for name in _FIELDS}}


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


def _same(value: Any) -> Any:
    return value


_REVEALS = ByIdentity()  # a reveal -> its JSON: a state carries the last reveal for a whole round


def _reveal_json(value: Reveal) -> dict[str, Any]:
    """A reveal's JSON, built once per reveal (read-only: every snapshot that carries it shares it)."""
    encoded: dict[str, Any] = _REVEALS.get(value, None, lambda: _encode(value))
    return encoded


def _flat(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


def _bid_entries(value: tuple[BidEntry, ...]) -> list[dict[str, Any]]:
    return [{"seat": e.seat, "bid": e.bid.to_list()} for e in value]


def _cups(value: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    return [list(cup) for cup in value]


_FIELDS = tuple(f.name for f in fields(GameState))
_ENCODERS: dict[str, Any] = {  # the generic `_encode` for the rest; each gives what it would
    "rules": Rules.to_dict,
    "phase": _encode,
    "players": _flat,
    "counts": _flat,
    "bullets": _flat,
    "palifico_used": _flat,
    "extra_shots": _flat,
    "pending": _flat,
    "dice": _cups,
    "bids": _bid_entries,
    "reveal": _reveal_json,
    **dict.fromkeys(("round_no", "opener", "turn", "direction", "palifico", "shot_seat", "winner", "unseen",
                     "version"), _same),  # int, bool or None: as they are
}


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
