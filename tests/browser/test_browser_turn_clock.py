"""The turn clock on the screens: the host turns it on, the TV and the phone on turn count down,
and at zero the TV nudges the player by name and the phone says time is up; no move is played."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import HOST, TV, fresh_lobby, open_page, seat_phone
from waiting import wait_until

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"BOT_THREAD": False, "REVEAL_PAUSE": 0.0}
STRINGS = Path(__file__).resolve().parents[2] / "catalogue" / "strings" / "pt.json"


def test_the_host_sets_a_turn_clock_and_the_tv_nudges_at_zero(hub: Any, browser: Any, watch: Any,
                                                                artifacts: Path) -> None:
    strings = json.loads(STRINGS.read_text(encoding="utf-8"))
    room = fresh_lobby(hub)
    room.configure("perudo", {}, "pt", None, "hub")
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.locator('fieldset[data-name="clock"] label.chip', has_text="60").click()
    wait_until(lambda: room.lobby.table["clock"] == 60, timeout=10, message="the clock set to 60 s")
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in ("Ana", "Rui")}
    room.start()
    wait_until(lambda: room.to_act() is not None and room.state.phase.value == "bidding", timeout=10,
               message="the first turn")
    player = room.to_act()
    other = next(n for n in phones if n != player)
    tv.wait_for_selector("#turn-clock")
    seconds = int("".join(ch for ch in tv.locator("#turn-clock").inner_text() if ch.isdigit()))
    assert 50 <= seconds <= 60
    phones[player].wait_for_selector("#turn-clock")
    assert phones[other].locator("#turn-clock, #turn-nudge").count() == 0, "only the player on turn is counted down"
    tv.screenshot(path=str(artifacts / "tv-turn-clock.png"))
    room._turn = (room._turn[0], time.time() - 120)  # the minute is over
    room.configure(None, None, None, {"expected": False})
    nudge = tv.wait_for_selector("#turn-nudge")
    assert nudge.inner_text() == strings["clock.nudge"].format(name=player)
    phones[player].wait_for_selector("#turn-nudge")
    tv.screenshot(path=str(artifacts / "tv-turn-nudge.png"))
    assert room.to_act() == player and not room.state.bids, "nothing was played for anyone"
    assert watch.errors == []
    room.configure(None, None, None, {"clock": 0, "expected": True})
    room.restart()
