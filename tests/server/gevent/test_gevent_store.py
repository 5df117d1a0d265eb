"""The store on gevent's loop: commits on the loop (no fsync in WAL mode), and the WAL
checkpoints, SQLite's slow part, from a second connection on a real OS thread, every
`CHECKPOINT_EVERY` saves. Runs in gevent mode only (inside tests/gevent_pytest.py, which
test_gevent_mode.py runs)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from dudo_hub.server.store.database import CHECKPOINT_EVERY, Store
from dudo_hub.server.web import asyncmode

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


def test_saves_made_while_the_loop_is_busy_share_a_transaction(tmp_path):
    import gevent

    store = Store(tmp_path)
    group = store._group
    assert group is not None

    def room(code: str) -> None:
        for version in range(1, 6):
            store.save(_record(code, version), [{"kind": "bid", "n": version}], "phone")
            gevent.sleep(0)  # the room's next move comes later

    gevent.joinall([gevent.spawn(room, f"R{n:03d}") for n in range(40)], raise_error=True)
    assert group.batches < 40  # 200 saves, a handful of transactions
    store.close()
    again = Store(tmp_path)
    assert {r["code"]: r["state"]["version"] for r in again.load()} == {f"R{n:03d}": 5 for n in range(40)}
    assert [e["n"] for e in again.events("R039")] == [1, 2, 3, 4, 5]
    assert again.snapshot_count("R000") == 5
    again.close()


def test_a_save_returns_once_another_connection_can_read_it(tmp_path):
    import sqlite3

    import gevent

    store = Store(tmp_path)
    seen: list[int] = []

    def room() -> None:
        store.save(_record("ABCD", 7), [{"kind": "bid"}], "phone")
        reader = sqlite3.connect(store.path)
        seen.extend(r[0] for r in reader.execute("SELECT version FROM snapshots WHERE room = 'ABCD'"))
        reader.close()

    gevent.spawn(room).join()
    store.close()
    assert seen == [7]


def test_a_failed_transaction_is_raised_in_every_save_of_its_batch_and_the_next_one_is_written(tmp_path):
    import sqlite3

    import gevent

    store = Store(tmp_path)
    write = store._write
    store._write = lambda batch: (_ for _ in ()).throw(sqlite3.OperationalError("disk I/O error"))
    failed = [gevent.spawn(store.save, _record(f"R{n}", 1), [], "phone") for n in range(5)]
    gevent.joinall(failed)
    assert all(isinstance(g.exception, sqlite3.OperationalError) for g in failed)
    store._write = write
    gevent.spawn(store.save, _record("R0", 2), [{"kind": "bid"}], "phone").get()
    assert [(r["code"], r["state"]["version"]) for r in store.load()] == [("R0", 2)]
    store.close()


def test_a_loop_that_never_idles_still_gets_its_saves_written(tmp_path):
    import gevent

    store = Store(tmp_path)
    busy = [True]

    def spin() -> None:  # a greenlet always ready to run: the loop is never idle
        while busy[0]:
            gevent.sleep(0)

    spinner = gevent.spawn(spin)
    with gevent.Timeout(10):  # a liveness check: without the timer's path this never returns
        gevent.spawn(store.save, _record("ABCD", 1), [], "phone").get()
    busy[0] = False
    spinner.join()
    assert [r["code"] for r in store.load()] == ["ABCD"]
    store.close()


def test_closing_writes_the_saves_still_waiting(tmp_path):
    import gevent

    store = Store(tmp_path)
    savers = [gevent.spawn(store.save, _record(f"R{n}", 3), [{"kind": "bid"}], "phone") for n in range(4)]
    gevent.sleep(0)  # every saver is waiting for its batch
    store.close()
    gevent.joinall(savers, raise_error=True)
    again = Store(tmp_path)
    assert sorted(r["code"] for r in again.load()) == ["R0", "R1", "R2", "R3"]
    again.close()


def test_a_save_that_cannot_be_written_fails_alone_and_its_batch_is_written(tmp_path):
    import gevent

    store = Store(tmp_path)
    group, sizes = store._group, []
    assert group is not None
    write = group._write
    group._write = lambda saves: (sizes.append(len(saves)), write(saves))  # type: ignore[method-assign]
    bad = {**_record("BAD0", 1), "state": {"version": 1, "cup": object()}}  # no JSON for it
    savers = {code: gevent.spawn(store.save, bad if code == "BAD0" else _record(code, 1), [{"kind": "bid"}], "phone")
              for code in ("R0", "R1", "BAD0", "R2")}
    gevent.joinall(list(savers.values()))
    assert sizes == [4, 1, 1, 1, 1]  # the batch, then each save alone
    assert isinstance(savers["BAD0"].exception, TypeError)
    assert all(savers[code].successful() for code in ("R0", "R1", "R2"))
    assert sorted(r["code"] for r in store.load()) == ["R0", "R1", "R2"]
    assert [e["kind"] for e in store.events("R1")] == ["bid"]
    store.close()
