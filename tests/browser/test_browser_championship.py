"""A small championship driven from the director's page: 12 players registered by typing, tables
of 4 to 6 with bots at every seat, started, each round drawn with a click, to the champion on the
hall screen (1920x1080); a result corrected with its reason changes the champion there."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browserkit import HOST, HOST_PHONE, PHONE, TV, axe_problems, open_page
from waiting import wait_until

from dudo_hub.championship import next_round, record_result, register, start, table_result

pytestmark = pytest.mark.browser
HUB_OPTIONS = {"BOT_DELAY": 0.0, "REVEAL_PAUSE": 0.0, "LANG": "en"}
NAMES = ["Ana", "Bruno", "Chiara", "Diego", "Elena", "Fabio", "Greta", "Hugo", "Irene", "Jonas", "Karla", "Luca"]
DIRECTOR = {"viewport": {"width": 1280, "height": 800}}


def _create(hub: Any) -> dict[str, Any]:
    body = json.dumps({"format": "knockout", "table_min": 4, "table_max": 6, "final_size": 6, "bots": True}).encode()
    request = urllib.request.Request(f"{hub.url}/api/events", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "X-Host-Key": hub.room.host_key})
    with urllib.request.urlopen(request, timeout=10) as reply:
        data: dict[str, Any] = json.loads(reply.read())
    return data


def test_a_small_event_from_the_director_page_to_the_champion(hub: Any, browser: Any, watch: Any,
                                                              artifacts: Path) -> None:
    created = _create(hub)
    desk = hub.app.extensions["dudo_hub"].desk
    hall = open_page(browser, watch, "hall", hub.url + created["hall"], TV)
    phone = open_page(browser, watch, "phone", f"{hub.url}/enter/{created['id']}", PHONE)
    phone.fill("#entrant-name", NAMES[0])  # a phone registers itself, from the hall screen's QR code
    phone.click("#entrant-send")
    phone.wait_for_selector("#registered")
    director = open_page(browser, watch, "director", hub.url + created["director"], DIRECTOR)
    director.wait_for_selector("#player-name")
    for name in NAMES[1:]:
        director.fill("#player-name", name)
        director.press("#player-name", "Enter")
        director.wait_for_selector(f".director-players li:has-text('{name}')")
        director.wait_for_function("document.querySelector('#player-name').value === ''")  # the reply came back
    assert desk.get(created["id"]).event.players == tuple(NAMES)
    assert director.input_value("#player-name") == ""
    director.screenshot(path=str(artifacts / "director-registration.png"), full_page=True)
    assert axe_problems(director) == []

    hall.wait_for_selector(".hall-registered li >> nth=11")
    hall.wait_for_function("document.querySelector('.hall-qr img').naturalWidth > 0")
    hall.screenshot(path=str(artifacts / "hall-registration.png"))
    director.click("#start")
    hall.wait_for_selector(".hall-table >> nth=1")
    hall.screenshot(path=str(artifacts / "hall-round-1.png"))
    phone.wait_for_selector("#my-table")
    table = next(t for t in desk.get(created["id"]).event.rounds[0].tables if NAMES[0] in t.players)
    assert str(table.number) in phone.inner_text("#my-table")
    phone.screenshot(path=str(artifacts / "entrant-table.png"))
    director.wait_for_selector("#next-round", timeout=60_000)
    wait_until(lambda: desk.get(created["id"]).event.current.complete, timeout=60,  # type: ignore[union-attr]
               message="round 1's tables played by their bots")
    hall.wait_for_selector(".hall-table.done >> nth=1")
    hall.screenshot(path=str(artifacts / "hall-round-1-done.png"))
    director.click("#next-round")
    hall.wait_for_selector("#hall-champion", timeout=60_000)
    event = desk.get(created["id"]).event
    sizes = [[len(t.players) for t in r.tables] for r in event.rounds]
    assert sizes == [[6, 6], [6]], sizes
    final = event.current.tables[0].result.order  # type: ignore[union-attr]
    assert final[0] in hall.inner_text("#hall-champion")
    assert hall.locator(".hall-final .hall-players li").count() == 6
    hall.screenshot(path=str(artifacts / "hall-champion.png"))
    assert axe_problems(hall) == []

    director.wait_for_selector("#champion")
    director.click("[data-fix='2:1']")
    director.fill("#fix-order", ", ".join([final[1], final[0], *final[2:]]))
    director.fill("#fix-reason", "the last reveal was misread")
    director.click("#fix-send")
    wait_until(lambda: desk.get(created["id"]).event.corrections, timeout=10, message="the correction kept")
    assert desk.get(created["id"]).event.corrections[0].reason == "the last reveal was misread"
    hall.wait_for_function("(name) => document.querySelector('#hall-champion').textContent.includes(name)",
                           arg=final[1])
    director.screenshot(path=str(artifacts / "director-corrected.png"), full_page=True)
    small = open_page(browser, watch, "director-phone", hub.url + created["director"], HOST_PHONE)
    small.wait_for_selector("#champion")
    small.screenshot(path=str(artifacts / "director-phone.png"), full_page=True)
    assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "no sideways scroll"
    assert watch.errors == []


def test_a_phone_goes_from_the_hall_qr_code_to_its_seat_in_the_draw(hub: Any, browser: Any, watch: Any,
                                                                    artifacts: Path) -> None:
    created = _create(hub)
    desk = hub.app.extensions["dudo_hub"].desk
    desk.settings(created["id"], {"table_min": 3, "table_max": 4, "final_size": 4}, False, None)
    phone = open_page(browser, watch, "phone", f"{hub.url}/enter/{created['id']}", PHONE)
    phone.fill("#entrant-name", "Zoe")
    phone.click("#entrant-send")
    phone.wait_for_selector("#registered")
    director = open_page(browser, watch, "director", hub.url + created["director"], DIRECTOR)
    for name in ("Yann", "Xavi", "Wes"):
        director.fill("#player-name", name)
        director.press("#player-name", "Enter")
        director.wait_for_function("document.querySelector('#player-name').value === ''")
    director.click("#start")
    phone.click("#go-table")  # to the table's join page: the seat kept for the name
    phone.wait_for_selector("#name")
    phone.fill("#name", "zoe")
    phone.click("#sit")
    phone.wait_for_selector(".ph-lobby")
    table = desk.get(created["id"]).event.rounds[0].tables[0]
    room = hub.app.extensions["dudo_hub"].room(desk.get(created["id"]).rooms["1:1"])
    assert [s.player for s in room.seats] == list(table.players), "no seat added: the kept one was taken"
    assert room.seat("Zoe").token is not None and room.seat("Zoe").connected
    phone.screenshot(path=str(artifacts / "entrant-seated.png"))
    assert watch.errors == []


IN_VIEW = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  const r = el.getBoundingClientRect();
  return r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1;
}).map((el) => el.className + ' ' + el.textContent.slice(0, 40))"""


def test_the_hall_screen_holds_a_26_player_round_and_its_standings(hub: Any, browser: Any, watch: Any,
                                                                   artifacts: Path) -> None:
    created = _create(hub)
    desk = hub.app.extensions["dudo_hub"].desk
    desk.settings(created["id"], {"table_min": 5, "table_max": 6}, True, None)
    for n in range(1, 27):
        desk.step(created["id"], lambda event, n=n: register(event, f"Player {n:02d} of the club"))
    hall = open_page(browser, watch, "hall", hub.url + created["hall"], TV)
    hall.wait_for_selector(".hall-registered li >> nth=25")
    assert hall.evaluate(IN_VIEW, ".hall-registered li, .hall-qr") == [], "every name and the QR code on screen"
    director = open_page(browser, watch, "director", hub.url + created["director"], DIRECTOR)
    director.click("#start")
    hall.wait_for_selector(".hall-table >> nth=4")
    wait_until(lambda: desk.get(created["id"]).event.current.complete, timeout=90,  # type: ignore[union-attr]
               message="round 1's five tables played")
    hall.wait_for_selector(".hall-table.done >> nth=4")
    hall.screenshot(path=str(artifacts / "hall-26-round-1.png"))
    assert hall.evaluate(IN_VIEW, ".hall-table, .hall-standings li") == [], "every table and standing on screen"
    assert watch.errors == []


def test_the_host_page_runs_a_championship_and_opens_its_director_page(hub: Any, browser: Any, watch: Any,
                                                                       artifacts: Path) -> None:
    desk = hub.app.extensions["dudo_hub"].desk
    before = set(desk.events)
    host = open_page(browser, watch, "host", hub.host_url, HOST)
    host.wait_for_selector("#run-event")
    assert host.inner_text("#run-event") == "Run a championship"
    with host.context.expect_page() as opened:
        host.click("#run-event")
    director = watch.attach(opened.value, "director from host")
    director.wait_for_selector("#player-name")
    event_id = director.url.split("/director/")[1].split("?")[0]
    record = desk.get(event_id)  # a new event on the hub, in the room's language
    assert record.lang == hub.room.lang and record.event.status == "registering"
    assert event_id not in before
    director.fill("#player-name", "Ana")
    director.press("#player-name", "Enter")
    director.wait_for_selector(".director-players li:has-text('Ana')")
    assert desk.get(event_id).event.players == ("Ana",), "the director page it opened holds the director key"
    link = host.get_attribute("#director-link", "href")
    assert link is not None and link.startswith(f"/director/{event_id}?key=")
    host.screenshot(path=str(artifacts / "host-event-card.png"), full_page=True)
    assert axe_problems(host) == []
    assert watch.errors == []


FONT_PX = """(selector) => Math.min(...[...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length).map((el) => parseFloat(getComputedStyle(el).fontSize)))"""


def test_the_hall_screen_holds_a_60_player_round_of_ten_tables(hub: Any, browser: Any, watch: Any,
                                                               artifacts: Path) -> None:
    created = _create(hub)
    desk = hub.app.extensions["dudo_hub"].desk
    desk.settings(created["id"], {"table_min": 4, "table_max": 6}, True, None)
    for n in range(1, 61):
        desk.step(created["id"], lambda event, n=n: register(event, f"Player {n:02d} of the club"))
    hall = open_page(browser, watch, "hall", hub.url + created["hall"], TV)
    hall.wait_for_selector(".hall-registered li >> nth=59")
    director = open_page(browser, watch, "director", hub.url + created["director"], DIRECTOR)
    director.click("#start")
    assert [len(t.players) for t in desk.get(created["id"]).event.rounds[0].tables] == [6] * 10
    hall.wait_for_selector(".hall-table >> nth=9")
    wait_until(lambda: desk.get(created["id"]).event.current.complete, timeout=120,  # type: ignore[union-attr]
               message="round 1's ten tables played")
    hall.wait_for_selector(".hall-table.done >> nth=9")
    hall.screenshot(path=str(artifacts / "hall-60-round-1.png"))
    assert hall.evaluate(IN_VIEW, ".hall-table, .hall-players li, .hall-standings li:not([hidden])") == [], \
        "every table, every player at it and every standing shown on screen"
    assert hall.locator(".hall-players li").count() == 60
    assert hall.evaluate(FONT_PX, ".hall-players .hall-name") >= 20, "names legible from the back of the hall"
    assert hall.inner_text("#hall-pages") == "", "all ten tables on one page"
    hall.set_viewport_size({"width": 1280, "height": 720})  # a smaller screen: the tables take turns
    hall.wait_for_function("document.querySelector('#hall-pages').textContent.includes('page 1 of')")
    assert hall.evaluate(IN_VIEW, ".hall-table:not([hidden])") == []
    first = hall.locator(".hall-table:not([hidden])").count()
    assert 0 < first < 10
    hall.screenshot(path=str(artifacts / "hall-60-720-page-1.png"))

    def republished_and_turned() -> bool:  # the screens keep hearing the event: each message redraws
        desk.publish(desk.get(created["id"]))
        return "page 2 of" in hall.inner_text("#hall-pages")

    wait_until(republished_and_turned, timeout=20, interval=1.0, message="page 2 while the event is republished")
    assert hall.evaluate(IN_VIEW, ".hall-table:not([hidden])") == []
    assert hall.locator(".hall-table:not([hidden]) h2").first.inner_text() == f"Table {first + 1}"
    hall.set_viewport_size({"width": 1920, "height": 1080})
    assert axe_problems(hall) == []
    assert watch.errors == []


def test_between_rounds_the_hall_screen_takes_turns_with_the_last_rounds_results(hub: Any, browser: Any,
                                                                                watch: Any, artifacts: Path) -> None:
    created = _create(hub)
    desk = hub.app.extensions["dudo_hub"].desk
    event_id = created["id"]
    desk.settings(event_id, {"table_min": 4, "table_max": 4, "final_size": 4}, False, None)  # phones, not bots
    for name in NAMES[:8]:
        desk.step(event_id, lambda event, name=name: register(event, name))
    desk.step(event_id, start)
    heats = desk.get(event_id).event.rounds[0].tables
    for table in heats:  # the results as a director would enter them
        desk.step(event_id, lambda event, table=table: record_result(event, 1, table.number,
                                                                     table_result(list(table.players))))
    desk.step(event_id, next_round)
    hall = open_page(browser, watch, "hall", hub.url + created["hall"], TV)
    hall.wait_for_function("document.querySelector('#hall-status')?.textContent === 'Final'")
    assert hall.locator(".hall-table").count() == 1
    hall.wait_for_function("document.querySelector('#hall-status')?.textContent === 'Round 1: results'",
                           timeout=12_000)
    assert hall.locator(".hall-recap .hall-table.done").count() == 2
    placed = hall.locator(".hall-recap .hall-table").first.locator(".hall-name").all_inner_texts()
    assert placed == list(heats[0].players), "the heat's finishing order"
    hall.screenshot(path=str(artifacts / "hall-last-round.png"))
    hall.wait_for_function("document.querySelector('#hall-status')?.textContent === 'Final'", timeout=12_000)
    final = desk.get(event_id).event.current.tables[0]  # type: ignore[union-attr]
    hub.app.extensions["dudo_hub"].room(desk.get(event_id).rooms["2:1"]).start()  # the final dealt: no recap
    hall.wait_for_selector(".hall-line:has-text('still in')")
    hall.wait_for_function("document.querySelector('#hall-root').dataset.paging === 'still'")  # no more turns
    assert hall.inner_text("#hall-status") == "Final" and hall.locator(".hall-recap").count() == 0
    assert len(final.players) == 4
    assert watch.errors == []
