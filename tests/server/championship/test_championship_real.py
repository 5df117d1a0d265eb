"""A championship played with real cups (docs/EVENTS.md, the hub side). A scoreboard event, where
no bot can sit (the table counts its cups at each reveal): every table is played by phones on
their table's join page, each game's end records its result and the standings move on, to the
final and its champion. A referee event (each phone enters its cup): one table of phones, the
other a phone and a no-show played by a bot from the host page (the hub rolls its cup)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from directorkit import director, make_event, ok, screen
from flask import Flask
from hubkit import Client, host_of, pick_move, seat

from dudo_hub.server.room.room import Room
from dudo_hub.server.web.app import TestConfig, create_app, get_hub

NAMES = ["Ana", "Bruno", "Chiara", "Diego"]


def _play_counted(room: Room, phones: dict[str, Client], rng: random.Random) -> int:
    """Phones play the table's game to its end: legal moves; at each roll every phone still waited
    for enters its cup (referee); at each reveal the caller says how many dice show the face and
    another player confirms it (scoreboard); returns the cups entered and the reveals counted."""
    reals = 0
    for _ in range(1000):
        if room.over:
            return reals
        shown = next(iter(phones.values())).state
        view = shown["view"]
        if view["phase"] == "roll":
            waiting = shown["room"]["real"]["waiting"]
            assert waiting and set(waiting) <= set(phones), "the roll waits for the phones' cups only"
            for name in waiting:
                dice = room.state.counts[room.state.seat_of(name)]  # type: ignore[union-attr]
                ok(phones[name], "dice:enter", {"dice": [rng.randint(1, 6) for _ in range(dice)]})
                reals += 1
            continue
        if view["phase"] == "count":
            caller = view["counting"]["caller"]
            other = next(p for p in phones if p != caller)
            count = rng.randint(0, sum(room.state.counts))  # type: ignore[union-attr]
            ok(phones[caller], "count:propose", {"count": count})
            ok(phones[other], "count:confirm", {"count": count})
            reals += 1
            continue
        player = room.to_act()
        assert player in phones, f"the game waits for {player}, not one of the table's phones"
        reply = phones[player].move(**pick_move(phones[player].state["legal"], rng))
        assert reply["ok"], reply
    raise AssertionError("the game did not end")


def _play_round(app: Flask, desk: Client, round_no: int, rng: random.Random) -> list[dict[str, Any]]:
    """Every table of the round: its players' phones take their kept seats, the director deals, the
    phones play it out; returns the round's tables as the screens show them after."""
    hub = get_hub(app)
    tables = screen(desk)["rounds"][round_no - 1]["tables"]
    for table in tables:
        room = hub.room(table["room"])
        assert room.lobby.dice == "scoreboard" and [s.kind for s in room.seats] == ["human"] * len(table["players"])
        phones = {name: seat(app, room.code, name.lower()) for name in table["players"]}  # any case claims it
        assert [p.player for p in phones.values()] == table["players"]  # type: ignore[attr-defined]
        ok(desk, "director:table_start", {"round": round_no, "table": table["table"]})
        assert room.state is not None and set(room.state.dice[0]) == {0}, "no cup rolled by the hub: faces unknown"
        assert _play_counted(room, phones, rng) >= 1
        shown = screen(desk)["rounds"][round_no - 1]["tables"][table["table"] - 1]
        winner = room.state.players[room.state.winner]  # type: ignore[index]
        assert shown["result"][0] == winner and sorted(shown["result"]) == sorted(table["players"]), \
            "the game's end recorded as the table's result"
    return list(screen(desk)["rounds"][round_no - 1]["tables"])


def test_a_scoreboard_event_played_by_phones_to_its_champion(tmp_path: Path) -> None:
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    event_id, key = make_event(app, hub, format="knockout", dice_mode="scoreboard", table_min=2, table_max=2,
                               advance=1, final_size=2)
    desk, hall = director(app, event_id, key), Client(app, "hall", "", event=event_id)
    for name in NAMES:
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    rng = random.Random(36)
    heats = _play_round(app, desk, 1, rng)
    assert [len(t["players"]) for t in heats] == [2, 2]
    shown = screen(hall)
    assert shown["rounds"][0]["complete"] and shown["status"] == "running"
    standings = [s["player"] for s in shown["standings"]]
    winners = [t["result"][0] for t in heats]
    assert sorted(standings[:2]) == sorted(winners), "the heats' winners lead the standings"
    ok(desk, "director:next_round")
    final = screen(desk)["rounds"][1]
    assert final["stage"] == "final" and sorted(final["tables"][0]["players"]) == sorted(winners)
    _play_round(app, desk, 2, rng)
    shown = screen(hall)
    assert shown["status"] == "finished"
    assert shown["champion"] == shown["rounds"][1]["tables"][0]["result"][0] == shown["standings"][0]["player"]
    assert [s["place"] for s in shown["standings"]] == [1, 2, 3, 4]
    data = app.test_client().get(f"/api/events/{event_id}/results").get_json()
    assert data["settings"]["dice_mode"] == "scoreboard" and data["champion"] == shown["champion"]
    hub.close()


def test_a_referee_event_with_a_table_of_phones_and_one_with_a_bot_for_a_no_show(tmp_path: Path) -> None:
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    event_id, key = make_event(app, hub, format="knockout", dice_mode="referee", table_min=2, table_max=2,
                               advance=1, final_size=2)
    desk = director(app, event_id, key)
    for name in NAMES:
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    rng = random.Random(7)
    first, second = screen(desk)["rounds"][0]["tables"]
    room = hub.room(first["room"])
    phones = {name: seat(app, room.code, name) for name in first["players"]}
    ok(desk, "director:table_start", {"round": 1, "table": 1})
    assert room.state is not None and room.state.phase.value == "roll", "the table waits for its cups"
    assert _play_counted(room, phones, rng) >= 2
    assert screen(desk)["rounds"][0]["tables"][0]["result"][0] == room.state.players[room.state.winner]  # type: ignore[index]
    mixed = hub.room(second["room"])
    here, absent = second["players"]
    alone = {here: seat(app, mixed.code, here)}
    ok(desk, "director:table_start", {"round": 1, "table": 2})
    ok(host_of(app, hub, mixed.code), "host:bot_takeover", {"player": absent})
    assert mixed.over or _play_counted(mixed, alone, rng) >= 1
    shown = screen(desk)
    assert shown["rounds"][0]["complete"], "both tables' results recorded"
    assert sorted(s["player"] for s in shown["standings"][:2]) == sorted(t["result"][0] for t in
                                                                       shown["rounds"][0]["tables"])
    ok(desk, "director:next_round")
    assert screen(desk)["rounds"][1]["stage"] == "final"
    hub.close()
