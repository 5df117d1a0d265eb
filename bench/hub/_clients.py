"""Light bench clients: Socket.IO over one websocket each, spoken by hand on an asyncio loop.

Hundreds of connections per client process cost little CPU, so on a small machine the figures
measure the server more than the clients. The same clients drive the hub and the bare transport.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from dudo_hub.protocol.moves import random_move
from dudo_hub.server.hub.statepatch import Held
from dudo_hub.server.web.asyncmode import settle_heap

PHONES = 6


class Conn:
    """One Socket.IO connection: `call(event, data)` awaits the ack; `state` messages (the hub's
    `state_patch` applied to the state before it) are timestamped by version (the hub's
    `view.version`, the floor's `v`); `state_bytes` counts the bytes of the frames that brought them."""

    def __init__(self) -> None:
        self.ws: ClientConnection | None = None
        self.held = Held(copies=False)
        self.state_bytes = 0
        self.latest: dict[str, Any] = {}
        self.seen: dict[int, float] = {}
        self.changed = asyncio.Event()
        self._acks: dict[int, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._reader: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, auth: dict[str, Any]) -> Conn:
        conn = cls()
        ws_url = url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        conn.ws = await connect(ws_url, compression=None, max_size=None, ping_interval=None, open_timeout=60,
                                close_timeout=1)
        opened = await conn.ws.recv()
        assert str(opened).startswith("0"), opened
        await conn.ws.send("40" + json.dumps(auth))
        while True:
            frame = str(await conn.ws.recv())
            if frame.startswith("40"):
                break
            if frame.startswith("44"):
                raise ConnectionError(frame)
        conn._reader = asyncio.get_running_loop().create_task(conn._read())
        return conn

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                text = str(frame)
                if text == "2":
                    await self.ws.send("3")
                elif text.startswith("42"):
                    self._event(json.loads(text[2:]), len(frame))
                elif text.startswith("43"):
                    head = text[2:].index("[") + 2
                    future = self._acks.pop(int(text[2:head]), None)
                    if future is not None and not future.done():
                        future.set_result(json.loads(text[head:])[0])
        except Exception:  # the connection closed: pending calls fail
            for future in self._acks.values():
                if not future.done():
                    future.set_exception(ConnectionError("closed"))

    def _event(self, message: list[Any], size: int) -> None:
        if message[0] not in ("state", "state_patch"):
            return
        now = time.perf_counter()
        self.state_bytes += size
        found = self.held.take(message[0], message[1])
        if found is None:
            raise ConnectionError(f"a patch after a gap: {message}")
        data = found
        view = data.get("view")  # the hub's (none in a lobby); the floor's messages number themselves
        version = view["version"] if view else None if "view" in data else data.get("v")
        if version is not None:
            self.seen.setdefault(version, now)
        self.latest = data
        self.changed.set()

    async def call(self, event: str, data: Any, timeout: float = 60.0) -> Any:
        assert self.ws is not None
        ack = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._acks[ack] = future
        await self.ws.send(f"42{ack}" + json.dumps([event, data]))
        return await asyncio.wait_for(future, timeout)

    async def seen_after(self, version: int, timeout: float = 60.0) -> float:
        """When this connection first saw a version newer than `version`."""
        deadline = time.monotonic() + timeout
        while True:
            later = [t for v, t in self.seen.items() if v > version]
            if later:
                return min(later)
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), max(0.001, deadline - time.monotonic()))

    async def first_state(self, timeout: float = 60.0) -> dict[str, Any]:
        """The first `state` message (a lobby's has no version)."""
        while not self.latest:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout)
        return self.latest

    def reset(self) -> None:
        self.seen.clear()
        self.latest = {}

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


def pick(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal move from a phone's `legal` payload (`random_move`, calling Dudo a quarter of the time)."""
    move = random_move(legal, rng, dudo=0.25)
    assert move is not None, f"no move in {legal}"
    return move


class Table:
    """One room's 8 connections: a TV, a host and 6 phones."""

    def __init__(self, kind: str, url: str, code: str, key: str) -> None:
        self.kind, self.url, self.code, self.key = kind, url, code, key
        self.tv: Conn | None = None
        self.host: Conn | None = None
        self.phones: dict[str, Conn] = {}

    async def open(self, limit: asyncio.Semaphore) -> None:
        async with limit:
            if self.kind == "floor":
                conns = [await Conn.open(self.url, {"room": self.code}) for _ in range(PHONES + 2)]
                self.tv, self.host = conns[0], conns[1]
                self.phones = {f"P{n}": c for n, c in enumerate(conns[2:])}
                return
            self.tv = await Conn.open(self.url, {"room": self.code, "role": "tv"})
            self.host = await Conn.open(self.url, {"room": self.code, "role": "host", "key": self.key})
            for n in range(PHONES):
                phone = await Conn.open(self.url, {"room": self.code, "role": "phone"})
                reply = await phone.call("seat:take", {"name": f"P{n}"})
                self.phones[reply["player"]] = phone
            await self.host.call("host:start", {})  # before the timed moves: the bare transport has no start

    @property
    def conns(self) -> list[Conn]:
        return [c for c in (self.tv, self.host, *self.phones.values()) if c is not None]

    async def play(self, moves: int, pace: float, out: list[float], stagger: bool = False) -> None:
        """Time `moves` moves: a phone sends one, latency = the last of the TV and 6 phones has the update.
        Every room makes its first move at once (each queues behind every other room's), or with
        `stagger` at a random moment within its first `pace` (a hall's rooms are not in step)."""
        rng = random.Random(self.code)
        watchers = [self.tv, *self.phones.values()]
        if stagger:
            await asyncio.sleep(pace * rng.uniform(0.0, 1.0))
        if self.kind == "floor":
            order = list(self.phones.values())
            for v in range(moves):
                start = time.perf_counter()
                await order[v % len(order)].call("go", {"v": v})
                out.append(max([await w.seen_after(v - 1) for w in watchers if w]) - start)
                await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
            return
        assert self.tv is not None and self.host is not None
        done = 0
        while done < moves:
            await self.tv.seen_after(-1)
            version, view = max(self.tv.seen), self.tv.latest["view"]
            if view["phase"] == "over":
                await asyncio.gather(*(w.seen_after(version - 1) for w in watchers if w))  # nothing stale after
                for w in self.conns:
                    w.reset()
                await self.host.call("host:restart", {})
                await self.host.call("host:start", {})
                continue
            mover = next((p for p in self.phones.values() if _may_move(p.latest, version)), None)
            if mover is None:
                await asyncio.sleep(0.002)
                continue
            start = time.perf_counter()
            reply = await mover.call("move", {"version": version, **pick(mover.latest["legal"], rng)})
            if not reply["ok"]:
                await asyncio.sleep(0.01)
                continue
            out.append(max([await w.seen_after(version) for w in watchers if w]) - start)
            done += 1
            await asyncio.sleep(pace * rng.uniform(0.5, 1.5))

    async def close(self) -> None:
        await asyncio.gather(*(c.close() for c in self.conns), return_exceptions=True)


def _may_move(state: dict[str, Any], version: int) -> bool:
    legal, view = state.get("legal"), state.get("view")
    return bool(legal and view and view["version"] == version
                and (legal["direction"] or view["turn"] == state["you"]["player"]))


def play_worker(kind: str, url: str, rooms: list[tuple[str, str]], moves: int, pace: float,
                started: Any, results: Any, stagger: bool = False, nice: int = 0) -> None:
    """A client process: open `rooms`' tables, wait for every process, play, send back the latencies (s),
    how long the play took and the CPU seconds it used. `nice`: this process's priority is lowered by
    that much (os.nice), so that the server it measures is not slowed by its own clients."""

    async def run() -> tuple[list[float], float, float]:
        tables = [Table(kind, url, code, key) for code, key in rooms]
        limit = asyncio.Semaphore(20)
        await asyncio.gather(*(t.open(limit) for t in tables))
        settle_heap()  # the clients' own full collections would show up as the server's tail
        await asyncio.get_running_loop().run_in_executor(None, started.wait)
        out: list[float] = []
        began, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(t.play(moves, pace, out, stagger) for t in tables))
        played, cpu = time.perf_counter() - began, time.process_time() - cpu
        await asyncio.gather(*(t.close() for t in tables))
        return out, played, cpu

    if nice:
        os.nice(nice)
    results.put(asyncio.run(run()))


def churn_worker(url: str, code: str, cycles: int, parallel: int, progress: Any) -> None:
    """Connect a TV, wait for its first state, close; `cycles` times, `parallel` at once."""

    async def one() -> None:
        conn = await Conn.open(url, {"room": code, "role": "tv"})
        await conn.first_state()
        await conn.close()

    async def lane(n: int) -> None:
        for _ in range(n):
            await one()
            progress.value += 1

    async def run() -> None:
        share = [cycles // parallel + (1 if i < cycles % parallel else 0) for i in range(parallel)]
        await asyncio.gather(*(lane(n) for n in share))

    asyncio.run(run())
