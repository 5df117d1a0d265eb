"""One background task for every room's deadlines: bots moving after a human-like pause, and the
turn clock's nudge when a player's time is up.

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
Job = Callable[[], Any]


def _thread(target: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=target, name="dudo-bots", daemon=True)
    thread.start()
    return thread


class BotRunner:
    """Deadlines per room and kind; a new one replaces the room's pending one of that kind; `stop` ends the thread."""

    def __init__(self, spawn: Spawn | None = None) -> None:
        self._due: dict[tuple[str, str], tuple[float, str, Job]] = {}
        self._cond = threading.Condition()
        self._stopped = False
        self._ended = threading.Event()
        (spawn or _thread)(self._run)

    def schedule(self, room: Room, version: int, delay: float) -> None:
        """Let `room`'s bot move in `delay` seconds if the game is still at `version` then."""
        self.later((room.code, "bot"), delay, lambda: room.bot_turn(version))

    def later(self, key: tuple[str, str], delay: float, job: Job) -> None:
        """Run `job` in `delay` seconds, in place of any job still pending under `key` (room code, kind)."""
        with self._cond:
            self._due[key] = (time.monotonic() + max(0.0, delay), key[0], job)
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
            code, run = job
            try:
                run()
            except Exception:
                log.exception("room %s: a scheduled job failed", code)

    def _next(self) -> tuple[str, Job] | None:
        """Wait for the earliest deadline; None once stopped."""
        with self._cond:
            while not self._stopped:
                if not self._due:
                    self._cond.wait()
                    continue
                key, (deadline, code, run) = min(self._due.items(), key=lambda kv: kv[1][0])
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                del self._due[key]
                return code, run
            return None
