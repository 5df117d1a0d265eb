"""The suite's one wait: `wait_until(condition, timeout=..., message=...)`, importable from every
test folder as `from waiting import wait_until` (tests/conftest.py puts tests/ on the import path).

A wait is for a condition, never for a stretch of time: the timeout only keeps a broken run from
hanging, so make it generous; what is asserted is that the condition came true. `time.sleep` is
gevent's in a patched process (tests/gevent_pytest.py), so the wait yields to the hub's greenlets
there too.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(condition: Callable[[], T], *, timeout: float = 10.0, message: str | Callable[[], str],
               interval: float = 0.02) -> T:
    """Call `condition` until it returns something true and return that; after `timeout` seconds,
    an AssertionError naming what was waited for (`message`, or what it returns when called
    then, so it can show the last state seen) and how long."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            said = message() if callable(message) else message
            raise AssertionError(f"waited {timeout:g} s in vain for {said}")
        time.sleep(interval)
