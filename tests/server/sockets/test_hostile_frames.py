"""Raw Engine.IO / Socket.IO frames over a real websocket: every hostile frame is answered or
dropped, none reaches a handler it should not, and no traceback reaches the log."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from typing import Any

import pytest
import websocket
from hubkit import LiveServer
from waiting import wait_until

from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.app import TestConfig, create_app, get_hub
from dudo_hub.server.web.guard import MAX_DEPTH, MAX_FRAME, depth


class RawSocket:
    """An Engine.IO v4 websocket speaking frames by hand."""

    def __init__(self, url: str, auth: dict[str, Any]) -> None:
        self.ws = websocket.create_connection(
            url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket", timeout=5
        )
        opened = self.ws.recv()
        assert opened.startswith("0"), opened
        self.max_payload = json.loads(opened[1:])["maxPayload"]
        self.ws.send("40" + json.dumps(auth))
        connected = self.next_frame(lambda f: f.startswith("40") or f.startswith("44"))
        assert connected.startswith("40"), connected
        self.sid = json.loads(connected[2:])["sid"]

    def next_frame(self, wanted: Any) -> str:
        """The next frame matching `wanted` (pings answered, others skipped)."""
        for _ in range(200):
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
            elif wanted(frame):
                return str(frame)
        raise AssertionError("no such frame")

    def ack(self, ack_id: int) -> dict[str, Any]:
        frame = self.next_frame(lambda f: f.startswith(f"43{ack_id}["))
        reply: dict[str, Any] = json.loads(frame[len(f"43{ack_id}"):])[0]
        return reply

    def call(self, ack_id: int, body: str) -> dict[str, Any]:
        """Send `42<id><body>` and return its ack."""
        self.ws.send(f"42{ack_id}{body}")
        return self.ack(ack_id)

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def live() -> Iterator[tuple[LiveServer, Hub]]:
    app = create_app(TestConfig(BOT_THREAD=True, BOT_DELAY=0.0))
    server = LiveServer(app)
    yield server, get_hub(app)
    server.stop()
    get_hub(app).close()


class Tracebacks:
    """The log records so far that carry a traceback (empty is good)."""

    def __init__(self, caplog: pytest.LogCaptureFixture) -> None:
        self.caplog = caplog

    def __bool__(self) -> bool:
        return bool(self.found())

    def found(self) -> list[str]:
        return [r.getMessage() for r in self.caplog.records if r.exc_info or "Traceback" in r.getMessage()]


@pytest.fixture
def tracebacks(caplog: pytest.LogCaptureFixture) -> Tracebacks:
    caplog.set_level(logging.INFO)
    return Tracebacks(caplog)


def seated(live: tuple[LiveServer, Hub], name: str = "Ann") -> RawSocket:
    server, hub = live
    raw = RawSocket(server.url, {"room": hub.default_code, "role": "phone"})
    reply = raw.call(1, json.dumps(["seat:take", {"name": name}]))
    assert reply["ok"], reply
    return raw


def test_reserved_names_sent_as_events_change_nothing(live, tracebacks):
    server, hub = live
    raw = seated(live)
    room = hub.room(hub.default_code)
    for n, name in enumerate(("connect", "disconnect", "connect_error", "disconnecting"), start=10):
        reply = raw.call(n, json.dumps([name, {"room": hub.default_code, "role": "tv"}]))
        assert reply["code"] == "bad_event" and reply["ok"] is False
    assert room.seat("Ann").connected
    assert hub.viewers[raw.sid].player == "Ann"
    assert raw.call(20, '["sync",{}]')["ok"]
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_a_closed_socket_after_a_fake_connect_leaves_the_seat_dropped(live):
    server, hub = live
    raw = seated(live)
    raw.ws.send('42["connect",{}]')
    assert raw.call(5, '["sync",{}]')["ok"]
    raw.close()
    room = hub.room(hub.default_code)
    wait_until(lambda: not room.seat("Ann").connected, message="Ann's seat dropped with her socket")
    assert not any(v.player == "Ann" for v in hub.viewers.values())


@pytest.mark.parametrize("frame", [
    "42", "42[]", "42{}", "42[", "4a", "45", "49", "42[{},{}]", '42[1,{}]', "42[null]", "4", "43",
    '451-["move",{"_placeholder":true,"num":0}]', "41/nope,", '42/other,["sync",{}]', "4" + "\x00" * 10,
])
def test_malformed_socketio_frames_are_refused_quietly(live, tracebacks, frame):
    raw = seated(live)
    raw.ws.send(frame)
    assert raw.call(7, '["sync",{}]')["ok"], "the connection still works"
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_binary_junk_and_engineio_junk_are_dropped(live, tracebacks):
    raw = seated(live)
    rng = random.Random(3)
    raw.ws.send_binary(bytes(rng.randrange(256) for _ in range(64)))
    for junk in ("", "x", "9", "b!!", "\u00e9\u00e9"):
        raw.ws.send(junk)
    assert raw.call(8, '["sync",{}]')["ok"]
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_malformed_frames_with_an_ack_id_get_bad_payload(live, tracebacks):
    raw = seated(live)
    assert raw.call(3, "[]")["code"] == "bad_payload"
    assert raw.call(4, "[{},{}]")["code"] == "bad_payload"
    assert raw.call(5, "[")["code"] == "bad_payload"
    assert raw.call(6, '["nope",{}]')["code"] == "unknown_event"
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_deep_nesting_is_bad_payload(live, tracebacks):
    raw = seated(live)
    for levels in (MAX_DEPTH + 1, 970, 5000):
        body = '["move",{"version":1,"action":"bid","x":' + "[" * levels + "]" * levels + "}]"
        reply = raw.call(levels, body)
        assert reply["code"] == "bad_payload", levels
    assert raw.call(9, '["sync",{}]')["ok"]
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_a_frame_over_the_advertised_limit_is_answered(live, tracebacks):
    raw = seated(live)
    assert raw.max_payload == MAX_FRAME
    body = '["move",{"version":1,"action":"bid","pad":"' + "x" * raw.max_payload + '"}]'
    assert raw.call(11, body)["code"] == "bad_payload"
    assert raw.call(12, '["sync",{}]')["ok"], "the connection stays up"
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_unknown_events_are_answered_in_the_rooms_language(live):
    server, hub = live
    hub.room(hub.default_code).configure(None, None, "it")
    raw = seated(live)
    reply = raw.call(2, '["dance",{}]')
    assert reply == {"ok": False, "code": "unknown_event", "message": "L'hub non conosce questa richiesta.",
                     "detail": "no event 'dance'"}
    raw.close()


def test_a_non_ascii_token_is_bad_token(live, tracebacks):
    server, hub = live
    seated(live).close()
    raw_ws = websocket.create_connection(server.url.replace("http://", "ws://")
                                         + "/socket.io/?EIO=4&transport=websocket", timeout=5)
    raw_ws.recv()
    raw_ws.send("40" + json.dumps({"room": hub.default_code, "role": "phone", "token": "é" * 24}))
    frame = raw_ws.recv()
    assert frame.startswith("44") and "bad_token" in frame
    raw_ws.close()
    assert not tracebacks, tracebacks.found()


def test_a_connection_without_a_role_is_refused(live):
    server, hub = live
    raw_ws = websocket.create_connection(server.url.replace("http://", "ws://")
                                         + "/socket.io/?EIO=4&transport=websocket", timeout=5)
    raw_ws.recv()
    raw_ws.send("40" + json.dumps({"room": hub.default_code}))
    frame = raw_ws.recv()
    assert frame.startswith("44") and "bad_role" in frame
    raw_ws.close()


def test_random_frames_never_raise(live, tracebacks):
    """A small fuzz: mutated and random frames, then the connection still answers."""
    raw = seated(live)
    rng = random.Random(11)
    seeds = ['42["move",{"version":1,"action":"bid","quantity":3,"face":5}]', '42["sync",{}]',
             '42["host:config",{"lang":"en"}]', '40{"room":"X"}', '41', '2', '3']
    alphabet = '[]{}",:0123456789abc\\/-"\u00e9\x00'
    for _ in range(300):
        frame = list(rng.choice(seeds))
        for _ in range(rng.randrange(1, 6)):
            frame[rng.randrange(len(frame))] = rng.choice(alphabet)
        text = "".join(frame)
        if text.startswith("41") or text.startswith("1"):
            continue  # a real disconnect / close: allowed to end the connection
        raw.ws.send(text)
    assert raw.call(99, '["sync",{}]')["ok"]
    raw.close()
    assert not tracebacks, tracebacks.found()


def test_depth_counts_lists_and_objects():
    assert depth(1) == 0
    assert depth([]) == 1
    assert depth({"a": [1, {"b": []}]}) == 4
    assert depth([[[[[]]]]], limit=2) == 3


def test_long_polling_junk_is_refused_quietly(live, tracebacks):
    import urllib.error
    import urllib.request

    server, hub = live
    base = server.url + "/socket.io/?EIO=4&transport=polling"

    def post(url: str, body: bytes) -> int:
        request = urllib.request.Request(url, data=body, headers={"Content-Type": "text/plain;charset=UTF-8"})
        try:
            with urllib.request.urlopen(request, timeout=5) as reply:
                return int(reply.status)
        except urllib.error.HTTPError as err:
            return int(err.code)

    with urllib.request.urlopen(base, timeout=5) as reply:
        sid = json.loads(reply.read()[1:])["sid"]
    url = f"{base}&sid={sid}"
    assert post(url, b'40{"room":"%s","role":"tv"}' % hub.default_code.encode()) == 200
    with urllib.request.urlopen(url, timeout=5) as reply:
        assert b'42["state"' in reply.read()
    # what Engine.IO cannot decode is a 400; a message it can (Socket.IO's junk inside) is taken and dropped
    junks = {b"x": 400, b"\xff\xfe": 400, b"4\x1e9": 400, b"b!!": 400,
             b"42[": 200, b"4a": 200, b"45": 200, b"42" + b"[" * 3000: 200}
    assert {junk: post(url, junk) for junk in junks} == junks
    assert post(url, b'421["sync",{}]') == 200
    with urllib.request.urlopen(url, timeout=5) as reply:
        assert b'431[{"ok":true' in reply.read()
    assert not tracebacks, tracebacks.found()
