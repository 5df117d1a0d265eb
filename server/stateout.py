"""One connection's `state` messages: the whole state once, then versioned patches of its own view.

Each connection keeps what it was last sent (`Sent`: a version and the message as the client
decoded it, without its `events`). `full` numbers a whole message; `update` turns the next one
into `{v_from, v, ops, events}` (server/statepatch.py) when that is smaller, else the whole
message again. A page applies a patch only on top of version `v_from`; on a gap it asks `sync`
and gets the whole state (web_display/static/js/common.js).

    kind, data = update(viewer.sent, message, memo)   # ("state_patch", patch) or ("state", message)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from dudo_hub.server import statepatch

OPTIONS = orjson.OPT_NON_STR_KEYS  # as server/fastjson.py: what the client decodes
PATCH_OVERHEAD = 40  # bytes of `{"v_from":..,"v":..,"ops":}` beyond the ops themselves


@dataclass(slots=True)
class Sent:
    """What one connection holds: the version of its last `state`, and that state (decoded JSON,
    no `events`, no `v`); None until its first whole state."""

    v: int = 0
    base: Any = None


Memo = dict[Any, tuple[Any, ...]]  # one broadcast's shared work, keyed by ids of objects it keeps alive


def _body(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key != "events"}


def _decoded(message: dict[str, Any], memo: Memo | None) -> tuple[Any, int]:
    """The message's body as the client decodes it, and its size in bytes (one encoding per message)."""
    found = memo.get(id(message)) if memo is not None else None
    if found is None:
        raw = orjson.dumps(_body(message), option=OPTIONS)
        found = (message, orjson.loads(raw), len(raw))  # the memo keeps `message` alive: its id stays its own
        if memo is not None:
            memo[id(message)] = found
    return found[1], found[2]


def full(sent: Sent, message: dict[str, Any], memo: Memo | None = None) -> dict[str, Any]:
    """The whole `message`, numbered for this connection (which now holds it)."""
    sent.v += 1
    sent.base = _decoded(message, memo)[0]
    return {**message, "v": sent.v}


def update(sent: Sent, message: dict[str, Any], memo: Memo | None = None) -> tuple[str, dict[str, Any]]:
    """`("state_patch", {v_from, v, ops, events})` from what the connection holds to `message`,
    or `("state", whole)` when it holds nothing yet or the patch would not be smaller.
    `memo` (one per broadcast) shares the work between connections sent the same message."""
    if sent.base is None:
        return "state", full(sent, message, memo)
    body, size = _decoded(message, memo)
    key = (id(sent.base), id(body))
    found = memo.get(key) if memo is not None else None
    if found is None:
        ops = statepatch.diff(sent.base, body)
        found = (sent.base, ops, len(orjson.dumps(ops, option=OPTIONS)))  # keeps the base alive too
        if memo is not None:
            memo[key] = found
    _, ops, ops_size = found
    if ops_size + PATCH_OVERHEAD >= size:
        return "state", full(sent, message, memo)
    patch = {"v_from": sent.v, "v": sent.v + 1, "ops": ops, "events": message.get("events", [])}
    sent.v += 1
    sent.base = body
    return "state_patch", patch
