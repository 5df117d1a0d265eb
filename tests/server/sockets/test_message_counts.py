"""Messages sized to the change: one state per connection per change (a patch of its last one), one per seating,
room-wide notices for voice and captions, the lobby catalogue once per host."""

from __future__ import annotations

from hubkit import Client, host_of, seat


def names(client: Client) -> list[str]:
    client.pump()
    return [name for name, _ in client.received]


def fresh(*clients: Client) -> None:
    for client in clients:
        client.pump()
        client.received.clear()


def test_a_newly_seated_phone_gets_one_state(app, hub):
    code = hub.default_code
    tv = Client(app, "tv", code)
    phone = Client(app, "phone", code)
    fresh(tv, phone)
    assert phone.ask("seat:take", {"name": "Ann"})["ok"]
    assert names(phone) == ["state_patch"]
    assert phone.state["you"] == {"player": "Ann", "seat": 0}
    assert names(tv) == ["state_patch"]


def test_a_phone_bid_is_one_state_per_connection(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob", "Cy")}
    tv = Client(app, "tv", code)
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    everyone = [host, tv, *phones.values()]
    fresh(*everyone)
    assert phones[room.to_act()].move(action="bid", quantity=2, face=3)["ok"]
    for client in everyone:
        assert names(client) == ["state_patch"], client.role


def test_a_caption_is_only_a_caption_event(app, hub):
    code = hub.default_code
    room = hub.room(code)
    tv, phone = Client(app, "tv", code), seat(app, code, "Ann")
    room.set_voice_status({"listening": True, "caption": "", "heard": None})
    fresh(tv, phone)
    room.set_voice_status({"listening": True, "caption": "sette", "heard": None})
    assert names(tv) == ["caption"] and names(phone) == ["caption"]
    assert tv.last("caption") == {"text": "sette"}
    room.set_voice_status({"listening": True, "caption": "sette", "heard": None})
    assert names(tv) == ["caption"], "an unchanged status sends nothing"


def test_voice_notices_reach_only_their_room(app, hub):
    other = hub.create_room()
    tv_here, tv_there = Client(app, "tv", hub.default_code), Client(app, "tv", other.code)
    fresh(tv_here, tv_there)
    hub.room(hub.default_code).set_voice_status({"listening": True, "heard": "tre cinque"})
    assert names(tv_here) == ["voice"] and names(tv_there) == []


def test_a_connection_gets_state_then_voice_and_a_host_the_lobby_first(app, hub):
    tv = Client(app, "tv", hub.default_code)
    assert names(tv) == ["state", "voice"]
    host = host_of(app, hub)
    assert names(host) == ["lobby", "state", "voice"]
