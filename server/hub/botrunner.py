"""One background task that moves every room's bots after a human-like pause.

The task is started by `spawn` (the Socket.IO server's `start_background_task`: a greenlet in
gevent mode, a daemon thread in threading mode); without one, a daemon thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dudo_hub.server.room.room import Room

log = logging.getLogger(__name__)
Spawn = Callable[[Callable[[], None]], Any]


def _thread(target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, name="dudo-bots", daemon=True)
    thread.start()
    return thread


class BotRunner:
    """Deadlines per room; `schedule` replaces a room's pending move, `stop` ends the thread."""

    def __init__(self, spawn: Spawn | None = None) -> None:
        self._due: dict[str, tuple[float, Room, int]] = {}
        self._cond = threading.Condition()
        self._stopped = False
        self._ended = threading.Event()
        (spawn or _thread)(self._run)

    def schedule(self, room: Room, version: int, delay: float) -> None:
        """Let `room`'s bot move in `delay` seconds if the game is still at `version` then."""
        with self._cond:
            self._due[room.code] = (time.monotonic() + max(0.0, delay), room, version)
            self._cond.notify()

    def stop(self, timeout: float = 5.0) -> None:
        """End the task (pending moves are dropped)."""
        with self._cond:
            self._stopped = True
            self._due.clear()
            self._cond.notify()
        self._ended.wait(timeout)

    @property
    def alive(self) -> bool:
        """Whether the task still runs."""
        return not self._ended.is_set()

    def _run(self) -> None:
        try:
            self._loop()
        finally:
            self._ended.set()

    def _loop(self) -> None:
        while True:
            job = self._next()
            if job is None:
                return
            room, version = job
            try:
                room.bot_turn(version)
            except Exception:
                log.exception("room %s: a bot failed to move", room.code)

    def _next(self) -> tuple[Room, int] | None:
        """Wait for the earliest deadline; None once stopped."""
        with self._cond:
            while not self._stopped:
                if not self._due:
                    self._cond.wait()
                    continue
                code, (deadline, room, version) = min(self._due.items(), key=lambda kv: kv[1][0])
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                del self._due[code]
                return room, version
            return None
