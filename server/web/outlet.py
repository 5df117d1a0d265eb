"""How the hub's messages reach the connections: `emit(event, data, to)`.

To one connection (`to` is its sid), the Socket.IO packet is encoded as python-socketio encodes
it and handed to that connection's Engine.IO socket: what `socketio.emit(event, data, to=sid)`
does, without the generic work it repeats for every message (its keyword handling, a log call,
and a copy of the sid's room to find the one socket in it). A broadcast sends eight of these per
move. To a room (`to` is a room code), the server's own emit.

    emit = outlet(socketio.server)
    emit("state_patch", patch, sid)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engineio import packet as eio_packet
from socketio import packet as sio_packet

NAMESPACE = "/"  # the hub's one namespace


def outlet(server: Any) -> Callable[[str, Any, str], None]:
    """`emit(event, data, to)` over `server` (a `socketio.Server`)."""
    manager = server.manager

    def emit(event: str, data: Any, to: str) -> None:
        eio_sid = manager.eio_sid_from_sid(to, NAMESPACE)
        if eio_sid is None:  # a room's code, or a connection already gone
            server.emit(event, data, to=to, namespace=NAMESPACE)
            return
        encoded = server.packet_class(sio_packet.EVENT, namespace=NAMESPACE, data=[event, data]).encode()
        # the server's own sending step (Flask-SocketIO's test client listens there too)
        server._send_eio_packet(eio_sid, eio_packet.Packet(eio_packet.MESSAGE, encoded))

    return emit
