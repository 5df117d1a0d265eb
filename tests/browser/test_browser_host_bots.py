"""The host's bot level: the bot added is the level the select shows at that moment, chosen with
the mouse or the keyboard, on the first Add and on every one after it (never the one before)."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import HOST, fresh_lobby, open_page
from waiting import wait_until

from dudo_hub.engine.bots import LEVELS

pytestmark = pytest.mark.browser


def _add(host: Any, room: Any) -> str:
    """Press Add; the level of the seat it made."""
    before = len(room.seats)
    host.click("#add-bot")
    wait_until(lambda: len(room.seats) == before + 1, timeout=10, message="the bot seated")
    host.wait_for_selector(f".host-seat >> nth={before}")
    return str(room.seats[-1].level)


def test_the_bot_added_is_the_level_chosen(hub: Any, browser: Any, watch: Any) -> None:
    room = fresh_lobby(hub)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.wait_for_selector("#bot-level")
    levels = list(LEVELS)
    assert len(levels) >= 3, "easy, normal and hard to choose from"
    shown = host.locator("#bot-level").input_value()
    assert _add(host, room) == shown, "untouched, Add gives the level the select shows"
    # with the mouse, each level in an order that never repeats the one before
    for level in [*reversed(levels), levels[0], levels[-1]]:
        host.select_option("#bot-level", level)
        assert _add(host, room) == level
        if len(room.seats) >= 5:
            for seat in list(room.seats):
                room.remove_seat(seat.player)
            wait_until(lambda: not room.seats, timeout=5, message="the seats cleared")
    # with the keyboard: arrows move the select, Enter on Add adds what it shows
    host.focus("#bot-level")
    host.keyboard.press("Home")
    host.keyboard.press("ArrowDown")
    chosen = host.locator("#bot-level").input_value()
    assert chosen == levels[1]
    host.focus("#add-bot")
    before = len(room.seats)
    host.keyboard.press("Enter")
    wait_until(lambda: len(room.seats) == before + 1, timeout=10, message="the bot seated by the keyboard")
    assert room.seats[-1].level == chosen
    assert watch.errors == []
