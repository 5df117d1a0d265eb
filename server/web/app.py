"""The app factory: `socketio` at module level, `create_app(config)` wires pages and sockets.

    app = create_app(TestConfig())
    client = socketio.test_client(app, auth={"room": code, "role": "tv"})
"""

from __future__ import annotations

import logging
from typing import Any

import socketio as sio
from flask import Flask, Request
from flask.sessions import SecureCookieSessionInterface
from flask_socketio import SocketIO
from werkzeug.routing import MapAdapter

from dudo_hub.server.config import Config, TestConfig
from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web import asyncmode, fastjson
from dudo_hub.server.web.assets import web_dir
from dudo_hub.server.web.guard import Guard
from dudo_hub.server.web.outlet import outlet
from dudo_hub.server.web.pings import PromptPings

__all__ = ["Config", "TestConfig", "create_app", "socketio", "get_hub"]

log = logging.getLogger(__name__)
socketio = SocketIO()
SOCKET_PATH = "/socket.io"  # where the socket is served (create_app gives it to Socket.IO)


class SyncingManager(sio.Manager):  # type: ignore[misc]
    """A client manager that calls `on_connected(sid)` once the CONNECT packet is sent,
    so the first `state` message reaches the client after its connection is accepted."""

    def __init__(self) -> None:
        super().__init__()
        self.on_connected: Any = None

    def connect(self, sid: str, namespace: str) -> Any:
        result = super().connect(sid, namespace)
        if self.on_connected is not None:
            try:
                self.on_connected(sid)
            except Exception:
                log.exception("first sync for %s failed", sid)
        return result


class TextPacket(sio.packet.Packet):  # type: ignore[misc]
    """Socket.IO packets of JSON text only: the hub never sends bytes, so skip the deep binary scan
    python-socketio runs on every outgoing message (most of an emit's cost for a `state`)."""

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        return isinstance(data, bytes | bytearray)


class NoSession(SecureCookieSessionInterface):
    """No cookie session: the hub keeps nothing in one (a seat is a token), yet Flask-SocketIO opens
    the session for every socket event, and with a secret key set that reads and verifies the
    cookie each time. A request gets Flask's null session (read empty, refuses writes)."""

    def open_session(self, app: Flask, request: Request) -> None:
        return None


class HubFlask(Flask):
    """Flask, minus URL matching for socket events. Flask-SocketIO pushes a request context with the
    connection's environ (path /socket.io/) for every event. No route matches that path, so Flask
    bound an adapter, failed to match and kept a NotFound whose traceback is a reference cycle:
    about 45 objects per event left for the garbage collector, whose pauses stall every room.
    (Requests under /socket.io/ never reach Flask's routing: Engine.IO's middleware answers them.)"""

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        if request is not None and request.environ.get("PATH_INFO", "").rstrip("/") == SOCKET_PATH:
            return None
        return super().create_url_adapter(request)


def create_app(config: Config | None = None) -> Flask:
    """A Flask app with the hub's pages, socket handlers and a `Hub` (app.extensions["dudo_hub"])."""
    from dudo_hub.server.handlers import director as director_events
    from dudo_hub.server.handlers import evening as evening_events
    from dudo_hub.server.handlers import game as events
    from dudo_hub.server.web import pages

    config = config or Config.from_env()
    web = web_dir()
    app = HubFlask(__name__, template_folder=str(web / "templates"), static_folder=str(web / "static"),
                   static_url_path="/static")
    app.config["SECRET_KEY"] = config.SECRET_KEY
    app.session_interface = NoSession()
    app.config["DUDO"] = config
    app.config["ASYNC_MODE"] = mode = asyncmode.resolve(config.ASYNC_MODE)
    app.register_blueprint(pages.bp)
    app.register_blueprint(evening_events.bp)
    app.register_blueprint(director_events.bp)
    manager = SyncingManager()
    # Same-origin only (the default): the pages come from the hub itself, and a page from
    # elsewhere has no business opening a socket to it.
    # gevent: a greenlet per connection on one OS thread; threading: an OS thread per connection.
    socketio.init_app(app, async_mode=mode, client_manager=manager, serializer=TextPacket, json=fastjson,
                      path=SOCKET_PATH.strip("/"))
    hub = Hub(config, outlet(socketio.server),
              lambda sid, code: socketio.server.enter_room(sid, code), spawn=socketio.start_background_task)
    manager.on_connected = hub.connected
    app.extensions["dudo_hub"] = hub
    events.register(socketio)
    Guard(socketio.server, events.HANDLERS, lambda sid, code, detail: events.refusal(hub, sid, code, detail)).install()
    PromptPings(socketio.server.eio).install()  # a closed connection's ping task ends with it
    return app


def get_hub(app: Flask) -> Hub:
    """The hub of `app`."""
    found: Hub = app.extensions["dudo_hub"]
    return found
