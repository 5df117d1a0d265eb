"""SQLite (WAL) in the data folder: rooms, seats with tokens, every event, a snapshot per action.

A save is committed before `save` returns (a kill -9 loses nothing saved). A commit in WAL
mode with synchronous=NORMAL writes no fsync, but writes the WAL's pages: 0.1 to 0.15 ms, most
of a save's time (2026-12-01); on gevent's loop the saves made while the loop is busy share one
transaction (`server.groupcommit`). The stalls (10 to 130 ms) are the WAL checkpoints, which
SQLite runs inside a commit every 1000 pages. On gevent's loop the store runs them itself instead, every
`CHECKPOINT_EVERY` saves, from a second connection on a real OS thread (`asyncmode.offload`):
one C call, so the loop keeps the GIL. (Offloading every transaction was measured worse: the
GIL passes back and forth at each statement, and on a busy machine each pass waits for the
scheduler.)
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from dudo_hub.server.store.groupcommit import GroupCommit
from dudo_hub.server.web import asyncmode, fastjson

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL, idx INTEGER NOT NULL, player TEXT NOT NULL, kind TEXT NOT NULL,
    token TEXT, level TEXT, takeover INTEGER NOT NULL, left_game INTEGER NOT NULL,
    PRIMARY KEY (room, idx));
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, version INTEGER NOT NULL,
    at REAL NOT NULL, source TEXT NOT NULL, event TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots (
    id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, version INTEGER NOT NULL,
    at REAL NOT NULL, state TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS events_room ON events (room, id);
CREATE INDEX IF NOT EXISTS snapshots_room ON snapshots (room, id);
"""
FILE = "hub.sqlite3"
CHECKPOINT_EVERY = 200  # saves between two checkpoints in gevent mode (about 1 MB of WAL)
log = logging.getLogger(__name__)
_Save = tuple[dict[str, Any], list[dict[str, Any]], str, float]  # record, events, source, time


class Store:
    """One connection shared by the hub's threads (serialised by a lock)."""

    def __init__(self, folder: Path | str, background_checkpoints: bool | None = None,
                 group_commit: bool | None = None) -> None:
        self.path = Path(folder) / FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._background = asyncmode.patched() if background_checkpoints is None else background_checkpoints
        self._saves = 0
        self._seats: dict[str, list[tuple[Any, ...]]] = {}  # room -> its seat rows as last committed
        self.checkpoints = 0
        self._idle = threading.Event()  # no checkpoint running
        self._idle.set()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            if self._background:
                self._db.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints are ours, off the loop
            self._db.executescript(SCHEMA)
        self._checkpointer = sqlite3.connect(self.path, check_same_thread=False) if self._background else None
        grouped = self._background if group_commit is None else group_commit
        self._group: GroupCommit[_Save] | None = GroupCommit(self._commit) if grouped else None

    def save(self, record: dict[str, Any], events: list[dict[str, Any]], source: str) -> None:
        """Write a room's record and seats; append its new events and (in a game) a snapshot.
        Committed when this returns (on gevent's loop, in one transaction with the saves made
        while the loop was busy: `server.groupcommit`)."""
        if self._group is not None:
            self._group.submit((record, events, source, time.time()))
        else:
            self._commit([(record, events, source, time.time())])

    def _commit(self, saves: list[_Save]) -> None:
        """One transaction for `saves`; a checkpoint every `CHECKPOINT_EVERY` saves on gevent's loop."""
        batch = [_Rows.of(*save) for save in saves]
        with self._lock:
            self._write(batch)
            before, self._saves = self._saves, self._saves + len(batch)
            due = (self._background and before // CHECKPOINT_EVERY != self._saves // CHECKPOINT_EVERY
                   and self._idle.is_set())
            if due:
                self._idle.clear()
        if due:
            threading.Thread(target=self._checkpoint, name="dudo-checkpoint", daemon=True).start()

    def _checkpoint(self) -> None:
        """Copy the WAL into the database (fsync: tens of milliseconds) on a real OS thread; saves go on."""
        try:
            assert self._checkpointer is not None
            asyncmode.offload(self._checkpointer.execute, "PRAGMA wal_checkpoint(PASSIVE)")
            self.checkpoints += 1
        except Exception:
            log.exception("a checkpoint of %s failed", self.path)
        finally:
            self._idle.set()

    def _write(self, batch: list[_Rows]) -> None:
        """One transaction for the saves of `batch`, in order (seat rows only when they changed:
        a move leaves them as they were)."""
        db = self._db
        seats: dict[str, list[tuple[Any, ...]]] = {}
        db.execute("BEGIN")
        try:
            for rows in batch:
                code = rows.room[0]
                db.execute(
                    "INSERT INTO rooms (code, created, updated, record) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(code) DO UPDATE SET updated = excluded.updated, record = excluded.record",
                    rows.room,
                )
                if seats.get(code, self._seats.get(code)) != rows.seats:
                    db.execute("DELETE FROM seats WHERE room = ?", (code,))
                    db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows.seats)
                    seats[code] = rows.seats
                if rows.events:
                    db.executemany("INSERT INTO events (room, version, at, source, event) VALUES (?, ?, ?, ?, ?)",
                                   rows.events)
                if rows.snapshot is not None:
                    db.execute("INSERT INTO snapshots (room, version, at, state) VALUES (?, ?, ?, ?)", rows.snapshot)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        self._seats.update(seats)  # committed

    def load(self) -> list[dict[str, Any]]:
        """Every room's latest record, oldest room first."""
        with self._lock:
            rows = self._db.execute("SELECT record FROM rooms ORDER BY created, code").fetchall()
        return [json.loads(r[0]) for r in rows]

    def events(self, room: str) -> list[dict[str, Any]]:
        """Every event recorded for `room`, in order."""
        with self._lock:
            rows = self._db.execute("SELECT event FROM events WHERE room = ? ORDER BY id", (room,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def snapshot_count(self, room: str) -> int:
        """How many snapshots `room` has."""
        with self._lock:
            row = self._db.execute("SELECT COUNT(*) FROM snapshots WHERE room = ?", (room,)).fetchone()
        return int(row[0])

    def close(self) -> None:
        """Close the connections (after the saves waiting and a checkpoint in progress)."""
        if self._group is not None:
            self._group.flush()
        self._idle.wait(30)
        with self._lock:
            self._db.close()
            if self._checkpointer is not None:
                self._checkpointer.close()


@dataclass(frozen=True)
class _Rows:
    """One save's rows, encoded."""

    room: tuple[Any, ...]
    seats: list[tuple[Any, ...]]
    events: list[tuple[Any, ...]]
    snapshot: tuple[Any, ...] | None

    @classmethod
    def of(cls, record: dict[str, Any], events: list[dict[str, Any]], source: str, now: float) -> _Rows:
        code, state = record["code"], record["state"]
        version = state["version"] if state else 0
        state_json = fastjson.dumps(state) if state is not None else None
        return cls(
            (code, now, now, fastjson.dumps({**record, "state": orjson.Fragment(state_json or "null")})),
            [(code, i, s["player"], s["kind"], s["token"], s["level"], int(s["takeover"]), int(s["left"]))
             for i, s in enumerate(record["seats"])],
            [(code, version, now, source, fastjson.dumps(e)) for e in events],
            (code, version, now, state_json) if state_json is not None and events else None,
        )
