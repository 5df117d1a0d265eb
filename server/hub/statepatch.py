"""What changed between two JSON documents, as a short list of operations, and how to apply it.

The hub sends each connection its `state` once in full, then `state_patch` messages: the
operations that turn the last message that connection got into the new one (docs/protocol.md).
A path is a list of object keys (str) and array indexes (int):

    ["s", path, value]      set: the value at `path` becomes `value` (a new key included)
    ["d", path]             delete the object key at `path`
    ["l", path, n, items]   the array at `path` keeps its first `n` items, then `items` follow

    ops = diff(before, after, ["view"])    # `after`: the value at path ["view"] now
    doc = apply(doc, ops)                  # in place (the returned value is the new root)

An object of more than `FEW` fields is compared field by field (Python's `==` on each, in C:
nothing is encoded or walked for a field that did not change); a changed field is set whole,
and an array that only grew sends its new items. Anything else is compared and set whole. The
diff knows nothing of what a view holds. The hub diffs each top-level field of a message (room,
view, legal...), so patches reach two levels down (server/hub/stateout.py). As in JavaScript's
`==`, 1, 1.0 and true compare equal: a field that changes only so is not sent (the hub's views
never do; tests/server/sockets/test_state_patch.py holds patched states to the whole ones, as JSON text).
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]
Path = list[str | int]
FEW = 12  # an object of this many fields or fewer is compared and sent whole


def diff(old: Any, new: Any, path: Path, memo: FieldMemo | None = None) -> list[Op]:
    """The operations that turn `old` into `new`, the value at `path`. `memo` (one per broadcast)
    keeps how each pair of field values compared, for views that share their parts (the public
    part of a room's views is the same objects for every seat: compared once, not per seat)."""
    if old is new:
        return []
    if type(new) is not dict or type(old) is not dict or len(new) <= FEW:
        return [] if old == new else [["s", path, new]]
    return diff_fields(old, new, path, memo)


def diff_fields(old: dict[Any, Any], new: dict[Any, Any], path: Path, memo: FieldMemo | None = None) -> list[Op]:
    """`diff` of two objects field by field, whatever their size."""
    ops: list[Op] = []
    get = old.get
    for key, item in new.items():
        before = get(key, diff)  # the function: a value no message holds
        if before is item:
            continue
        change = _change(before, item) if memo is None else _remembered(memo, before, item)
        if change is _SAME:
            continue
        key = key if type(key) is str else str(key)  # as JSON writes an int key
        if change is _GREW:
            ops.append(["l", [*path, key], len(before), item[len(before):]])
        else:
            ops.append(["s", [*path, key], item])
    if not old.keys() <= new.keys():
        ops.extend(["d", [*path, key if type(key) is str else str(key)]] for key in old if key not in new)
    return ops


_SAME, _GREW, _SET = 0, 1, 2  # how a field's value changed
FieldMemo = dict[tuple[int, int], tuple[Any, Any, int]]  # ids of a pair -> (the pair kept alive, its change)


def _change(before: Any, item: Any) -> int:
    if before == item:
        return _SAME
    if type(item) is list and type(before) is list and len(item) > len(before) > 0 and item[:len(before)] == before:
        return _GREW
    return _SET


def _remembered(memo: FieldMemo, before: Any, item: Any) -> int:
    """`_change` of a pair of values, worked out once per broadcast (only containers are worth it)."""
    if type(item) is not dict and type(item) is not list:
        return _change(before, item)
    pair = (id(before), id(item))
    found = memo.get(pair)
    if found is None:
        found = memo[pair] = (before, item, _change(before, item))  # keeps both alive: their ids stay theirs
    return found[2]


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
