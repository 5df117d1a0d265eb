"""Every championship (docs/EVENTS.md) kept in the store's SQLite file, table `championships`
(the file's `events` table holds the rooms' game events): one row an event, its record as one
JSON document, written whole at every change and committed before `save` returns.

A record is `{"id", "key_hash", "event": Event.to_dict(), "rooms": {"R:T": code}, "lang", "bots",
"created", "updated"}`; `key_hash` is the SHA-256 of the director's key (the key itself is never kept).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from dudo_hub.server.store.database import FILE
from dudo_hub.server.web import asyncmode

SCHEMA = """
CREATE TABLE IF NOT EXISTS championships (
    id TEXT PRIMARY KEY, key_hash TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    record TEXT NOT NULL);
"""


class Championships:
    """The events of a data folder (its own connection to the store's file)."""

    def __init__(self, folder: Path | str) -> None:
        path = Path(folder) / FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")  # as the store: a commit writes no fsync
            if asyncmode.patched():
                self._db.execute("PRAGMA wal_autocheckpoint=0")  # the store checkpoints, off gevent's loop
            self._db.executescript(SCHEMA)

    def save(self, record: dict[str, Any]) -> None:
        """Write an event's record (insert or replace); committed when this returns."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO championships (id, key_hash, created, updated, record) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET updated = excluded.updated, record = excluded.record",
                (record["id"], record["key_hash"], now, now, json.dumps(record)))

    def load(self) -> list[dict[str, Any]]:
        """Every event's record, oldest first (with its `created` and `updated` times)."""
        with self._lock:
            rows = self._db.execute("SELECT record, created, updated FROM championships "
                                    "ORDER BY created, id").fetchall()
        return [{**json.loads(r[0]), "created": r[1], "updated": r[2]} for r in rows]

    def get(self, event_id: str) -> dict[str, Any] | None:
        """One event's record (any case of its id), or None."""
        found = [r for r in self.load() if str(r["id"]).upper() == str(event_id).upper()]
        return found[0] if found else None

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()
