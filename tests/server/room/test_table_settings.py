"""The table's own settings (odds helper, the TV's expected count, its sound), the drop grace the screens
count down, and the reveal the host may cut short."""

from __future__ import annotations

import time

from hubkit import Client, host_of, seat

from dudo_hub import engine
from dudo_hub.server.room.room import Hooks, Room, RoomSettings
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _with_a_bid(app, hub):
    """Ann and Bob at a table, and a standing bid."""
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    tv = Client(app, "tv", code)
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    opener = phones[room.to_act()]
    assert opener.move(action="bid", quantity=1, face=3)["ok"]
    return room, host, phones, tv


def test_the_lobby_offers_the_table_settings_and_the_room_says_which_are_on(app, hub):
    host = host_of(app, hub)
    assert host.last("lobby")["table"] == {"odds": ["off", "phone", "phone_tv"], "expected": [True, False],
                                           "clock": [0, 30, 60, 90], "sound": [True, False]}
    assert host.state["room"]["table"] == {"odds": "phone", "expected": True, "clock": 0, "sound": True}
    assert host.state["room"]["reveal_pause"] == 0.0


def test_by_default_phones_see_their_odds_and_the_tv_the_expected_count(app, hub):
    _, _, phones, tv = _with_a_bid(app, hub)
    assert set(phones["Ann"].state["view"]["odds"]) == {"at_least", "exactly", "expected"}
    assert set(tv.state["view"]["odds"]) == {"expected"}


def test_odds_off_hides_them_from_phones_and_a_tv_without_the_expected_count_gets_none(app, hub):
    _, host, phones, tv = _with_a_bid(app, hub)
    assert host.ask("host:config", {"table": {"odds": "off", "expected": False, "clock": 0}})["ok"]  # mid-game
    assert phones["Ann"].state["view"]["odds"] is None and phones["Bob"].state["view"]["odds"] is None
    assert tv.state["view"]["odds"] is None
    assert tv.state["room"]["table"] == {"odds": "off", "expected": False, "clock": 0, "sound": True}


def test_the_host_turns_the_tvs_sound_off_and_on_mid_game_and_the_room_keeps_it(app, hub):
    room, host, phones, tv = _with_a_bid(app, hub)
    assert host.ask("host:config", {"table": {"sound": False}})["ok"]
    assert tv.state["room"]["table"]["sound"] is False and phones["Ann"].state["room"]["table"]["sound"] is False
    assert room.to_record()["table"]["sound"] is False
    back = Room.from_record(room.to_record(), RoomSettings(), Hooks())
    assert back.frame.public["table"]["sound"] is False, "a restart keeps the TV silent"
    assert host.ask("host:config", {"table": {"sound": True}})["ok"]
    assert tv.state["room"]["table"] == {"odds": "phone", "expected": True, "clock": 0, "sound": True}


def test_odds_on_the_tv_are_the_chance_seen_from_outside_every_cup(app, hub):
    room, host, _, tv = _with_a_bid(app, hub)
    assert host.ask("host:config", {"table": {"odds": "phone_tv"}})["ok"]
    odds = tv.state["view"]["odds"]
    state = room.state
    public = engine.bid_odds(engine.Bid(1, 3), [], state.dice_in_play, state.round_wild)
    assert odds["at_least"] == round(public.at_least, 4) and odds["exactly"] == round(public.exactly, 4)
    assert "expected" in odds


def test_bad_table_settings_are_refused_and_change_nothing(app, hub):
    host = host_of(app, hub)
    for table in ({"odds": "always"}, {"expected": "yes"}, {"expected": 1}, {"sound": 0}, {"sound": "off"},
                  {"loud": True}, [1]):
        reply = host.ask("host:config", {"table": table})
        assert reply["code"] == "bad_payload", table
    assert host.state["room"]["table"] == {"odds": "phone", "expected": True, "clock": 0, "sound": True}
    phone = seat(app, hub.default_code, "Ann")
    assert phone.ask("host:config", {"table": {"odds": "off"}})["code"] == "not_host"


def test_the_settings_are_kept_in_the_room_record(app, hub):
    room = hub.room(hub.default_code)
    room.configure(None, None, None, {"odds": "off"})
    record = room.to_record()
    assert record["table"] == {"odds": "off", "expected": True, "clock": 0, "sound": True}
    back = Room.from_record(record, RoomSettings(), Hooks())
    assert back.frame.public["table"] == {"odds": "off", "expected": True, "clock": 0, "sound": True}
    del record["table"]  # a record from before the setting existed
    assert Room.from_record(record, RoomSettings(), Hooks()).frame.public["table"]["odds"] == "phone"


def test_a_dropped_seat_says_when_the_host_may_hand_it_to_a_bot():
    app = create_app(TestConfig(DROP_GRACE=30.0))
    hub = get_hub(app)
    try:
        code = hub.default_code
        host = host_of(app, hub)
        phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
        assert host.ask("host:start", {})["ok"]
        assert [s["grace_until"] for s in host.state["room"]["seats"]] == [None, None]
        before = time.time()
        phones["Ann"].close()
        grace = host.state["room"]["seats"][0]["grace_until"]
        assert before + 29 <= grace <= time.time() + 30.5
        assert host.ask("host:bot_takeover", {"player": "Ann"})["code"] == "not_dropped"
        assert phones["Bob"].ask("seat:leave", {})["ok"]
        assert host.state["room"]["seats"][1]["grace_until"] <= time.time() + 0.5, "a seat given up is free at once"
        assert host.ask("host:bot_takeover", {"player": "Bob"})["ok"]
        assert host.state["room"]["seats"][1]["grace_until"] is None
    finally:
        hub.close()


def test_only_the_host_skips_a_reveal_and_only_in_a_game(app, hub):
    host = host_of(app, hub)
    assert host.ask("host:skip_reveal", {})["code"] == "not_started"
    phone = seat(app, hub.default_code, "Ann")
    assert phone.ask("host:skip_reveal", {})["code"] == "not_host"
    host.ask("host:bot_add", {})
    assert host.ask("host:start", {})["ok"]
    assert host.ask("host:skip_reveal", {})["ok"]
    assert phone.last("reveal_end") == {"round": None}, "every screen of the room hears it"

