"""What changed between two JSON documents, as a short list of operations, and how to apply it.

The hub sends each connection its `state` once in full, then `state_patch` messages: the
operations that turn the last message that connection got into the new one (docs/protocol.md).
Documents are JSON values as decoded (dict, list, str, int, float, bool, None); a path is a
list of object keys (str) and array indexes (int):

    ["s", path, value]      set: the value at `path` becomes `value` (a new key included)
    ["d", path]             delete the object key at `path`
    ["l", path, n, items]   the array at `path` keeps its first `n` items, then `items` follow

    ops = diff(old, new)    # apply(old, ops) == new; old is left as it was
    doc = apply(doc, ops)   # in place (the returned value is the new root)

Equal subtrees are skipped whole (Python's `==`: like JavaScript's pages, it takes 1, 1.0 and
true for one value); arrays of one length are compared item by item, a longer or shorter one
keeps its common head. The diff is generic: it knows nothing of what a view holds.
"""

from __future__ import annotations

import copy
from typing import Any

Op = list[Any]
Path = list[str | int]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn `old` into `new` (none when they are equal)."""
    ops: list[Op] = []
    if old != new:
        _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    """`old != new` is known here."""
    kind = type(new)
    if kind is dict and type(old) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append(["s", [*path, key], value])
            else:
                before = old[key]
                if before is not value and before != value:
                    _diff(before, value, [*path, key], ops)
        ops.extend(["d", [*path, key]] for key in old if key not in new)
    elif kind is list and type(old) is list:
        head = min(len(old), len(new))
        for i in range(head):
            before, value = old[i], new[i]
            if before is not value and before != value:
                _diff(before, value, [*path, i], ops)
        if len(old) != len(new):
            ops.append(["l", path, head, new[head:]])
    else:
        ops.append(["s", path, new])


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
