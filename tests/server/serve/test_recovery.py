"""Kill the hub mid-round, start it on the same data folder: same rooms, seats, dice and turn."""

from __future__ import annotations

import random

from hubkit import Client, host_of, pick_move, play_out, seat

from dudo_hub.server.store.database import Store
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def test_a_restarted_hub_resumes_the_round(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob", "Cy")}
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    rng = random.Random(2)
    for _ in range(2):
        phone = phones[room.to_act()]
        assert phone.move(**pick_move({**phone.state["legal"], "dudo": False}, rng))["ok"]
    before = room.state
    sealed = room.game.commitment
    tokens = {n: p.token for n, p in phones.items()}
    host_key = room.host_key
    hub.close()  # the process dies: no disconnects, nothing flushed on purpose

    app2 = create_app(TestConfig(DATA_DIR=tmp_path))
    hub2 = get_hub(app2)
    try:
        assert list(hub2.rooms) == [code] and hub2.default_code == code
        again = hub2.room(code)
        assert again.state == before and again.host_key == host_key
        assert again.game.commitment == sealed
        assert [s.player for s in again.seats] == ["Ann", "Bob", "Cy", "Bot 1"]
        back = {n: Client(app2, "phone", code, token=t) for n, t in tokens.items()}
        for n, phone in back.items():
            view = phone.state["view"]
            assert view["my_dice"] == list(before.dice[before.seat_of(n)])
            assert view["turn"] == before.players[before.turn] and view["version"] == before.version
        assert Client(app2, "host", code, key=host_key).connected
        play_out(hub2, code, back, rng)
    finally:
        hub2.close()
    store = Store(tmp_path)
    kinds = [e["kind"] for e in store.events(code)]
    assert kinds.count("round_started") >= 2 and kinds[-1] == "game_over"
    assert store.snapshot_count(code) > 5
    store.close()


def test_a_restarted_lobby_keeps_its_seats(tmp_path):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    code = hub.default_code
    ann = seat(app, code, "Ann")
    extra = hub.create_room(preset="perudo", lang="en")
    hub.close()
    app2 = create_app(TestConfig(DATA_DIR=tmp_path))
    hub2 = get_hub(app2)
    try:
        assert set(hub2.rooms) == {code, extra.code} and hub2.default_code == code
        assert hub2.room(extra.code).rules.preset == "perudo" and hub2.room(extra.code).lang == "en"
        phone = Client(app2, "phone", code, token=ann.token)
        assert phone.state["you"]["player"] == "Ann"
    finally:
        hub2.close()


def test_the_seats_table_follows_every_seat_change_and_skips_moves(tmp_path):
    """Seat rows are written when the seats change (not at every move) and always match the record."""
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    code = hub.default_code
    try:
        host = host_of(app, hub)
        phones = {n: seat(app, code, n) for n in ("Ann", "Bob", "Cy")}
        assert phones["Cy"].ask("seat:leave", {})["ok"]
        assert host.ask("host:bot_add", {})["ok"]
        assert host.ask("host:start", {})["ok"]
        del phones["Cy"]
        rows = hub.store._db.execute("SELECT player, kind FROM seats WHERE room = ? ORDER BY idx", (code,)).fetchall()
        assert rows == [("Ann", "human"), ("Bob", "human"), ("Bot 1", "bot")]
        statements: list[str] = []
        hub.store._db.set_trace_callback(statements.append)
        play_out(hub, code, phones, random.Random(4))
        assert not any(s.startswith(("DELETE FROM seats", "INSERT INTO seats")) for s in statements)
        assert sum("INSERT INTO snapshots" in s for s in statements) > 5
    finally:
        hub.close()
