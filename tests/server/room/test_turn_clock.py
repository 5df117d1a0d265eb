"""The turn clock the host may set (table setting `clock`: off, 30, 60 or 90 s): every screen is
told whose move it is and until when; it starts again with each turn and never plays a move."""

from __future__ import annotations

import time

from hubkit import host_of, seat

from dudo_hub.server.room.room import Hooks, Room, RoomSettings


def test_the_clock_runs_for_the_player_on_turn_and_starts_again_each_turn(app, hub) -> None:
    code = hub.default_code
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob")}
    assert host.state["room"]["clock"] is None and host.state["room"]["table"]["clock"] == 0, "off by default"
    assert host.ask("host:config", {"table": {"clock": 45}})["code"] == "bad_payload"
    assert host.ask("host:config", {"table": {"clock": 30}})["ok"]
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    clock = phones["Ann"].state["room"]["clock"]
    assert clock["player"] == room.to_act() and clock["seconds"] == 30
    assert 25 < clock["until"] - time.time() <= 30
    first = room.to_act()
    assert phones[first].move(action="bid", quantity=1, face=2)["ok"]
    after = phones[first].state["room"]["clock"]
    assert after["player"] == room.to_act() != first, "the clock follows the turn"
    assert after["until"] >= clock["until"]
    # at zero nothing is played for anyone: the turn waits
    room._turn = (room._turn[0], time.time() - 100)
    assert host.ask("host:config", {"table": {"expected": False}})["ok"]
    late = phones[first].state["room"]["clock"]
    assert late["until"] < time.time() and room.to_act() == after["player"] and len(room.state.bids) == 1
    assert host.ask("host:config", {"table": {"clock": 0}})["ok"]
    assert phones[first].state["room"]["clock"] is None


def _clocked_room(jobs: dict, heard: list) -> Room:
    """Two humans at a table with a 30 s clock; the hub's deadlines are kept in `jobs`."""
    hooks = Hooks(later=lambda key, delay, job: jobs.__setitem__(key, (delay, job)), listeners=[heard.extend])
    room = Room("CLK", "dudo", "it", RoomSettings(seed=5), hooks)
    room.take_seat("Ann")
    room.take_seat("Bob")
    room.configure(None, None, None, {"clock": 30})
    room.start()
    return room


def test_at_zero_the_listeners_hear_whose_time_is_up_and_nothing_is_played() -> None:
    jobs: dict = {}
    heard: list = []
    room = _clocked_room(jobs, heard)
    first = room.to_act()
    delay, job = jobs[("CLK", "clock")]
    assert delay == 30
    heard.clear()
    assert job() is True
    assert heard == [{"kind": "clock_out", "player": first}]
    assert room.to_act() == first and not room.state.bids, "no move is played for a person"


def test_a_nudge_for_a_turn_that_is_over_is_dropped() -> None:
    jobs: dict = {}
    heard: list = []
    room = _clocked_room(jobs, heard)
    first = room.to_act()
    _, stale = jobs[("CLK", "clock")]
    assert room.submit(first, {"action": "bid", "quantity": 1, "face": 2}, source="phone")["ok"]
    _, current = jobs[("CLK", "clock")]
    heard.clear()
    assert stale() is False and heard == [], "the bid ended that turn: its clock says nothing"
    assert current() is True and heard == [{"kind": "clock_out", "player": room.to_act()}]
    room.configure(None, None, None, {"clock": 0})
    heard.clear()
    assert current() is False and heard == [], "the host switched the clock off"
