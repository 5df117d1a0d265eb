"""The HTTP server, with TCP_NODELAY on every connection, in the app's async mode.

- gevent: gevent's WSGI server, one greenlet per connection on one OS thread (`dudo serve`);
- threading: werkzeug's threaded server, one OS thread per connection (`--async threading`,
  and the tests).

Both answer `server_port`, `serve_forever()`, `wait_serving()`, `shutdown(before_drain)` and
`server_close()`. A `shutdown` stops accepting, calls `before_drain` (`dudo serve` closes the
Engine.IO connections there), and `serve_forever` returns once the handlers are done: in gevent
mode the connections still open after `STOP_GRACE / 4` seconds are shut (their reads end) and the
handlers still running after `STOP_GRACE` are ended; in threading mode they are daemon threads,
ended with the process.
Without TCP_NODELAY, small websocket frames wait for delayed ACKs (about 40 ms a move).
"""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from typing import Any, Protocol

from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

log = logging.getLogger("dudo_hub.server.http")
STOP_GRACE = 1.0
"""Seconds a stop gives the connections' handlers (an idle keep-alive or a silent client never ends by itself)."""


class Server(Protocol):
    """What `make_server` returns, in either mode."""

    server_port: int

    def serve_forever(self) -> None:
        """Serve until `shutdown()`."""

    def wait_serving(self, timeout: float) -> bool:
        """Wait until `serve_forever()` serves (True), at most `timeout` seconds."""

    def shutdown(self, before_drain: Callable[[], object] | None = None) -> None:
        """Stop accepting, call `before_drain`, stop serving (from another thread or greenlet)."""

    def server_close(self) -> None:
        """Close the listening socket."""


class QuietHandler(WSGIRequestHandler):
    """One request per connection (a finished websocket closes its socket); logs at debug level."""

    protocol_version = "HTTP/1.0"

    def log(self, type: str, message: str, *args: Any) -> None:  # noqa: A002 - werkzeug's signature
        log.debug("%s " + message, self.address_string(), *args)


class HubServer(ThreadedWSGIServer):
    """One thread per connection; no Nagle delay on the sockets."""

    daemon_threads = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._serving = threading.Event()
        self._drained = threading.Event()
        self._stopping = False

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        super().serve_forever(poll_interval)  # werkzeug's: closes the listening socket at the end
        if self._stopping:
            self._drained.wait(STOP_GRACE)

    def shutdown(self, before_drain: Callable[[], object] | None = None) -> None:
        """End `serve_forever`'s loop (no more connections accepted), then call `before_drain`;
        `serve_forever` returns after it."""
        self._stopping = True
        try:
            super().shutdown()
            if before_drain is not None:
                before_drain()
        finally:
            self._drained.set()

    def service_actions(self) -> None:
        """Called on each turn of `serve_forever`'s loop: from now on a `shutdown()` is heard (one
        sent before the loop begins would be lost)."""
        super().service_actions()
        self._serving.set()

    def wait_serving(self, timeout: float) -> bool:
        return self._serving.wait(timeout)

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, addr = super().get_request()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr


class _DebugLog:
    """gevent's access log, one debug line a request."""

    @staticmethod
    def write(line: str) -> None:
        log.debug("%s", line.rstrip())


class GeventServer:
    """gevent's WSGI server: a greenlet per connection; no Nagle delay on the sockets."""

    def __init__(self, app: Flask, host: str, port: int) -> None:
        from gevent import pywsgi
        from gevent.pool import Pool

        open_sockets: set[Any] = set()

        class Handler(pywsgi.WSGIHandler):  # type: ignore[misc]
            def handle_one_response(self) -> None:
                super().handle_one_response()
                if self._connection_upgrade_requested():  # a websocket ended: its bytes are no HTTP request
                    self.close_connection = True

        class NoDelayServer(pywsgi.WSGIServer):  # type: ignore[misc]
            def handle(self, sock: Any, address: Any) -> None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                open_sockets.add(sock)
                try:
                    super().handle(sock, address)
                finally:
                    open_sockets.discard(sock)

        # The pool holds every handler, so that a stop can wait for them and end the last ones.
        self._server = NoDelayServer((host, port), app, handler_class=Handler, spawn=Pool(), log=_DebugLog(),
                                     error_log=log)
        self._server.init_socket()  # bound now: the port is known before serving
        self.server_port: int = self._server.server_port
        self._open = open_sockets
        self._serving = threading.Event()
        self._drained = threading.Event()
        self._stopped = False

    def serve_forever(self) -> None:
        if not self._stopped:
            self._serving.set()
            self._server.serve_forever(stop_timeout=STOP_GRACE)
        if self._stopped:
            self._drained.wait(STOP_GRACE * 2)

    def wait_serving(self, timeout: float) -> bool:
        return self._serving.wait(timeout)

    def shutdown(self, before_drain: Callable[[], object] | None = None) -> None:
        """Stop accepting, call `before_drain`; shut the connections that linger, then end the
        handlers still running; `serve_forever` returns after it."""
        self._stopped = True
        server = self._server
        try:
            server.close()
            if before_drain is not None:
                before_drain()
            server.pool.join(timeout=STOP_GRACE / 4)
            for sock in list(self._open):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            server.stop(timeout=STOP_GRACE * 3 / 4)
        finally:
            self._drained.set()

    def server_close(self) -> None:
        self._server.close()


def make_server(app: Flask, host: str = "127.0.0.1", port: int = 0, mode: str | None = None) -> Server:
    """A server for `app` on host:port (port 0: a free port, see `server.server_port`).
    `mode` defaults to the app's async mode."""
    mode = mode or app.config.get("ASYNC_MODE", "threading")
    if mode == "gevent":
        return GeventServer(app, host, port)
    return HubServer(host, port, app, handler=QuietHandler)


def serve_in_thread(app: Flask, host: str = "127.0.0.1", port: int = 0) -> tuple[Server, threading.Thread]:
    """Start `make_server(...)` in a daemon thread (a greenlet once gevent has patched threading);
    stop with `server.shutdown()`."""
    server = make_server(app, host, port)
    thread = threading.Thread(target=server.serve_forever, name="dudo-http", daemon=True)
    thread.start()
    return server, thread
