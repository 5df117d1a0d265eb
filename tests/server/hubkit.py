"""Test helpers for every folder under tests/server: clients that keep every message they
receive (Socket.IO test clients on the app, python-socketio ones on a live server), seats, moves,
and the repository's root for the files tests read (docs, page scripts)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import socketio as sio_client
from flask import Flask
from flask_socketio import SocketIOTestClient
from waiting import wait_until

from dudo_hub.protocol.moves import random_move
from dudo_hub.server.hub import statepatch
from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.app import socketio

ROOT = Path(__file__).resolve().parents[2]  # the repository: tests/server/hubkit.py
STATES = ("state", "state_patch")  # a connection's state: whole, or a patch of its last one


class Client:
    """A Socket.IO test client that records every `state` message (the first sync included), as
    the pages see it: a `state_patch` applied on top of the state it follows (as common.js does)."""

    def __init__(self, app: Flask, role: str, room: str, **auth: Any) -> None:
        self.raw: SocketIOTestClient = socketio.test_client(app, auth={"room": room, "role": role, **auth})
        self.log: list[dict[str, Any]] = []
        self.received: list[tuple[str, Any]] = []  # every message: (event, payload), in order
        self.role = role
        self.held = statepatch.Held()

    @property
    def connected(self) -> bool:
        return bool(self.raw.is_connected())

    def pump(self) -> list[dict[str, Any]]:
        """Move newly received messages into the log; return the new `state` payloads."""
        if not self.connected:
            return []
        messages = [(m["name"], m["args"][0] if m["args"] else None) for m in self.raw.get_received()]
        self.received += messages
        new = [self.whole(name, data) for name, data in messages if name in STATES]
        self.log += new
        return new

    def whole(self, name: str, data: dict[str, Any]) -> dict[str, Any]:
        """The state a page has after `data`: a patch must follow the version it holds."""
        state = self.held.take(name, data)
        assert state is not None, ("a patch after a gap", self.held.v, data)
        return state

    def last(self, event: str) -> Any:
        """The payload of the latest `event` message received (None if none)."""
        self.pump()
        return next((data for name, data in reversed(self.received) if name == event), None)

    @property
    def voice(self) -> dict[str, Any]:
        """The voice status as a screen sees it: the latest `voice` notice with later captions."""
        self.pump()
        status: dict[str, Any] = {}
        for name, data in self.received:
            if name == "voice":
                status = dict(data)
            elif name == "caption":
                status["caption"] = data["text"]
        return status

    @property
    def state(self) -> dict[str, Any]:
        """The latest `state` message."""
        self.pump()
        assert self.log, "no state message received"
        return self.log[-1]

    def ask(self, event: str, *payload: Any) -> dict[str, Any]:
        """Emit and return the acknowledgement."""
        reply = self.raw.emit(event, *payload, callback=True)
        assert isinstance(reply, dict), reply
        return reply

    def move(self, **move: Any) -> dict[str, Any]:
        """A move at the current version."""
        return self.ask("move", {"version": self.state["view"]["version"], **move})

    def close(self) -> None:
        self.pump()
        if self.connected:
            self.raw.disconnect()


def host_of(app: Flask, hub: Hub, code: str | None = None) -> Client:
    """The host connection of a room (the default room by default)."""
    room = hub.room(code or hub.default_code)
    return Client(app, "host", room.code, key=room.host_key)


def seat(app: Flask, code: str, name: str) -> Client:
    """A phone that has taken a seat."""
    phone = Client(app, "phone", code)
    reply = phone.ask("seat:take", {"name": name})
    assert reply["ok"], reply
    phone.token = reply["token"]  # type: ignore[attr-defined]
    phone.player = reply["player"]  # type: ignore[attr-defined]
    return phone


def pick_move(legal: dict[str, Any], rng: Any) -> dict[str, Any]:
    """A legal move from a phone's `legal` payload (`random_move`: a low bid, or a call now and then)."""
    move = random_move(legal, rng)
    assert move is not None, f"no move in {legal}"
    return move


def play_out(hub: Hub, code: str, phones: dict[str, Client], rng: Any, limit: int = 3000) -> int:
    """Phones play legal moves from their `legal` payload until the game ends; returns moves made."""
    room = hub.room(code)
    for n in range(limit):
        if room.over:
            return n
        player = room.to_act()
        assert player is not None and player in phones, f"waiting for {player}, not a phone"
        phone = phones[player]
        reply = phone.move(**pick_move(phone.state["legal"], rng))
        assert reply["ok"], reply
    raise AssertionError("the game did not end")


class LiveServer:
    """The app on a real werkzeug server in a thread, on 127.0.0.1 and a free port."""

    def __init__(self, app: Flask) -> None:
        from dudo_hub.server.web.wsgi import serve_in_thread

        self.server, self.thread = serve_in_thread(app)
        self.url = f"http://127.0.0.1:{self.server.server_port}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


class LiveClient:
    """A python-socketio client keeping its states (each `state_patch` applied to the state before it)."""

    def __init__(self, url: str, auth: dict[str, Any]) -> None:
        self.sio = sio_client.Client(reconnection=False)
        self.states: list[dict[str, Any]] = []
        self.held = statepatch.Held()
        self.sio.on("state", lambda data: self._on_state("state", data))
        self.sio.on("state_patch", lambda data: self._on_state("state_patch", data))
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=5)

    def _on_state(self, event: str, data: dict[str, Any]) -> None:
        state = self.held.take(event, data)
        assert state is not None, "a patch that does not follow the state held"
        self.states.append(state)

    def wait_for(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        """The latest state once it passes `test`."""
        def matching() -> dict[str, Any] | None:
            last = self.states[-1] if self.states else None
            return last if last is not None and test(last) else None

        return wait_until(matching, timeout=timeout, interval=0.005,
                          message=lambda: f"a matching state; last: {self.states[-1] if self.states else None}")

    def ask(self, event: str, payload: Any) -> dict[str, Any]:
        reply: dict[str, Any] = self.sio.call(event, payload, timeout=5)
        return reply
