"""The HTTP server, with TCP_NODELAY on every connection, in the app's async mode.

- gevent: gevent's WSGI server, one greenlet per connection on one OS thread (`dudo serve`);
- threading: werkzeug's threaded server, one OS thread per connection (`--async threading`,
  and the tests).

Both answer `server_port`, `serve_forever()`, `shutdown()` and `server_close()`.
Without TCP_NODELAY, small websocket frames wait for delayed ACKs (about 40 ms a move).
"""

from __future__ import annotations

import logging
import socket
import threading
from typing import Any, Protocol

from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

log = logging.getLogger("dudo_hub.server.http")


class Server(Protocol):
    """What `make_server` returns, in either mode."""

    server_port: int

    def serve_forever(self) -> None:
        """Serve until `shutdown()`."""

    def shutdown(self) -> None:
        """Stop serving (from another thread or greenlet)."""

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

        class Handler(pywsgi.WSGIHandler):  # type: ignore[misc]
            def handle_one_response(self) -> None:
                super().handle_one_response()
                if self._connection_upgrade_requested():  # a websocket ended: its bytes are no HTTP request
                    self.close_connection = True

        class NoDelayServer(pywsgi.WSGIServer):  # type: ignore[misc]
            def handle(self, sock: Any, address: Any) -> None:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                super().handle(sock, address)

        self._server = NoDelayServer((host, port), app, handler_class=Handler, log=_DebugLog(), error_log=log)
        self._server.init_socket()  # bound now: the port is known before serving
        self.server_port: int = self._server.server_port

    def serve_forever(self) -> None:
        self._server.serve_forever()

    def shutdown(self) -> None:
        self._server.stop(timeout=2)

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
