"""Connection churn over real sockets leaves nothing behind: every connection's tasks end with it
(Engine.IO's ping task used to sleep out its 25 s). Runs in threading mode here and in gevent
mode from tests/server/gevent/test_gevent_mode.py."""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Callable

import websocket
from hubkit import LiveServer
from waiting import wait_until

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
        wait_until(lambda: not hub.viewers, message=lambda: f"the first TV gone from the hub; {hub.viewers}")
        baseline = count()
        for _ in range(60):
            _visit(live.url, hub.default_code)
        wait_until(lambda: not hub.viewers, message=lambda: f"every TV gone from the hub; {hub.viewers}")
        wait_until(lambda: count() <= baseline,  # the last leave's tasks may end a little later
                   message=lambda: f"the tasks back to {baseline}; {count()} now")
    finally:
        live.stop()
        hub.close()
