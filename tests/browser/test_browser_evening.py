"""What a long evening tripped over, in the browser: a sleeping phone at a table whose dice are
counted (the host plays for it, and every screen says so), no word of voice while voice is off,
the host's page on a phone (rules before Start, an options box that shows it opens), a closed
call that says why, the loser's cup marked by a word and not by colour alone, and the reveal's OK
in view on a landscape phone at a full table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browserkit import HOST_PHONE, TV, axe_problems, fresh_lobby, open_page, round_lost_by_bidder, seat_phone

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 30.0, "DROP_GRACE": 30.0}
STRINGS = Path(__file__).resolve().parents[2] / "catalogue" / "strings" / "it.json"
LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True}


def _it() -> dict[str, str]:
    return dict(json.loads(STRINGS.read_text(encoding="utf-8")))


def _voice_words(page: Any) -> list[str]:
    """Visible sentences of the catalogue that speak of voice (the voice card, saying things aloud)."""
    words = [text.split("{")[0].strip() for key, text in _it().items()
             if key.startswith(("voice.", "mic.")) or key in ("count.none", "count.heard")]
    body = page.locator("body").inner_text()
    return [w for w in words if len(w) > 6 and w in body]


def test_a_sleeping_phone_at_a_counted_table_the_host_plays_for_it(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    room.configure(None, None, "it", None, "scoreboard")
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, HOST_PHONE)
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in ("Luca", "Sara")}
    host.click("#start")
    tv.wait_for_selector(".seat-card.turn")
    sleeper = room.to_act()
    awake = next(n for n in phones if n != sleeper)
    phones[sleeper].context.close()
    notice = tv.wait_for_selector(".away-notice")
    assert "organizzatore" in notice.inner_text() and "bot" not in notice.inner_text(), "no bot can sit at this table"
    host.wait_for_selector(".stand-in-wait")

    room.seat(sleeper).dropped_at -= 60  # the grace period is over
    room.configure(None, None, None, {"expected": True})
    tv.wait_for_function("() => document.querySelector('.away-notice').textContent.includes('di\\' la tua mossa')")
    host.wait_for_selector(f".stand-in[data-for='{sleeper}'] button[id^=bid-for]")
    host.screenshot(path=str(artifacts / "host-stands-in.png"), full_page=True)
    problems = axe_problems(host) + axe_problems(tv)
    assert not problems, "\n".join(problems)
    host.click(f".stand-in[data-for='{sleeper}'] button[id^=bid-for]")
    tv.wait_for_selector(f".toast:has-text(\"{_it()['tv.stood_in'].format(name=sleeper)}\")")
    phones[awake].wait_for_selector("body.my-turn #bid-btn:not([disabled])")
    assert room.state.standing is not None and room.state.bids[-1].seat == room.state.seat_of(sleeper)
    phones[awake].click("#bid-btn")

    # a stand-in call ends the round: the first tap asks, Back keeps the turn, the confirm plays it
    seat_no = room.state.seat_of(sleeper)
    host.click(f"#dudo-for-{seat_no}")
    host.wait_for_selector(f"#dudo-confirm-{seat_no}")
    assert sleeper in host.locator(".stand-in-confirm").inner_text()
    host.click(f"#dudo-back-{seat_no}")
    host.wait_for_selector(f"#dudo-for-{seat_no}")
    assert room.to_act() == sleeper and room.state.phase.value == "bidding", "Back played nothing"
    host.click(f"#dudo-for-{seat_no}")
    host.screenshot(path=str(artifacts / "host-stand-in-confirm.png"), full_page=True)
    host.click(f"#dudo-confirm-{seat_no}")

    # the count: no voice here, so nobody is told to say it aloud
    tv.wait_for_selector("#count-screen")
    phones[awake].wait_for_selector("#count-proposal")
    assert _it()["count.none_no_voice"] in tv.locator("#count-screen").inner_text()
    for page in (tv, phones[awake], host):
        assert _voice_words(page) == [], f"voice is off, yet a screen speaks of it: {_voice_words(page)}"
    phones[awake].click("#count-propose")
    confirm = host.wait_for_selector(f".stand-in[data-for='{sleeper}'] button[id^=confirm-for]")
    confirm.click()
    tv.wait_for_selector(".overlay.reveal .reveal-story li")
    assert sleeper in tv.locator(".overlay.reveal").inner_text()
    credited = _it()["reveal.counted_by_host"].format(name=sleeper)
    assert credited in tv.locator(".overlay.reveal .reveal-counted").inner_text(), "credited to the host"
    tv.screenshot(path=str(artifacts / "tv-counted-reveal.png"))
    assert not watch.errors, "\n".join(watch.errors)


def test_the_host_on_a_phone_sees_the_rules_before_start_and_a_box_that_opens(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    room.configure("dudo", {}, "it", None, "hub")
    host = open_page(browser, watch, "host", hub.host_url, HOST_PHONE)
    host.wait_for_selector("#options-box summary")
    start, rules = host.locator("#start").bounding_box(), host.locator("#options-box").bounding_box()
    assert start["y"] > rules["y"] + rules["height"], "Start sits below the rules on a phone"
    marker = host.evaluate("() => getComputedStyle(document.querySelector('#options-box summary'), '::before').content")
    assert marker not in ("none", "normal", '""'), "the options box shows that it opens"
    host.click("#options-box summary")
    host.wait_for_selector("#options-box[open] #reset-options")
    host.screenshot(path=str(artifacts / "host-phone-lobby.png"), full_page=True)
    assert not watch.errors, "\n".join(watch.errors)


def test_a_closed_call_says_why_and_the_reveal_ok_stays_in_view_in_landscape(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    room.configure("dudo", {}, "it", None, "hub")
    phone = seat_phone(browser, watch, hub.url, hub.code, "Luca")
    for name in ("Ada", "Bea", "Cris", "Dino", "Ezio", "Fede", "Gio", "Ines", "Lia"):
        room.take_seat(name)
    room.start()
    if room.state.phase.value == "direction":
        room.submit(room.to_act(), {"action": "direction", "clockwise": True}, source="phone")
    texts = _it()
    if room.to_act() == "Luca":  # an opening: nobody to doubt yet
        why = texts["why.dudo.no_bid"]
    else:  # someone else bid and it is not Luca's turn (a bid is in, so the calls are shown)
        room.submit(room.to_act(), {"action": "bid", "quantity": 2, "face": 3}, source="phone")
        why = texts["why.dudo.not_turn"]
    if room.to_act() != "Luca" or room.state.standing is None:
        phone.wait_for_selector("#dudo-btn[disabled]")
        assert phone.locator("#dudo-btn small").inner_text() == why
        problems = axe_problems(phone)
        assert not problems, "\n".join(problems)
    phone.set_viewport_size(LANDSCAPE["viewport"])
    round_lost_by_bidder(room)
    phone.wait_for_selector("#reveal .reveal-cup >> nth=9")
    box = phone.locator("#reveal-ok").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 390 + 1, "the reveal's OK is in view without scrolling"
    phone.screenshot(path=str(artifacts / "phone-landscape-reveal.png"))
    assert phone.locator("#reveal .reveal-cup.loser .cup-tag.lose").count() == 1, "the loser's cup says so in words"
    assert texts["reveal.tag_loser"].upper() in phone.locator("#reveal .reveal-cup.loser").inner_text().upper()
    assert not watch.errors, "\n".join(watch.errors)
