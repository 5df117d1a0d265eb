"""Who is who at a glance: every seat has a mark (a colour and a shape), chosen on the phone at
join or the first free one, unique at the table, the same on every screen and kept with the room."""

from __future__ import annotations

from hubkit import Client, host_of, seat

from dudo_hub.server.room.seats import Seat


def test_each_seat_gets_a_mark_of_its_own(app, hub) -> None:
    code = hub.default_code
    host = host_of(app, hub)
    ann, bob = seat(app, code, "Ann"), seat(app, code, "Bob")
    marks = {s["player"]: s["mark"] for s in host.state["room"]["seats"]}
    assert marks == {"Ann": 0, "Bob": 1}, "the first free, in order"
    cy = Client(app, "phone", code)
    taken = cy.ask("seat:take", {"name": "Cy", "mark": 1})
    assert taken["code"] == "mark_taken" and not taken["ok"]
    assert cy.ask("seat:take", {"name": "Cy", "mark": 12})["code"] == "bad_payload"
    assert cy.ask("seat:take", {"name": "Cy", "mark": 5})["ok"]
    assert host.ask("host:bot_add", {"level": "easy"})["ok"]
    seats = host.state["room"]["seats"]
    assert [(s["player"], s["mark"]) for s in seats] == [("Ann", 0), ("Bob", 1), ("Cy", 5), ("Bot 1", 2)]
    assert len({s["mark"] for s in seats}) == len(seats), "unique at the table"
    assert ann.state["room"]["seats"] == seats == bob.state["room"]["seats"], "the same on every screen"
    assert ann.ask("seat:leave", {})["ok"]
    dan = Client(app, "phone", code)
    assert dan.ask("seat:take", {"name": "Dan", "mark": 0})["ok"], "a mark given back is free again"


def test_a_seat_keeps_its_mark_in_the_room_record() -> None:
    back = Seat.from_record(Seat("Ann", mark=7, token="t").to_record())
    assert back.mark == 7 and back.public()["mark"] == 7
    old = Seat("Bob", token="t").to_record()
    del old["mark"]
    assert Seat.from_record(old).mark is None, "a record from before marks has none"
    assert Seat.from_record({**old, "mark": 99}).mark is None
