"""What the host's lobby is offered: presets with their rules, option choices, bot levels."""

from __future__ import annotations

from hubkit import Client, host_of

from dudo_hub.engine import CHOICES, PRESETS


def test_the_host_gets_every_preset_with_its_rules_and_hard_bots_first(app, hub):
    host = host_of(app, hub)
    lobby = host.last("lobby")
    assert set(lobby["presets"]) == set(PRESETS)
    assert lobby["presets"]["liars_dice"]["wild_ones"] is False
    assert lobby["presets"]["revolver"]["loss"] == "revolver"
    assert set(lobby["choices"]) == set(CHOICES)
    assert lobby["default_level"] == "hard" and {"easy", "normal", "hard"} <= set(lobby["bot_levels"])
    assert set(lobby["langs"]) >= {"it", "en"}


def test_only_the_host_is_sent_the_lobby_and_only_once(app, hub):
    tv = Client(app, "tv", hub.default_code)
    assert tv.last("lobby") is None and "lobby" not in tv.state
    host = host_of(app, hub)
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:config", {"preset": "perudo"})["ok"]
    host.pump()
    assert [name for name, _ in host.received].count("lobby") == 1
    assert all("lobby" not in state for state in host.log)


def test_a_bot_added_without_a_level_is_hard(app, hub):
    reply = host_of(app, hub).ask("host:bot_add", {})
    assert reply["ok"]
    seat = hub.room(hub.default_code).seat(reply["player"])
    assert seat.level == "hard"
