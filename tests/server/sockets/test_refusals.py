"""Every refusal is an ack with a code; nothing crashes the hub or the connection."""

from __future__ import annotations

import pytest
from hubkit import Client, host_of, seat

from dudo_hub.server.web.app import TestConfig, create_app, get_hub


@pytest.fixture
def table(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    return room, host, phones


def _to_act(table):
    room, _, phones = table
    return phones[room.to_act()], [p for n, p in phones.items() if n != room.to_act()]


MALFORMED = [
    ("move", ["a list"]),
    ("move", "a string"),
    ("move", 42),
    ("move", {"action": "bid", "quantity": 2, "face": 3}),  # no version
    ("move", {"version": "1", "action": "dudo"}),
    ("move", {"version": True, "action": "dudo"}),
    ("move", {"version": 1, "action": "shout"}),
    ("move", {"version": 1}),
    ("move", {"version": 1, "action": "bid", "quantity": "2", "face": 3}),
    ("move", {"version": 1, "action": "bid", "quantity": 2.5, "face": 3}),
    ("move", {"version": 1, "action": "bid", "quantity": True, "face": 3}),
    ("move", {"version": 1, "action": "bid", "quantity": 10**30, "face": 3}),
    ("move", {"version": 1, "action": "x" * 100_000}),
    ("move", {"version": 1, "action": "direction", "clockwise": "yes"}),
    ("move", {1: 2}),
    ("voice:cancel", {}),
    ("voice:cancel", {"version": None}),
    ("seat:take", {"name": 7}),
    ("seat:take", {"name": "x" * 100_000}),
    ("seat:take", None),
    ("host:config", {"options": ["wild_ones"]}),
    ("host:config", {"preset": 3}),
    ("host:config", {"lang": "klingon"}),
    ("host:bot_add", {"level": {"deep": True}}),
    ("host:seat_remove", {"player": None}),
    ("host:bot_takeover", {}),
]


@pytest.mark.parametrize(("event", "payload"), MALFORMED)
def test_malformed_payloads_are_bad_payload(app, hub, event, payload):
    code = hub.default_code
    host = host_of(app, hub)
    phone = seat(app, code, "Ann") if event != "seat:take" else Client(app, "phone", code)
    sender = host if event.startswith("host:") else phone
    reply = sender.ask(event, payload)
    assert reply["ok"] is False and reply["code"] == "bad_payload", reply
    assert reply["message"]
    assert sender.connected
    assert sender.ask("sync", {})["ok"]


def test_two_payloads_are_bad_payload(app, hub):
    phone = seat(app, hub.default_code, "Ann")
    assert phone.raw.emit("sync", {}, {}, callback=True)["code"] == "bad_payload"


def test_illegal_moves_carry_the_engine_code(table):
    phone, others = _to_act(table)
    assert phone.move(action="bid", quantity=1, face=1)["code"] == "pacos_opening_not_allowed"
    assert phone.move(action="dudo")["code"] == "no_bid_to_challenge"
    assert phone.move(action="bid", quantity=1, face=7)["code"] == "invalid_bid"
    assert phone.move(action="bid", quantity=99, face=3)["code"] == "bid_too_high"
    assert others[0].move(action="bid", quantity=1, face=3)["code"] == "not_your_turn"
    assert phone.move(action="bid", quantity=2, face=3)["ok"]
    nxt, _ = _to_act(table)
    reply = nxt.move(action="bid", quantity=2, face=2)
    assert reply["code"] == "bid_not_higher" and "detail" in reply


def test_a_stale_version_is_refused(table):
    phone, _ = _to_act(table)
    version = phone.state["view"]["version"]
    assert phone.ask("move", {"version": version - 1, "action": "bid", "quantity": 2, "face": 3})[
        "code"] == "stale_version"
    assert phone.ask("move", {"version": version, "action": "bid", "quantity": 2, "face": 3})["ok"]


def test_wrong_credentials(app, hub, table):
    room, host, phones = table
    assert not Client(app, "phone", room.code, token="not-a-token").connected
    assert not Client(app, "host", room.code, key="guess").connected
    assert not Client(app, "tv", "ZZZZ").connected
    assert not Client(app, "referee", room.code).connected
    tv = Client(app, "tv", room.code)
    assert tv.ask("host:start", {})["code"] == "not_host"
    assert tv.ask("move", {"version": 1, "action": "dudo"})["code"] == "not_seated"
    assert phones["Ann"].ask("host:bot_add", {})["code"] == "not_host"


def test_game_over_and_not_started(app, hub):
    code = hub.default_code
    phone = seat(app, code, "Ann")
    assert phone.ask("move", {"version": 0, "action": "dudo"})["code"] == "not_started"
    assert host_of(app, hub).ask("host:start", {})["code"] == "bad_players"


def test_names_are_cleaned_capped_and_unique(app, hub):
    code = hub.default_code
    ann = Client(app, "phone", code)
    assert ann.ask("seat:take", {"name": "  An\x00n \t\n  the\u200b  Great  "})["player"] == "Ann the Great"
    long = Client(app, "phone", code).ask("seat:take", {"name": "L" * 50})
    assert long["player"] == "L" * 20
    assert Client(app, "phone", code).ask("seat:take", {"name": "ANN THE GREAT"})["code"] == "name_taken"
    assert Client(app, "phone", code).ask("seat:take", {"name": "\x01\x02 "})["code"] == "bad_payload"


def test_the_table_fills_up(app, hub):
    code = hub.default_code
    for n in range(10):
        seat(app, code, f"P{n}")
    assert Client(app, "phone", code).ask("seat:take", {"name": "Late"})["code"] == "room_full"


def test_rate_limit():
    app = create_app(TestConfig(RATE_CAPACITY=3, RATE_PER_SECOND=0.01))
    hub = get_hub(app)
    try:
        phone = seat(app, hub.default_code, "Ann")  # the seat's bucket starts once it is seated
        codes = [phone.ask("sync", {})["code"] for _ in range(5)]
        assert codes == ["ok", "ok", "ok", "rate_limited", "rate_limited"]
        other = seat(app, hub.default_code, "Bob")  # its own bucket
        assert other.ask("sync", {})["ok"]
    finally:
        hub.close()


def test_a_handler_failure_is_internal_error(app, hub, monkeypatch):
    phone = seat(app, hub.default_code, "Ann")
    room = hub.room(hub.default_code)

    def boom(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(room, "leave", boom)
    reply = phone.ask("seat:leave", {})
    assert reply == {"ok": False, "code": "internal_error", "message": reply["message"]}
    assert phone.ask("sync", {})["ok"]


def test_messages_follow_the_room_language(app, hub):
    host = host_of(app, hub)
    from dudo_hub.catalogue import catalogue

    assert host.ask("host:config", {"lang": "en"})["ok"]
    english = host.ask("host:seat_remove", {"player": "Nobody"})["message"]
    assert english == catalogue("en")["err.unknown_seat"]
    assert host.ask("host:config", {"lang": "it"})["ok"]
    italian = host.ask("host:seat_remove", {"player": "Nobody"})["message"]
    assert italian == catalogue("it")["err.unknown_seat"] != english
    assert host.state["room"]["lang"] == "it"


def test_rule_errors_name_what_exists(app, hub):
    host = host_of(app, hub)
    reply = host.ask("host:config", {"preset": "poker"})
    assert reply["code"] == "unknown_preset" and "liars_dice" in reply["detail"]
    reply = host.ask("host:config", {"options": {"wild": True}})
    assert reply["code"] == "unknown_option" and "wild_ones" in reply["detail"]
    assert host.ask("host:bot_add", {"level": "genius"})["code"] == "unknown_level"
