"""A full hall on one laptop: the hub beside the bare transport, in the same async mode and run.

    .venv/bin/python -m bench.hub.hall                      # gevent: 1, 50, 200 rooms, paced and flat out, churn
    .venv/bin/python -m bench.hub.hall --modes gevent threading --rooms 1 50 --no-write
    .venv/bin/python -m bench.hub.hall --rooms 50 200 --paces 1 --churn 0 --whole   # + the hub as before issue 20
    .venv/bin/python -m bench.hub.hall --client-nice 0 ...  # clients at the server's priority (before 2026-12-02)

For each mode, pace and number of rooms: the bare transport (bench/hub/_serve.py `floor`: the same
server, serializer and mode, no game; a `go` sends each of the room's 8 connections a
3000-byte message) and then the hub (SQLite store on) each run in their own process; every
room has 8 clients (TV, host, 6 phones; bench/hub/_clients.py) spread over client processes, niced. A
move's latency: a phone sends it -> the last of the TV and 6 phones has the update. Then
connection churn on the hub: OS threads back to baseline after the clients leave, RSS over
the cycles. Writes docs/BENCHMARKS.md (section `hall`) and prints the aims met / not met.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.hub._clients import PHONES, churn_worker, play_worker

ROOT = Path(__file__).resolve().parents[2]
CLIENT_NICE = 10
"""The client processes stand in for a hall's phones, TVs and hosts, which bring their own CPUs: they run
at a lower priority than the server, so that on this machine they take what the server leaves rather than
half of its core (both servers, the hub and the bare transport, are measured so)."""


def proc_stat(pid: int) -> tuple[float, int]:
    """(CPU seconds used, OS threads) of `pid` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), int(fields[17])


def rss_mb(pid: int) -> float:
    """Resident memory of `pid` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def load() -> float:
    """The 1-minute load average."""
    return os.getloadavg()[0]


class Server:
    """A bench server process (`python -m bench.hub._serve`)."""

    def __init__(self, kind: str, mode: str, rooms: int, data: str) -> None:
        self.lag_file = Path(data) / "lag.json"
        env = {**os.environ, "DUDO_BENCH_LAG": str(self.lag_file)}
        self.proc = subprocess.Popen([sys.executable, "-m", "bench.hub._serve", kind, mode, str(rooms), data],
                                     stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        assert self.proc.stdout is not None
        info = json.loads(self.proc.stdout.readline())
        self.url = f"http://127.0.0.1:{info['port']}"
        self.rooms: list[tuple[str, str]] = list(info["rooms"].items())
        self.pid = self.proc.pid

    def stop(self) -> dict[str, float]:
        """Stop the server; its loop's lag while it ran (ms: p50, p99, max)."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        try:
            lag: dict[str, float] = json.loads(self.lag_file.read_text())
        except (OSError, ValueError):
            lag = {"p50": float("nan"), "p99": float("nan"), "max": float("nan")}
        return lag


def measure(kind: str, mode: str, rooms: int, moves: int, pace: float, procs: int,
            stagger: bool = False, nice: int = 0) -> dict[str, Any]:
    """One run: `rooms` tables of 8 clients over `procs` client processes (`stagger`: each room's
    first move at a random point of its first pace, rather than all at once; `nice`: how much lower
    the client processes' priority is than the server's)."""
    context = multiprocessing.get_context("fork")
    with tempfile.TemporaryDirectory() as data:
        server = Server(kind, mode, rooms, data)
        try:
            idle = rss_mb(server.pid)
            procs = max(1, min(procs, rooms))
            started, results = context.Barrier(procs + 1), context.Queue()
            workers = [context.Process(target=play_worker, args=(kind, server.url, server.rooms[i::procs], moves,
                                                                  pace, started, results, stagger, nice))
                       for i in range(procs)]
            for w in workers:
                w.start()
            started.wait()
            connected, threads = rss_mb(server.pid), proc_stat(server.pid)[1]
            began, cpu0, load0 = time.perf_counter(), proc_stat(server.pid)[0], load()
            latencies: list[float] = []
            elapsed = clients_cpu = 0.0
            for _ in workers:
                times, played, cpu = results.get()
                latencies += times
                elapsed, clients_cpu = max(elapsed, played), clients_cpu + cpu
            wall = time.perf_counter() - began
            hub_cpu = (proc_stat(server.pid)[0] - cpu0) / wall
            after = rss_mb(server.pid)
            for w in workers:
                w.join()
        finally:
            lag = server.stop()
    ms = sorted(x * 1000 for x in latencies)
    return {"kind": kind, "mode": mode, "rooms": rooms, "pace": pace, "clients": rooms * (PHONES + 2),
            "moves": len(ms), "p50": statistics.median(ms), "p99": ms[min(len(ms) - 1, int(len(ms) * 0.99))],
            "max": ms[-1], "moves_per_s": len(ms) / elapsed, "rss_idle": idle, "rss_connected": connected,
            "rss_after": after, "cpu": hub_cpu, "clients_cpu": clients_cpu / elapsed,
            "threads": threads, "load": load0, "lag_p99": lag["p99"], "lag_max": lag["max"],
            **{k: v for k, v in lag.items() if k.startswith("gc")}}


def churn(mode: str, cycles: int, parallel: int = 20) -> dict[str, Any]:
    """`cycles` TV connections opened (first state received) and closed on the hub, `parallel` at once."""
    context = multiprocessing.get_context("fork")
    with tempfile.TemporaryDirectory() as data:
        server = Server("hub", mode, 1, data)
        try:
            warm = context.Process(target=churn_worker, args=(server.url, server.rooms[0][0], 1, 1,
                                                              context.Value("i", 0, lock=False)))
            warm.start()  # the first connection starts Engine.IO's own service task: part of the baseline
            warm.join()
            time.sleep(0.5)
            base_threads, base_rss = proc_stat(server.pid)[1], rss_mb(server.pid)
            progress = context.Value("i", 0, lock=False)
            worker = context.Process(target=churn_worker, args=(server.url, server.rooms[0][0], cycles, parallel,
                                                                progress))
            began = time.perf_counter()
            worker.start()
            rss_at: dict[int, float] = {}
            peak_threads, mark = base_threads, 0
            while worker.is_alive():
                peak_threads = max(peak_threads, proc_stat(server.pid)[1])
                if progress.value >= mark:
                    rss_at[mark] = rss_mb(server.pid)
                    mark += max(1, cycles // 10)
                time.sleep(0.05)
            worker.join()
            elapsed = time.perf_counter() - began
            rss_at[cycles] = rss_mb(server.pid)
            left = time.perf_counter()
            back = None
            while time.perf_counter() - left < 60:
                if proc_stat(server.pid)[1] <= base_threads:
                    back = time.perf_counter() - left
                    break
                time.sleep(0.05)
        finally:
            server.stop()
    first = rss_at.get(max(1, cycles // 10), base_rss)
    return {"mode": mode, "cycles": cycles, "per_s": cycles / elapsed, "base_threads": base_threads,
            "peak_threads": peak_threads, "back_s": back, "rss_base": base_rss, "rss_first": first,
            "rss_end": rss_at[cycles], "rss_at": rss_at}


AIMS = [
    ("1 room paced: hub p99 <= 1.5x the bare transport's", lambda r, c: _ratio(r, 1, 1.0) <= 1.5),
    ("50 rooms paced: p99 <= 100 ms", lambda r, c: _hub(r, 50, 1.0)["p99"] <= 100),
    ("50 rooms paced: hub p99 <= 1.2x the bare transport's", lambda r, c: _ratio(r, 50, 1.0) <= 1.2),
    ("200 rooms paced: p99 <= 150 ms", lambda r, c: _hub(r, 200, 1.0)["p99"] <= 150),
    ("200 rooms paced: hub p99 <= 1.5x the bare transport's", lambda r, c: _ratio(r, 200, 1.0) <= 1.5),
    ("200 rooms paced: hub RSS <= 200 MB", lambda r, c: _hub(r, 200, 1.0)["rss_after"] <= 200
     and _hub(r, 200, 1.0)["rss_connected"] <= 200),
    ("churn: OS threads back to baseline within 5 s", lambda r, c: c["back_s"] is not None and c["back_s"] <= 5),
    ("churn: RSS flat (growth over the last 90% of cycles < 10 MB)", lambda r, c: c["rss_end"] - c["rss_first"] < 10),
]


def _run(results: list[dict[str, Any]], kind: str, rooms: int, pace: float, mode: str | None = None) -> dict[str, Any]:
    return next(r for r in results if r["kind"] == kind and r["rooms"] == rooms and r["pace"] == pace
                and mode in (None, r["mode"]))


def _hub(results: list[dict[str, Any]], rooms: int, pace: float) -> dict[str, Any]:
    return _run(results, "hub", rooms, pace)


def _ratio(results: list[dict[str, Any]], rooms: int, pace: float, mode: str | None = None,
           kind: str = "hub") -> float:
    hub = _run(results, kind, rooms, pace, mode)
    return float(hub["p99"] / _run(results, "floor", rooms, pace, hub["mode"])["p99"])


def aims(results: list[dict[str, Any]], churned: dict[str, Any] | None, mode: str) -> list[tuple[str, str]]:
    """(aim, "met" / "not met" / "not measured") for the event-driven mode's runs."""
    mine = [r for r in results if r["mode"] == mode]
    out = []
    for text, test in AIMS:
        try:
            verdict = "met" if test(mine, churned) else "not met"
        except (StopIteration, TypeError, KeyError):
            verdict = "not measured"
        out.append((text, verdict))
    return out


def report(results: list[dict[str, Any]], churns: list[dict[str, Any]], verdicts: list[tuple[str, str]],
           note: str, mode: str, nice: int = CLIENT_NICE) -> str:
    from bench._report import machine

    lines = [
        "## Hall: the hub beside the bare transport",
        "",
        "How `dudo serve` copes with a hall (docs/HALL.md). gevent is the default mode, threading the fallback.",
        "",
        f"{machine()}; {os.cpu_count()} cores. `python -m bench.hub.hall` ({note}).",
        "Each room: a TV, a host and 6 phones (bench/hub/_clients.py: one websocket each, asyncio, in up to 4 client",
        f"processes on the same machine, at a lower priority than the server: nice +{nice}; they stand in for phones,",
        "which bring their own CPUs). Latency: a phone sends a move -> the last of the TV and 6 phones has the",
        "update. The bare transport is the same server, mode and serializer with no game: a `go` sends each of",
        "the room's 8 connections a 3000-byte message (the size of a whole `state`). The hub sends each",
        "connection a `state_patch` of its own last state (bench/hub/bytes.py: about 1,000 bytes); `hub, whole states`",
        "(`--whole`): the hub as before issue 20, every connection its whole state after each move.",
        "Pace: seconds between a room's moves (x0.5..1.5; 0 = flat out). Hub with its SQLite store on. Every room's",
        "game is started before the clock starts; then every room makes its first move at the same moment (it",
        "queues behind every other room's: that burst makes the p99), or with `--stagger` each at a random point",
        "of its first pace, as a hall's rooms are not in step (the p99 is then the server's rare stalls).",
        "CPU: share of one core (server; all client processes together).",
        "Threads: the server's OS threads with every client connected. Lag: how late a task in the server that",
        "sleeps 10 ms at a time wakes (the loop's responsiveness in gevent mode, the scheduler's in threading",
        "mode). Load: the machine's 1-minute load average when the run began (other work shares this machine).",
        "",
        "| mode | pace s | rooms | clients | server | moves | p50 ms | p99 ms | max ms | p99 / bare | moves/s "
        "| RSS idle MB | RSS connected MB | RSS after MB | CPU | clients CPU | threads | lag p99 / max ms | load |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        ratio = f"{_ratio(results, r['rooms'], r['pace'], r['mode'], r['kind']):.2f}" if r["kind"] != "floor" else ""
        server = {"floor": "bare", "hub-whole": "hub, whole states"}.get(r["kind"], r["kind"])
        lines.append(
            f"| {r['mode']} | {r['pace']:g} | {r['rooms']} | {r['clients']} | {server} "
            f"| {r['moves']} | {r['p50']:.1f} | {r['p99']:.1f} | {r['max']:.1f} | {ratio} | {r['moves_per_s']:.0f} "
            f"| {r['rss_idle']:.0f} | {r['rss_connected']:.0f} | {r['rss_after']:.0f} | {r['cpu']:.0%} "
            f"| {r['clients_cpu']:.0%} | {r['threads']} | {r['lag_p99']:.1f} / {r['lag_max']:.0f} | {r['load']:.1f} |")
    if churns:
        lines += ["", "Connection churn on the hub: a TV connects, gets its first state and leaves, 20 at a time.",
                  "", "| mode | cycles | cycles/s | threads before | peak | back to baseline after | RSS before MB "
                  "| RSS after 10% MB | RSS at the end MB |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for c in churns:
            back = f"{c['back_s']:.1f} s" if c["back_s"] is not None else "not within 60 s"
            lines.append(f"| {c['mode']} | {c['cycles']} | {c['per_s']:.0f} | {c['base_threads']} "
                         f"| {c['peak_threads']} | {back} | {c['rss_base']:.0f} | {c['rss_first']:.0f} "
                         f"| {c['rss_end']:.0f} |")
    lines += ["", f"Aims (this machine, {mode} mode):", ""]
    lines += [f"- {text}: **{verdict}**" for text, verdict in verdicts]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modes", nargs="+", default=["gevent"], choices=["gevent", "threading"])
    parser.add_argument("--rooms", type=int, nargs="+", default=[1, 50, 200])
    parser.add_argument("--paces", type=float, nargs="+", default=[1.0, 0.0])
    parser.add_argument("--moves", type=int, default=30, help="timed moves per room (at least 120 in all)")
    parser.add_argument("--procs", type=int, default=4, help="client processes")
    parser.add_argument("--churn", type=int, default=10_000, help="connect/disconnect cycles (0: none)")
    parser.add_argument("--section", default=None,
                        help="docs/BENCHMARKS.md section to write (default: hall; hall-<mode> without gevent)")
    parser.add_argument("--stagger", action="store_true",
                        help="each room's first move at a random point of its first pace (default: all at once)")
    parser.add_argument("--client-nice", type=int, default=CLIENT_NICE,
                        help="how much lower the client processes' priority is (os.nice; 0: the same as the server's)")
    parser.add_argument("--whole", action="store_true",
                        help="also the hub as before issue 20 (every connection its whole state after each change)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/BENCHMARKS.md alone")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    churns: list[dict[str, Any]] = []
    for mode in args.modes:
        for pace in args.paces:
            for rooms in args.rooms:
                moves = max(args.moves, 120 // rooms)
                for kind in ("floor", "hub", *(["hub-whole"] if args.whole else [])):
                    result = measure(kind, mode, rooms, moves, pace, args.procs, args.stagger, args.client_nice)
                    results.append(result)
                    print(json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in result.items()}),
                          flush=True)
        if args.churn:
            churns.append(churn(mode, args.churn))
            print(json.dumps(churns[-1]), flush=True)
    event_mode = "gevent" if "gevent" in args.modes else args.modes[0]
    churned = next((c for c in churns if c["mode"] == event_mode), None)
    verdicts = aims(results, churned, event_mode)
    note = " ".join(sys.argv[1:]) or "defaults"
    markdown = report(results, churns, verdicts, note, event_mode, args.client_nice)
    print(markdown)
    if not args.no_write:
        from bench._report import write_section

        default = "hall" if "gevent" in args.modes else f"hall-{'-'.join(args.modes)}"
        write_section(args.section or default, markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
