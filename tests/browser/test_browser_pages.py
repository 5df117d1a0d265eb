"""The TV, three phones and the host lobby in separate browser contexts, against the real hub.

Run: `python -m pytest tests/browser -m browser` (needs /usr/bin/chromium; skipped otherwise).
Screenshots go to test-artifacts/ (gitignored).
"""

from __future__ import annotations

import contextlib
import random
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
TV = {"viewport": {"width": 1920, "height": 1080}}
HOST = {"viewport": {"width": 1280, "height": 900}}
NAMES = ["Marco", "Giulia", "Ana"]
GAME_TIMEOUT = 180.0


def _open(browser: Any, watch: Any, label: str, url: str, options: dict[str, Any]) -> Any:
    context = browser.new_context(**options)
    page = watch.attach(context.new_page(), label)
    page.set_default_timeout(15_000)
    page.goto(url)
    return page


def _visible(page: Any, selector: str) -> bool:
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def _enabled(page: Any, selector: str) -> bool:
    return _visible(page, selector) and page.locator(selector).first.is_enabled()


def _play_once(page: Any, rng: random.Random) -> bool:
    """If it is this phone's turn, play one legal move from the UI; True when a move was sent."""
    if not _visible(page, "body.my-turn #controls"):
        return False
    if _visible(page, "#reveal"):
        with contextlib.suppress(Exception):  # tap the reveal card away (it may go by itself meanwhile)
            page.locator("#reveal").click(timeout=1000)
    if _enabled(page, "#direction button"):
        page.locator("#direction button").nth(rng.randrange(2)).click()
        return True
    dudo = _enabled(page, "#dudo-btn")
    if dudo and rng.random() < 0.55:
        page.click("#dudo-btn")
        return True
    if _enabled(page, "#bid-btn"):
        faces = page.locator(".ph-face:not([disabled])")
        if faces.count() and rng.random() < 0.5:
            faces.nth(rng.randrange(faces.count())).click()
            if _enabled(page, "#qty-up") and rng.random() < 0.3:
                page.click("#qty-up")
        if _enabled(page, "#bid-btn"):
            page.click("#bid-btn")
            return True
    if dudo:
        page.click("#dudo-btn")
        return True
    return False


def test_tv_phones_and_host_play_a_game_to_the_end(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    rng = random.Random(11)
    code = hub.code
    tv = _open(browser, watch, "tv", f"{hub.url}/tv/{code}?hold=1200", TV)
    host = _open(browser, watch, "host", hub.host_url, HOST)
    tv.wait_for_selector("#join-card:not([hidden]) img.qr")
    assert tv.locator("#room-code").inner_text().strip() == code

    # the host switches the room to English: every page follows
    host.check('input[name="lang"][value="en"]')
    tv.wait_for_function("document.documentElement.lang === 'en'")
    tv.wait_for_selector("text=Scan to join")

    # short games: 2 dice each, chosen from the options table
    host.click("#options-box summary")
    host.select_option("#opt-max_dice", label="2")
    host.click("#save")
    host.wait_for_selector("#saved:has-text('Saved')")
    assert hub.room.rules.max_dice == 2

    phones = []
    for name in NAMES:
        phone = _open(browser, watch, name, f"{hub.url}/join/{code}?hold=250", PHONE)
        phone.fill("#name", name)
        phone.click("#sit")
        phone.wait_for_selector("#lobby:not([hidden])")
        token = phone.evaluate(f"localStorage.getItem('dudo:{code}:token')")
        assert token, f"{name}: no seat token stored"
        phones.append(phone)

    host.select_option("#bot-level", index=0)
    host.click("#add-bot")
    host.wait_for_selector(".host-seat >> nth=3")
    host.click("#add-bot")
    host.wait_for_selector(".host-seat >> nth=4")
    tv.wait_for_selector(".seat >> nth=4")
    tv.screenshot(path=str(artifacts / "tv-lobby.png"))
    host.screenshot(path=str(artifacts / "host-lobby.png"), full_page=True)
    phones[0].screenshot(path=str(artifacts / "phone-lobby.png"))

    host.click("#start")
    tv.wait_for_selector(".seat.turn", timeout=15_000)
    for phone in phones:
        phone.wait_for_selector("#game:not([hidden])")

    deadline = time.monotonic() + GAME_TIMEOUT
    moves = 0
    shot_phone = shot_tv = shot_reveal = reloaded = False
    while time.monotonic() < deadline and not _visible(tv, "#winner"):
        moved = False
        for phone in phones:
            if not shot_phone and _visible(phone, "body.my-turn #bid-btn") and _visible(phone, "#my-dice svg.die"):
                phone.screenshot(path=str(artifacts / "phone-turn.png"))
                shot_phone = True
            if _play_once(phone, rng):
                moves += 1
                moved = True
                phone.wait_for_timeout(60)
        if not shot_tv and moves >= 2 and _visible(tv, "#center-bid .bid-q") and not _visible(tv, "#reveal"):
            tv.screenshot(path=str(artifacts / "tv-game.png"))
            shot_tv = not _visible(tv, "#reveal")  # a reveal came up meanwhile: take it again later
        if not shot_reveal and _visible(tv, "#reveal"):
            tv.wait_for_timeout(700)  # let the dice land
            tv.screenshot(path=str(artifacts / "tv-reveal.png"))
            shot_reveal = True
        if not reloaded and moves >= 3 and hub.room.state is not None and hub.room.state.phase.value == "bidding":
            # a phone that sleeps or reloads keeps its seat: the token goes in the auth on reconnect
            phones[0].reload()
            phones[0].wait_for_selector("#game:not([hidden])")
            assert phones[0].locator("#me").inner_text() == NAMES[0]
            reloaded = True
        if not moved:
            tv.wait_for_timeout(80)
    assert _visible(tv, "#winner"), f"no winner on the TV after {moves} phone moves"
    assert moves > 0, "the phones never played"
    winner = hub.room.state.players[hub.room.state.winner]
    assert winner in tv.locator("#winner-name").inner_text()
    tv.screenshot(path=str(artifacts / "tv-winner.png"))
    for phone in phones:
        phone.wait_for_selector("#final:not([hidden])")
    phones[0].screenshot(path=str(artifacts / "phone-final.png"))

    # start again: back to the lobby, same seats
    host.click("#restart")
    tv.wait_for_selector("#join-card:not([hidden])")
    assert not _visible(tv, "#winner")
    assert reloaded
    assert not watch.errors, "\n".join(watch.errors)


def test_pages_request_nothing_outside_the_hub(hub: Any, browser: Any, watch: Any) -> None:
    code = hub.code
    outside: list[str] = []
    sockets: list[str] = []
    pages = []
    for label, url, options in (
        ("tv", f"{hub.url}/tv/{code}", TV),
        ("phone", f"{hub.url}/join/{code}", PHONE),
        ("host", hub.host_url, HOST),
    ):
        context = browser.new_context(**options)
        context.route("**/*", lambda route: (outside.append(route.request.url), route.abort())
                      if urlsplit(route.request.url).hostname not in ("127.0.0.1", None) else route.continue_())
        page = watch.attach(context.new_page(), label)
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(url)
        pages.append(page)
    pages[0].wait_for_selector(".felt")
    pages[1].wait_for_selector("#join:not([hidden]), #lobby:not([hidden]), #game:not([hidden])")
    pages[2].wait_for_selector(".preset-card")
    for page in pages:
        page.wait_for_load_state("networkidle")
    requested = [u for u in watch.requests + sockets if not u.startswith(("data:", "blob:"))]
    assert requested, "no requests recorded"
    foreign = [u for u in requested if urlsplit(u).hostname != "127.0.0.1"]
    assert not foreign and not outside, f"requests outside the hub: {foreign + outside}"
    assert any("/vendor/socket.io.min.js" in u for u in requested)
    assert any("/api/strings/" in u for u in requested)
    assert not watch.errors, "\n".join(watch.errors)
