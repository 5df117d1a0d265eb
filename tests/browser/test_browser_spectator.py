"""A phone that joined to watch follows the round as the TV does: the round's bids as they come,
then the reveal (every cup and the verdict) for as long as the TV shows it, and never a hidden die.
And the reveal's beat on every screen: the cups land one by one, the verdict after the last cup,
all of it within the reveal pause."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import PHONE, TV, fresh_lobby, open_page, opening, play, to_act, true_bid, visible
from waiting import wait_until

HUB_OPTIONS = {"BOT_THREAD": False, "REVEAL_PAUSE": 4.0}


BEAT = """(box) => {
  const root = document.querySelector(box);
  const timing = (sel) => [...root.querySelectorAll(sel)].flatMap((el) => el.getAnimations())
    .filter((a) => a.animationName !== "unmarked")  // the loser's mark held back until the verdict
    .map((a) => { const t = a.effect.getComputedTiming(); return [t.delay, t.endTime]; });
  return { cups: timing(".reveal-cup, .reveal-cup svg.die"),
           verdict: timing(".reveal-count, .reveal-story, .cup-tag") };
}"""


def _assert_beat(page: Any, box: str, pause_ms: float) -> None:
    """The cups' and dice's animations end before the verdict's begin; the verdict ends within the pause."""
    beat = page.evaluate(BEAT, box)
    assert beat["cups"] and beat["verdict"], f"{box}: the reveal plays as a beat"
    cups_land = max(end for _, end in beat["cups"])
    assert len({delay for delay, _ in beat["cups"]}) > 2, "the cups and dice land one after another"
    assert cups_land <= min(delay for delay, _ in beat["verdict"]), "the verdict after the last cup"
    assert max(end for _, end in beat["verdict"]) <= pause_ms, "the beat ends within the reveal pause"


def test_a_watching_phone_sees_the_bids_and_the_whole_reveal(hub: Any, browser: Any, watch: Any,
                                                             artifacts: Path) -> None:
    room = fresh_lobby(hub)
    room.configure(None, {"max_dice": 3}, "en", None, "hub")
    for name in ("Ann", "Bea", "Cy"):
        room.take_seat(name)  # seats without phones: the test plays their moves
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", TV, motion=True)
    phone = open_page(browser, watch, "watcher", f"{hub.url}/join/{hub.code}", PHONE, motion=True)
    phone.click("#watch-only")
    phone.wait_for_selector("#watch")
    room.start()
    wait_until(lambda: room.state.phase.value in ("bidding", "direction"), timeout=10, message="the first turn")
    opening(room)
    bidders = []
    for _ in range(2):
        quantity, face = true_bid(room)
        bidders.append(to_act(room))
        play(room, to_act(room), {"action": "bid", "quantity": quantity, "face": face})
    phone.wait_for_selector(".ph-watch-bids .history li >> nth=1")
    names = phone.locator(".ph-watch-bids .h-name").all_inner_texts()
    assert names == bidders[::-1], "the round's bids, newest first"
    hidden = [str(d) for cup in room.state.dice for d in cup]
    assert phone.locator(".ph-cup, #my-dice, #controls, #bid-btn, #dudo-btn").count() == 0, "no cup, no move"
    phone.screenshot(path=str(artifacts / "spectator-bids.png"), full_page=True)

    play(room, to_act(room), {"action": "dudo"})
    tv.wait_for_selector(".overlay .reveal-box")
    phone.wait_for_selector("#reveal .reveal-box")
    for page, box in ((tv, ".overlay .reveal-box"), (phone, "#reveal .reveal-box")):
        _assert_beat(page, box, HUB_OPTIONS["REVEAL_PAUSE"] * 1000)
    cups = phone.locator("#reveal .reveal-cup").count()
    assert cups == 3 and tv.locator(".overlay .reveal-cup").count() == 3, "every cup, on both screens"
    assert phone.locator("#reveal .reveal-story li").count() >= 1, "the verdict"
    assert len(hidden) == phone.locator("#reveal .reveal-cup svg.die").count()
    phone.screenshot(path=str(artifacts / "spectator-reveal.png"), full_page=True)
    # the phone keeps the reveal while the TV does, and lets it go with the TV
    wait_until(lambda: not visible(tv, ".overlay .reveal-box"), timeout=15, message="the TV's reveal over")
    phone.wait_for_selector("#reveal", state="detached", timeout=5_000)
    assert watch.errors == []
    room.restart()
