"""One connection's `state` messages: the whole state once, then versioned patches of its own view.

Each connection keeps what it was last sent (`Sent`: a version and, by top-level field, the JSON
text of its fields: server/statepatch.py `encode`). `full` numbers a whole message; `update`
turns the next one into `{v_from, v, ops, events}` when that is smaller, else the whole message
again. A page applies a patch only on top of version `v_from`; on a gap it asks `sync` and gets
the whole state (web_display/static/js/common.js).

    memo = {}                                          # one per broadcast
    kind, data = update(viewer.sent, message, memo)    # ("state_patch", patch) or ("state", message)

Work is shared: a field's value sent to several connections (the room's public part goes to all
of them, a TV's view to every TV) is encoded and compared once per broadcast, and those
connections then hold the same encoded text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from dudo_hub.server import statepatch

PATCH_OVERHEAD = 40  # bytes of `{"v_from":..,"v":..,"ops":}` beyond the ops themselves
Memo = dict[Any, tuple[Any, ...]]  # one broadcast's shared work, keyed by ids of objects it keeps alive
Body = dict[str, statepatch.Encoded]  # a message without its events, by top-level field


@dataclass(slots=True)
class Sent:
    """What one connection holds: the version of its last `state` and that state's encoded body
    (None until its first whole state)."""

    v: int = 0
    base: Body | None = None


def _encoded(value: Any, memo: Memo | None) -> tuple[Any, ...]:
    found = memo.get(id(value)) if memo is not None else None
    if found is None:
        encoded = statepatch.encode(value)
        found = (value, encoded, statepatch.size(encoded))  # the memo keeps `value` alive: its id stays its own
        if memo is not None:
            memo[id(value)] = found
    return found


def body_of(message: dict[str, Any], memo: Memo | None = None) -> tuple[Body, int]:
    """The message without its events, encoded by top-level field, and the length of its JSON text."""
    body: Body = {}
    total = 1  # {}, the commas, and "key": for each field
    for key, value in message.items():
        if key != "events":
            _, body[key], part = _encoded(value, memo)
            total += len(key) + 4 + part
    return body, total


def full(sent: Sent, message: dict[str, Any], memo: Memo | None = None) -> dict[str, Any]:
    """The whole `message`, numbered for this connection (which now holds it)."""
    sent.v += 1
    sent.base = body_of(message, memo)[0]
    return {**message, "v": sent.v}


def _ops(base: Body, body: Body, message: dict[str, Any], memo: Memo | None) -> list[statepatch.Op]:
    ops: list[statepatch.Op] = []
    for key, part in body.items():
        before = base.get(key)
        if before is part:
            continue
        if before is None:
            ops.append(["s", [key], message[key]])
            continue
        pair = (id(before), id(part))
        found = memo.get(pair) if memo is not None else None
        if found is None:
            found = (before, part, statepatch.diff(before, part, message[key], [key]))  # keeps both alive
            if memo is not None:
                memo[pair] = found
        ops += found[2]
    ops += (["d", [key]] for key in base if key not in body)
    return ops


def update(sent: Sent, message: dict[str, Any], memo: Memo | None = None) -> tuple[str, dict[str, Any]]:
    """`("state_patch", {v_from, v, ops, events})` from what the connection holds to `message`,
    or `("state", whole)` when it holds nothing yet or the patch would not be smaller.
    `memo` (one per broadcast) shares the work between connections sent the same parts."""
    if sent.base is None:
        return "state", full(sent, message, memo)
    body, size = body_of(message, memo)
    ops = _ops(sent.base, body, message, memo)
    if len(orjson.dumps(ops, option=statepatch.OPTIONS)) + PATCH_OVERHEAD >= size:
        return "state", full(sent, message, memo)
    patch = {"v_from": sent.v, "v": sent.v + 1, "ops": ops, "events": message.get("events", [])}
    sent.v += 1
    sent.base = body
    return "state_patch", patch
