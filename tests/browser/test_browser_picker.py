"""The phone's bid picker starts every decision from the hub's suggestion for that moment: over
several rounds and into a new game, whatever the player picked before (a big bid, then a lost
die) is never offered again. The first offer is always legal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import PHONE, fresh_lobby, open_page, to_act, visible
from waiting import wait_until

from dudo_hub import engine

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"REVEAL_PAUSE": 0.3}


def _offer(phone: Any) -> tuple[int, int]:
    button = phone.locator("#bid-btn")
    return int(button.get_attribute("data-quantity")), int(button.get_attribute("data-face"))


def _until_my_turn(room: Any, phone: Any, me: str) -> None:
    """The other seat bids until it is `me`'s turn; then the phone shows its picker."""
    for _ in range(6):
        if room.state.phase is engine.Phase.DIRECTION:
            room.submit(to_act(room), {"action": "direction", "clockwise": True}, source="phone")
        if to_act(room) == me:
            break
        quantity, face = engine.legal_summary(room.state, to_act(room))["suggest"]
        assert room.submit(to_act(room), {"action": "bid", "quantity": quantity, "face": face}, source="phone")["ok"]

    def my_turn() -> bool:
        if visible(phone, "#reveal-ok"):  # the reveal card tapped away
            phone.click("#reveal-ok")
        return visible(phone, "body.my-turn #bid-btn:not([disabled])")

    wait_until(my_turn, timeout=15, interval=0.05, message=f"{me}'s phone showing its turn")


def _first_offer_is_the_hubs(room: Any, phone: Any, me: str) -> tuple[int, int]:
    summary = engine.legal_summary(room.state, me)
    phone.wait_for_function(
        "([q, f]) => { const b = document.querySelector('#bid-btn');"
        " return b && b.dataset.quantity === String(q) && b.dataset.face === String(f); }", arg=summary["suggest"])
    quantity, face = _offer(phone)
    low, high = summary["bids"][str(face)]
    assert low <= quantity <= high, "the first offer is legal"
    return quantity, face


def test_every_turn_starts_from_a_fresh_legal_offer_never_the_last_pick(
    hub: Any, browser: Any, watch: Any, artifacts: Path
) -> None:
    room = fresh_lobby(hub)
    phone = open_page(browser, watch, "Ada", f"{hub.url}/join/{hub.code}", PHONE)
    phone.fill("#name", "Ada")
    phone.click("#sit")
    phone.wait_for_selector(".ph-lobby")
    room.take_seat("Bea")
    picked: list[tuple[int, int]] = []
    for game in range(2):
        room.start()
        phone.wait_for_selector("#game")
        for _ in range(3):
            if room.state.phase is engine.Phase.OVER:
                break
            _until_my_turn(room, phone, "Ada")
            _first_offer_is_the_hubs(room, phone, "Ada")
            for _ in range(5):  # a bold bid, well above the suggestion
                if visible(phone, "#qty-up:not([disabled])"):
                    phone.click("#qty-up")
            bold = _offer(phone)
            phone.click("#bid-btn")
            phone.wait_for_function("() => !document.body.classList.contains('my-turn')")
            picked.append(bold)
            assert room.submit("Bea", {"action": "dudo"}, source="phone")["ok"]
        phone.screenshot(path=str(artifacts / f"picker-game-{game + 1}.png"))
        room.restart()
        phone.wait_for_selector(".ph-lobby")
    assert len(picked) >= 4
    assert not watch.errors, "\n".join(watch.errors)
