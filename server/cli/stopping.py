"""How `dudo serve` stops: Ctrl-C (SIGINT) and SIGTERM alike, once, cleanly, within seconds.

Python's own SIGINT handler raises KeyboardInterrupt in whatever runs when the signal comes:
on gevent's loop that is often a connection's greenlet (a traceback, and the server goes on
serving). `Stopper.install()` catches both signals instead (gevent's loop in gevent mode, a
Python handler in threading mode) and starts one stop:

1. the server stops accepting, and every open connection is closed without Socket.IO's
   disconnect packet (pages and phones reconnect by themselves when the hub is back) and without
   running the disconnect handlers (see `close_connections`);
2. the server stops (handlers still running after `wsgi.STOP_GRACE` seconds are ended);
3. `close_hub`: voice and bots stop, each room's change under way finishes and is saved,
   then the store closes. The rooms stay locked: nothing can change after the last save.

A second signal during the stop, or after it, is ignored.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from typing import Any

from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.wsgi import Server

log = logging.getLogger(__name__)
SIGNALS = (signal.SIGINT, signal.SIGTERM)
ROOM_WAIT = 1.0  # seconds, all rooms together, for changes under way to finish and save


class Stopper:
    """Turns SIGINT and SIGTERM into one clean stop of `server` (see the module)."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.requested = False
        self._server: Server | None = None
        self._eio: Any = None
        self._handlers: list[Any] = []  # gevent's signal objects: kept, or they may be collected

    def install(self) -> bool:
        """Catch SIGINT and SIGTERM (only the main thread may); True when installed."""
        if threading.current_thread() is not threading.main_thread():
            return False
        for signum in SIGNALS:
            if self.mode == "gevent":
                import gevent

                self._handlers.append(gevent.signal_handler(signum, self.request))
            else:
                signal.signal(signum, lambda *_: self.request())
        return True

    def ignore_from_now(self) -> None:
        """Stopped: further signals are ignored until the process ends (gevent's loop, torn down at
        exit, would otherwise hand SIGINT back to its default: death by signal, not exit 0)."""
        for handler in self._handlers:
            handler.cancel()
        self._handlers.clear()
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                signal.signal(signum, signal.SIG_IGN)

    def attach(self, server: Server, eio: Any) -> None:
        """The server to stop and its Engine.IO server (whose connections are closed first).
        A stop asked for before this is `requested`: the caller does not serve at all."""
        self._server, self._eio = server, eio

    def request(self) -> None:
        """A signal: start the stop, unless one is under way."""
        if self.requested:
            return
        self.requested = True
        if self._server is None:
            return
        if self.mode == "gevent":
            import gevent

            gevent.spawn(self._stop)
        else:
            threading.Thread(target=self._stop, name="dudo-stop", daemon=True).start()

    def _stop(self) -> None:
        assert self._server is not None
        self._server.wait_serving(2.0)  # a stop asked for just before serving began waits for it
        self._server.shutdown(before_drain=lambda: close_connections(self._eio))


def close_connections(eio: Any) -> int:
    """Close every Engine.IO connection as if its transport dropped (no disconnect packet: the
    clients reconnect later). Nobody is told of each one: the disconnect handlers are removed first
    (Socket.IO's bookkeeping of a disconnect costs a scan of every room, and the hub would tell the
    table of each phone going, for nothing: a resumed room counts its phones dropped anyway).
    How many were open."""
    getattr(eio, "handlers", {}).pop("disconnect", None)
    sockets = list(getattr(eio, "sockets", {}).values())
    for sock in sockets:
        try:
            sock.close(wait=False, abort=True, reason=eio.reason.SERVER_DISCONNECT)
        except Exception as err:  # a connection already broken: it goes anyway
            log.debug("closing a connection at stop: %s", err)
    return len(sockets)


def close_hub(hub: Hub, wait: float = ROOM_WAIT) -> None:
    """Voice and bots stop first (they act on rooms), then every room's lock is taken (a change
    under way finishes and saves), then `hub.close()` closes the store. The locks are kept."""
    for voice in hub.voices.values():
        voice.stop()
    hub.voices.clear()
    if hub.runner is not None:
        hub.runner.stop(timeout=wait)
    _hold_rooms(hub, wait)
    hub.close()


def _hold_rooms(hub: Hub, wait: float) -> None:
    """Take every room's lock for good, waiting at most `wait` seconds in all."""
    deadline = time.monotonic() + wait
    for room in list(hub.rooms.values()):
        if not room.lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
            log.warning("room %s was still busy at the stop", room.code)

