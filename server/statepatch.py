"""What changed between two JSON documents, as a short list of operations, and how to apply it.

The hub sends each connection its `state` once in full, then `state_patch` messages: the
operations that turn the last message that connection got into the new one (docs/protocol.md).
A path is a list of object keys (str) and array indexes (int):

    ["s", path, value]      set: the value at `path` becomes `value` (a new key included)
    ["d", path]             delete the object key at `path`
    ["l", path, n, items]   the array at `path` keeps its first `n` items, then `items` follow

    old, new = encode(before), encode(after)
    ops = diff(old, new, after, ["view"])      # where `after` sits in the message
    doc = apply(doc, ops)                      # in place (the returned value is the new root)

A value is compared by the JSON text of its fields (`encode`: for an object, each field's text,
else the value's own), never walked: an unchanged field costs one comparison of bytes, a changed
one is set whole, and an array that only grew sends its new items. Exact (1 and true differ) and
generic: it knows nothing of what a view holds. The hub encodes each top-level field of a message
(room, view, legal...), so patches reach two levels down (server/stateout.py).
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

Op = list[Any]
Path = list[str | int]
Encoded = dict[str, bytes] | bytes  # an object's fields' JSON text, or a value's own
OPTIONS = orjson.OPT_NON_STR_KEYS  # as server/fastjson.py: what the client decodes
FEW = 4  # an object of this many fields or fewer is compared and sent whole


def encode(value: Any) -> Encoded:
    """`value` as JSON text: by field for an object of more than `FEW` fields (keys as JSON writes them)."""
    if type(value) is dict and len(value) > FEW:
        dumps = orjson.dumps
        return {key if type(key) is str else str(key): dumps(item, option=OPTIONS) for key, item in value.items()}
    return orjson.dumps(value, option=OPTIONS)


def size(encoded: Encoded) -> int:
    """The length of the JSON text of an encoded value (an object's keys need no escapes)."""
    if isinstance(encoded, bytes):
        return len(encoded)
    if not encoded:
        return 2
    return 1 + 4 * len(encoded) + sum(map(len, encoded)) + sum(map(len, encoded.values()))


def diff(old: Encoded, new: Encoded, value: Any, path: Path) -> list[Op]:
    """The operations that turn the value encoded as `old` into `value` (encoded as `new`) at `path`."""
    if isinstance(new, bytes) or isinstance(old, bytes):
        return [] if old == new else [["s", path, value]]
    ops: list[Op] = []
    for (key, text), item in zip(new.items(), value.values(), strict=True):  # `encode` keeps the order
        before = old.get(key)
        if before == text:
            continue
        if before is None:
            ops.append(["s", [*path, key], item])
        else:
            head = _grown(before, text) if type(item) is list else None
            if head is None:
                ops.append(["s", [*path, key], item])
            else:
                ops.append(["l", [*path, key], head, item[head:]])
    if not old.keys() <= new.keys():
        ops.extend(["d", [*path, key]] for key in old if key not in new)
    return ops


def _grown(before: bytes, text: bytes) -> int | None:
    """How many items the array `before` had, when `text` is that array with items after them."""
    if before == b"[]" or not before.startswith(b"[") or len(text) <= len(before):
        return None
    cut = len(before) - 1
    if text[cut:cut + 1] != b"," or not text.startswith(before[:cut]):
        return None
    return len(orjson.loads(before))


def apply(doc: Any, ops: list[Op]) -> Any:
    """`doc` changed by `ops` (in place where it can be); returns the new root."""
    for op in ops:
        code, path = op[0], op[1]
        if not path:
            if code != "s":
                doc[op[2]:] = []
                doc.extend(op[3])
            else:
                doc = op[2]
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if code == "s":
            parent[last] = op[2]
        elif code == "d":
            del parent[last]
        else:
            target = parent[last]
            del target[op[2]:]
            target.extend(op[3])
    return doc


class Held:
    """A client's copy of its state: the whole `state`, then each `state_patch` on top of it
    (what web_display/static/js/common.js does for the pages; tests and bench clients use this)."""

    def __init__(self, copies: bool = True) -> None:
        self.copies = copies  # hand out copies: a state handed out stays as it was after later patches
        self.v: int | None = None
        self.body: dict[str, Any] | None = None  # the state without its events

    def take(self, event: str, data: dict[str, Any]) -> dict[str, Any] | None:
        """The whole state after `data` (a `state` or `state_patch` payload), or None on a gap: a patch
        that does not follow the version held (the client then asks `sync` and waits for a whole state)."""
        if event == "state":
            self.body = {key: value for key, value in data.items() if key != "events"}
            if self.copies:
                self.body = copy.deepcopy(self.body)
            self.v = data.get("v")
            return data
        if self.body is None or data.get("v_from") != self.v:
            self.body = self.v = None
            return None
        self.body = apply(self.body, data["ops"])
        self.v = self.body["v"] = data["v"]
        body = copy.deepcopy(self.body) if self.copies else self.body
        return {**body, "events": data["events"]}
