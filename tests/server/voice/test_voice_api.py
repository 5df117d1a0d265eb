"""The room API the voice controller uses."""

from __future__ import annotations

from hubkit import Client, host_of, seat


def _started(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), host, phones


def test_submit_legal_for_players_to_act_and_listeners(app, hub):
    room, _, phones = _started(app, hub)
    heard = []
    room.on_events(lambda events: heard.append([e["kind"] for e in events]))
    player = room.to_act()
    legal = room.legal_for(player)
    assert legal["bids"]["2"][0] == 1 and legal["dudo"] is False
    assert room.legal_for("Nobody") == {}
    assert room.players() == ["Ann", "Bob"]
    assert room.refusal_for(player, {"action": "dudo"}) == "no_bid_to_challenge"
    assert room.refusal_for(player, {"action": "bid", "quantity": 1, "face": 2}) is None
    assert room.refusal_for(player, {"action": "bid", "quantity": 99, "face": 2}) == "bid_too_high"
    reply = room.submit(player, {"action": "bid", "quantity": 1, "face": 2})
    assert reply["ok"] and reply["version"] == room.version()
    assert heard == [["bid"]]
    assert room.submit(player, {"action": "dudo"})["code"] == "not_your_turn"
    assert room.submit(player, "three fives")["code"] == "bad_payload"
    assert room.submit(room.to_act(), {"action": "bid", "quantity": 1, "face": 2, "version": 0})[
        "code"] == "stale_version"


def test_a_heard_bid_can_be_taken_back_by_its_seat(app, hub):
    room, _, phones = _started(app, hub)
    player = room.to_act()
    other = next(n for n in phones if n != player)
    tv = Client(app, "tv", room.code)
    assert room.submit(player, {"action": "bid", "quantity": 3, "face": 4})["ok"]
    version = room.version()
    assert phones[other].ask("voice:cancel", {"version": version})["code"] == "nothing_to_cancel"
    assert phones[player].ask("voice:cancel", {"version": version - 1})["code"] == "stale_version"
    reply = phones[player].ask("voice:cancel", {"version": version})
    assert reply["ok"] and reply["version"] == version + 1
    assert room.to_act() == player and room.state.bids == ()
    assert tv.state["events"][-1] == {"kind": "bid_cancelled", "player": player, "bid": [3, 4]}
    assert phones[player].ask("voice:cancel", {"version": room.version()})["code"] == "nothing_to_cancel"
    phones[player].move(action="bid", quantity=2, face=4)
    assert phones[player].ask("voice:cancel", {"version": room.version()})["code"] == "nothing_to_cancel"


def test_voice_status_reaches_the_tv_as_its_own_small_events(app, hub):
    room = hub.room(hub.default_code)
    tv = Client(app, "tv", room.code)
    assert tv.voice["listening"] is False and tv.voice["reason"] == "not_attached"
    states = len(tv.log)
    room.set_voice_status({"listening": True, "reason": None, "caption": "", "heard": "tre cinque", "player": "Ann"})
    assert tv.voice["heard"] == "tre cinque" and tv.voice["listening"] is True
    room.set_voice_status({**room.voice, "caption": "tre cin"})
    assert tv.last("caption") == {"text": "tre cin"}
    assert tv.voice["caption"] == "tre cin"
    assert len(tv.log) == states, "no state message for a voice status or a caption"
    assert "voice" not in tv.state["room"]


def test_a_failing_listener_does_not_stop_the_game(app, hub):
    room, _, _ = _started(app, hub)
    room.on_events(lambda e: 1 / 0)
    assert room.submit(room.to_act(), {"action": "bid", "quantity": 2, "face": 2})["ok"]
