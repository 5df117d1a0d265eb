"""One background thread that moves every room's bots after a human-like pause."""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dudo_hub.server.rooms import Room

log = logging.getLogger(__name__)


class BotRunner:
    """Deadlines per room; `schedule` replaces a room's pending move, `stop` ends the thread."""

    def __init__(self) -> None:
        self._due: dict[str, tuple[float, Room, int]] = {}
        self._cond = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._loop, name="dudo-bots", daemon=True)
        self._thread.start()

    def schedule(self, room: Room, version: int, delay: float) -> None:
        """Let `room`'s bot move in `delay` seconds if the game is still at `version` then."""
        with self._cond:
            self._due[room.code] = (time.monotonic() + max(0.0, delay), room, version)
            self._cond.notify()

    def stop(self, timeout: float = 5.0) -> None:
        """End the thread (pending moves are dropped)."""
        with self._cond:
            self._stopped = True
            self._due.clear()
            self._cond.notify()
        self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        """Whether the thread still runs."""
        return self._thread.is_alive()

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
