"""The store on gevent's loop: commits on the loop (no fsync in WAL mode), and the WAL
checkpoints, SQLite's slow part, from a second connection on a real OS thread, every
`CHECKPOINT_EVERY` saves. Runs in gevent mode only (inside tests/gevent_pytest.py, which
test_gevent_mode.py runs)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from dudo_hub.server import asyncmode
from dudo_hub.server.store import CHECKPOINT_EVERY, Store

pytestmark = pytest.mark.skipif(not asyncmode.patched(), reason="runs in gevent mode (tests/gevent_pytest.py)")


def _record(code: str, version: int) -> dict[str, Any]:
    seat = {"player": "Ann", "kind": "phone", "token": "t", "level": None, "takeover": False, "left": False}
    return {"code": code, "state": {"version": version}, "seats": [seat]}


class Watched:
    """The checkpointing connection, noting which OS thread runs each statement."""

    def __init__(self, connection: Any) -> None:
        self.connection, self.threads = connection, []

    def execute(self, sql: str) -> Any:
        self.threads.append(threading.get_native_id())
        return self.connection.execute(sql)

    def close(self) -> None:
        self.connection.close()


def test_checkpoints_run_off_the_loop_while_rooms_save(tmp_path):
    import gevent

    store = Store(tmp_path)
    assert store._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    watched = store._checkpointer = Watched(store._checkpointer)

    def room(code: str) -> None:
        for version in range(1, 11):
            store.save(_record(code, version), [{"kind": "bid", "n": version}], "phone")

    rooms = CHECKPOINT_EVERY // 10 * 2
    gevent.joinall([gevent.spawn(room, f"R{n:03d}") for n in range(rooms)], raise_error=True)
    store.close()  # after the checkpoint in progress
    assert store.checkpoints >= 1 and watched.threads
    assert threading.get_native_id() not in watched.threads
    again = Store(tmp_path)
    assert {r["code"]: r["state"]["version"] for r in again.load()} == {f"R{n:03d}": 10 for n in range(rooms)}
    assert [e["n"] for e in again.events("R000")] == list(range(1, 11))
    again.close()
