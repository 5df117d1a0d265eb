"""Who is who at a glance: a phone picks its mark at join (only the free ones are offered), and the
TV's seat card, every phone's chips and the host page show the same mark beside the name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import HOST, PHONE, TV, axe_problems, fresh_lobby, open_page

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"BOT_THREAD": False}


def test_a_phone_picks_its_mark_and_every_screen_shows_it(hub: Any, browser: Any, watch: Any,
                                                          artifacts: Path) -> None:
    room = fresh_lobby(hub)
    room.configure("dudo", {}, "fr", None, "hub")
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    ann = open_page(browser, watch, "Ann", f"{hub.url}/join/{hub.code}", PHONE)
    ann.wait_for_selector("#mark-pick")
    assert ann.locator("#mark-pick input").count() == 10
    assert axe_problems(ann) == []
    ann.screenshot(path=str(artifacts / "phone-join-marks.png"))
    ann.fill("#name", "Ann")
    ann.locator('#mark-pick input[value="3"]').check()
    ann.click("#sit")
    ann.wait_for_selector("#me:not(:empty)")
    assert room.seats[0].mark == 3
    bea = open_page(browser, watch, "Bea", f"{hub.url}/join/{hub.code}", PHONE)
    bea.wait_for_selector("#mark-pick")
    offered = [int(v) for v in bea.locator("#mark-pick input").evaluate_all("els => els.map((e) => e.value)")]
    assert 3 not in offered and len(offered) == 9, "a mark another player has is not offered"
    bea.fill("#name", "Bea")
    bea.click("#sit")  # the first free one
    bea.wait_for_selector("#me:not(:empty)")
    assert room.seats[1].mark == 0
    tv.wait_for_selector('.seat-card[data-player="Bea"] svg.mark-0')
    assert tv.locator('.seat-card[data-player="Ann"] svg.mark-3').count() == 1
    ann.wait_for_selector('.ph-chips [data-player="Bea"] svg.mark-0')
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.wait_for_selector(".host-seat")
    tv.screenshot(path=str(artifacts / "tv-lobby-marks.png"))
    assert watch.errors == []
