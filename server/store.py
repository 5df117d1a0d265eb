"""SQLite (WAL) in the data folder: rooms, seats with tokens, every event, a snapshot per action.

A save is committed before `save` returns (a kill -9 loses nothing saved). On gevent's loop
the transaction runs on a real OS thread (`asyncmode.offload`): only the saving rooms wait for
the disk (a WAL checkpoint can take tens of milliseconds), the loop and every other room go on;
and the saves that arrive while one transaction is being written are committed together in
the next (group commit: a busy hall costs one hand-off and one commit per batch, not per move).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dudo_hub.server import asyncmode, fastjson

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


class Store:
    """One connection shared by the hub's threads (serialised by a lock)."""

    def __init__(self, folder: Path | str, group_commit: bool | None = None) -> None:
        self.path = Path(folder) / FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._group = asyncmode.patched() if group_commit is None else group_commit
        self._next = _Batch()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)

    def save(self, record: dict[str, Any], events: list[dict[str, Any]], source: str) -> None:
        """Write a room's record and seats; append its new events and (in a game) a snapshot.
        Committed when this returns."""
        rows = _Rows.of(record, events, source, time.time())  # JSON here: the writing thread needs no GIL
        if not self._group:
            with self._lock:
                asyncmode.offload(self._write, [rows])
            return
        batch = self._next
        batch.rows.append(rows)
        if batch.led:  # another save leads this batch: wait for its commit
            batch.done.wait()
        else:
            batch.led = True
            try:
                with self._lock:  # the previous batch is being written meanwhile; saves keep joining this one
                    self._next = _Batch()
                    asyncmode.offload(self._write, batch.rows)
            except BaseException as err:
                batch.error = err
                raise
            finally:
                batch.done.set()
        if batch.error is not None:
            raise batch.error

    def _write(self, batch: list[_Rows]) -> None:
        """One transaction for the saves of `batch`, in order (on a real OS thread on gevent's loop)."""
        db = self._db
        db.execute("BEGIN")
        try:
            for rows in batch:
                db.execute(
                    "INSERT INTO rooms (code, created, updated, record) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(code) DO UPDATE SET updated = excluded.updated, record = excluded.record",
                    rows.room,
                )
                db.execute("DELETE FROM seats WHERE room = ?", (rows.room[0],))
                db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows.seats)
                db.executemany("INSERT INTO events (room, version, at, source, event) VALUES (?, ?, ?, ?, ?)",
                               rows.events)
                if rows.snapshot is not None:
                    db.execute("INSERT INTO snapshots (room, version, at, state) VALUES (?, ?, ?, ?)", rows.snapshot)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

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
        """Close the connection."""
        with self._lock:
            self._db.close()


class _Batch:
    """Saves committed together (gevent mode): the first one in leads, the others wait for its commit."""

    def __init__(self) -> None:
        self.rows: list[_Rows] = []
        self.led = False
        self.done = threading.Event()
        self.error: BaseException | None = None


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
        return cls(
            (code, now, now, fastjson.dumps(record)),
            [(code, i, s["player"], s["kind"], s["token"], s["level"], int(s["takeover"]), int(s["left"]))
             for i, s in enumerate(record["seats"])],
            [(code, version, now, source, fastjson.dumps(e)) for e in events],
            (code, version, now, fastjson.dumps(state)) if state is not None and events else None,
        )
