"""Real python-socketio clients against a real server thread on 127.0.0.1."""

from __future__ import annotations

import random

import pytest
import socketio
from hubkit import LiveClient, LiveServer, pick_move
from waiting import wait_until

from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def test_a_game_over_real_sockets():
    app = create_app(TestConfig(BOT_THREAD=True, BOT_DELAY=0.0))
    hub = get_hub(app)
    live = LiveServer(app)
    clients: list[LiveClient] = []
    try:
        code = hub.default_code
        room = hub.room(code)
        tv = LiveClient(live.url, {"room": code, "role": "tv"})
        clients.append(tv)
        host = LiveClient(live.url, {"room": code, "role": "host", "key": room.host_key})
        clients.append(host)
        phones = {}
        for name in ("Ann", "Bob"):
            phone = LiveClient(live.url, {"room": code, "role": "phone"})
            clients.append(phone)
            assert phone.ask("seat:take", {"name": name})["ok"]
            phones[name] = phone
        assert host.ask("host:bot_add", {})["ok"]
        assert host.ask("host:start", {})["ok"]
        rng = random.Random(9)
        def phones_turn() -> str | None:
            """"over" at the end, else the player to act if a phone holds the seat."""
            if room.over:
                return "over"
            player = room.to_act()
            return player if player in phones else None

        for _ in range(2000):
            player = wait_until(phones_turn, timeout=30, interval=0.005, message="a phone's turn or the end")
            if player == "over":
                break
            version = room.version()
            phone = phones[player]
            mine = phone.wait_for(lambda s, v=version: s["view"] and s["view"]["version"] == v)
            reply = phone.ask("move", {"version": version, **pick_move(mine["legal"], rng)})
            assert reply["ok"] or reply["code"] == "stale_version", reply
        final = tv.wait_for(lambda s: s["view"] is not None and s["view"]["phase"] == "over")
        assert final["view"]["winner"] in ("Ann", "Bob", "Bot 1")
        assert all(c.states[0]["room"]["code"] == code for c in clients)  # every first sync arrived
    finally:
        for client in clients:
            client.sio.disconnect()
        live.stop()
        hub.close()
    assert not live.thread.is_alive() and hub.runner is not None and not hub.runner.alive


def test_a_socket_from_a_page_of_another_origin_is_refused():
    app = create_app(TestConfig())
    hub = get_hub(app)
    live = LiveServer(app)
    try:
        code = hub.default_code
        stranger = socketio.Client(reconnection=False)
        with pytest.raises(socketio.exceptions.ConnectionError):
            stranger.connect(live.url, auth={"room": code, "role": "tv"}, transports=["websocket"],
                             headers={"Origin": "http://evil.example"}, wait_timeout=5)
        assert not stranger.connected
        own = LiveClient(live.url, {"room": code, "role": "tv"})
        assert own.wait_for(lambda s: s["room"]["code"] == code)
        own.sio.disconnect()
    finally:
        live.stop()
        hub.close()
