"""The transport's own floor: the hub's HTTP server and Socket.IO stack with no game at all.

    PYTHONPATH=. python -m bench.hub.socket_floor [--clients 8] [--moves 40]

A bare Flask-SocketIO app (threading mode, the hub's `server.wsgi` server) in a child
process; one client asks it to send a `state`-sized message to every client; latency is
the ask to the last client's receipt, the same measure as bench/hub/latency.py. Run once idle and
once with a busy loop on the other core: on this virtual machine an idle CPU takes
milliseconds to wake, which is most of the gap between paced and flat-out play.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STATE_BYTES = 3000  # about the size of one `state` message of a 6-seat table


def serve() -> None:
    """Child process: the bare server; prints {"port"} and serves."""
    from flask import Flask, request
    from flask_socketio import SocketIO

    from dudo_hub.server.web.wsgi import make_server

    app = Flask(__name__)
    sio = SocketIO(app, async_mode="threading")
    sids: list[str] = []
    blob = "x" * STATE_BYTES

    @sio.on("connect")
    def connect(auth: Any = None) -> None:
        sids.append(request.sid)  # type: ignore[attr-defined]

    @sio.on("go")
    def go(data: dict[str, Any]) -> dict[str, bool]:
        for sid in list(sids):
            sio.emit("state", {"v": data["v"], "blob": blob}, to=sid)
        return {"ok": True}

    server = make_server(app, "127.0.0.1", 0)
    print(json.dumps({"port": server.server_port}), flush=True)
    server.serve_forever()


class Receiver:
    """A client that timestamps each message by its number."""

    def __init__(self, url: str) -> None:
        import socketio

        self.sio = socketio.Client(reconnection=False)
        self.seen: dict[int, float] = {}
        self.cond = threading.Condition()
        self.sio.on("state", self._on_state)
        self.sio.connect(url, transports=["websocket"], wait_timeout=10)

    def _on_state(self, data: dict[str, Any]) -> None:
        with self.cond:
            self.seen[data["v"]] = time.perf_counter()
            self.cond.notify_all()

    def when(self, v: int) -> float:
        with self.cond:
            while v not in self.seen:
                if not self.cond.wait(10):
                    raise TimeoutError(v)
            return self.seen[v]


def _spin(stop: Any) -> None:
    while not stop.is_set():
        pass


def measure(clients: list[Receiver], moves: int, pace: float, start: int) -> list[float]:
    """Latencies (ms) of `moves` broadcasts, `pace` seconds apart."""
    out = []
    for v in range(start, start + moves):
        began = time.perf_counter()
        clients[0].sio.call("go", {"v": v}, timeout=10)
        out.append((max(c.when(v) for c in clients) - began) * 1000)
        time.sleep(pace)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    child = subprocess.Popen([sys.executable, "-m", "bench.hub.socket_floor", "--serve"], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    rows = []
    try:
        port = json.loads(child.stdout.readline())["port"]  # type: ignore[union-attr]
        clients = [Receiver(f"http://127.0.0.1:{port}") for _ in range(args.clients)]
        time.sleep(0.5)
        start = 0
        for busy in (False, True):
            stop = multiprocessing.Event()
            spinner = multiprocessing.Process(target=_spin, args=(stop,)) if busy else None
            if spinner:
                spinner.start()
            for pace in (1.0, 0.0):
                lat = sorted(measure(clients, args.moves, pace, start))
                start += args.moves
                rows.append((pace, busy, statistics.median(lat), lat[int(0.99 * (len(lat) - 1))], lat[-1]))
            if spinner:
                stop.set()
                spinner.join()
        for c in clients:
            c.sio.disconnect()
    finally:
        child.kill()
    report(rows, args)


def report(rows: list[tuple[float, bool, float, float, float]], args: argparse.Namespace) -> None:
    from bench._report import machine, write_section

    lines = [
        "## Socket floor: the transport with no game",
        "",
        f"{machine()}. A bare Flask-SocketIO app (threading mode, the hub's `server.wsgi`), {args.clients}",
        f"python-socketio clients, one {STATE_BYTES}-byte message to each per ask; same measure as the hub",
        "bench. `other core busy` runs a spin loop meanwhile, which keeps the virtual CPUs awake.",
        "",
        "| pace s | other core busy | p50 ms | p99 ms | max ms |",
        "|---:|---|---:|---:|---:|",
    ]
    lines += [f"| {p:g} | {'yes' if b else 'no'} | {a:.1f} | {c:.1f} | {m:.1f} |" for p, b, a, c, m in rows]
    text = "\n".join(lines)
    print(text)
    if not args.no_write:
        write_section("socket_floor", text)


if __name__ == "__main__":
    main()
