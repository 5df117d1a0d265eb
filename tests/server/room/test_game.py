"""Whole games through the sockets: every preset, phones and bots together."""

from __future__ import annotations

import random

import pytest
from hubkit import Client, host_of, play_out, seat
from waiting import wait_until

from dudo_hub.engine import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_whole_game_of_every_preset(app, hub, preset):
    code = hub.default_code
    tv = Client(app, "tv", code)
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": preset})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    for _ in range(2):
        assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    moves = play_out(hub, code, phones, random.Random(preset))
    final = tv.state
    assert final["view"]["phase"] == "over" and final["room"]["over"]
    assert final["view"]["winner"] in {"Ann", "Bob", "Cy", "Bot 1", "Bot 2"}
    assert final["room"]["preset"] == preset
    assert moves > 0
    for phone in phones.values():
        assert phone.state["view"]["phase"] == "over"


def test_the_opener_chooses_the_direction(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"options": {"loser_chooses_direction": True}})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    opener = hub.room(code).to_act()
    assert opener is not None
    legal = phones[opener].state["legal"]
    assert legal["direction"] and not legal["bids"]
    play_out(hub, code, phones, random.Random(3))


def test_out_of_turn_raises_option(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": "francais", "options": {"out_of_turn_raises": True}})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    play_out(hub, code, phones, random.Random(4))


def test_restart_goes_back_to_the_lobby_with_the_same_seats(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    assert host.ask("host:start", {})["code"] == "already_started"
    assert host.ask("host:restart", {})["ok"]
    state = phones["Ann"].state
    assert state["view"] is None and not state["room"]["started"]
    assert [s["player"] for s in state["room"]["seats"]] == ["Ann", "Bob"]
    assert host.ask("host:start", {})["ok"]


def test_bots_alone_finish_through_the_background_thread():
    from dudo_hub.server.web.app import TestConfig, create_app, get_hub

    app = create_app(TestConfig(BOT_THREAD=True, BOT_DELAY=0.0))
    hub = get_hub(app)
    try:
        host = host_of(app, hub)
        for _ in range(3):
            assert host.ask("host:bot_add", {"level": None})["ok"]
        assert host.ask("host:start", {})["ok"]
        room = hub.room(hub.default_code)
        wait_until(lambda: room.over, timeout=60, message="the bots' game over")
    finally:
        hub.close()
    assert hub.runner is not None and not hub.runner.alive
