"""gevent mode, as `dudo serve` runs, from child processes (this test process is never patched).

- the whole of tests/server again, in a process patched first thing (tests/gevent_pytest.py):
  every app made there is in gevent mode, its live servers are gevent's;
- `dudo serve` itself in gevent mode on 127.0.0.1: a hall of two rooms, bids over real sockets,
  a kill -9 in the middle of a round, the same dice and turn on restart, and SIGTERM ending it.
"""

from __future__ import annotations

import ctypes
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hubkit import ROOT, LiveClient, pick_move

from dudo_hub.server.web import asyncmode

pytestmark = pytest.mark.skipif(asyncmode.patched(), reason="already in gevent mode")


def _die_with_parent() -> None:
    """In the child: SIGKILL when the test process goes, so no server outlives the tests (Linux)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def test_the_server_tests_pass_in_gevent_mode():
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "gevent_pytest.py"), "-q", "-p", "no:cacheprovider",
                          str(ROOT / "tests" / "server")], cwd=ROOT, capture_output=True, text=True, timeout=280,
                         preexec_fn=_die_with_parent)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert re.search(r"\d+ passed", run.stdout)


class Served:
    """`dudo serve --async gevent` in a child process on 127.0.0.1; its output is kept."""

    def __init__(self, data: Path, port: int) -> None:
        env = {**os.environ, "DUDO_BOT_DELAY": "0", "DUDO_REVEAL_PAUSE": "0"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dudo_hub.server.cli.main", "serve", "--async", "gevent", "--host", "127.0.0.1",
             "--port", str(port), "--advertise", "127.0.0.1", "--no-voice", "--data", str(data), "--rooms", "2",
             "--lang", "en"],  # the lines parsed below are the English ones
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=_die_with_parent)
        self.url = f"http://127.0.0.1:{port}"
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(60), self.output

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            if " room(s) on " in line:
                self.ready.set()

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def rooms(self) -> dict[str, str]:
        """Room code -> host key, from the hall's lines."""
        return dict(re.findall(r"host \S+/host/([A-Z]{4})\?key=(\S+)", self.output))

    def stop(self, sig: int) -> int:
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(20)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def clients() -> Iterator[list[LiveClient]]:
    made: list[LiveClient] = []
    yield made
    for client in made:
        client.sio.disconnect()


def _connect(url: str, clients: list[LiveClient], **auth: Any) -> LiveClient:
    client = LiveClient(url, auth)
    clients.append(client)
    return client


def test_dudo_serve_in_gevent_mode_survives_kill_9_and_stops_on_sigterm(tmp_path, port, clients):
    served = Served(tmp_path, port)
    try:
        rooms = served.rooms()
        assert len(rooms) == 2, served.output
        code, key = next(iter(rooms.items()))
        host = _connect(served.url, clients, room=code, role="host", key=key)
        phones = {}
        for name in ("Ann", "Bob"):
            phone = _connect(served.url, clients, room=code, role="phone")
            reply = phone.ask("seat:take", {"name": name})
            assert reply["ok"], reply
            phones[name] = (phone, reply["token"])
        assert host.ask("host:start", {})["ok"]
        rng = random.Random(4)
        moved = 0
        version = 0
        while moved < 2:  # two bids, then the hub dies mid-round
            ann = phones["Ann"][0].wait_for(lambda s, v=version: s["view"] is not None and s["view"]["version"] >= v)
            turn, version = ann["view"]["turn"], ann["view"]["version"]
            phone = phones[turn][0]
            mine = phone.wait_for(lambda s, v=version: s["view"] is not None and s["view"]["version"] == v)
            reply = phone.ask("move", {"version": version, **pick_move({**mine["legal"], "dudo": False}, rng)})
            assert reply["ok"], reply
            moved, version = moved + 1, version + 1
        before = {n: p.wait_for(lambda s, v=version: s["view"] is not None and s["view"]["version"] >= v)
                  for n, (p, _) in phones.items()}
        for client in clients:
            client.sio.disconnect()
        clients.clear()
    finally:
        served.stop(signal.SIGKILL)

    again = Served(tmp_path, port)
    try:
        assert again.rooms() == rooms
        for name, (_, token) in phones.items():
            back = _connect(again.url, clients, room=code, role="phone", token=token)
            view = back.wait_for(lambda s: s["view"] is not None)["view"]
            old = before[name]["view"]
            assert (view["my_dice"], view["turn"], view["version"]) == (old["my_dice"], old["turn"], old["version"])
            assert len(view["my_dice"]) == 5
        assert _connect(again.url, clients, room=code, role="tv").wait_for(lambda s: s["room"]["code"] == code)
        for client in clients:
            client.sio.disconnect()
        clients.clear()
        assert again.stop(signal.SIGTERM) == 0, again.output
    finally:
        if again.proc.poll() is None:
            again.stop(signal.SIGKILL)
    assert "Traceback" not in served.output + again.output, served.output + again.output
