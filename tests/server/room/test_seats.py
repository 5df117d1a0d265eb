"""Seats over time: reconnecting with the token, dropping, bots taking over, leaving, kicking."""

from __future__ import annotations

from hubkit import Client, host_of, seat

from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _started(app, hub, names=("Ann", "Bob", "Cy")):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in names}
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), host, phones


def test_a_phone_reconnects_with_its_token(app, hub):
    room, _, phones = _started(app, hub)
    ann = phones["Ann"]
    dice = ann.state["view"]["my_dice"]
    ann.close()
    assert room.seat("Ann").connected is False
    back = Client(app, "phone", room.code, token=ann.token)
    assert back.state["you"] == {"player": "Ann", "seat": 0}
    assert back.state["view"]["my_dice"] == dice
    assert room.seat("Ann").connected
    assert back.ask("seat:take", {"name": "Other"})["player"] == "Ann"  # still the same seat


def test_the_host_hands_a_dropped_seat_to_a_bot_and_the_phone_takes_it_back(app, hub):
    room, host, phones = _started(app, hub)
    player = room.to_act()
    phones[player].close()
    assert host.ask("host:bot_takeover", {"player": player})["ok"]
    assert room.to_act() != player  # the bot moved at once (no delay in tests)
    assert room.seat(player).takeover
    back = Client(app, "phone", room.code, token=phones[player].token)
    assert back.connected and not room.seat(player).takeover
    assert [s["takeover"] for s in back.state["room"]["seats"]] == [False, False, False]


def test_no_takeover_while_connected_or_within_the_grace_period():
    app = create_app(TestConfig(DROP_GRACE=60.0))
    hub = get_hub(app)
    try:
        room, host, phones = _started(app, hub)
        assert host.ask("host:bot_takeover", {"player": "Ann"})["code"] == "not_dropped"
        phones["Ann"].close()
        assert host.ask("host:bot_takeover", {"player": "Ann"})["code"] == "not_dropped"
        assert host.ask("host:bot_takeover", {"player": "Zed"})["code"] == "unknown_seat"
    finally:
        hub.close()


def test_takeover_is_for_games_only(app, hub):
    host = host_of(app, hub)
    seat(app, hub.default_code, "Ann").close()
    assert host.ask("host:bot_takeover", {"player": "Ann"})["code"] == "not_started"


def test_leaving_and_kicking(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    ann, bob = seat(app, code, "Ann"), seat(app, code, "Bob")
    assert ann.ask("seat:leave", {})["ok"]
    assert ann.state["you"] is None
    assert [s["player"] for s in host.state["room"]["seats"]] == ["Bob"]
    assert ann.ask("seat:leave", {})["code"] == "not_seated"
    assert host.ask("host:seat_remove", {"player": "Bob"})["ok"]
    assert bob.state["you"] is None and host.state["room"]["seats"] == []
    assert not Client(app, "phone", code, token=bob.token).connected  # the token is revoked


def test_kicking_in_a_game_gives_the_seat_to_a_bot(app, hub):
    room, host, phones = _started(app, hub)
    assert host.ask("host:seat_remove", {"player": "Cy"})["ok"]
    assert room.seat("Cy").bot_plays and "Cy" in room.state.players
    assert not Client(app, "phone", room.code, token=phones["Cy"].token).connected
    assert phones["Cy"].state["you"] is None


def test_a_phone_leaving_mid_game_may_be_replaced_at_once(app, hub):
    room, host, phones = _started(app, hub)
    assert phones["Bob"].ask("seat:leave", {})["ok"]
    assert room.seat("Bob").left
    assert host.ask("host:bot_takeover", {"player": "Bob"})["ok"]
    assert host.ask("host:restart", {})["ok"]
    assert [s.player for s in room.seats] == ["Ann", "Cy"]


def test_connection_presence_is_public(app, hub):
    code = hub.default_code
    tv = Client(app, "tv", code)
    ann = seat(app, code, "Ann")
    assert tv.state["room"]["seats"][0]["connected"] is True
    ann.close()
    assert tv.state["room"]["seats"][0]["connected"] is False
    assert "token" not in str(tv.log)


def test_a_phone_that_leaves_while_taking_a_seat_leaves_it_dropped(app, hub, monkeypatch):
    code = hub.default_code
    phone = Client(app, "phone", code)
    bind = hub.bind

    def gone_first(sid, player, token):  # the connection closes while the room seats it
        hub.disconnect(sid)
        return bind(sid, player, token)

    monkeypatch.setattr(hub, "bind", gone_first)
    reply = phone.ask("seat:take", {"name": "Ann"})
    assert reply["ok"], reply
    seat = hub.room(code).seat("Ann")
    assert seat.connected is False and seat.dropped_at is not None
