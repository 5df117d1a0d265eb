"""Every preset's key moments, as the table sees them, saved for review in test-artifacts/presets/:
the start (with the roll for the first player where the rules roll), a bid tapped on a phone, the
reveal (the phones tell the TV's story), a palifico round where the rules have one, the winner.

Two phones are real pages tapped through their buttons; a third player and the rounds after the
first are played in-process, each chosen to end as the test wants (the test holds the Room).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import browserkit as kit
import pytest
from browserkit import HOST, TV, axe_problems, open_page, play, seat_phone, story, to_act, visible

from dudo_hub import engine

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 1.5}
PHONES = ("Luca", "Giulia")


def _facts(room: Any) -> dict[str, Any]:
    return dict(engine.view_for(room.state, None)["table"])


def _lowest_bid(room: Any) -> None:
    player = to_act(room)
    legal = engine.legal_summary(room.state, player)["bids"]
    face, (low, _) = min(legal.items(), key=lambda kv: (kv[1][0], -int(kv[0])))
    play(room, player, {"action": "bid", "quantity": low, "face": int(face)})


def _lose(room: Any, target: str) -> str | None:
    """A round that `target` loses: it bids as high as the table allows and is called."""
    kit.opening(room)
    while to_act(room) != target:
        _lowest_bid(room)
    return kit.round_lost_by_bidder(room)


def _shoot(pages: dict[str, Any], out: Path, name: str) -> None:
    for label, page in pages.items():
        page.screenshot(path=str(out / f"{name}-{label}.png"))


@pytest.mark.parametrize("preset", list(engine.PRESETS))
def test_the_key_moments_of_each_preset(hub: Any, browser: Any, watch: Any, artifacts: Path, preset: str) -> None:
    out = artifacts / "presets"
    out.mkdir(exist_ok=True)
    room = kit.fresh_lobby(hub)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    phones = {name: seat_phone(browser, watch, hub.url, hub.code, name) for name in PHONES}
    room.take_seat("Bea")
    host.click(f".preset-card[data-preset={preset}]")
    host.click("#save")
    host.wait_for_selector("#saved:not(:empty)")
    assert room.rules.preset == preset

    # the start
    host.click("#start")
    tv.wait_for_selector(".seat-card.turn")
    for phone in phones.values():
        phone.wait_for_selector("#game")
    facts = _facts(room)
    if facts["roll_off"]:
        tv.wait_for_selector(".roll-off")
        phones["Luca"].wait_for_selector(".roll-off")
    _shoot({"tv": tv, "phone": phones["Luca"]}, out, f"{preset}-1-start")

    # a bid, tapped on the phone whose turn it is
    kit.opening(room)
    while to_act(room) not in phones:
        _lowest_bid(room)
    bidder = phones[to_act(room)]
    bidder.wait_for_selector("body.my-turn #bid-btn:not([disabled])")
    bidder.screenshot(path=str(out / f"{preset}-2-turn-phone.png"))
    bidder.click("#bid-btn")
    tv.wait_for_selector(".center-bid .bid")
    tv.screenshot(path=str(out / f"{preset}-2-bid-tv.png"))

    # the reveal: the next player calls Dudo (on the phone, if it is one)
    caller = to_act(room)
    if caller in phones:
        phones[caller].wait_for_selector("body.my-turn #dudo-btn:not([disabled])")
        phones[caller].click("#dudo-btn")
    else:
        play(room, caller, {"action": "dudo"})
    tv.wait_for_selector(".overlay.reveal .reveal-story li")
    told = story(tv, ".overlay.reveal")
    for name, phone in phones.items():
        phone.wait_for_selector("#reveal .reveal-story li")
        assert story(phone, "#reveal") == told, f"{preset}: {name}'s phone tells another story than the TV"
    if facts["bullets"]:
        assert any("proiettile" in line for line in told), told
    kit.settled(tv, ".overlay.reveal .reveal-cup, .overlay.reveal .reveal-story li")
    _shoot({"tv": tv, "phone": phones["Luca"]}, out, f"{preset}-3-reveal")
    problems = {"tv reveal": axe_problems(tv), "phone reveal": axe_problems(phones["Luca"])}

    # a palifico round (where the rules have one): Giulia loses until one die is left
    if facts["palifico"] and not facts["bullets"] and not room.over:
        for _ in range(6):
            if room.over or room.state.palifico:
                break
            _lose(room, "Giulia")
        if room.state.palifico and not room.over:
            tv.wait_for_selector(".overlay.reveal .reveal-story li:has-text('PALIFICO')")
            tv.wait_for_selector(".overlay.reveal", state="detached")
            tv.wait_for_selector(".tv-banner .palifico-note")
            phones["Giulia"].wait_for_selector(".palifico-note")
            for phone in phones.values():
                if visible(phone, "#reveal"):
                    with contextlib.suppress(Exception):  # its own timer may close it meanwhile
                        phone.locator("#reveal-ok").click(timeout=1000)
            assert tv.locator(".palifico-note .palifico-line").all_inner_texts() == \
                phones["Luca"].locator(".palifico-note .palifico-line").all_inner_texts()
            _shoot({"tv": tv, "phone": phones["Giulia"]}, out, f"{preset}-4-palifico")

    # to the end
    for _ in range(80):
        if room.over:
            break
        kit.round_lost_by_bidder(room)
    assert room.over, f"{preset}: the game did not end"
    assert kit.last_loser(room) is not None
    tv.wait_for_selector(".overlay.winner", timeout=10_000)
    for phone in phones.values():
        phone.wait_for_selector("#final")
    _shoot({"tv": tv, "phone": phones["Luca"], "host": host}, out, f"{preset}-5-over")
    problems.update({"tv over": axe_problems(tv), "phone over": axe_problems(phones["Luca"]),
                     "host over": axe_problems(host)})
    assert not any(problems.values()), "\n".join(f"{k}: {v}" for k, v in problems.items() if v)
    for page in (tv, host, *phones.values()):
        page.context.close()
    assert not watch.errors, "\n".join(watch.errors)
