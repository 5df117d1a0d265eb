"""Engine.IO's ping task, ended as soon as its connection closes.

Engine.IO starts one background task per connection that sleeps `ping_interval` (25 s) and
then pings. A connection that closes leaves that task asleep: in threading mode an OS
thread, in gevent mode a greenlet holding the closed socket, for up to 25 s. Under churn
(phones locking and waking, a hall's worth of pages reloading) they pile up. `PromptPings`
makes the task wait on an event that the connection's disconnect sets instead.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from engineio import packet


class PromptPings:
    """Installed on one Engine.IO server: `PromptPings(eio).install()`."""

    def __init__(self, eio: Any) -> None:
        self.eio = eio
        self._waiting: dict[str, Any] = {}  # Engine.IO sid -> the event its ping task waits on
        self._lock = threading.Lock()

    def install(self) -> None:
        """Wrap the server's background tasks (for the ping task) and its disconnect handler."""
        self._start = self.eio.start_background_task
        self._disconnect = self.eio.handlers.get("disconnect")
        self.eio.start_background_task = self.start_background_task
        self.eio.on("disconnect", self.on_disconnect)

    def start_background_task(self, target: Any, *args: Any, **kwargs: Any) -> Any:
        """Engine.IO's tasks as they were, but a connection's ping task waits on an event."""
        sock = getattr(target, "__self__", None)
        if getattr(target, "__name__", "") == "_send_ping" and sock is not None and not args and not kwargs:
            return self._start(self.ping, sock)
        return self._start(target, *args, **kwargs)

    def ping(self, sock: Any) -> None:
        """Wait `ping_interval`, then ping, unless the connection closes meanwhile (then end at once)."""
        with self._lock:
            closed = self._waiting.setdefault(sock.sid, self.eio.create_event())
        if sock.closing or sock.closed or closed.wait(self.eio.ping_interval):
            self._forget(sock.sid)
            return
        if not sock.closing and not sock.closed:
            sock.last_ping = time.time()
            sock.send(packet.Packet(packet.PING))

    def on_disconnect(self, eio_sid: str, *args: Any) -> Any:
        """The connection's own disconnect handler, then its ping task is woken to end."""
        try:
            return self._disconnect(eio_sid, *args) if self._disconnect is not None else None
        finally:
            event = self._forget(eio_sid)
            if event is not None:
                event.set()

    def _forget(self, eio_sid: str) -> Any:
        with self._lock:
            return self._waiting.pop(eio_sid, None)
