"""A bench server in its own process: the hub, or the bare transport (the same server with no game).

    python -m bench.hub._serve hub|hub-whole|floor gevent|threading ROOMS DATA

gevent mode patches the standard library first, as `dudo serve` does, and the heap is settled
as `dudo serve` settles it. Prints {"port", "rooms": {code: host key}} on one line, then serves
until SIGTERM. For experiments: DUDO_BENCH_LAG=file (the loop's lag and GC pauses, written at
the end; bench/hub/hall.py sets it), DUDO_BENCH_PROFILE=file (cProfile), DUDO_BENCH_NOSTORE=1 (the
hub without its SQLite store), DUDO_BENCH_GC=default (Python's own GC settings) or
DUDO_BENCH_GC=7000,20,100 (other thresholds to settle the heap with).
"""

import sys

if __name__ == "__main__" and len(sys.argv) > 2 and sys.argv[2] == "gevent":
    from gevent import monkey

    monkey.patch_all()

import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

STATE_BYTES = 3000  # about one `state` message of a 6-seat table


def hub_app(mode: str, rooms: int, data: str) -> tuple[Any, dict[str, str]]:
    """The hub with `rooms` rooms, SQLite store on, bots instant, no rate limit."""
    from dudo_hub.server.web.app import Config, create_app, get_hub

    data_dir = None if os.environ.get("DUDO_BENCH_NOSTORE") else Path(data)  # no store: for experiments
    config = Config(DATA_DIR=data_dir, DEFAULT_ROOM=False, BOT_DELAY=0.0, RATE_CAPACITY=1e6,
                    RATE_PER_SECOND=1e6, ASYNC_MODE=mode)
    app = create_app(config)
    hub = get_hub(app)
    return app, {room.code: room.host_key for room in (hub.create_room() for _ in range(rooms))}


def send_whole(hub: Any) -> None:
    """The hub as before issue 20: after each change, every connection its whole `state` (no patches;
    the rest as the hub does it now, the sending turn included)."""
    from dudo_hub.server.hub import stateout
    from dudo_hub.server.web import asyncmode

    def broadcast(frame: Any) -> None:
        spectator = None
        with asyncmode.sending_turn():  # sent room by room, as the hub sends its patches
            for viewer in hub.viewers_of(frame.code):
                if viewer.role == "tv":
                    spectator = spectator or hub.message_for(frame, viewer, frame.events)
                    hub.emit("state", spectator, viewer.sid)
                else:
                    hub.emit("state", hub.message_for(frame, viewer, frame.events), viewer.sid)
                viewer.sent = stateout.Sent()  # nothing held: a `sync` starts over
            asyncmode.cooperate()

    hub.broadcast = broadcast


def floor_app(mode: str, rooms: int) -> tuple[Any, dict[str, str]]:
    """A bare Flask-SocketIO app on the same server, Flask, serializer and mode: a `go` sends every connection of
    the asker's room its own `state`-sized message (as the hub does), and answers."""
    from flask import request
    from flask_socketio import SocketIO

    from dudo_hub.server.web.app import HubFlask, NoSession, TextPacket

    app = HubFlask(__name__)  # the hub's Flask: no URL matching per socket event (no cycle left per event)
    app.session_interface = NoSession()
    app.config["ASYNC_MODE"] = mode
    sio = SocketIO(app, async_mode=mode, serializer=TextPacket)
    members: dict[str, list[str]] = {f"R{n:04d}": [] for n in range(rooms)}
    where: dict[str, str] = {}
    blob = "x" * STATE_BYTES

    @sio.on("connect")
    def connect(auth: Any = None) -> None:
        code = auth["room"]
        members[code].append(request.sid)  # type: ignore[attr-defined]
        where[request.sid] = code  # type: ignore[attr-defined]

    @sio.on("disconnect")
    def disconnect(*_: Any) -> None:
        code = where.pop(request.sid, None)  # type: ignore[attr-defined]
        if code is not None:
            members[code].remove(request.sid)  # type: ignore[attr-defined]

    @sio.on("go")
    def go(data: dict[str, Any]) -> dict[str, bool]:
        for sid in list(members[where[request.sid]]):  # type: ignore[attr-defined]
            sio.emit("state", {"v": data["v"], "blob": blob}, to=sid)
        return {"ok": True}

    return app, {code: "" for code in members}


class LagMeter:
    """How late a task that asks to wake every 10 ms wakes: the loop's (or scheduler's) lag, in ms."""

    def __init__(self, path: str) -> None:
        import threading
        import time

        self.path, self.late, self.stopped = path, [], False
        self.gc_ms: dict[int, list[float]] = {0: [], 1: [], 2: []}
        started = [0.0]

        def collected(phase: str, info: dict[str, int]) -> None:  # Python's GC pauses, by generation
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                self.gc_ms[info["generation"]].append((time.perf_counter() - started[0]) * 1000)

        import gc

        gc.callbacks.append(collected)

        def run() -> None:
            while not self.stopped:
                asked = time.perf_counter()
                time.sleep(0.01)  # gevent's sleep once patched
                self.late.append((time.perf_counter() - asked - 0.01) * 1000)

        threading.Thread(target=run, daemon=True).start()  # a greenlet once patched

    def write(self) -> None:
        self.stopped = True
        late = sorted(self.late) or [0.0]
        pick = lambda q: late[min(len(late) - 1, int(len(late) * q))]  # noqa: E731
        gc_max = {f"gc{g}_max": max(ms, default=0.0) for g, ms in self.gc_ms.items()}
        gc_count = {f"gc{g}_n": len(ms) for g, ms in self.gc_ms.items()}
        Path(self.path).write_text(json.dumps({"p50": pick(0.5), "p99": pick(0.99), "max": late[-1],
                                               **gc_max, **gc_count}))


def main() -> None:
    kind, mode, rooms, data = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    from dudo_hub.server.web.wsgi import make_server

    app, keys = hub_app(mode, rooms, data) if kind.startswith("hub") else floor_app(mode, rooms)
    if kind == "hub-whole":
        from dudo_hub.server.web.app import get_hub

        send_whole(get_hub(app))
    gc_setting = os.environ.get("DUDO_BENCH_GC", "")
    if gc_setting != "default":  # as `dudo serve` does, or with the thresholds given ("7000,20,100")
        from dudo_hub.server.web.asyncmode import GC_THRESHOLDS, settle_heap

        given = tuple(int(n) for n in gc_setting.split(",")) if gc_setting else GC_THRESHOLDS
        settle_heap(given)  # type: ignore[arg-type]
    server = make_server(app, "127.0.0.1", 0, mode)
    if mode == "gevent":
        import gevent

        gevent.signal_handler(signal.SIGTERM, lambda: gevent.spawn(server.shutdown))
    else:
        import threading

        signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(json.dumps({"port": server.server_port, "rooms": keys}), flush=True)
    lag = LagMeter(os.environ["DUDO_BENCH_LAG"]) if os.environ.get("DUDO_BENCH_LAG") else None
    profile = os.environ.get("DUDO_BENCH_PROFILE")  # a file for cProfile's stats of the serving
    if profile:
        import cProfile

        cProfile.runctx("server.serve_forever()", globals(), {"server": server}, profile)
    else:
        server.serve_forever()
    if lag is not None:
        lag.write()


if __name__ == "__main__":
    main()
