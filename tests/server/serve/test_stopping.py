"""`server.stopping.close_hub`: a change under way when the hub stops finishes and is saved; none after."""

from __future__ import annotations

import json
import sqlite3
import threading
import time

from dudo_hub.server.cli.stopping import close_hub
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _saved_seats(path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        (record,) = db.execute("SELECT record FROM rooms").fetchone()
    finally:
        db.close()
    return [seat["player"] for seat in json.loads(record)["seats"]]


def test_a_change_under_way_is_saved_and_none_comes_after(tmp_path):
    hub = get_hub(create_app(TestConfig(DATA_DIR=tmp_path)))
    room = hub.room(hub.default_code)
    inside = threading.Event()

    def slow_change() -> None:
        with room.lock:  # a change that has begun when the stop comes
            inside.set()
            time.sleep(0.3)
            room.add_bot(None)

    changing = threading.Thread(target=slow_change)
    changing.start()
    assert inside.wait(5)
    close_hub(hub)
    changing.join(5)
    assert _saved_seats(tmp_path / "hub.sqlite3") == ["Bot 1"]
    late = threading.Thread(target=lambda: room.add_bot(None), daemon=True)
    late.start()
    late.join(0.3)
    assert late.is_alive(), "a change after the stop must wait (for the process to end), not hit a closed store"
    assert _saved_seats(tmp_path / "hub.sqlite3") == ["Bot 1"]
