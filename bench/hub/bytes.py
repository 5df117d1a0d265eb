"""Bytes per move per connection: the whole `state` every time (before issue 20) against patches.

    .venv/bin/python -m bench.hub.bytes [--games 3] [--no-write]

Seeded games in every preset, in one process (Flask-SocketIO's test client: no network), each
room with a TV, a host and 6 phones playing legal moves (as in bench/hub/hall.py). For every message
a move brings a connection, the bytes of its Socket.IO text frame (`42["state_patch",{...}]`)
are counted, and beside them the frame the hub sent before patches: the whole state, as the
connection rebuilds it (the same message, with the move's events). Writes docs/BENCHMARKS.md
(section `bytes`).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from typing import Any

from bench._report import machine, write_section
from bench.hub._clients import pick
from dudo_hub.engine import PRESETS
from dudo_hub.server.hub.statepatch import Held
from dudo_hub.server.web import fastjson
from dudo_hub.server.web.app import TestConfig, create_app, get_hub, socketio

PHONES = 6


def frame_bytes(event: str, data: Any) -> int:
    """The size of the websocket text frame Socket.IO sends for `event` (namespace /)."""
    return len(("42" + fastjson.dumps([event, data])).encode())


class Counted:
    """A test client that counts the bytes of its state frames since the last `take`."""

    def __init__(self, app: Any, role: str, code: str, **auth: Any) -> None:
        self.raw = socketio.test_client(app, auth={"room": code, "role": role, **auth})
        self.role, self.held = role, Held(copies=False)
        self.latest: dict[str, Any] = {}
        self.sent = self.whole = self.messages = 0

    def pump(self) -> None:
        for message in self.raw.get_received():
            name, data = message["name"], message["args"][0] if message["args"] else None
            if name not in ("state", "state_patch"):
                continue
            state = self.held.take(name, data)
            assert state is not None, "a gap"
            self.latest = state
            self.sent += frame_bytes(name, data)
            self.whole += frame_bytes("state", {k: v for k, v in state.items() if k != "v"})
            self.messages += 1

    def reset(self) -> None:
        self.pump()
        self.sent = self.whole = self.messages = 0

    def ask(self, event: str, payload: Any) -> dict[str, Any]:
        reply: dict[str, Any] = self.raw.emit(event, payload, callback=True)
        return reply


def play(preset: str, games: int) -> dict[str, list[int]]:
    """Bytes per connection per move, by role: (patched, whole) lists of every move's figures."""
    app = create_app(TestConfig())
    hub = get_hub(app)
    try:
        code = hub.default_code
        room = hub.room(code)
        host = Counted(app, "host", code, key=room.host_key)
        assert host.ask("host:config", {"preset": preset})["ok"]
        tv = Counted(app, "tv", code)
        phones: dict[str, Counted] = {}
        for n in range(PHONES):
            phone = Counted(app, "phone", code)
            phones[phone.ask("seat:take", {"name": f"P{n}"})["player"]] = phone
        everyone = [tv, host, *phones.values()]
        rng = random.Random(f"bytes:{preset}")
        out: dict[str, list[int]] = defaultdict(list)
        for _ in range(games):
            assert host.ask("host:start", {})["ok"]
            while not room.over:
                for client in everyone:
                    client.reset()
                phone = phones[room.to_act()]
                phone.pump()
                move = {"version": room.version(), **pick(phone.latest["legal"], rng)}
                assert phone.ask("move", move)["ok"]
                for client in everyone:
                    client.pump()
                    out[f"{client.role} sent"].append(client.sent)
                    out[f"{client.role} whole"].append(client.whole)
                    out["messages"].append(client.messages)
            assert host.ask("host:restart", {})["ok"]
        return out
    finally:
        hub.close()


def report(games: int) -> tuple[str, float]:
    """The markdown table and the ratio of every connection's bytes, whole / patched."""
    rows: list[str] = []
    sent_all = whole_all = 0
    for preset in PRESETS:
        out = play(preset, games)
        moves = len(out["tv sent"])
        sent = sum(sum(out[f"{r} sent"]) for r in ("tv", "host", "phone"))
        whole = sum(sum(out[f"{r} whole"]) for r in ("tv", "host", "phone"))
        conns = moves * (PHONES + 2)
        sent_all, whole_all = sent_all + sent, whole_all + whole
        by_role = " / ".join(f"{statistics.fmean(out[f'{r} sent']):.0f}" for r in ("tv", "host", "phone"))
        rows.append(f"| {preset} | {moves} | {whole / conns:.0f} | {sent / conns:.0f} | {whole / sent:.1f}x "
                    f"| {by_role} | {statistics.fmean(out['messages']):.2f} |")
    ratio = whole_all / sent_all
    text = f"""## Bytes per move per connection: the whole state against patches (issue 20)

{machine()}. `python -m bench.hub.bytes` (--games {games}). Seeded games in every preset, a TV, a host and
{PHONES} phones per room (Flask-SocketIO's test client, no network). Bytes: the websocket text frames of
every `state` or `state_patch` a move brings a connection. Whole: the frame the hub sent before issue 20
(each move, every connection its whole state with the move's events), rebuilt from what the connection
holds. Patched: what the hub sends now (server/hub/stateout.py). By role: patched bytes for a TV / host / phone.

| preset | moves | whole B | patched B | whole / patched | by role (patched) B | messages per move per connection |
|---|---:|---:|---:|---:|---:|---:|
{chr(10).join(rows)}

All presets together: **{ratio:.1f}x fewer bytes** per move per connection (aim: at least 2x:
{"met" if ratio >= 2 else "not met"}).
"""
    return text, ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="games per preset")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    text, ratio = report(args.games)
    print(text)
    print(f"aim: bytes per move per connection at least halved: {'met' if ratio >= 2 else 'not met'} ({ratio:.1f}x)")
    if not args.no_write:
        write_section("bytes", text)


if __name__ == "__main__":
    main()
