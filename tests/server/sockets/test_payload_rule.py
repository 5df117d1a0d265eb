"""One rule for every event: its payload is one object (`{}` when it has nothing to say).

No payload at all, null, or anything that is not an object is answered bad_payload, by every
event the hub knows, before anything else happens; the connection stays up. docs/protocol.md
documents the same events, each with an object payload.
"""

from __future__ import annotations

import json
import re

import pytest
import websocket
from hubkit import ROOT, Client, LiveServer, host_of, seat

from dudo_hub.server.handlers.game import HANDLERS

DOCS = ROOT / "docs" / "protocol.md"
NOT_OBJECTS = [None, [], ["a"], "text", "", 0, 3.5, True, False]


@pytest.mark.parametrize("event", sorted(HANDLERS))
def test_every_event_refuses_no_payload_and_non_objects(app, hub, event):
    code = hub.default_code
    room = hub.room(code)
    senders = [host_of(app, hub), seat(app, code, "Ann"), Client(app, "phone", code), Client(app, "tv", code)]
    before = (room.version(), [s.player for s in room.seats])
    for sender in senders:
        replies = [sender.ask(event)] + [sender.ask(event, payload) for payload in NOT_OBJECTS]
        for reply in replies:
            assert reply["ok"] is False and reply["code"] == "bad_payload", (event, sender.role, reply)
            assert reply["message"] and "object" in reply["detail"]
        assert sender.connected
        assert sender.ask("sync", {})["ok"]
    assert (room.version(), [s.player for s in room.seats]) == before  # nothing happened


def test_an_empty_object_is_a_payload(app, hub):
    code = hub.default_code
    phone = seat(app, code, "Ann")
    assert phone.ask("seat:leave", {})["ok"]
    assert hub.room(code).seats == []
    host = host_of(app, hub)
    assert host.ask("host:bot_add", {})["ok"] and host.ask("sync", {})["ok"]


def test_no_payload_over_a_real_websocket(app, hub):
    """The frames a hand-written client would send: `42N["seat:leave"]` and `42N["seat:leave",null]`."""
    live = LiveServer(app)
    try:
        code = hub.default_code
        ws = websocket.create_connection(live.url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                         timeout=5)
        assert ws.recv().startswith("0")
        ws.send("40" + json.dumps({"room": code, "role": "phone"}))
        frames = ['1["seat:take",{"name":"Ann"}]', '2["seat:leave"]', '3["seat:leave",null]', '4["sync"]',
                  '5["seat:leave",{}]']
        for frame in frames:
            ws.send("42" + frame)
        acks: dict[str, dict[str, object]] = {}
        while len(acks) < len(frames):
            found = re.match(r"43(\d+)\[(.*)\]$", ws.recv(), re.S)
            if found:
                acks[found[1]] = json.loads(found[2])
        ws.close()
        assert acks["1"]["ok"] and [acks[n]["code"] for n in "234"] == ["bad_payload"] * 3 and acks["5"]["ok"]
    finally:
        live.stop()


def test_the_protocol_documents_every_event_with_an_object_payload():
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## Client -> server", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z:_]+)` \| (`?\{.*?\}`?)[^|]* \|", section, re.M)
    assert {event for event, _ in rows} == set(HANDLERS)
    words = " ".join(section.split())
    assert "with no payload, with `null`, or with anything that is not an object is `bad_payload`" in words
