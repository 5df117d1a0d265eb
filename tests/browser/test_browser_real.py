"""Real cups and voice at the table, as the players see them: three phones and the TV play three
rounds with dice entered on the phones' keypads (referee) and three rounds counted at the reveal
(scoreboard); the phone's 🎤, the host's voice settings, the TV's table check and its report.

The hub keeps a reveal up for 30 s, so a reveal closes here only when the test (as the host) ends it.
Screenshots go to test-artifacts/real/.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import browserkit as kit
import pytest
from browserkit import HOST, TV, axe_problems, open_page, play, seat_phone, story, to_act

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 30.0}
NAMES = ("Marco", "Giulia", "Luca")
CUPS = {"Marco": [1, 3, 3, 5, 6], "Giulia": [2, 2, 4, 5, 5], "Luca": [1, 1, 6, 6, 4]}


def _out(artifacts: Path) -> Path:
    out = artifacts / "real"
    out.mkdir(exist_ok=True)
    return out


def _table(hub: Any, browser: Any, watch: Any, dice: str) -> tuple[Any, Any, Any, dict[str, Any]]:
    """A fresh lobby, the host choosing the dice on its page, three seated phones and the TV."""
    room = kit.fresh_lobby(hub)
    room.configure(None, None, "it")
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host.click(".preset-card[data-preset=dudo]")
    host.click("#save")
    host.wait_for_selector("#saved:not(:empty)")
    host.click(f".preset-card[data-dice={dice}]")
    host.wait_for_selector(f".preset-card[data-dice={dice}][aria-checked=true]")
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in NAMES}
    return room, host, tv, phones


def _names_in(page: Any, selector: str) -> set[str]:
    text = page.locator(selector).inner_text()
    return {name for name in NAMES if name in text}


def _tap_cup(phone: Any, faces: list[int]) -> None:
    for face in faces:
        phone.click(f".kp-face[data-face='{face}']")


def _reveal_told_alike(tv: Any, phones: dict[str, Any]) -> list[str]:
    tv.wait_for_selector(".overlay.reveal .reveal-story li")
    told = story(tv, ".overlay.reveal")
    for name, phone in phones.items():
        phone.wait_for_selector("#reveal .reveal-story li")
        assert story(phone, "#reveal") == told, f"{name}'s phone tells another story than the TV"
    return told


def _nothing_leaves_the_hub(hub: Any, watch: Any) -> None:
    outside = [u for u in watch.requests if not u.startswith((hub.url, "data:", "blob:"))]
    assert watch.requests and not outside, f"requests outside the hub: {outside}"
    assert not watch.errors, "\n".join(watch.errors)


def _end_reveal(room: Any, tv: Any, phones: dict[str, Any]) -> None:
    room.skip_reveal()  # as the host's button does
    tv.wait_for_selector(".overlay.reveal", state="detached")
    for phone in phones.values():
        phone.wait_for_selector("#reveal", state="detached")


def test_three_rounds_with_every_cup_tapped_into_its_phone(hub: Any, browser: Any, watch: Any, artifacts: Path) -> None:
    out = _out(artifacts)
    room, host, tv, phones = _table(hub, browser, watch, "referee")
    host.click("#start")
    for rnd in range(1, 4):
        tv.wait_for_selector("#waiting-dice")
        live = [n for n in NAMES if room.state.counts[room.state.seat_of(n)] > 0]
        assert _names_in(tv, "#waiting-dice") == set(live), "the TV names everyone whose dice are awaited"
        entering = tv.locator(".seat-card.entering .seat-name").all_inner_texts()
        assert sorted(entering) == sorted(live), "the seats awaited are marked"
        for name in live:
            phones[name].wait_for_selector("#keypad")
        first, second, *rest = live
        held = room.state.counts[room.state.seat_of(first)]
        cup = CUPS[first][:held]

        # the first phone taps its cup, takes a wrong die out again, and is done
        keypad = phones[first]
        _tap_cup(keypad, cup[:2])
        keypad.click(".kp-face[data-face='6']")
        assert keypad.locator("#kp-count").inner_text() == f"3/{held}"
        assert keypad.locator("#kp-done").is_disabled(), "Done waits for every die"
        keypad.click(".kp-die[data-face='6'] >> nth=-1")
        _tap_cup(keypad, cup[2:])
        assert keypad.locator("#kp-count").inner_text() == f"{held}/{held}"
        assert keypad.locator(".kp-face:not([disabled])").count() == 0, "a full cup takes no more dice"
        if rnd == 1:
            keypad.screenshot(path=str(out / "referee-phone-keypad.png"))
            problems = axe_problems(keypad)
            assert not problems, "\n".join(problems)
        keypad.click("#kp-done")
        keypad.wait_for_selector("#my-dice")
        assert keypad.locator("#my-dice svg.die").count() == held
        tv.wait_for_function("(name) => !document.querySelector('#waiting-dice').textContent.includes(name)", arg=first)
        assert _names_in(tv, "#waiting-dice") == {second, *rest}
        if rnd == 1:
            tv.screenshot(path=str(out / "referee-tv-waiting.png"))
            keypad.screenshot(path=str(out / "referee-phone-entered.png"))

        for name in (second, *rest):
            held_n = room.state.counts[room.state.seat_of(name)]
            _tap_cup(phones[name], CUPS[name][:held_n])
            phones[name].click("#kp-done")

        # every cup is in: bidding opens with the entered dice; the first phone corrects its cup once
        tv.wait_for_selector(".seat-card.turn")
        assert not tv.locator("#waiting-dice").count()
        for name in live:
            held_n = room.state.counts[room.state.seat_of(name)]
            phones[name].wait_for_selector("#my-dice")
            assert room.state.dice[room.state.seat_of(name)] == tuple(sorted(CUPS[name][:held_n]))
        if rnd == 1:
            keypad.click("#edit-cup")
            keypad.wait_for_selector("#keypad #kp-cancel")
            keypad.click(".kp-die >> nth=0")
            keypad.click(f".kp-face[data-face='{cup[0] % 6 + 1}']")
            keypad.click("#kp-done")
            keypad.wait_for_selector("#keypad", state="detached")
            fixed = sorted([*cup[1:], cup[0] % 6 + 1])
            keypad.wait_for_function("(n) => document.querySelectorAll('#my-dice svg.die').length === n", arg=held)
            assert room.state.dice[room.state.seat_of(first)] == tuple(fixed), "the correction replaced the cup"

        # a bid locks the cups (no more corrections), then a Dudo: the reveal shows the entered cups
        kit.opening(room)
        opener = to_act(room)
        phones[opener].wait_for_selector("body.my-turn #bid-btn:not([disabled])")
        phones[opener].click("#bid-btn")
        for name in live:
            phones[name].wait_for_selector("#edit-cup", state="detached")
        play(room, to_act(room), {"action": "dudo"})
        told = _reveal_told_alike(tv, phones)
        assert any(("perde" in line) or ("riprende" in line) for line in told), told
        shown = {n.strip() for n in tv.locator(".overlay.reveal .reveal-cup-name").all_inner_texts()}
        assert shown == set(live), "every entered cup is shown at the reveal"
        if rnd == 1:
            tv.screenshot(path=str(out / "referee-tv-reveal.png"))
            phones[first].screenshot(path=str(out / "referee-phone-reveal.png"))
        _end_reveal(room, tv, phones)
    _nothing_leaves_the_hub(hub, watch)


def _count_round(room: Any, tv: Any, phones: dict[str, Any], out: Path, rnd: int) -> None:
    kit.opening(room)
    bidder = to_act(room)
    play(room, bidder, {"action": "bid", "quantity": 3, "face": 5})
    caller = to_act(room)
    play(room, caller, {"action": "dudo"})
    tv.wait_for_selector(".overlay.counting")
    question = tv.locator(".count-question").inner_text()
    words = ("fives", "with pacos") if rnd == 3 else ("cinque", "assi compresi")  # round 3 is in English
    assert all(word in question for word in words), question
    assert caller in tv.locator(".overlay.counting .reveal-call").inner_text()
    for phone in phones.values():
        phone.wait_for_selector("#count")
        assert phone.locator("#count .count-question").inner_text() == question
        assert phone.locator("#count-confirm").count() == 0, "nothing to confirm before a proposal"

    proposer, confirmer = [n for n in NAMES if n != caller][:2] if rnd % 2 else [caller, bidder]
    count = 2 + rnd  # 3, 4, 5 fives: the bid of 3 stands, the caller loses
    first = phones[proposer]
    for _ in range(count - 3):
        first.click("#count-up")
    assert first.locator("#count-pick").inner_text() == str(count)
    first.click("#count-propose")
    first.wait_for_selector(f"#count-proposal:has-text('{count}')")
    assert first.locator("#count-confirm").count() == 0, "the proposer does not confirm its own count"
    tv.wait_for_selector(".overlay.counting .count-proposal.has")
    said = tv.locator(".overlay.counting .count-proposal").inner_text()
    assert proposer in said and str(count) in said, said
    second = phones[confirmer]
    if rnd == 1:
        # the other player counted one more: a correction replaces the proposal, then the first confirms it
        second.wait_for_selector(f"#count-confirm:has-text('{count}')")
        tv.screenshot(path=str(out / "scoreboard-tv-count.png"))
        second.screenshot(path=str(out / "scoreboard-phone-confirm.png"))
        problems = axe_problems(second) + axe_problems(tv)
        assert not problems, "\n".join(problems)
        second.click("#count-up")
        second.click("#count-propose")
        tv.wait_for_function("(n) => document.querySelector('.count-n').textContent === n", arg=str(count + 1))
        assert confirmer in tv.locator(".overlay.counting .count-proposal").inner_text()
        first.wait_for_selector(f"#count-confirm:has-text('{count + 1}')")
        first.screenshot(path=str(out / "scoreboard-phone-corrected.png"))
        count, second = count + 1, first
    second.wait_for_selector(f"#count-confirm:has-text('{count}')")
    if rnd == 3:
        tv.screenshot(path=str(out / "scoreboard-tv-count-en.png"))
        second.screenshot(path=str(out / "scoreboard-phone-confirm-en.png"))
    second.click("#count-confirm")
    told = _reveal_told_alike(tv, phones)
    assert tv.locator(".overlay.reveal .reveal-cup").count() == 0, "no faces on a scoreboard"
    assert str(count) in tv.locator(".overlay.reveal .reveal-count").inner_text()
    assert any(caller in line for line in told), told  # the bid stood: the caller loses
    assert tv.locator(".overlay.reveal .reveal-counted").count() == 1
    if rnd in (1, 3):
        tv.screenshot(path=str(out / f"scoreboard-tv-reveal-{rnd}.png"))
        phones[caller].screenshot(path=str(out / f"scoreboard-phone-reveal-{rnd}.png"))


def test_three_rounds_counted_at_the_reveal(hub: Any, browser: Any, watch: Any, artifacts: Path) -> None:
    out = _out(artifacts)
    room, host, tv, phones = _table(hub, browser, watch, "scoreboard")
    assert host.locator("#add-bot").is_disabled() and host.locator("#no-bots").is_visible()
    host.screenshot(path=str(out / "scoreboard-host-lobby.png"), full_page=True)
    problems = axe_problems(host)
    assert not problems, "\n".join(problems)
    host.click("#start")
    for phone in phones.values():
        phone.wait_for_selector("#cup-note")
        assert phone.locator("#my-dice").count() == 0, "no cup on the phone: the dice are on the table"
    for rnd in range(1, 4):
        if rnd == 3:  # the host switches the table to English between rounds
            host.click("input[name=lang][value=en]")
            for page in (tv, *phones.values()):
                page.wait_for_function("() => document.documentElement.lang === 'en'")
        _count_round(room, tv, phones, out, rnd)
        _end_reveal(room, tv, phones)
    _nothing_leaves_the_hub(hub, watch)


# ----- voice ---------------------------------------------------------------------------------------


@pytest.fixture
def voice(hub: Any) -> Any:
    """Voice attached to the running hub's room without a microphone (listen=False)."""
    from dudo_hub.server.hub.voice_link import attach_voice

    kit.fresh_lobby(hub).configure(None, None, "it", None, "hub")
    the_hub = hub.app.extensions["dudo_hub"]
    attached = attach_voice(hub.room, "it", None, speak=False, listen=False, out=io.StringIO())
    the_hub.voices[hub.code] = attached
    yield attached
    attached.stop()
    the_hub.voices.pop(hub.code, None)
    hub.room.set_voice_status({"listening": False, "speaking": False, "reason": "not_attached"})


def test_the_mic_button_the_hosts_voice_settings_and_the_table_check(
    hub: Any, browser: Any, watch: Any, artifacts: Path, voice: Any
) -> None:
    out = _out(artifacts)
    status = voice.session.status
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in NAMES[:2]}

    # voice is off: the host sees why, and its controls wait
    host.wait_for_selector("#voice-now")
    assert "disattivata" in host.locator("#voice-now").inner_text()
    assert host.locator("#voice-check").is_disabled()
    assert host.locator("fieldset[data-name=voice-mode] input").first.is_disabled()
    host.click("#start")
    phone = phones[NAMES[0]]
    phone.wait_for_selector("#game")
    assert phone.locator("#mic-btn").count() == 0, "no 🎤 while nothing listens"

    # the hub listens: the 🎤 appears; a call heard but not played is told on the TV in the room's words
    status.update(listening=True, reason=None)
    host.wait_for_selector("#voice-now.on")
    phone.wait_for_selector("#mic-btn")
    voice.session.table.hear("sette [unk] cinque")
    tv.wait_for_selector(".voice-card .voice-rejected:has-text('nessuna mossa')")
    status.update(hints=["Per dudo, di' «dubito»"])
    tv.wait_for_selector(".voice-hints li")

    # the host plays only calls after a 🎤 tap; a tap opens this seat's window
    host.click("fieldset[data-name=voice-mode] .chip:has(input[value=after_button])")
    tv.wait_for_selector(".voice-state.on:has-text('microfono')")
    assert voice.session.table.mode == "after_button"
    phone.click("#mic-btn")
    phone.wait_for_selector("#mic.on #mic-state:has-text('ora')")
    assert re.search(r"\d s", phone.locator("#mic-btn").inner_text()), "a countdown in seconds"
    tv.wait_for_selector(f".voice-window:has-text('{NAMES[0]}')")
    phone.screenshot(path=str(out / "voice-phone-listening.png"))
    tv.screenshot(path=str(out / "voice-tv-listening.png"))

    # the table check: the TV's prompt, then its report until the host closes it
    prompt = {"player": NAMES[1], "phrase": "sette cinque", "index": 3, "total": 10,
              "text": "Giulia, di': sette cinque"}
    status.update(check=prompt)
    tv.wait_for_selector(".overlay.check .check-phrase:has-text('sette cinque')")
    assert NAMES[1] in tv.locator(".check-who").inner_text()
    phones[NAMES[1]].wait_for_selector("#check-mine:has-text('sette cinque')")
    host.wait_for_selector("#voice-check:has-text('3')")
    tv.screenshot(path=str(out / "voice-tv-check.png"))
    report = {
        "players": {NAMES[0]: {"said": 5, "right": 5, "rms_dbfs": -24.5, "peak_dbfs": -6.0},
                    NAMES[1]: {"said": 5, "right": 3, "rms_dbfs": -51.0, "peak_dbfs": -30.2}},
        "words": {"sette": {"asked": 4, "heard": 4, "mean_conf": 0.93},
                  "cinque": {"asked": 4, "heard": 2, "mean_conf": 0.71},
                  "dubito": {"asked": 2, "heard": 2, "mean_conf": 0.88},
                  "calza": {"asked": 2, "heard": 1, "mean_conf": 0.6}},
        "saved": "/home/hub/.local/share/dudo-hub/checks/check-20250101T2100.json",
    }
    with status.batch():
        status.update(check=None)
        status.update(check_report=report)
    tv.wait_for_selector(".overlay.check-report .report-players")
    rows = tv.locator(".overlay.check-report tbody tr").all_inner_texts()
    assert any(NAMES[1] in r and "3 su 5" in r and "troppo basso" in r for r in rows), rows
    tv.screenshot(path=str(out / "voice-tv-report.png"))
    problems = axe_problems(tv)
    assert not problems, "\n".join(problems)
    host.wait_for_selector("#check-report")
    host.screenshot(path=str(out / "voice-host.png"), full_page=True)
    problems = axe_problems(host)
    assert not problems, "\n".join(problems)
    host.click("#report-close")
    tv.wait_for_selector(".overlay.check-report", state="detached")
    assert status.snapshot()["check_report"] is None
    status.update(check_report={**report, "saved": report["saved"].replace("2100", "2105")})
    tv.wait_for_selector(".overlay.check-report")
    play(hub.room, to_act(hub.room), {"action": "bid", "quantity": 1, "face": 2})
    tv.wait_for_selector(".overlay.check-report", state="detached")  # play resumed

    # voice_off, told plainly: the check with no microphone behind it, a 🎤 once voice is gone
    host.click("#voice-check")
    host.wait_for_selector(".toast-error:has-text('non è attiva')")
    hub.app.extensions["dudo_hub"].voices.pop(hub.code)
    phone.click("#mic-btn")
    phone.wait_for_selector(".toast-error:has-text('non è attiva')")
    _nothing_leaves_the_hub(hub, watch)
