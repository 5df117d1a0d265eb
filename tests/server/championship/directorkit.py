"""A championship driven as its director page drives it, shared by the championship tests in this
folder: an event made through the API, the director's connection, an acked event, the screen shown."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hubkit import Client

from dudo_hub.server.hub.core import Hub


def make_event(app: Flask, hub: Hub, **settings: Any) -> tuple[str, str]:
    host_key = hub.room(hub.default_code).host_key
    reply = app.test_client().post("/api/events", json=settings, headers={"X-Host-Key": host_key})
    assert reply.status_code == 200, reply.get_json()
    data = reply.get_json()
    assert data["director"] == f"/director/{data['id']}?key={data['key']}"
    return data["id"], data["key"]


def director(app: Flask, event_id: str, key: str) -> Client:
    return Client(app, "director", "", event=event_id, key=key)


def ok(client: Client, event: str, payload: dict[str, Any] | None = None) -> None:
    reply = client.ask(event, payload or {})
    assert reply["ok"], (event, reply)


def screen(client: Client) -> dict[str, Any]:
    shown = client.last("event")
    assert shown is not None, "no event message"
    return dict(shown)
