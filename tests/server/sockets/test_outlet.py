"""The hub's emit (server/web/outlet.py) puts on a connection's socket what Socket.IO's own emit puts there."""

from __future__ import annotations

from typing import Any

import socketio

from dudo_hub.server.web import fastjson
from dudo_hub.server.web.app import TextPacket
from dudo_hub.server.web.outlet import outlet


def server_and_sent() -> tuple[Any, list[tuple[str, int, Any]]]:
    server = socketio.Server(serializer=TextPacket, json=fastjson)
    sent: list[tuple[str, int, Any]] = []
    server._send_eio_packet = lambda eio_sid, pkt: sent.append((eio_sid, pkt.packet_type, pkt.encode()))
    return server, sent


def test_to_one_connection_the_same_packet_as_socketio_emit() -> None:
    server, sent = server_and_sent()
    sid = server.manager.connect("eio-1", "/")
    server.manager.connect("eio-2", "/")  # another connection hears nothing
    data = {"v_from": 3, "v": 4, "ops": [["s", ["view", "turn"], "Ana"]],
            "events": [{"kind": "bid", "text": "tre \u00e9"}]}
    server.emit("state_patch", data, to=sid)
    outlet(server)("state_patch", data, sid)
    assert len(sent) == 2 and sent[0] == sent[1]
    assert sent[0][0] == "eio-1" and sent[0][2].startswith('42["state_patch",{"v_from":3')


def test_to_a_room_every_member_through_the_server() -> None:
    server, sent = server_and_sent()
    first, second = server.manager.connect("eio-1", "/"), server.manager.connect("eio-2", "/")
    server.manager.connect("eio-3", "/")
    for sid in (first, second):
        server.enter_room(sid, "ABCD")
    outlet(server)("voice", {"on": False}, "ABCD")
    assert sorted(eio for eio, _, _ in sent) == ["eio-1", "eio-2"]
    assert {text for _, _, text in sent} == {'42["voice",{"on":false}]'}


def test_to_a_connection_gone_nothing_and_no_error() -> None:
    server, sent = server_and_sent()
    sid = server.manager.connect("eio-1", "/")
    server.manager.disconnect(sid, "/")
    outlet(server)("state", {"v": 1}, sid)
    assert sent == []
