"""A kill -9 in the middle of a championship: `dudo serve` is killed while round 1's tables are
being played by their bots, started again on the same data folder, and the event and every table
go on from the store to the champion (slow: two hubs in child processes)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import websocket
from hubkit import ROOT
from waiting import wait_until

from dudo_hub.server.web import asyncmode

pytestmark = [pytest.mark.slow, pytest.mark.skipif(asyncmode.patched(), reason="starts its own gevent hubs")]


class Served:
    """`dudo serve` on 127.0.0.1 and a free port, its bots quick."""

    def __init__(self, data: Path) -> None:
        env = {**os.environ, "DUDO_BOT_DELAY": "0.03", "DUDO_REVEAL_PAUSE": "0"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dudo_hub.server.cli.main", "serve", "--host", "127.0.0.1", "--port", "0",
             "--advertise", "127.0.0.1", "--no-voice", "--data", str(data), "--lang", "en"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: list[str] = []
        threading.Thread(target=lambda: self.lines.extend(self.proc.stdout or []), daemon=True).start()
        wait_until(lambda: re.search(r"room\(s\) on 127\.0\.0\.1:(\d+)", self.output), timeout=60,
                   message=lambda: f"the hub did not start: {self.output}")
        self.url = "http://127.0.0.1:" + re.findall(r"room\(s\) on 127\.0\.0\.1:(\d+)", self.output)[0]
        self.key = re.findall(r"key=([\w-]+)", self.output)[0]

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def post(self, path: str, body: dict[str, Any], **headers: str) -> dict[str, Any]:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", **headers})
        with urllib.request.urlopen(request, timeout=10) as reply:
            data: dict[str, Any] = json.loads(reply.read())
        return data

    def results(self, event_id: str) -> dict[str, Any]:
        with urllib.request.urlopen(f"{self.url}/api/events/{event_id}/results", timeout=10) as reply:
            data: dict[str, Any] = json.loads(reply.read())
        return data

    def director(self, event_id: str, key: str, event: str) -> dict[str, Any]:
        """One director event over a real websocket; its ack."""
        ws = websocket.create_connection(self.url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                         timeout=10)
        try:
            assert ws.recv().startswith("0")
            ws.send("40" + json.dumps({"event": event_id, "role": "director", "key": key}))
            ws.send("421" + json.dumps([event, {}]))
            while True:
                frame = ws.recv()
                if frame == "2":
                    ws.send("3")
                found = re.match(r"431\[(.*)\]$", frame, re.S)
                if found:
                    ack: dict[str, Any] = json.loads(found[1])
                    return ack
        finally:
            ws.close()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def _tables(data: dict[str, Any], round_no: int) -> list[dict[str, Any]]:
    return list(data["rounds"][round_no - 1]["tables"]) if len(data["rounds"]) >= round_no else []


def test_a_kill_9_mid_event_resumes_the_event_and_every_table(tmp_path: Path) -> None:
    first = Served(tmp_path)
    try:
        made = first.post("/api/events", {"format": "knockout", "table_min": 4, "table_max": 4, "final_size": 4,
                                          "bots": True}, **{"X-Host-Key": first.key})
        event_id, key = made["id"], made["key"]
        for n in range(1, 13):
            assert first.post(f"/api/events/{event_id}/players", {"name": f"P{n:02d}"})["ok"]
        assert first.director(event_id, key, "director:start")["ok"]
        wait_until(lambda: len(_tables(first.results(event_id), 1)) == 3, timeout=30, message="round 1 drawn")
    finally:
        first.kill()
    second = Served(tmp_path)
    try:
        kept = second.results(event_id)
        assert kept["status"] == "running" and len(kept["rounds"]) == 1
        assert not all(t["result"] for t in _tables(kept, 1)), "the kill came while round 1 was played"
        wait_until(lambda: all(t["result"] for t in _tables(second.results(event_id), 1)), timeout=120,
                   message=lambda: f"every table of round 1 resumed to its end: {_tables(second.results(event_id), 1)}")
        for _ in range(5):  # each round played by its bots, then the next drawn, to the champion
            if second.results(event_id)["champion"]:
                break
            assert second.director(event_id, key, "director:next_round")["ok"]
            wait_until(lambda: all(t["result"] for t in second.results(event_id)["rounds"][-1]["tables"]),
                       timeout=120, message="the round played")
        done = second.results(event_id)
        assert done["champion"] and done["rounds"][-1]["stage"] == "final"
        for rnd in done["rounds"]:
            seated = [p for t in rnd["tables"] for p in t["players"]]
            assert len(seated) == len(set(seated)), "nobody at two tables"
            for table in rnd["tables"]:
                assert sorted(f["player"] for f in table["result"]) == sorted(table["players"])
    finally:
        second.kill()
