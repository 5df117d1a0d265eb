"""Ctrl-C stops `dudo serve` cleanly under connection churn, in both async modes.

The real command runs in a child process on 127.0.0.1 with a data folder in tmp; a few client
threads connect phones over websockets that take a seat, sometimes give it up, and leave (closing,
resetting the connection, or staying until the end), while SIGINT comes at a random moment
(sometimes twice). Every time: exit code 0, no traceback, one "stopped" line, the process gone,
and the store closed with every acknowledged change in it. How fast it stops is a benchmark's
claim, not this test's: the wait for the exit is only a guard against a hang. Marked slow (about
40 s): `-m "not slow"` skips it; CI runs it in its second pass.
"""

from __future__ import annotations

import ctypes
import json
import random
import re
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import websocket
from hubkit import ROOT

from dudo_hub.server.web import asyncmode

HANG_GUARD = 60.0  # seconds from SIGINT to the process gone, at most: a hung stop fails, a slow machine does not
pytestmark = [pytest.mark.slow, pytest.mark.skipif(asyncmode.patched(), reason="starts its own gevent hubs")]


def _die_with_parent() -> None:
    """In the child: SIGKILL when the test process goes, so no hub outlives the tests (Linux)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class Hub:
    """`dudo serve` in a child process on 127.0.0.1 and a free port; stdout and stderr kept apart."""

    def __init__(self, mode: str, data: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dudo_hub.server.cli.main", "serve", "--async", mode, "--host", "127.0.0.1",
             "--port", "0", "--advertise", "127.0.0.1", "--no-voice", "--data", str(data), "--lang", "en"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_die_with_parent)
        self.out: list[str] = []
        self.err: list[str] = []
        self.ready = threading.Event()
        self.readers = [threading.Thread(target=self._read, args=(self.proc.stdout, self.out), daemon=True),
                        threading.Thread(target=self._read, args=(self.proc.stderr, self.err), daemon=True)]
        for reader in self.readers:
            reader.start()
        assert self.ready.wait(60), self.output
        self.port = int(re.findall(r"room\(s\) on 127\.0\.0\.1:(\d+)", self.output)[0])
        self.code = re.findall(r"Dudo Hub, room ([A-Z]{4})", self.output)[0]

    def _read(self, stream: object, lines: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            lines.append(line)
            if " room(s) on " in self.output and "Dudo Hub, room " in self.output:  # the log and the banner
                self.ready.set()

    @property
    def output(self) -> str:
        return "".join(self.out) + "".join(self.err)

    def interrupt(self, times: int) -> tuple[int | None, float]:
        """SIGINT (`times` of them, 50 ms apart): (exit code, or None if it hung, seconds taken: for the report)."""
        start = time.monotonic()
        for n in range(times):
            if n:
                time.sleep(0.05)
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGINT)
        try:
            code: int | None = self.proc.wait(HANG_GUARD)
        except subprocess.TimeoutExpired:
            code = None
        took = time.monotonic() - start
        if code is None:
            self.proc.kill()
            self.proc.wait()
        for reader in self.readers:
            reader.join(5)
        return code, took


class Phone:
    """A raw Socket.IO phone over a websocket: asks with acks, ignores everything else."""

    def __init__(self, port: int, code: str) -> None:
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                                              timeout=2)
        assert self.ws.recv().startswith("0")
        self.ws.send("40" + json.dumps({"room": code, "role": "phone"}))
        self.asked = 0

    def ask(self, event: str, payload: dict[str, object]) -> dict[str, object]:
        self.asked += 1
        self.ws.send(f"42{self.asked}" + json.dumps([event, payload]))
        prefix = f"43{self.asked}["
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
            elif frame.startswith(prefix):
                reply: dict[str, object] = json.loads(frame[len(prefix) - 1:])[0]
                return reply


class Churn:
    """Client threads: a phone connects, takes a seat, gives it up (or not) and goes, again and again:
    with a websocket close, with a TCP reset, or it stays connected until the end.
    `seated` are the names whose seat the hub acknowledged and that were never asked to leave;
    `gone` those whose leave it acknowledged."""

    def __init__(self, port: int, code: str, threads: int, rng: random.Random) -> None:
        self.port, self.code, self.rng = port, code, rng
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.seated: set[str] = set()
        self.gone: set[str] = set()
        self.visits = 0
        self.kept: list[Phone] = []
        self.threads = [threading.Thread(target=self._run, args=(n,), daemon=True) for n in range(threads)]
        for thread in self.threads:
            thread.start()

    def _run(self, n: int) -> None:
        i = 0
        while not self.stop.is_set():
            i += 1
            try:
                self._visit(f"P{n}x{i}", leave=self.rng.random() < 0.8)
            except Exception:  # the hub stopping under it
                time.sleep(0.01)

    def _visit(self, name: str, leave: bool) -> None:
        phone = Phone(self.port, self.code)
        try:
            if phone.ask("seat:take", {"name": name}).get("ok"):
                with self.lock:
                    self.seated.add(name)
                    self.visits += 1
                if leave:
                    with self.lock:
                        self.seated.discard(name)
                    if phone.ask("seat:leave", {}).get("ok"):
                        with self.lock:
                            self.gone.add(name)
        finally:
            self._end(phone)

    def _end(self, phone: Phone) -> None:
        way = self.rng.random()
        if way < 0.2 and len(self.kept) < 30:
            with self.lock:
                self.kept.append(phone)
        elif way < 0.5:  # no close handshake: the peer resets the connection
            phone.ws.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            phone.ws.sock.close()
        else:
            phone.ws.close()

    def end(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(5)
        for phone in self.kept:
            phone.ws.close()


def _saved_seats(data: Path) -> set[str]:
    """The seats of every room in the store, read by a fresh connection."""
    db = sqlite3.connect(data / "hub.sqlite3")
    try:
        rows = db.execute("SELECT record FROM rooms").fetchall()
    finally:
        db.close()
    return {seat["player"] for (record,) in rows for seat in json.loads(record)["seats"]}


@pytest.mark.parametrize(("mode", "runs"), [("gevent", 20), ("threading", 4)])
def test_ctrl_c_under_churn_stops_saved_and_quiet(tmp_path: Path, mode: str, runs: int) -> None:
    rng = random.Random(f"stop-{mode}")
    for run in range(runs):
        data = tmp_path / f"run{run}"
        hub = Hub(mode, data)
        churn = Churn(hub.port, hub.code, threads=3, rng=rng)
        time.sleep(rng.uniform(0.2, 0.8))
        code, took = hub.interrupt(times=2 if run % 3 == 2 else 1)
        churn.end()
        seen = f"{mode} run {run}: exit {code} after {took:.2f} s, {churn.visits} seats taken\n{hub.output}"
        assert code == 0, seen
        assert hub.proc.poll() is not None, seen
        assert "Traceback" not in hub.output and "Exception" not in hub.output, seen
        assert "".join(hub.out).count("Dudo Hub stopped") == 1, seen
        assert not (data / "hub.sqlite3-wal").exists(), "the store was not closed"
        saved = _saved_seats(data)
        assert churn.seated <= saved and not churn.gone & saved, (churn.seated - saved, churn.gone & saved)
