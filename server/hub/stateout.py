"""One connection's `state` messages: the whole state once, then versioned patches of its own view.

Each connection keeps what it was last sent (`Sent`: a version and that message's fields, as
built: the hub builds every message from fresh objects and never changes one once sent).
`full` numbers a whole message; `update` turns the next one into `{v_from, v, ops, events}`
(server/hub/statepatch.py `diff`, field by field) when that is smaller, else the whole message
again. A page applies a patch only on top of version `v_from`; on a gap it asks `sync` and gets
the whole state (web_display/static/js/common.js).

    memo = {}                                          # one per broadcast
    kind, data = update(viewer.sent, message, memo)    # ("state_patch", patch) or ("state", message)

Work is shared: a field's value sent to several connections (the room's public part goes to all
of them, a TV's view to every TV, the public part of every phone's `SharedView`) is diffed once
per broadcast; a phone's own fields are diffed alone. "Smaller" is judged against the
size of the last whole state the connection got, and measured again (one encoding of the whole
message) whenever the patch reaches half of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from dudo_hub.engine import SharedView
from dudo_hub.server.hub import statepatch

OPTIONS = orjson.OPT_NON_STR_KEYS  # as server/web/fastjson.py: what the client decodes
PATCH_OVERHEAD = 40  # bytes of `{"v_from":..,"v":..,"ops":}` beyond the ops themselves


@dataclass(slots=True)
class Memo:
    """One broadcast's work, shared between its connections: the diffs of top-level parts (keyed by
    the ids of the objects it keeps alive) and how the fields inside them compared."""

    parts: dict[tuple[int, int], tuple[Any, Any, list[statepatch.Op]]] = field(default_factory=dict)
    fields: statepatch.FieldMemo = field(default_factory=dict)


@dataclass(slots=True)
class Sent:
    """What one connection holds: the version of its last `state`, that state without its events
    (None until its first whole state), and the size of its last whole state's JSON."""

    v: int = 0
    base: dict[str, Any] | None = None
    size: int = 0


def _body(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key != "events"}


def _size(body: dict[str, Any]) -> int:
    return len(orjson.dumps(body, option=OPTIONS))


def full(sent: Sent, message: dict[str, Any], size: int | None = None) -> dict[str, Any]:
    """The whole `message`, numbered for this connection (which now holds it)."""
    sent.v += 1
    sent.base = _body(message)
    sent.size = _size(sent.base) if size is None else size
    return {**message, "v": sent.v}


def _ops(base: dict[str, Any], body: dict[str, Any], memo: Memo) -> list[statepatch.Op]:
    ops: list[statepatch.Op] = []
    for key, part in body.items():
        before = base.get(key, _ops)  # the function: a value no message holds
        if before is part:
            continue
        if before is _ops:
            ops.append(["s", [key], part])
            continue
        if type(part) is SharedView and type(before) is SharedView and len(part.public) > statepatch.FEW:
            # the public parts: one diff per broadcast for every view built on them
            ops += _diffed(before.public, part.public, key, memo, statepatch.diff_fields)
            ops += statepatch.diff_fields(before.own, part.own, [key])
            continue
        ops += _diffed(before, part, key, memo, statepatch.diff)
    ops += (["d", [key]] for key in base if key not in body)
    return ops


def _diffed(before: Any, after: Any, key: str, memo: Memo, diff: Callable[..., list[statepatch.Op]]
            ) -> list[statepatch.Op]:
    """`diff(before, after, [key], memo.fields)`, worked out once per broadcast for this pair."""
    pair = (id(before), id(after))
    found = memo.parts.get(pair)
    if found is None:  # keeps both alive: their ids stay theirs
        found = memo.parts[pair] = (before, after, diff(before, after, [key], memo.fields))
    return found[2]


def update(sent: Sent, message: dict[str, Any], memo: Memo | None = None) -> tuple[str, dict[str, Any]]:
    """`("state_patch", {v_from, v, ops, events})` from what the connection holds to `message`,
    or `("state", whole)` when it holds nothing yet or the patch would not be smaller.
    `memo` (one per broadcast) shares the work between connections sent the same parts."""
    if sent.base is None:
        return "state", full(sent, message)
    body = _body(message)
    ops = _ops(sent.base, body, memo if memo is not None else Memo())
    size = len(orjson.dumps(ops, option=OPTIONS)) + PATCH_OVERHEAD
    if size * 2 >= sent.size:  # in doubt: measure the whole message again
        sent.size = _size(body)
        if size >= sent.size:
            return "state", full(sent, message, sent.size)
    patch = {"v_from": sent.v, "v": sent.v + 1, "ops": ops, "events": message.get("events", [])}
    sent.v += 1
    sent.base = body
    return "state_patch", patch
