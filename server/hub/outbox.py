"""Events for a room's listeners, delivered in order, by one thread at a time, with no lock held.

A room queues the engine's events while it holds its lock; whoever lets go of the lock last
delivers them. A listener may call back into the room (the voice controller does): the room's
lock is free by then, and a nested change is queued and delivered by the same loop, in order.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
Events = list[dict[str, Any]]
Listener = Callable[[Events], None]


class Outbox:
    """A FIFO of event lists and the listeners that hear them."""

    def __init__(self, name: str, listeners: list[Listener]) -> None:
        self.name = name
        self.listeners = listeners
        self._queue: deque[Events] = deque()
        self._lock = threading.Lock()
        self._delivering = False

    def put(self, events: Events) -> None:
        """Queue one change's events."""
        with self._lock:
            self._queue.append(events)

    def deliver(self) -> None:
        """Hand queued events to the listeners, oldest first; another thread already at it does ours."""
        with self._lock:
            if self._delivering:
                return
            self._delivering = True
        try:
            while (events := self._next()) is not None:
                for listener in list(self.listeners):
                    try:
                        listener(events)
                    except Exception:
                        log.exception("room %s: an events listener failed", self.name)
        except BaseException:
            with self._lock:
                self._delivering = False
            raise

    def _next(self) -> Events | None:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
            self._delivering = False
            return None
