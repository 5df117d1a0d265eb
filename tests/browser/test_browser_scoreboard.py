"""The evening in the browser: the TV's scoreboard between games (1920x1080), a spectator phone
(390x844, "watch": never a cup, never a move), and a replay the host puts on the TV, followed by the phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import HOST, PHONE, TV, axe_problems, fresh_lobby, open_page, visible
from waiting import wait_until

HUB_OPTIONS = {"BOT_DELAY": 0.0, "REVEAL_PAUSE": 0.0}


def _bot_games(hub: Any, n: int) -> dict[str, int]:
    """`n` finished games of three bots; their seats' marks by name."""
    room = fresh_lobby(hub)
    room.configure(None, {"max_dice": 3}, "en", None, "hub")
    for level in ("hard", "normal", "easy"):
        room.add_bot(level)
    for _ in range(n):
        room.start()
        wait_until(lambda: room.over, timeout=120, message="the bots' game over")
        room.restart()
    return {s.player: s.mark for s in room.seats}


def test_scoreboard_on_the_tv_a_spectator_phone_and_a_replay(hub: Any, browser: Any, watch: Any,
                                                             artifacts: Path) -> None:
    marks = _bot_games(hub, 2)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    tv.wait_for_selector(".tv-evening #scoreboard")
    rows = tv.locator(".ev-tv tbody tr")
    assert rows.count() == 3 and "BOT" in rows.first.inner_text()
    shown = {rows.nth(i).locator("th").inner_text().split(" BOT")[0].strip():
             rows.nth(i).locator("svg.ev-mark").get_attribute("class") for i in range(3)}
    assert shown == {name: f"mark mark-{mark} ev-mark" for name, mark in marks.items()}, "under their seat mark"
    assert "2" in tv.locator(".ev-count").inner_text()
    assert visible(tv, ".join-card .qr")  # the scoreboard leaves the QR code in view
    tv.screenshot(path=str(artifacts / "evening-tv-scoreboard.png"))
    assert axe_problems(tv) == []

    phone = open_page(browser, watch, "watcher", f"{hub.url}/join/{hub.code}", PHONE)
    phone.click("#watch-only")
    phone.wait_for_selector("#watch #scoreboard")
    assert phone.locator("#sit, #controls, .ph-cup, #my-dice, #dudo-btn, #bid-btn").count() == 0
    phone.screenshot(path=str(artifacts / "evening-spectator-phone.png"), full_page=True)
    assert axe_problems(phone) == []

    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.wait_for_selector(".host-evening .ev-games li")
    host.locator(".ev-games li").last.locator("button").first.click()  # the first game: replay it
    tv.wait_for_selector(".ev-replay #replay-round[data-step='0']")
    host.click("#rp-next")
    tv.wait_for_selector(".ev-replay #replay-round[data-step='1']")
    assert tv.locator(".ev-replay .reveal-cup").count() >= 2  # every cup shown
    assert tv.locator(".ev-replay .rp-odds").count() >= 1  # each call with its odds
    assert tv.locator(".ev-replay .rp-who svg.rp-mark").count() == tv.locator(".ev-replay .rp-who").count()
    assert visible(tv, ".rp-valid")
    tv.screenshot(path=str(artifacts / "evening-tv-replay.png"))
    phone.wait_for_selector(".ph-replay #replay-round[data-step='1']")
    phone.screenshot(path=str(artifacts / "evening-spectator-replay.png"), full_page=True)
    host.screenshot(path=str(artifacts / "evening-host.png"), full_page=True)
    host.fill("#ev-game", str(max(g["id"] for g in hub.app.extensions["dudo_hub"].evenings.history.games())))
    host.click(".ev-pick button")  # any kept game by its number (the list shows the newest 50)
    tv.wait_for_selector(".ev-replay #replay-round[data-step='0']")
    host.click("#rp-stop")
    tv.wait_for_selector(".ev-replay", state="detached")
    hub.room.take_seat("Ann")  # a seat without a phone: the game waits for Ann's move
    hub.room.start()  # a game on: the spectator sees the public table, never a cup
    phone.wait_for_selector(".ph-watch-standing")
    assert phone.locator("#controls, .ph-cup, #my-dice, #dudo-btn, #bid-btn, #calza-btn").count() == 0
    phone.screenshot(path=str(artifacts / "evening-spectator-game.png"), full_page=True)
    hub.room.restart()
    assert watch.errors == []
