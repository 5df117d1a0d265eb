"""The store on gevent's loop: saves made while a transaction is being written are committed
together in the next one, each `save` returns once its own rows are committed, in order.
Runs in gevent mode only (inside tests/gevent_pytest.py, which test_gevent_mode.py runs)."""

from __future__ import annotations

from typing import Any

import pytest

from dudo_hub.server import asyncmode
from dudo_hub.server.store import Store

pytestmark = pytest.mark.skipif(not asyncmode.patched(), reason="runs in gevent mode (tests/gevent_pytest.py)")


def _record(code: str, version: int) -> dict[str, Any]:
    seat = {"player": "Ann", "kind": "phone", "token": "t", "level": None, "takeover": False, "left": False}
    return {"code": code, "state": {"version": version}, "seats": [seat]}


def test_saves_from_many_rooms_are_committed_together_and_in_order(tmp_path):
    import gevent

    store = Store(tmp_path)
    batches: list[int] = []
    write = store._write

    def counting(batch: list[Any]) -> None:
        batches.append(len(batch))
        write(batch)

    store._write = counting  # type: ignore[method-assign]
    committed: list[tuple[str, int]] = []

    def room(code: str) -> None:
        for version in range(1, 6):
            store.save(_record(code, version), [{"kind": "bid", "n": version}], "phone")
            committed.append((code, version))

    gevent.joinall([gevent.spawn(room, f"R{n:03d}") for n in range(40)], raise_error=True)
    assert sum(batches) == 200 and len(batches) < 200, batches
    for n in range(40):
        code = f"R{n:03d}"
        assert [e["n"] for e in store.events(code)] == [1, 2, 3, 4, 5]
        assert [v for c, v in committed if c == code] == [1, 2, 3, 4, 5]
    assert {r["code"]: r["state"]["version"] for r in store.load()} == {f"R{n:03d}": 5 for n in range(40)}
    store.close()
