"""Hostile traffic against a real `dudo serve`: random events and raw frames, counted.

    python -m bench.hub.fuzz [--events 10000] [--seed 1] [--async threading] [--no-write]

Starts the installed hub on 127.0.0.1 (a free port, a fresh data folder), connects a host,
a phone and a TV with python-socketio, and sends `--events` events: every documented name,
unknown and reserved names, payloads of random shapes (deep, long, wrong types, non-ASCII),
each asking for an ack. Then a tenth as many raw websocket frames (Socket.IO and Engine.IO
junk, nesting, oversized frames). It counts the acks that never came, acks not of the
`{ok, code, message}` shape, tracebacks in the hub's log, and whether the hub still
answers; the figures go to docs/BENCHMARKS.md (section `fuzz`).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import socketio
import websocket

from bench._report import machine, write_section
from dudo_hub import protocol

EVENTS = tuple(event.name for event in protocol.EVENTS)
ODD_NAMES = ("nope", "connect", "disconnect", "connect_error", "__proto__", "move ", "")
KEYS = tuple(dict.fromkeys(field for event in protocol.EVENTS for field in event.fields()))
FRAMES = ("42", "42[]", "42{}", "42[", "4a", "45", "49", "42[{},{}]", "4", "x", "", "9", "b!!", "43",
          '451-["move",{"_placeholder":true,"num":0}]', "41/nope,", '42/other,["sync",{}]')


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A payload of random shape."""
    roll = rng.random()
    if depth > 4 or roll < 0.35:
        return rng.choice([None, True, False, 0, -1, 10**20, 1.5, float("1e300"), "", "x" * rng.randint(0, 400),
                           "é" * 24, "\x00\u202e", rng.randint(-3, 50), [1, 2, 3, 4, 5]])
    if roll < 0.6:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(KEYS): junk(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_hub(port: int, folder: Path, mode: str | None) -> tuple[subprocess.Popen[str], Path, str, str]:
    log = folder / "hub.log"
    command = ["dudo", "serve", "--host", "127.0.0.1", "--port", str(port), "--advertise", "127.0.0.1",
               "--no-voice", "--data", str(folder / "data")]
    if mode:
        command += ["--async", mode]
    bin_dir = Path(sys.executable).parent
    with log.open("w") as out:
        hub = subprocess.Popen([str(bin_dir / command[0]), *command[1:]], stdout=out, stderr=subprocess.STDOUT,
                               text=True, env={"PATH": str(bin_dir), "DUDO_BOT_DELAY": "0", "HOME": str(folder)})
    for _ in range(200):
        found = re.search(r"/host/([A-Z]{4})\?key=(\S+)", log.read_text())
        if found:
            return hub, log, found.group(1), found.group(2)
        time.sleep(0.05)
    hub.kill()
    raise SystemExit(f"dudo serve did not start:\n{log.read_text()}")


def events(base: str, code: str, key: str, count: int, rng: random.Random) -> dict[str, int]:
    out = {"sent": 0, "missing_acks": 0, "bad_acks": 0}
    clients = []
    for auth in ({"role": "host", "key": key}, {"role": "phone"}, {"role": "phone"}, {"role": "tv"}):
        client = socketio.Client(reconnection=False)
        client.connect(base, auth={"room": code, **auth}, transports=["websocket"], wait_timeout=10)
        clients.append(client)
    clients[1].call("seat:take", {"name": "Fuzz"}, timeout=10)
    for _ in range(count):
        client = rng.choice([c for c in clients if c.connected] or clients)
        name = rng.choice(EVENTS) if rng.random() < 0.9 else rng.choice(ODD_NAMES)
        if not client.connected:
            break
        out["sent"] += 1
        try:
            ack = client.call(name, junk(rng), timeout=10)
        except socketio.exceptions.TimeoutError:
            out["missing_acks"] += 1
            continue
        if not (isinstance(ack, dict) and {"ok", "code", "message"} <= set(ack)):
            out["bad_acks"] += 1
    for client in clients:
        client.disconnect()
    return out


def frames(port: int, code: str, count: int, rng: random.Random) -> dict[str, int]:
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket", timeout=10)
    advertised = json.loads(ws.recv()[1:])["maxPayload"]
    ws.send("40" + json.dumps({"room": code, "role": "tv"}))
    ws.recv()
    sent = 0
    for i in range(count):
        if i % 100 == 0:
            frame = '421["move",{"pad":"' + "x" * (advertised + 10) + '"}]'
        elif i % 50 == 0:
            frame = '422["move",' + "[" * 970 + "]" * 970 + "]"
        elif rng.random() < 0.5:
            frame = rng.choice(FRAMES)
        else:
            frame = "".join(rng.choice('42[]{}",:0123456789abc\\/-é\x00') for _ in range(rng.randint(1, 40)))
        if frame.startswith(("41", "1")):
            continue  # a real close: allowed to end the connection
        ws.send_binary(bytes(rng.randrange(256) for _ in range(16))) if i % 97 == 0 else ws.send(frame)
        sent += 1
    ws.send('42999["sync",{}]')
    alive = 0
    for _ in range(500):
        frame = ws.recv()
        if frame == "2":
            ws.send("3")
        elif frame.startswith("43999"):
            alive = 1
            break
    ws.close()
    return {"frames": sent, "answers_after": alive}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hub.fuzz")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--async", dest="mode", default=None, help="the hub's async mode (default: its own)")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        hub, log, code, key = start_hub(port, Path(tmp), args.mode)
        try:
            started = time.monotonic()
            counts = events(f"http://127.0.0.1:{port}", code, key, args.events, rng)
            counts.update(frames(port, code, max(1, args.events // 10), rng))
            seconds = time.monotonic() - started
            counts["hub_alive"] = int(hub.poll() is None)
        finally:
            hub.terminate()
            hub.wait(10)
        text = log.read_text()
        counts["tracebacks"] = text.count("Traceback")
        counts["warning_lines"] = sum(1 for line in text.splitlines() if " WARNING " in line)
    line = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(f"{line} ({seconds:.0f} s)")
    if not args.no_write:
        command = f"python -m bench.hub.fuzz --events {args.events} --seed {args.seed}"
        write_section("fuzz", f"""## Hostile traffic (`{command}`)

{machine()}; the hub's async mode: {args.mode or "its default"}.

| what | count |
|---|---|
""" + "\n".join(f"| {k.replace('_', ' ')} | {v} |" for k, v in counts.items()) + """

Aims: no missing or malformed ack, no traceback, the hub alive and answering after the raw frames.
""")
    ok = (counts["missing_acks"] == counts["bad_acks"] == counts["tracebacks"] == 0
          and counts["hub_alive"] == counts["answers_after"] == 1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
