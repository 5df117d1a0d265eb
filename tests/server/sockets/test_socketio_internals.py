"""The python-socketio, python-engineio and Flask-SocketIO internals the hub relies on, each named
with the module that uses it. They are private: a minor release may rename or drop any of them,
which is why pyproject.toml pins those packages to a minor version. An upgrade that breaks one
fails here, by name, instead of as a mystery in a game (a guard that no longer guards, pings
that sleep again, an emit that goes nowhere)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import engineio
import flask_socketio.test_client
import pytest
import socketio
from engineio import packet as eio_packet
from engineio import socket as eio_socket
from engineio.async_drivers import _websocket_wsgi
from socketio import packet as sio_packet

GUARD, OUTLET, PINGS, APP, STOPPING = ("server/web/guard.py", "server/web/outlet.py", "server/web/pings.py",
                                       "server/web/app.py", "server/cli/stopping.py")


def _gevent_thread() -> Any:
    from engineio.async_drivers import gevent

    return gevent


OWNERS: dict[str, Callable[[], Any]] = {  # what holds the attribute: a class, a module, or an instance
    "socketio.Server": lambda: socketio.Server,
    "socketio.Server()": socketio.Server,  # attributes set in __init__
    "socketio.Manager": lambda: socketio.Manager,
    "socketio.packet": lambda: sio_packet,
    "socketio.packet.Packet": lambda: sio_packet.Packet,
    "engineio.Server": lambda: engineio.Server,
    "engineio.Server()": lambda: engineio.Server(async_mode="threading"),
    "engineio.Server.reason": lambda: engineio.Server.reason,
    "engineio.packet": lambda: eio_packet,
    "engineio.socket.Socket": lambda: eio_socket.Socket,
    "engineio.socket.Socket()": lambda: eio_socket.Socket(engineio.Server(async_mode="threading"), "sid"),
    "SimpleWebSocketWSGI": lambda: _websocket_wsgi.SimpleWebSocketWSGI,
    "engineio.async_drivers.gevent": _gevent_thread,
}

USED = [  # (the module that uses it, where it is, the attribute)
    (GUARD, "socketio.Server", "_handle_eio_message"),  # replaced: the frame reader, guarded
    (GUARD, "socketio.Server", "_handle_event"),  # replaced: the event dispatcher, guarded
    (GUARD, "socketio.Server", "_send_packet"),  # a refusal's ack
    (GUARD, "socketio.Server()", "eio"),
    (GUARD, "socketio.Server()", "logger"),
    (GUARD, "socketio.Server()", "manager"),
    (GUARD, "socketio.Server()", "packet_class"),
    (GUARD, "socketio.Manager", "sid_from_eio_sid"),
    (GUARD, "socketio.packet", "EVENT"),
    (GUARD, "socketio.packet", "BINARY_EVENT"),
    (GUARD, "socketio.packet", "BINARY_ACK"),
    (GUARD, "socketio.packet", "ACK"),
    (GUARD, "engineio.Server()", "_async"),  # its "websocket" class, replaced by the guarded one
    (GUARD, "engineio.Server()", "max_http_buffer_size"),
    (GUARD, "engineio.Server()", "logger"),
    (GUARD, "engineio.Server()", "async_mode"),
    (GUARD, "engineio.Server", "handle_request"),  # replaced: long-polling junk is a 400
    (GUARD, "engineio.Server", "on"),
    (GUARD, "SimpleWebSocketWSGI", "wait"),  # overridden: unreadable frames dropped
    (GUARD, "SimpleWebSocketWSGI", "close"),  # overridden: a reset peer is no traceback
    (GUARD, "engineio.async_drivers.gevent", "Thread"),
    (OUTLET, "socketio.Server", "_send_eio_packet"),  # the one-connection emit's sending step
    (OUTLET, "socketio.Server", "emit"),
    (OUTLET, "socketio.Server()", "manager"),
    (OUTLET, "socketio.Server()", "packet_class"),
    (OUTLET, "socketio.Manager", "eio_sid_from_sid"),
    (OUTLET, "socketio.packet", "EVENT"),
    (OUTLET, "engineio.packet", "Packet"),
    (OUTLET, "engineio.packet", "MESSAGE"),
    (PINGS, "engineio.Server", "start_background_task"),  # replaced: the ping task recognised and woken
    (PINGS, "engineio.Server", "create_event"),
    (PINGS, "engineio.Server()", "handlers"),
    (PINGS, "engineio.Server()", "ping_interval"),
    (PINGS, "engineio.socket.Socket", "_send_ping"),
    (PINGS, "engineio.socket.Socket", "send"),
    (PINGS, "engineio.socket.Socket()", "sid"),
    (PINGS, "engineio.socket.Socket()", "closing"),
    (PINGS, "engineio.socket.Socket()", "closed"),
    (PINGS, "engineio.socket.Socket()", "last_ping"),
    (PINGS, "engineio.packet", "PING"),
    (STOPPING, "engineio.Server()", "handlers"),  # the disconnect handler removed before the close
    (STOPPING, "engineio.Server()", "sockets"),
    (STOPPING, "engineio.Server.reason", "SERVER_DISCONNECT"),
    (STOPPING, "engineio.socket.Socket", "close"),
    (APP, "socketio.Manager", "connect"),  # overridden: the first sync after the CONNECT packet
    (APP, "socketio.packet.Packet", "data_is_binary"),  # overridden: no binary scan of every message
    (APP, "socketio.Server", "enter_room"),
    ("tests/server/sockets/test_state_patch.py", "socketio.Manager", "sid_from_eio_sid"),
    ("tests/server/sockets/test_outlet.py", "socketio.Server", "_send_eio_packet"),  # replaced: what is sent
]


@pytest.mark.parametrize(("user", "owner", "name"), USED, ids=[f"{u}:{o}.{n}" for u, o, n in USED])
def test_an_internal_the_code_uses_is_still_there(user: str, owner: str, name: str) -> None:
    assert hasattr(OWNERS[owner](), name), f"{user} uses {owner}.{name}, gone in this version"


def _takes(function: Any, positional: int) -> bool:
    """Whether `function` can be called with `positional` positional arguments and nothing else required."""
    parameters = list(inspect.signature(function).parameters.values())
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    slots = [p for p in parameters if p.kind in kinds]
    required = [p for p in slots if p.default is inspect.Parameter.empty]
    more = any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in parameters)
    keyword_only = [p for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY
                    and p.default is inspect.Parameter.empty]
    return len(required) <= positional and (positional <= len(slots) or more) and not keyword_only


CALLED = [  # (the module, the function, positional arguments it is given with self, the keywords too)
    (GUARD, socketio.Server._handle_eio_message, 3, ()),  # (eio_sid, data)
    (GUARD, socketio.Server._handle_event, 5, ()),  # (eio_sid, namespace, ack id, data)
    (GUARD, socketio.Server._send_packet, 3, ()),  # (eio_sid, packet)
    (GUARD, engineio.Server.handle_request, 3, ()),  # (environ, start_response)
    (GUARD, _websocket_wsgi.SimpleWebSocketWSGI.__init__, 3, ("max_message_size", "thread_class")),  # **kwargs
    (GUARD, sio_packet.Packet.__init__, 2, ("namespace", "id", "data")),  # (ACK, namespace=, id=, data=)
    (OUTLET, socketio.Server._send_eio_packet, 3, ()),  # (eio_sid, engine.io packet)
    (OUTLET, socketio.Server.emit, 3, ("to", "namespace")),  # (event, data, to=, namespace=)
    (OUTLET, eio_packet.Packet.__init__, 3, ()),  # (MESSAGE, encoded)
    (APP, socketio.Manager.connect, 3, ()),  # (sid, namespace)
    (PINGS, eio_socket.Socket._send_ping, 1, ()),  # no arguments: how the ping task is recognised
    (STOPPING, eio_socket.Socket.close, 1, ("wait", "abort", "reason")),
]


@pytest.mark.parametrize(("user", "function", "positional", "keywords"), CALLED,
                         ids=[f"{u}:{f.__qualname__}" for u, f, _, _ in CALLED])
def test_an_internal_is_called_as_the_code_calls_it(user: str, function: Any, positional: int,
                                                    keywords: tuple[str, ...]) -> None:
    signature = inspect.signature(function)
    named = set(signature.parameters)
    any_keyword = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in signature.parameters.values())
    assert _takes(function, positional), f"{user} calls {function.__qualname__}{signature} with {positional - 1}"
    assert any_keyword or set(keywords) <= named, f"{user}: {function.__qualname__} takes no {set(keywords) - named}"


SOURCES = [  # (the module, what it relies on, where, the text that does it)
    (PINGS, "the ping task is started as Socket._send_ping, through the server's start_background_task",
     eio_socket.Socket, "start_background_task(self._send_ping)"),
    (GUARD, "the websocket class is made with the socket's bound handler (its __self__ is the socket)",
     eio_socket.Socket, "_async['websocket'](\n            self._websocket_handler, self.server)"),
    (GUARD, "the websocket class keeps that handler as `app`",
     _websocket_wsgi.SimpleWebSocketWSGI, "self.app = handler"),
    (GUARD, "its keywords go to simple-websocket (the frame limit, gevent's classes)",
     _websocket_wsgi.SimpleWebSocketWSGI, "simple_websocket.Server(environ, **self.server_args)"),
    (GUARD, "and the connection is read from `self.ws`", _websocket_wsgi.SimpleWebSocketWSGI, "self.ws = "),
    (OUTLET, "Flask-SocketIO's test client listens on the server's _send_eio_packet",
     flask_socketio.test_client.SocketIOTestClient, "socketio.server._send_eio_packet = "),
    ("tests/server/sockets/test_state_patch.py", "the test client knows its Engine.IO sid",
     flask_socketio.test_client.SocketIOTestClient, "self.eio_sid = "),
]


@pytest.mark.parametrize(("user", "why", "where", "text"), SOURCES, ids=[f"{s[0]}:{s[2].__name__}" for s in SOURCES])
def test_the_library_still_works_the_way_the_code_relies_on(user: str, why: str, where: Any, text: str) -> None:
    assert text in inspect.getsource(where), f"{user} relies on this: {why}"


def test_the_engine_io_websocket_driver_is_the_one_the_guard_subclasses() -> None:
    eio = engineio.Server(async_mode="threading")
    assert issubclass(eio._async["websocket"], _websocket_wsgi.SimpleWebSocketWSGI), GUARD
