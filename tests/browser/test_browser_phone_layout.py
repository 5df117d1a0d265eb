"""The phone at 390x844 on every turn of a game's start: the bid controls never cover a player
chip, in each language, with the roll-off shown, five seats and long names (the chips in view)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import PHONE, fresh_lobby, open_page, opening, play, to_act, true_bid
from waiting import wait_until

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"BOT_THREAD": False, "REVEAL_PAUSE": 0.0}
NAMES = ["Maria Eduarda", "João Pedro", "Ana Beatriz", "Luiz Felipe", "Bia"]

COVERED = """() => {
  const controls = document.querySelector(".ph-controls");
  if (!controls) return ["no controls"];
  const c = controls.getBoundingClientRect();
  return [...document.querySelectorAll("#players li")].flatMap((chip) => {
    const r = chip.getBoundingClientRect();
    const out = [];
    if (r.top < 0 || r.bottom > innerHeight) out.push(`${chip.textContent.trim()} out of view`);
    if (Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 0
        && Math.min(r.right, c.right) - Math.max(r.left, c.left) > 0) out.push(`${chip.textContent.trim()} covered`);
    return out;
  });
}"""


@pytest.mark.parametrize("lang", ["pt", "fr", "it", "es", "en"])
def test_the_controls_never_cover_a_player_chip(hub: Any, browser: Any, watch: Any, artifacts: Path,
                                                lang: str) -> None:
    room = fresh_lobby(hub)
    room.configure("perudo", {}, lang, None, "hub")
    phones = {}
    for name in NAMES:
        phones[name] = open_page(browser, watch, name, f"{hub.url}/join/{hub.code}", PHONE)
        phones[name].fill("#name", name)
        phones[name].click("#sit")
        phones[name].wait_for_selector("#me:not(:empty)")
    room.start()
    wait_until(lambda: room.state.phase.value in ("bidding", "direction"), timeout=10, message="the first turn")
    opening(room)
    for turn in range(3):
        player = to_act(room)
        phone = phones[player]
        phone.wait_for_selector("body.my-turn .ph-controls #bid-btn:not([disabled])")
        problems = phone.evaluate(COVERED)
        if turn == 0:
            phone.screenshot(path=str(artifacts / f"phone-first-turn-{lang}.png"))
        assert problems == [], f"{lang}, turn {turn + 1}, {player}'s phone: {problems}"
        quantity, face = true_bid(room)
        play(room, player, {"action": "bid", "quantity": quantity, "face": face})
    assert watch.errors == []
    room.restart()
    for page in phones.values():
        page.context.close()
