"""On gevent's loop, rooms that change at once send their updates room by room: a broadcast
holds the sending turn until its sockets' writers have sent (server.asyncmode.sending_turn), so
the first room's table does not wait for every other room's messages to be built. Runs in gevent
mode only (inside tests/gevent_pytest.py, which test_gevent_mode.py runs)."""

from __future__ import annotations

from typing import Any

import pytest
from hubkit import Client, host_of
from waiting import wait_until

from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web import asyncmode

pytestmark = pytest.mark.skipif(not asyncmode.patched(), reason="runs in gevent mode (tests/gevent_pytest.py)")


class Writers:
    """One writer greenlet per connection, fed by a gevent queue as Engine.IO's websocket writer is;
    `log` notes each message built (by room) and each one sent."""

    def __init__(self, hub: Hub) -> None:
        import gevent
        from gevent.queue import Queue

        self.log: list[tuple[str, str]] = []
        self.queues: dict[str, Any] = {}
        self.room_of = {v.sid: v.room for v in hub.viewers.values()}
        self.greenlets = []
        for sid in self.room_of:
            self.queues[sid] = Queue()
            self.greenlets.append(gevent.spawn(self._write, sid))
        built = hub.message_for

        def message_for(frame: Any, viewer: Any, *rest: Any) -> dict[str, Any]:
            self.log.append(("built", frame.code))
            return built(frame, viewer, *rest)

        hub.message_for = message_for  # type: ignore[method-assign]
        hub.emit = lambda event, data, to: self.queues[to].put(event)  # type: ignore[method-assign]

    def _write(self, sid: str) -> None:
        while True:
            self.queues[sid].get()
            self.log.append(("sent", self.room_of[sid]))

    def stop(self) -> None:
        import gevent

        gevent.killall(self.greenlets)


def test_a_room_sends_before_the_next_room_builds(app, hub):
    import gevent

    codes = [hub.create_room().code for _ in range(2)]
    clients = [Client(app, role, code) for code in codes for role in ("tv", "phone", "phone")]
    hosts = [host_of(app, hub, code) for code in codes]
    writers = Writers(hub)
    try:
        frames = [hub.room(code).frame for code in codes]
        gevent.joinall([gevent.spawn(hub.broadcast, frame) for frame in frames], raise_error=True)
        first, second = codes
        steps = writers.log
        wait_until(lambda: steps.count(("sent", first)) + steps.count(("sent", second)) >= 8,
                   message=lambda: f"the 8 messages (4 per room) sent by the writers; {steps}")
        last_sent_first = max(i for i, step in enumerate(steps) if step == ("sent", first))
        first_built_second = min(i for i, step in enumerate(steps) if step == ("built", second))
        assert steps.count(("sent", first)) == 4 and steps.count(("sent", second)) == 4, steps
        assert last_sent_first < first_built_second, steps
    finally:  # the writers and the connections end even when the order is wrong
        writers.stop()
        for client in clients + hosts:
            client.close()
