"""A championship in the hub (docs/EVENTS.md, the hub side): a director page drives it over the
socket, every table is a room whose game's end records its result, the hall screen hears it all,
and the event goes on from the store after a restart of the hub."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from directorkit import director, make_event, ok, screen
from flask import Flask
from hubkit import Client, host_of, pick_move

from dudo_hub.catalogue import LANGS, message
from dudo_hub.championship import CODES, Event
from dudo_hub.server.hub.core import Hub
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def _names(n: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(1, n + 1)]


def play_to_champion(desk: Client, hall: Client, rounds: int = 10) -> dict[str, Any]:
    for _ in range(rounds):
        shown = screen(hall)
        if shown["status"] == "finished":
            return shown
        assert shown["rounds"][-1]["complete"], "bots at every seat play each table to its end at once"
        ok(desk, "director:next_round")
    raise AssertionError("no champion")


def check_draws(shown: dict[str, Any], hub: Hub) -> None:
    codes = set()
    for rnd in shown["rounds"]:
        seated = [p for t in rnd["tables"] for p in t["players"]]
        assert len(seated) == len(set(seated)), f"round {rnd['round']}: a player at two tables"
        for table in rnd["tables"]:
            room = hub.room(table["room"])
            assert [s.player for s in room.seats] == table["players"], "the room seats the draw, in order"
            assert room.over and sorted(table["result"]) == sorted(table["players"])
            codes.add(table["room"])
    assert len(codes) == sum(len(r["tables"]) for r in shown["rounds"]), "a room per table"


@pytest.fixture
def kept(tmp_path: Path) -> Flask:
    return create_app(TestConfig(DATA_DIR=tmp_path))


def test_a_knockout_of_26_with_bots_to_its_champion(kept: Flask) -> None:
    hub = get_hub(kept)
    event_id, key = make_event(kept, hub, format="knockout", table_min=5, table_max=6, final_size=6, bots=True)
    desk, hall = director(kept, event_id, key), Client(kept, "hall", "", event=event_id)
    assert screen(hall)["status"] == "registering" and "hosts" not in screen(hall)
    for name in _names(26):
        ok(desk, "director:register", {"name": name})
    assert desk.ask("director:register", {"name": "player 01"})["code"] == "duplicate_player"
    ok(desk, "director:start")
    shown = play_to_champion(desk, hall)
    sizes = [[len(t["players"]) for t in r["tables"]] for r in shown["rounds"]]
    assert sizes == [[6, 5, 5, 5, 5], [5, 5], [6]], sizes
    assert shown["rounds"][-1]["stage"] == "final"
    assert shown["champion"] == shown["rounds"][-1]["tables"][0]["result"][0] == shown["standings"][0]["player"]
    assert sorted(s["player"] for s in shown["standings"]) == _names(26)
    check_draws(shown, hub)
    assert hub.evenings is not None
    kept_games = hub.evenings.history.games()
    tables = [t for r in shown["rounds"] for t in r["tables"]]
    assert sorted(g["room"] for g in kept_games) == sorted(t["room"] for t in tables), "every table's game kept"
    hosts = screen(desk)["hosts"]
    assert hosts[shown["rounds"][0]["tables"][0]["room"]] == hub.room(shown["rounds"][0]["tables"][0]["room"]).host_key
    data = kept.test_client().get(f"/api/events/{event_id}/results").get_json()
    assert data["champion"] == shown["champion"] and len(data["rounds"]) == 3
    csv = kept.test_client().get(f"/api/events/{event_id}/results?format=csv").get_data(as_text=True)
    assert csv.startswith("section,round,stage,table,room,place,player")
    hub.close()


def test_a_corrected_result_changes_the_standings_and_keeps_its_reason(kept: Flask) -> None:
    hub = get_hub(kept)
    event_id, key = make_event(kept, hub, format="knockout", table_min=4, table_max=4, final_size=4, bots=True)
    desk = director(kept, event_id, key)
    for name in _names(8):
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    ok(desk, "director:next_round")
    final = screen(desk)["rounds"][-1]["tables"][0]
    before = final["result"]
    swapped = [before[1], before[0], *before[2:]]
    assert desk.ask("director:correct", {"round": 2, "table": 1, "order": swapped, "reason": " "})["code"] == \
        "reason_required"
    ok(desk, "director:correct", {"round": 2, "table": 1, "order": swapped, "reason": "misread the last cup"})
    shown = screen(desk)
    assert shown["champion"] == before[1] == shown["standings"][0]["player"]
    assert shown["corrections"] == [{"round": 2, "table": 1, "reason": "misread the last cup", "before": before,
                                     "after": swapped}]
    hub.close()
    again = create_app(TestConfig(DATA_DIR=hub.config.DATA_DIR))
    kept_event = Event.from_dict(get_hub(again).desk.get(event_id).to_record()["event"])
    assert kept_event.corrections[0].reason == "misread the last cup"
    get_hub(again).close()


def test_the_event_goes_on_after_a_restart(kept: Flask, tmp_path: Path) -> None:
    hub = get_hub(kept)
    event_id, key = make_event(kept, hub, format="knockout", table_min=5, table_max=6, final_size=6, bots=True)
    desk = director(kept, event_id, key)
    for name in _names(26):
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    ok(desk, "director:pause")
    first = screen(desk)
    again = create_app(TestConfig(DATA_DIR=tmp_path))  # as after a kill -9: the first hub never closed its store
    hub2 = get_hub(again)
    desk2, hall2 = director(again, event_id, key), Client(again, "hall", "", event=event_id)
    shown = screen(hall2)
    assert shown["status"] == "paused" and shown["rounds"] == [{**r, "tables": [
        {**t, "progress": shown["rounds"][0]["tables"][i]["progress"]} for i, t in enumerate(r["tables"])]}
        for r in first["rounds"]]
    ok(desk2, "director:resume")
    shown = play_to_champion(desk2, hall2)
    assert shown["champion"] is not None
    check_draws(shown, hub2)
    hub2.close()
    hub.close()


def _phone_plays(room: Any, phone: Client, me: str) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        if room.over:
            return
        assert room.to_act() == me, "the bots have moved: the game waits for the phone"
        reply = phone.move(**pick_move(phone.state["legal"], rng))
        assert reply["ok"], reply
    raise AssertionError("the game did not end")


def test_a_table_cut_mid_game_by_a_stop_resumes_and_records_its_result(tmp_path: Path) -> None:
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    event_id, key = make_event(app, hub, format="knockout", table_min=4, table_max=4, final_size=4)
    desk = director(app, event_id, key)
    for name in _names(8):
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    tables = screen(desk)["rounds"][0]["tables"]
    room = hub.room(tables[0]["room"])
    assert [s.kind for s in room.seats] == ["human"] * 4, "seats kept for the drawn players' phones"
    phone = Client(app, "phone", room.code)
    reply = phone.ask("seat:take", {"name": tables[0]["players"][2].upper()})
    me, token = reply["player"], reply["token"]
    assert reply["ok"] and me == tables[0]["players"][2], "a phone claims its seat by name"
    assert screen(desk)["rounds"][0]["tables"][0]["progress"]["seats"][me] is True
    ok(desk, "director:table_start", {"round": 1, "table": 1})
    host = host_of(app, hub, room.code)
    for player in tables[0]["players"]:
        if player != me:
            ok(host, "host:bot_takeover", {"player": player})
    if room.over:
        pytest.skip("the phone went out in its first round")  # seed-dependent; the seeds here keep it in
    again = create_app(TestConfig(DATA_DIR=tmp_path))  # as after a kill -9: the first hub never closed its store
    hub2 = get_hub(again)
    desk2 = director(again, event_id, key)
    assert desk2.ask("director:next_round", {})["code"] == "round_not_complete"
    room2 = hub2.room(room.code)
    assert room2.started and not room2.over
    _phone_plays(room2, Client(again, "phone", room.code, token=token), me)
    table = screen(desk2)["rounds"][0]["tables"][0]
    assert sorted(table["result"]) == sorted(tables[0]["players"])
    outs = [e["player"] for e in hub2.store.events(room.code) if e.get("kind") == "player_out"]  # type: ignore[union-attr]
    assert table["result"] == [room2.state.players[room2.state.winner], *reversed(outs)]  # type: ignore[union-attr,index]
    host2 = host_of(again, hub2, tables[1]["room"])
    ok(desk2, "director:table_start", {"round": 1, "table": 2})
    for player in tables[1]["players"]:
        ok(host2, "host:bot_takeover", {"player": player})
    ok(desk2, "director:next_round")
    assert len(screen(desk2)["rounds"]) == 2
    hub2.close()
    hub.close()


def test_the_director_key_and_roles_are_checked(app: Flask, hub: Hub) -> None:
    event_id, key = make_event(app, hub)
    assert not Client(app, "director", "", event=event_id, key="wrong").connected
    assert not Client(app, "hall", "", event="NOPE").connected
    hall = Client(app, "hall", "", event=event_id)
    assert hall.ask("director:start", {})["code"] == "not_director"
    assert hall.ask("sync", {})["code"] == "bad_role"
    tv = Client(app, "tv", hub.default_code)
    assert tv.ask("director:register", {"name": "Ann"})["code"] == "not_director"
    desk = director(app, event_id, key)
    assert desk.ask("director:register", {"name": 3})["code"] == "bad_payload"
    assert desk.ask("director:start", {})["code"] == "too_few_players"
    assert desk.ask("director:settings", {"table_min": 7, "table_max": 6})["code"] == "bad_table_size"
    ok(desk, "director:settings", {"format": "rounds", "rounds": 2, "lang": "it"})
    assert screen(desk)["settings"]["format"] == "rounds" and screen(desk)["lang"] == "it"
    assert desk.ask("director:next_round", {})["message"] != "err.event_not_running"
    refused = app.test_client().post("/api/events", json={}, headers={"X-Host-Key": "nope"})
    assert refused.status_code == 403


@pytest.mark.parametrize("lang", LANGS)
def test_every_championship_code_has_a_sentence(lang: str) -> None:
    for code in CODES:
        assert message(code, lang) != f"err.{code}", (lang, code)


def test_the_director_page_needs_its_key_and_the_hall_screen_does_not(app: Flask, hub: Hub) -> None:
    event_id, key = make_event(app, hub, lang="fr")
    web = app.test_client()
    page = web.get(f"/director/{event_id}?key={key}")
    assert page.status_code == 200 and f'data-director-key="{key}"' in page.get_data(as_text=True)
    assert 'lang="fr"' in page.get_data(as_text=True) and "/static/js/director.js" in page.get_data(as_text=True)
    assert web.get(f"/director/{event_id}?key=nope").status_code == 403
    hall = web.get(f"/hall/{event_id.lower()}")
    assert hall.status_code == 200 and "/static/js/hall.js" in hall.get_data(as_text=True)
    assert key not in hall.get_data(as_text=True)
    assert web.get("/hall/NOPE").status_code == 404 and web.get("/api/events/NOPE/results").status_code == 404


def test_a_phone_registers_itself_while_registration_is_open(app: Flask, hub: Hub) -> None:
    event_id, key = make_event(app, hub, table_min=2, table_max=2, final_size=2, advance=1)
    web = app.test_client()
    assert web.get(f"/enter/{event_id}").status_code == 200
    qr = web.get(f"/qr/event/{event_id}.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    reply = web.post(f"/api/events/{event_id}/players", json={"name": "  Ana   Bo "})
    assert reply.status_code == 200 and reply.get_json()["player"] == "Ana Bo"
    again = web.post(f"/api/events/{event_id}/players", json={"name": "ana bo"}).get_json()
    assert (again["ok"], again["code"]) == (False, "duplicate_player") and again["message"]
    assert web.post(f"/api/events/{event_id}/players", json={"name": 5}).get_json()["code"] == "bad_payload"
    assert web.post(f"/api/events/{event_id}/players", data="nope").get_json()["code"] == "bad_payload"
    assert web.post("/api/events/NOPE/players", json={"name": "Cy"}).status_code == 404
    desk = director(app, event_id, key)
    ok(desk, "director:register", {"name": "Cy"})
    ok(desk, "director:start")
    closed = web.post(f"/api/events/{event_id}/players", json={"name": "Di"}).get_json()
    assert closed["code"] == "registration_closed"
    assert screen(desk)["players"] == ["Ana Bo", "Cy"]


def test_a_kept_seat_left_or_kicked_in_the_lobby_waits_for_its_name_again(tmp_path: Path) -> None:
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    event_id, key = make_event(app, hub, format="knockout", table_min=4, table_max=4, final_size=4)
    desk = director(app, event_id, key)
    for name in _names(4):
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    room = hub.room(screen(desk)["rounds"][0]["tables"][0]["room"])
    drawn = [s.player for s in room.seats]
    phone = Client(app, "phone", room.code)
    ok(phone, "seat:take", {"name": drawn[0]})
    ok(phone, "seat:leave")
    assert [s.player for s in room.seats] == drawn and room.seat(drawn[0]).token is None
    again = Client(app, "phone", room.code)
    token = again.ask("seat:take", {"name": drawn[0]})["token"]
    assert [s.player for s in room.seats] == drawn
    ok(host_of(app, hub, room.code), "host:seat_remove", {"player": drawn[0]})
    assert [s.player for s in room.seats] == drawn and room.seat(drawn[0]).token is None
    assert not Client(app, "phone", room.code, token=token).connected, "the kicked token holds no seat"
    hub.close()
    restored = get_hub(create_app(TestConfig(DATA_DIR=tmp_path)))
    assert all(s.kept for s in restored.room(room.code).seats), "kept after a restart"
    restored.close()


def test_the_rounds_format_with_bots_to_its_champion(kept: Flask) -> None:
    hub = get_hub(kept)
    event_id, key = make_event(kept, hub, format="rounds", rounds=2, table_min=4, table_max=5, final_size=5,
                               bots=True)
    desk, hall = director(kept, event_id, key), Client(kept, "hall", "", event=event_id)
    for name in _names(14):
        ok(desk, "director:register", {"name": name})
    ok(desk, "director:start")
    shown = play_to_champion(desk, hall)
    assert [r["stage"] for r in shown["rounds"]] == ["heat", "heat", "final"]
    assert all(len({p for t in r["tables"] for p in t["players"]}) == 14 for r in shown["rounds"][:2]), \
        "everyone plays every heat"
    assert shown["champion"] == shown["standings"][0]["player"] == shown["rounds"][-1]["tables"][0]["result"][0]
    check_draws(shown, hub)
    hub.close()
