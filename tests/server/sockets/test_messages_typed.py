"""Every `state` a screen receives over a whole game is what protocol/messages.py says: it converts
to the typed `State` and back without losing a field, so an untyped or unknown field fails here."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from hubkit import Client, host_of, play_out, seat

from dudo_hub.protocol import State
from dudo_hub.protocol.messages import BidView


def _kept(message: dict[str, Any]) -> Any:
    """The message through the typed `State`: any field the types do not name is dropped."""
    return msgspec.to_builtins(msgspec.convert(message, State))


@pytest.mark.parametrize("preset", ["perudo", "francais"])
def test_every_state_of_a_game_is_typed_field_for_field(app, hub, preset) -> None:
    code = hub.default_code
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:config", {"preset": preset, "options": {"max_dice": 2}})["ok"]
    assert host.ask("host:start", {})["ok"]
    play_out(hub, code, phones, random.Random(7))
    spectator = Client(app, "tv", code)
    screens: list[Client] = [host, spectator, *phones.values()]
    seen = 0
    for screen in screens:
        screen.pump()
        for message in screen.log:
            assert _kept(message) == message
            seen += 1
    assert seen > 20, "a whole game's states were checked"


def test_the_round_trip_catches_an_unknown_or_missing_field() -> None:
    bid = {"player": "Ann", "bid": [3, 4], "passed": None}
    assert msgspec.to_builtins(msgspec.convert(bid, BidView)) == bid
    assert msgspec.to_builtins(msgspec.convert({**bid, "secret": 1}, BidView)) != {**bid, "secret": 1}
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"player": "Ann", "bid": [3, 4]}, BidView)
