"""What the table sees at the moments that matter: a revolver round told the same on every screen,
names never cut, a caption that leaves the table alone, a sleeping phone, the host ending a reveal.

The hub here keeps a reveal up for 30 s and a dropped phone's seat for 30 s, so whatever closes
or opens earlier was closed or opened by the page, not by a timer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    HOST,
    PHONE,
    TV,
    TV_720,
    axe_problems,
    cut_text,
    fresh_lobby,
    open_page,
    round_lost_by_bidder,
    seat_phone,
    settled,
    story,
    visible,
)
from waiting import wait_until

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 30.0, "DROP_GRACE": 30.0}
LONG_NAMES = ["Massimiliano Ferrari", "Bo", "Giulia Annunziata", "Mia", "Alessandro Bianchi", "Chiara",
              "Leonardo da Vinci", "Xu", "Anna-Maria Rossetti"]


def _my_turn(phones: list[Any]) -> Any:
    return wait_until(lambda: next((p for p in phones if visible(p, "body.my-turn #bid-btn:not([disabled])")), None),
                      timeout=15, message="a phone showing its turn")


def test_a_revolver_round_tells_the_same_story_on_the_phones_and_the_tv_and_the_host_ends_it(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host.click(".preset-card[data-preset=revolver]")
    host.click("#save")
    host.wait_for_selector("#saved:has-text('Salvato')")
    phones = [seat_phone(browser, watch, hub.url, hub.code, name) for name in ("Luca", "Giulia")]
    room.take_seat("Bea")  # a third player, so that a shot that fires does not end the game
    host.click("#start")
    for phone in phones:
        phone.wait_for_selector("#game")
        assert phone.locator(".seat-chip .bullets").count() == 3, "phones show every seat's bullets"
    assert tv.locator(".seat-card .bullets").count() == 3
    if room.to_act() == "Bea":
        room.submit("Bea", {"action": "bid", "quantity": 1, "face": 2}, source="phone")

    # the players tap their own buttons: a bid, then Dudo
    bidder = _my_turn(phones)
    bids_before = len(room.state.bids)
    bidder.click("#bid-btn")
    wait_until(lambda: len(room.state.bids) > bids_before, timeout=10, message="the tapped bid played")
    if room.to_act() == "Bea":
        room.submit("Bea", {"action": "bid", "quantity": 15, "face": 6}, source="phone")
    caller = next(p for p in phones if p is not bidder)
    caller.wait_for_selector("body.my-turn #dudo-btn:not([disabled])")
    caller.click("#dudo-btn")

    tv.wait_for_selector(".overlay.reveal .reveal-story li")
    told = story(tv, ".overlay.reveal")
    assert any("proiettile" in line for line in told), told
    assert any(word in line for line in told for word in ("Clic", "BANG")), told
    for phone in phones:
        phone.wait_for_selector("#reveal .reveal-story li")
        assert story(phone, "#reveal") == told, "a phone tells another story than the TV"
    settled(tv, ".overlay.reveal .reveal-cup, .overlay.reveal .reveal-story li")
    tv.screenshot(path=str(artifacts / "revolver-tv-reveal.png"))
    caller.screenshot(path=str(artifacts / "revolver-phone-reveal.png"))

    # the host ends the reveal: every screen closes it long before the hub's 30 s
    host.wait_for_selector("#skip-reveal")
    host.click("#skip-reveal")
    tv.wait_for_selector(".overlay.reveal", state="detached", timeout=5000)
    for phone in phones:
        phone.wait_for_selector("#reveal", state="detached", timeout=5000)
    assert tv.locator(".history-card .last-story li").count() >= 2, "the last round's story stays on the side"
    tv.screenshot(path=str(artifacts / "revolver-tv-after.png"))
    assert not watch.errors, "\n".join(watch.errors)


@pytest.mark.parametrize("screen", [TV, TV_720], ids=["1920x1080", "1280x720"])
def test_every_name_is_shown_in_full_on_the_seats_and_the_reveal(
    hub: Any, browser: Any, watch: Any, artifacts: Path, screen: dict[str, Any]
) -> None:
    room = fresh_lobby(hub)
    size = f"{screen['viewport']['width']}x{screen['viewport']['height']}"
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", screen)
    phone = seat_phone(browser, watch, hub.url, hub.code, "Pietro Paolo Rubens")
    for name in LONG_NAMES:
        room.take_seat(name)
    tv.wait_for_selector(".seat-card >> nth=9")
    assert not cut_text(tv, ".seat-card, .seat-name, .lobby-name")
    room.configure("dudo", {}, None)
    room.start()
    tv.wait_for_selector(".seat-card.turn")
    phone.wait_for_selector("#game")
    assert not cut_text(tv, ".seat-card, .seat-name, .tv-status")
    assert not cut_text(phone, ".seat-chip, .seat-name")
    tv.screenshot(path=str(artifacts / f"names-tv-{size}.png"))

    round_lost_by_bidder(room)
    tv.wait_for_selector(".overlay.reveal .reveal-cup >> nth=9")
    phone.wait_for_selector("#reveal .reveal-cup >> nth=9")
    assert not cut_text(tv, ".reveal-cup, .reveal-cup-name, .reveal-call, .reveal-story li")
    assert not cut_text(phone, ".reveal-cup, .reveal-cup-name, .reveal-call, .reveal-story li")
    names = tv.locator(".overlay.reveal .reveal-cup-name").all_inner_texts()
    assert sorted(n.strip() for n in names) == sorted([*LONG_NAMES, "Pietro Paolo Rubens"])
    tv.screenshot(path=str(artifacts / f"names-tv-reveal-{size}.png"))
    phone.screenshot(path=str(artifacts / "names-phone-reveal.png"), full_page=True)
    assert not watch.errors, "\n".join(watch.errors)


def test_a_caption_redraws_the_voice_card_and_nothing_else(hub: Any, browser: Any, watch: Any, artifacts: Path) -> None:
    room = fresh_lobby(hub)
    for name in ("Ann", "Bob", "Cy"):
        room.take_seat(name)
    room.start()
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    tv.wait_for_selector(".seat-card.turn")
    room.set_voice_status({"listening": True, "speaking": False, "reason": None, "caption": ""})
    tv.wait_for_selector("#voice-root:not([hidden]) .voice-state.on")
    tv.evaluate("""() => {
        window.__mutations = 0;
        new MutationObserver((list) => { window.__mutations += list.length; })
          .observe(document.getElementById("tv-root"),
                   {subtree: true, childList: true, attributes: true, characterData: true});
    }""")
    for words in ("sette", "sette cinque", "sette cinque per Ann"):
        room.set_voice_status({"listening": True, "speaking": False, "reason": None, "caption": words})
        tv.wait_for_function("(words) => document.querySelector('.voice-caption').textContent === words", arg=words)
    assert tv.evaluate("window.__mutations") == 0, "a caption changed the table"
    tv.screenshot(path=str(artifacts / "tv-voice.png"))
    room.set_voice_status({"listening": False, "speaking": False, "reason": "not_attached"})
    assert not watch.errors, "\n".join(watch.errors)


def test_a_sleeping_phone_counts_down_on_the_tv_and_the_host_then_a_bot_plays_it(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, PHONE)  # the host on a phone
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in ("Luca", "Sara")}
    host.click("#start")
    tv.wait_for_selector(".seat-card.turn")
    sleeper = room.to_act()
    phones[sleeper].context.close()  # the phone sleeps: its socket goes

    notice = tv.wait_for_selector(".away-notice")
    assert sleeper in notice.inner_text() and " s" in notice.inner_text()
    tv.wait_for_selector(f".seat-card.away[data-player='{sleeper}'] .grace")
    button = host.locator(f".host-seat[data-player='{sleeper}'] button", has_text="bot")
    assert button.is_disabled(), "no takeover during the grace period"
    assert "(tra" in button.inner_text()
    tv.screenshot(path=str(artifacts / "tv-phone-asleep.png"))
    host.screenshot(path=str(artifacts / "host-phone-asleep.png"), full_page=True)

    seat = room.seat(sleeper)
    seat.dropped_at -= 60  # the grace period is over
    room.configure(None, None, None, {"expected": True})  # any change publishes the room again
    host.wait_for_selector(f".host-seat[data-player='{sleeper}'] button:not([disabled]):has-text('bot')")
    button.click()
    tv.wait_for_function("(name) => !document.querySelector(`.seat-card.away[data-player='${name}']`)", arg=sleeper)
    assert room.seat(sleeper).takeover
    tv.wait_for_function("(name) => !document.querySelector(`.seat-card.turn[data-player='${name}']`)", arg=sleeper)
    assert not watch.errors, "\n".join(watch.errors)


def test_the_hub_asks_the_credited_phone_and_a_tap_on_yes_plays_the_bid(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    from voice_table.fakes import ManualTimers, Said

    from dudo_hub.server.hub.voice_link import attach_voice

    room = fresh_lobby(hub)
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in ("Ann", "Bob")}
    room.start()
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    tv.wait_for_selector(".seat-card.turn")
    voices = hub.app.extensions["dudo_hub"].voices
    voice = attach_voice(room, "it", None, speak=False, listen=False, scheduler=ManualTimers())
    voice.session.table.speech = Said()
    voices[hub.code] = voice
    try:
        player = room.to_act()
        other = next(name for name in phones if name != player)
        voice.session.table.hear("tre cinque forse")
        tv.wait_for_selector("#voice-ask")
        assert "tre cinque forse" in tv.inner_text("#voice-ask .ask-heard")
        assert player in tv.inner_text("#voice-ask .ask-question")
        mine = phones[player]
        mine.wait_for_selector("#ask-yes")
        assert not visible(phones[other], "#ask"), "only the credited phone is asked"
        tv.screenshot(path=str(artifacts / "tv-voice-ask.png"))
        mine.screenshot(path=str(artifacts / "phone-voice-ask.png"), full_page=True)
        assert not axe_problems(mine) and not axe_problems(tv)
        mine.click("#ask-yes")
        tv.wait_for_selector("#voice-ask", state="detached")
        mine.wait_for_selector("#ask", state="detached")
        assert room.state.standing is not None and room.state.standing.bid.to_list() == [3, 5]
    finally:
        voices.pop(hub.code, None)
        voice.stop()
    assert not watch.errors, "\n".join(watch.errors)
