"""An out-of-turn raise is named on the TV (who raised, whom it passed over) and tagged in the
round's history; a raise on turn is not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browserkit import TV, fresh_lobby, open_page, opening, play, to_act
from waiting import wait_until

from dudo_hub import engine

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"BOT_THREAD": False, "REVEAL_PAUSE": 0.0}
STRINGS = Path(__file__).resolve().parents[2] / "catalogue" / "strings"


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_the_tv_names_an_out_of_turn_raise(hub: Any, browser: Any, watch: Any, artifacts: Path, lang: str) -> None:
    strings = json.loads((STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
    room = fresh_lobby(hub)
    room.configure("francais", {"out_of_turn_raises": True}, lang, None, "hub")
    for name in ("Ann", "Bea", "Cy", "Dan"):
        room.take_seat(name)
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV)
    room.start()
    wait_until(lambda: room.state.phase.value in ("bidding", "direction"), timeout=10, message="the first turn")
    opening(room)
    first = to_act(room)
    play(room, first, {"action": "bid", "quantity": 2, "face": 3})
    on_turn = to_act(room)
    jumper = next(p for p in room.state.players if p not in (first, on_turn)
                  and any(isinstance(a, engine.MakeBid) for a in engine.legal_actions(room.state, p)))
    tv.wait_for_selector(".history li >> nth=0")
    assert tv.locator("#out-of-turn").count() == 0, "a raise on turn is not flagged"
    play(room, jumper, {"action": "bid", "quantity": 3, "face": 3})
    line = tv.wait_for_selector("#out-of-turn")
    assert line.inner_text() == strings["tv.out_of_turn"].format(name=jumper, passed=on_turn)
    assert tv.locator(".history li.jump").count() == 1
    assert strings["tv.out_of_turn_tag"] in tv.locator(".history li.jump").inner_text()
    tv.screenshot(path=str(artifacts / f"tv-out-of-turn-{lang}.png"))
    assert watch.errors == []
    room.restart()
