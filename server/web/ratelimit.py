"""A token bucket per client key: `capacity` requests at once, `rate` more per second."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class RateLimiter:
    """Token buckets keyed by seat token (or connection id for the unseated)."""

    def __init__(self, capacity: float, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Take one token from `key`'s bucket; False when it is empty."""
        now = self.clock()
        with self._lock:
            tokens, last = self._buckets.get(key, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            if tokens < 1:
                self._buckets[key] = (tokens, now)
                return False
            self._buckets[key] = (tokens - 1, now)
            return True

    def forget(self, key: str) -> None:
        """Drop `key`'s bucket (a connection that left)."""
        with self._lock:
            self._buckets.pop(key, None)
