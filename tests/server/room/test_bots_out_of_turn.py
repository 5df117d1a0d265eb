"""Bots jump in out of turn where the rules allow it (calza by anyone, French raises)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hubkit import host_of, seat

from dudo_hub.engine import CallCalza, PlayerAction
from dudo_hub.engine.bots import LEVELS, RandomBot


class EagerCalza(RandomBot):
    """Calls calza out of turn whenever it may; otherwise plays like the baseline."""

    level = "eager"
    asked: list[str] = []

    def wants_out_of_turn(self, view: dict[str, Any], legal: Sequence[PlayerAction]) -> PlayerAction | None:
        EagerCalza.asked.append(str(view["viewer"]))
        return next((a for a in legal if isinstance(a, CallCalza)), None)


@pytest.fixture
def eager(monkeypatch):
    monkeypatch.setitem(LEVELS, "eager", EagerCalza)
    EagerCalza.asked = []
    return EagerCalza


def _table(app, hub, preset: str):
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": preset, "options": {"first_player": "host"}})["ok"]
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    assert host.ask("host:bot_add", {"level": "eager"})["ok"]
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), phones


def test_a_bot_calls_calza_out_of_turn_when_the_preset_allows_it(app, hub, eager):
    room, phones = _table(app, hub, "perudo")
    assert room.to_act() == "Ann"
    assert phones["Ann"].move(action="bid", quantity=1, face=2)["ok"]
    # Bob is to act, a human; the bot is neither the bidder nor the one to act, and jumps in.
    phones["Bob"].pump()
    seen = [e for message in phones["Bob"].log for e in message["events"] if e["kind"] == "calza"]
    assert seen and seen[0]["player"] == "Bot 1" and seen[0]["bid"] == [1, 2]
    assert "Bot 1" in eager.asked


def test_no_bot_is_asked_out_of_turn_when_calza_is_on_turn_only(app, hub, eager):
    room, phones = _table(app, hub, "dudo")
    assert phones["Ann"].move(action="bid", quantity=1, face=2)["ok"]
    assert room.to_act() == "Bob" and room.state.standing is not None
    assert eager.asked == []
