"""The HTTP server: werkzeug's threaded server with TCP_NODELAY on every connection.

Without TCP_NODELAY, small websocket frames wait for delayed ACKs (about 40 ms a move).
"""

from __future__ import annotations

import logging
import socket
import threading
from typing import Any

from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler


class QuietHandler(WSGIRequestHandler):
    """One request per connection (a finished websocket closes its socket); logs at debug level."""

    protocol_version = "HTTP/1.0"

    def log(self, type: str, message: str, *args: Any) -> None:  # noqa: A002 - werkzeug's signature
        logging.getLogger("dudo_hub.server.http").debug("%s " + message, self.address_string(), *args)


class HubServer(ThreadedWSGIServer):
    """One thread per connection; no Nagle delay on the sockets."""

    daemon_threads = True

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, addr = super().get_request()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr


def make_server(app: Flask, host: str = "127.0.0.1", port: int = 0) -> HubServer:
    """A server for `app` on host:port (port 0: a free port, see `server.server_port`)."""
    return HubServer(host, port, app, handler=QuietHandler)


def serve_in_thread(app: Flask, host: str = "127.0.0.1", port: int = 0) -> tuple[HubServer, threading.Thread]:
    """Start `make_server(...)` in a daemon thread; stop with `server.shutdown()`."""
    server = make_server(app, host, port)
    thread = threading.Thread(target=server.serve_forever, name="dudo-http", daemon=True)
    thread.start()
    return server, thread
