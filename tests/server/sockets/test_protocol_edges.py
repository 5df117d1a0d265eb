"""Small protocol edges: empty names for levels and presets, the rate limiter's memory."""

from __future__ import annotations

from hubkit import Client, host_of, seat


def test_an_empty_bot_level_is_unknown(app, hub):
    host = host_of(app, hub)
    reply = host.ask("host:bot_add", {"level": ""})
    assert reply["code"] == "unknown_level" and not reply["ok"]
    assert hub.room(hub.default_code).seats == []
    assert host.ask("host:bot_add", {})["ok"], "no level still means the default level"


def test_an_empty_preset_is_unknown(app, hub):
    host = host_of(app, hub)
    room = hub.room(hub.default_code)
    assert host.ask("host:config", {"preset": "perudo"})["ok"]
    reply = host.ask("host:config", {"preset": ""})
    assert reply["code"] == "unknown_preset"
    assert room.rules.preset == "perudo"


def test_the_rate_limiter_forgets_connections_that_leave(app, hub):
    code = hub.default_code
    before = len(hub.limiter._buckets)
    for _ in range(5):
        tv = Client(app, "tv", code)
        assert tv.ask("sync", {})["ok"]
        tv.close()
    phone = Client(app, "phone", code)
    assert phone.ask("sync", {})["ok"]
    assert phone.ask("seat:take", {"name": "Ann"})["ok"]
    assert phone.ask("sync", {})["ok"]
    phone.close()
    host_of(app, hub).close()
    assert len(hub.limiter._buckets) <= before + 1  # at most the seat's own bucket stays


def test_seated_phone_keeps_its_bucket_across_reconnects(app, hub):
    phone = seat(app, hub.default_code, "Ann")
    token = phone.token  # type: ignore[attr-defined]
    phone.close()
    again = Client(app, "phone", hub.default_code, token=token)
    assert again.ask("sync", {})["ok"]
    assert token in hub.limiter._buckets
