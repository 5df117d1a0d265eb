"""Connection churn over real sockets leaves nothing behind: every connection's tasks end with it
(Engine.IO's ping task used to sleep out its 25 s). Runs in threading mode here and in gevent
mode from test_gevent_mode.py."""

from __future__ import annotations

import gc
import json
import threading
import time
from collections.abc import Callable

import websocket
from hubkit import LiveServer

from dudo_hub.server.web import asyncmode
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _tasks() -> Callable[[], int]:
    """How many threads (threading mode) or live greenlets (gevent mode) there are now."""
    if not asyncmode.patched():
        return threading.active_count

    def greenlets() -> int:
        import greenlet

        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, greenlet.greenlet) and not o.dead)

    return greenlets


def _visit(url: str, code: str) -> None:
    """A TV connects, gets its first state and leaves."""
    ws = websocket.create_connection(url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket",
                                     timeout=5)
    assert ws.recv().startswith("0")
    ws.send("40" + json.dumps({"room": code, "role": "tv"}))
    while not ws.recv().startswith('42["state"'):
        pass
    ws.close()


def test_connections_that_come_and_go_leave_no_task_behind():
    app = create_app(TestConfig())
    hub = get_hub(app)
    live = LiveServer(app)
    count = _tasks()
    try:
        _visit(live.url, hub.default_code)  # the first connection starts Engine.IO's service task
        deadline = time.monotonic() + 10
        while hub.viewers and time.monotonic() < deadline:
            time.sleep(0.02)
        baseline = count()
        for _ in range(60):
            _visit(live.url, hub.default_code)
        deadline = time.monotonic() + 10  # a bound for a slow machine, not a measure
        while (count() > baseline or hub.viewers) and time.monotonic() < deadline:  # the last leave may lag
            time.sleep(0.02)
        assert count() <= baseline, (count(), baseline)
        assert not hub.viewers
    finally:
        live.stop()
        hub.close()
