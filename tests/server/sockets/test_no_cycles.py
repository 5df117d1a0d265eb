"""Socket events leave nothing for Python's cyclic garbage collector: on gevent's loop its pauses
stall every room, and in a hall they came from each event (server/web/app.py `HubFlask`)."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

from hubkit import Client, host_of, play_out, seat


@contextmanager
def cycles_left() -> Iterator[list[str]]:
    """Automatic collection off inside; on leaving, the list holds the type of every object that a
    collection then finds unreachable (only reference cycles are: the rest is freed at once)."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds is kept in gc.garbage to be counted
    found: list[str] = []
    try:
        yield found
        gc.collect()
        found += [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_a_game_over_the_socket_leaves_no_reference_cycles(app, hub):
    code = hub.default_code
    tv = Client(app, "tv", code)
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    play_out(hub, code, phones, random.Random(4))  # warm: msgspec reads each payload type once (a cycle)
    assert host.ask("host:restart", {})["ok"] and host.ask("host:start", {})["ok"]
    with cycles_left() as left:
        moves = play_out(hub, code, phones, random.Random(5))
        tv.pump()
    assert moves > 10 and tv.state["view"]["phase"] == "over"
    assert left == [], f"{len(left)} objects in reference cycles after {moves} moves: {sorted(set(left))[:12]}"


def test_refused_events_leave_no_reference_cycles(app, hub):
    """A refusal (a bad payload, a move out of turn, a stale version, an unknown event) is an
    exception inside the hub: its traceback must not end up in a cycle either."""
    code = hub.default_code
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    waiting = next(p for name, p in phones.items() if name != hub.room(code).to_act())
    hostile = [("move", {"action": "bid", "quantity": "two"}), ("move", [1, 2]), ("move", {"version": -1}),
               ("move", {"action": "dudo", "version": waiting.state["view"]["version"]}), ("seat:take", {})]
    for event, payload in hostile:  # warm: each payload type read once
        waiting.raw.emit(event, payload, callback=True)
    with cycles_left() as left:
        replies = [waiting.raw.emit(event, payload, callback=True) for event, payload in hostile * 10]
        waiting.raw.emit("no:such:event", {})
    assert replies and all(not r["ok"] for r in replies), replies
    assert left == [], f"{len(left)} objects in cycles after {len(replies)} refusals: {sorted(set(left))[:12]}"
