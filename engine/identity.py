"""A memo keyed by an object's identity, for values built from frozen objects (a state's public view,
a reveal's picture or its JSON): an object is asked about many times while it is current."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ByIdentity:
    """A bounded memo keyed by an object's identity: each entry keeps its object alive (so no other
    object can take its id) beside what else the value depends on (`also`)."""

    def __init__(self, size: int = 512) -> None:
        self._found: dict[int, tuple[Any, Any, Any]] = {}
        self._size = size

    def get(self, obj: Any, also: Any, build: Callable[[], Any]) -> Any:
        found = self._found.get(id(obj))
        if found is not None and found[0] is obj and found[1] == also:
            return found[2]
        value = build()
        if len(self._found) >= self._size:  # forget the older half: the states in play stay shared
            for key in list(self._found)[: self._size // 2]:
                self._found.pop(key, None)
        self._found[id(obj)] = (obj, also, value)
        return value
