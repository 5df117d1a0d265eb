"""Hub latency and memory: N rooms, each a TV and 6 phones (python-socketio) on 127.0.0.1.

    PYTHONPATH=. python bench/hub/latency.py [--rooms 1 10 50] [--moves 60]

For each N, a hub runs in a child process; every room plays at once; a move's latency is
the time from sending it to the last of the room's 7 clients receiving the new state.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# Run as a script, bench/hub/ comes first on sys.path and its modules would shadow the project's.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(ROOT))

from bench.hub._clients import pick  # noqa: E402  (a legal move from a phone's payload, as the hall bench picks it)
from dudo_hub.server.hub.statepatch import Held  # noqa: E402

PHONES = 6


def run_server(rooms: int, data: str) -> None:
    """Child process: a hub with `rooms` rooms; prints {"port", "rooms": {code: key}} and serves."""
    from dudo_hub.server.web.app import Config, create_app, get_hub
    from dudo_hub.server.web.wsgi import make_server

    config = Config(DATA_DIR=Path(data), DEFAULT_ROOM=False, BOT_DELAY=0.0, RATE_CAPACITY=1e6, RATE_PER_SECOND=1e6)
    app = create_app(config)
    hub = get_hub(app)
    keys = {room.code: room.host_key for room in (hub.create_room() for _ in range(rooms))}
    server = make_server(app, "127.0.0.1", 0)
    print(json.dumps({"port": server.server_port, "rooms": keys}), flush=True)
    server.serve_forever()


def proc_stat(pid: int) -> tuple[float, int]:
    """(CPU seconds used, threads) of `pid` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks, int(fields[17])


_CHILDREN_CPU = [0.0]


def children_cpu() -> float:
    """CPU seconds used by the client processes that ended since the last call (the hub is still running)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    spent, _CHILDREN_CPU[0] = total - _CHILDREN_CPU[0], total
    return spent


def rss_mb(pid: int) -> float:
    """Resident memory of `pid` in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Watcher:
    """A client that timestamps the first `state` of each version (a `state_patch` applied to the one before)."""

    def __init__(self, url: str, auth: dict[str, Any]) -> None:
        import socketio

        self.sio = socketio.Client(reconnection=False)
        self.seen: dict[int, float] = {}
        self.latest: dict[str, Any] = {}
        self.cond = threading.Condition()
        self.held = Held(copies=False)
        self.sio.on("state", lambda data: self._on_state("state", data))
        self.sio.on("state_patch", lambda data: self._on_state("state_patch", data))
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=20)

    def _on_state(self, event: str, message: dict[str, Any]) -> None:
        now = time.perf_counter()
        data = self.held.take(event, message)
        if data is None:
            raise ConnectionError("a patch after a gap")
        with self.cond:
            view = data.get("view")
            if view is not None:
                self.seen.setdefault(view["version"], now)
            self.latest = data
            self.cond.notify_all()

    def reset(self) -> None:
        """Forget the versions seen (a new game starts again from version 0)."""
        with self.cond:
            self.seen.clear()
            self.latest = {}

    def first_after(self, version: int, timeout: float = 20.0) -> float:
        """When this client first saw a version newer than `version`."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                later = [t for v, t in self.seen.items() if v > version]
                if later:
                    return min(later)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no version after {version}")
                self.cond.wait(left)


def play_room(url: str, code: str, key: str, moves: int, pace: float, out: list[float],
              ready: threading.Barrier, clients: list[Watcher]) -> None:
    """Seat 6 phones, start, and time `moves` moves (restarting finished games)."""
    tv = Watcher(url, {"room": code, "role": "tv"})
    host = Watcher(url, {"room": code, "role": "host", "key": key})
    phones: dict[str, Watcher] = {}
    for n in range(PHONES):
        phone = Watcher(url, {"room": code, "role": "phone"})
        phones[phone.sio.call("seat:take", {"name": f"P{n}"}, timeout=20)["player"]] = phone
    clients += [tv, host, *phones.values()]
    watchers = [tv, *phones.values()]
    rng = random.Random(code)
    ready.wait()
    assert host.sio.call("host:start", {}, timeout=20)["ok"]
    done = 0
    while done < moves:
        version = tv.first_after(-1) and max(tv.seen)
        view = tv.latest["view"]
        if view["phase"] == "over":
            for watcher in watchers:
                watcher.reset()
            host.sio.call("host:restart", {}, timeout=20)
            host.sio.call("host:start", {}, timeout=20)
            time.sleep(0.05)
            continue
        player = _mover(phones, version)
        if player is None:
            time.sleep(0.002)
            continue
        legal = phones[player].latest["legal"]
        start = time.perf_counter()
        reply = phones[player].sio.call("move", {"version": version, **pick(legal, rng)}, timeout=20)
        if not reply["ok"]:
            time.sleep(0.01)
            continue
        out.append(max(w.first_after(version) for w in watchers) - start)
        done += 1
        time.sleep(pace * rng.uniform(0.5, 1.5))


def _mover(phones: dict[str, Watcher], version: int) -> str | None:
    """The phone that may move at `version` (None until its state has arrived)."""
    return next((p for p, w in phones.items() if w.latest.get("legal") and _can_move(w.latest, version)), None)


def _can_move(state: dict[str, Any], version: int) -> bool:
    legal = state["legal"]
    return bool(state["view"] and state["view"]["version"] == version
                and (legal["direction"] or (state["view"]["turn"] == state["you"]["player"])))


def client_worker(url: str, rooms: list[tuple[str, str]], moves: int, pace: float,
                  started: Any, results: Any) -> None:
    """A client process: play `rooms` (code, host key) and send back their latencies."""
    latencies: list[float] = []
    clients: list[Watcher] = []
    ready = threading.Barrier(len(rooms) + 1)
    threads = [threading.Thread(target=play_room, args=(url, c, k, moves, pace, latencies, ready, clients))
               for c, k in rooms]
    for t in threads:
        t.start()
    ready.wait()
    started.wait()
    for t in threads:
        t.join()
    for client in clients:
        client.sio.disconnect()
    results.put(latencies)


def measure(rooms: int, moves: int, pace: float, procs: int) -> dict[str, Any]:
    """One run with `rooms` rooms, their clients spread over `procs` processes."""
    context = multiprocessing.get_context("fork")
    with tempfile.TemporaryDirectory() as data:
        child = subprocess.Popen([sys.executable, __file__, "--serve", str(rooms), data],
                                 stdout=subprocess.PIPE, text=True, cwd=ROOT)
        try:
            assert child.stdout is not None
            info = json.loads(child.stdout.readline())
            url = f"http://127.0.0.1:{info['port']}"
            base = rss_mb(child.pid)
            pairs = list(info["rooms"].items())
            procs = max(1, min(procs, rooms))
            started, results = context.Barrier(procs + 1), context.Queue()
            workers = [context.Process(target=client_worker, args=(url, pairs[i::procs], moves, pace, started, results))
                       for i in range(procs)]
            children_cpu()  # start counting from here (earlier hubs were waited for already)
            for w in workers:
                w.start()
            started.wait()
            connected = rss_mb(child.pid)
            began, hub_cpu = time.perf_counter(), proc_stat(child.pid)[0]
            hub_threads = proc_stat(child.pid)[1]
            latencies = [x for _ in workers for x in results.get()]
            elapsed = time.perf_counter() - began
            hub_cpu = proc_stat(child.pid)[0] - hub_cpu
            after = rss_mb(child.pid)
            for w in workers:
                w.join()
            clients_cpu = children_cpu()
        finally:
            child.terminate()
            child.wait(10)
    ms = sorted(x * 1000 for x in latencies)
    return {
        "rooms": rooms, "pace": pace, "clients": rooms * (PHONES + 2), "procs": procs, "moves": len(ms),
        "p50": statistics.median(ms), "p99": ms[min(len(ms) - 1, int(len(ms) * 0.99))], "max": ms[-1],
        "moves_per_s": len(ms) / elapsed, "rss_idle": base, "rss_connected": connected, "rss_after": after,
        "hub_cpu": hub_cpu / elapsed, "clients_cpu": clients_cpu / elapsed, "hub_threads": hub_threads,
    }


def report(results: list[dict[str, Any]]) -> str:
    """The markdown section."""
    from bench._report import machine

    lines = [
        "## Hub: move-to-update latency and memory",
        "",
        f"{machine()}. Each room: a TV, a host and {PHONES} phones (python-socketio, websocket) on 127.0.0.1;",
        "all rooms play at once, each pausing `pace` s (x0.5..1.5) between moves (0 = flat out); latency = a phone",
        "sends a move -> the last of the TV and 6 phones has the new state. Hub in its own process (threading",
        "mode, SQLite WAL store on), the clients in up to 4 other processes on the same 2-core machine; RSS from",
        "/proc.",
        "CPU is the share of one core the hub and the client processes (together) used while the rooms played;",
        "threads are the hub's OS threads",
        "(threading mode keeps a few per connection). Compare with the socket floor below: the same transport",
        "with no game at all.",
        "",
        "| pace s | rooms | clients | moves | p50 ms | p99 ms | max ms | moves/s | RSS idle MB | RSS connected MB "
        "| RSS after MB | hub CPU | clients CPU | hub threads |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r['pace']:g} | {r['rooms']} | {r['clients']} | {r['moves']} | "
            f"{r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | "
            f"{r['moves_per_s']:.0f} | {r['rss_idle']:.0f} | {r['rss_connected']:.0f} | {r['rss_after']:.0f} | "
            f"{r['hub_cpu']:.0%} | {r['clients_cpu']:.0%} | {r['hub_threads']} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--moves", type=int, default=40, help="timed moves per room (200 at least in all)")
    parser.add_argument("--paces", type=float, nargs="+", default=[1.0, 0.0],
                        help="seconds between a room's moves (1.0: a brisk human table; 0: flat out)")
    parser.add_argument("--procs", type=int, default=4, help="client processes (rooms are spread over them)")
    parser.add_argument("--serve", nargs=2, metavar=("ROOMS", "DATA"), help=argparse.SUPPRESS)
    parser.add_argument("--no-write", action="store_true", help="print only; do not touch docs/BENCHMARKS.md")
    args = parser.parse_args()
    if args.serve:
        run_server(int(args.serve[0]), args.serve[1])
        return 0
    results = []
    for pace in args.paces:
        for rooms in args.rooms:
            result = measure(rooms, max(args.moves, 200 // rooms), pace, args.procs)  # >= 200 samples
            print(json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in result.items()}), flush=True)
            results.append(result)
    markdown = report(results)
    print(markdown)
    if not args.no_write:
        from bench._report import write_section

        write_section("hub", markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
