"""The TV's table lays out every seat count without overlap: 2 to 10 seats, at 1920x1080 and
1280x720, in the lobby and in a game (a last bid on every card, the turn card enlarged, a
palifico banner squeezing the table), with long names. Every pair of seat cards is measured."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import TV, TV_720, fresh_lobby, open_page, play, settled, to_act

pytestmark = pytest.mark.browser
NAMES = ["Massimiliano Ferrari", "Bo", "Giulia Annunziata", "Mia", "Alessandro Bianchi", "Chiara",
         "Leonardo da Vinci", "Xu", "Anna-Maria Rossetti", "Pietro Paolo Rubens"]

OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll(".seat-card")]
    .map((el) => [el.textContent.trim(), el.getBoundingClientRect()]);
  const area = document.querySelector(".table-area").getBoundingClientRect();
  const found = [];
  boxes.forEach(([a, r], i) => {
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) found.push(`${a} leaves the screen`);
    if (r.top < area.top - 1 || r.bottom > area.bottom + 1) found.push(`${a} leaves the table area`);
    boxes.slice(i + 1).forEach(([b, s]) => {
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 0 && h > 0) found.push(`${a} overlaps ${b} by ${Math.round(w)}x${Math.round(h)} px`);
    });
  });
  return found;
}"""


BANNERS = """() => {
  const banner = document.createElement("div");
  banner.className = "tv-banner";
  banner.innerHTML = '<div class="palifico-note"><span class="palifico-title">PALIFICO</span>'
    + '<span class="palifico-line">Ones are not wild</span><span class="palifico-line">The face stays</span></div>'
    + '<p class="away-notice">The phone of Massimiliano Ferrari is not answering: the host can play for them</p>';
  const area = document.querySelector(".table-area");
  area.parentNode.insertBefore(banner, area);
}"""


def _everyone_bids(room: Any) -> None:
    """A bid from every seat, so that every card shows its last bid."""
    state = room.state
    if state.phase.value == "direction":
        play(room, to_act(room), {"action": "direction", "clockwise": True})
    for _ in range(len(room.state.players)):
        standing = room.state.standing
        quantity = standing.bid.quantity + 1 if standing else 1
        play(room, to_act(room), {"action": "bid", "quantity": quantity, "face": 6})


@pytest.mark.parametrize("screen", [TV, TV_720], ids=["1080p", "720p"])
def test_no_two_seat_cards_overlap_from_two_to_ten_seats(
    hub: Any, browser: Any, watch: Any, artifacts: Path, screen: dict[str, Any]
) -> None:
    size = f"{screen['viewport']['width']}x{screen['viewport']['height']}"
    tv = open_page(browser, watch, "tv", f"{hub.url}/tv/{hub.code}", screen)
    for seats in range(2, 11):
        room = fresh_lobby(hub)
        for name in NAMES[:seats]:
            room.take_seat(name)
        tv.wait_for_selector(f".seat-card >> nth={seats - 1}")
        assert tv.evaluate(OVERLAPS) == [], f"lobby, {seats} seats, {size}"
        room.configure("dudo", {}, None)
        room.start()
        _everyone_bids(room)
        tv.wait_for_selector(".seat-card.turn")
        tv.wait_for_function(f"document.querySelectorAll('.seat-card .seat-last').length === {seats}")
        settled(tv, ".seat-card")  # the turn card's growth
        assert tv.evaluate(OVERLAPS) == [], f"game, {seats} seats, {size}"
        if seats in (3, 6, 10):
            tv.screenshot(path=str(artifacts / f"seats-{seats}-{size}.png"))
    # a palifico round and a phone that does not answer: both banners take room from the table
    tv.evaluate(BANNERS)
    assert tv.evaluate(OVERLAPS) == [], f"full table under two banners, {size}"
    tv.screenshot(path=str(artifacts / f"seats-10-banners-{size}.png"))
    assert not watch.errors, "\n".join(watch.errors)
