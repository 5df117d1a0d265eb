"""A whole game as a table plays it: the TV, three phones and the host page in separate browser
contexts, against the real hub, the phones' real buttons tapped.

Run: `python -m pytest tests/browser -m browser` (needs /usr/bin/chromium; skipped otherwise).
Screenshots go to test-artifacts/ (gitignored).
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browserkit import HOST, PHONE, TV, axe_problems, open_page, seat_phone, visible
from waiting import wait_until

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 0.8}
NAMES = ["Marco", "Giulia", "Ana"]
GAME_TIMEOUT = 180.0


def _enabled(page: Any, selector: str) -> bool:
    return visible(page, selector) and page.locator(selector).first.is_enabled()


def _play_once(page: Any, rng: random.Random) -> bool:
    """If it is this phone's turn, play one legal move from the UI; True when a move was sent."""
    if not visible(page, "body.my-turn #controls"):
        return False
    if visible(page, "#reveal"):
        with contextlib.suppress(Exception):  # tap the reveal card away (it may go by itself meanwhile)
            page.locator("#reveal-ok").click(timeout=1000)
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


def _on_screen(page: Any, selector: str) -> bool:
    """The element's box lies inside the viewport (no scrolling needed to see or tap it)."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1 and box["x"] >= 0 \
        and box["x"] + box["width"] <= size["width"] + 1


def _landscape_check(phone: Any, artifacts: Path) -> None:
    """Turned sideways on its turn: the phone's own dice and the bid controls are both on screen."""
    phone.set_viewport_size({"width": 844, "height": 390})
    selectors = ("#my-dice svg.die", "#bid-btn", "#qty-up", ".ph-face")
    wait_until(lambda: all(_on_screen(phone, selector) for selector in selectors), timeout=10,
               message=lambda: f"landscape: {[s for s in selectors if not _on_screen(phone, s)]} on screen")
    phone.screenshot(path=str(artifacts / "phone-landscape.png"))
    phone.set_viewport_size(PHONE["viewport"])


def test_tv_phones_and_host_play_a_game_to_the_end(hub: Any, browser: Any, watch: Any, artifacts: Path) -> None:
    rng = random.Random(11)
    code = hub.code
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    tv.wait_for_selector(".join-card img.qr")
    assert tv.locator("#room-code").inner_text().strip() == code

    # the host switches the room to English: every page follows
    host.check('input[name="lang"][value="en"]')
    tv.wait_for_function("document.documentElement.lang === 'en'")
    tv.wait_for_selector("text=Scan to join")

    # short games: 2 dice each, chosen among the options
    host.click("#options-box summary")
    host.locator('fieldset[data-name="max_dice"] label.chip', has_text="2").click()
    host.click("#save")
    host.wait_for_selector("#saved:has-text('Saved')")
    assert hub.room.rules.max_dice == 2

    phones = [seat_phone(browser, watch, hub.url, code, name) for name in NAMES]
    for phone in phones:
        assert phone.evaluate(f"localStorage.getItem('dudo:{code}:token')"), "no seat token stored"
    host.select_option("#bot-level", index=0)
    host.click("#add-bot")
    host.wait_for_selector(".host-seat >> nth=3")
    host.click("#add-bot")
    host.wait_for_selector(".host-seat >> nth=4")
    tv.wait_for_selector(".seat-card >> nth=4")
    tv.screenshot(path=str(artifacts / "tv-lobby.png"))
    host.screenshot(path=str(artifacts / "host-lobby.png"), full_page=True)
    phones[0].screenshot(path=str(artifacts / "phone-lobby.png"))

    host.click("#start")
    tv.wait_for_selector(".seat-card.turn", timeout=15_000)
    for phone in phones:
        phone.wait_for_selector("#game")
    assert "lobby" not in host.locator("h1").inner_text().lower()

    moves = 0
    shot_phone = shot_tv = shot_reveal = reloaded = relanguaged = turned = False

    def step() -> bool:
        """One look at every screen, a move from each phone whose turn it shows (a phone that sent
        one shows its buttons disabled until the next state): True once the TV shows the winner."""
        nonlocal moves, shot_phone, shot_tv, shot_reveal, reloaded, relanguaged, turned
        if visible(tv, ".overlay.winner"):
            return True
        for phone in phones:
            if not turned and visible(phone, "body.my-turn #bid-btn") and not visible(phone, "#reveal"):
                _landscape_check(phone, artifacts)
                turned = True
            if not shot_phone and visible(phone, "body.my-turn #bid-btn") and visible(phone, "#my-dice svg.die"):
                phone.screenshot(path=str(artifacts / "phone-turn.png"))
                shot_phone = True
            if _play_once(phone, rng):
                moves += 1
        if not shot_tv and moves >= 2 and visible(tv, ".center-bid .bid") and not visible(tv, ".overlay.reveal"):
            tv.screenshot(path=str(artifacts / "tv-game.png"))
            shot_tv = True
        if not shot_reveal and visible(tv, ".overlay.reveal"):
            tv.screenshot(path=str(artifacts / "tv-reveal.png"))
            shot_reveal = True
        if not relanguaged and moves >= 2:
            # mid-game the host switches to Italian: only the language is sent, everyone follows
            host.check('input[name="lang"][value="it"]')
            tv.wait_for_function("document.documentElement.lang === 'it'")
            phones[1].wait_for_function("document.documentElement.lang === 'it'")
            assert host.locator('input[name="lang"][value="it"]').is_checked()
            assert not visible(host, ".toast-error"), host.locator(".toasts").inner_text()
            relanguaged = True
        if not reloaded and moves >= 3 and hub.room.state is not None and hub.room.state.phase.value == "bidding":
            # a phone that sleeps or reloads keeps its seat: the token goes in the auth on reconnect
            phones[0].reload()
            phones[0].wait_for_selector("#game")
            assert phones[0].locator("#me").inner_text() == NAMES[0]
            reloaded = True
        return False

    wait_until(step, timeout=GAME_TIMEOUT, interval=0.05, message=lambda: f"a winner on the TV ({moves} phone moves)")
    assert moves > 0 and reloaded and relanguaged and turned
    winner = hub.room.state.players[hub.room.state.winner]
    assert winner in tv.locator(".winner-name").inner_text()
    tv.screenshot(path=str(artifacts / "tv-winner.png"))
    for phone in phones:
        phone.wait_for_selector("#final")
    phones[0].screenshot(path=str(artifacts / "phone-final.png"))
    host.screenshot(path=str(artifacts / "host-over.png"), full_page=True)

    # at the end, back to the lobby (not a danger button, and it says where it goes)
    assert "btn-primary" in (host.locator("#restart").get_attribute("class") or "")
    host.click("#restart")
    tv.wait_for_selector(".join-card")
    host.wait_for_selector(".toast-ok")
    assert "sala d'attesa" in host.locator(".toasts").inner_text().lower()
    assert not visible(tv, ".overlay.winner")
    assert not watch.errors, "\n".join(watch.errors)


def test_pages_pass_axe_in_the_lobby_and_in_a_game(hub: Any, browser: Any, watch: Any) -> None:
    """axe-core (from npm, injected by the test): no serious or critical violation on any page."""
    room = hub.room
    if room.started:
        room.restart()
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host_phone = open_page(browser, watch, "host on a phone", hub.host_url, PHONE)
    newcomer = open_page(browser, watch, "newcomer", f"{hub.url}/join/{hub.code}", PHONE)
    phone = seat_phone(browser, watch, hub.url, hub.code, "Zoe")
    host.wait_for_selector(".preset-card")
    newcomer.wait_for_selector("#sit")
    problems = {label: axe_problems(page) for label, page in
                (("tv lobby", tv), ("host lobby", host), ("host lobby on a phone", host_phone),
                 ("phone join", newcomer), ("phone lobby", phone))}
    host.click("#start")
    phone.wait_for_selector("#game")
    tv.wait_for_selector(".seat-card.turn")
    host.wait_for_selector("#restart")
    for label, page in (("tv game", tv), ("host game", host), ("phone game", phone)):
        problems[label] = axe_problems(page)
    assert not any(problems.values()), "\n".join(f"{k}: {v}" for k, v in problems.items() if v)
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
    pages[1].wait_for_selector(".ph-join, .ph-lobby, .ph-game")
    pages[2].wait_for_selector("#status")
    for page in pages:
        page.wait_for_load_state("networkidle")
    requested = [u for u in watch.requests + sockets if not u.startswith(("data:", "blob:"))]
    assert requested, "no requests recorded"
    foreign = [u for u in requested if urlsplit(u).hostname != "127.0.0.1"]
    assert not foreign and not outside, f"requests outside the hub: {foreign + outside}"
    assert any("/vendor/socket.io.min.js" in u for u in requested)
    assert any("/vendor/preact-htm.js" in u for u in requested)
    assert any("/api/strings/" in u for u in requested)
    assert not watch.errors, "\n".join(watch.errors)
