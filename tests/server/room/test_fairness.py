"""The fair-dice commitment: sealed before the round, opened at the reveal, checkable by anyone."""

from __future__ import annotations

import json
import random

from hubkit import Client, host_of, pick_move, seat

from dudo_hub.server.cli.serve import main as dudo_main
from dudo_hub.server.room import commitment


def test_every_round_opens_the_hash_shown_before_it(app, hub):
    code = hub.default_code
    tv = Client(app, "tv", code)
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    shown = {tv.state["room"]["commitment"]["round"]: tv.state["room"]["commitment"]["hash"]}
    rng = random.Random(5)
    opened = []
    while not room.over:
        phone = phones[room.to_act()]
        phone.move(**pick_move(phone.state["legal"], rng))
        for message in tv.pump():
            sealed = message["room"]["commitment"]
            if sealed:
                shown.setdefault(sealed["round"], sealed["hash"])
            opened += [e for e in message["events"] if e["kind"] == "dice_opened"]
    assert len(opened) == room.state.round_no >= 2
    for event in opened:
        assert event["hash"] == shown[event["round"]]
        assert commitment.verify(event["dice"], event["salt"], event["hash"])
        assert not commitment.verify(event["dice"], event["salt"] + "0", event["hash"])


def test_the_verify_page(app):
    http = app.test_client()
    dice = {"Ann": [5, 1, 3], "Bob": [2]}
    sealed = commitment.Commitment.seal(1, dice)
    query = {"hash": sealed.hash, "salt": sealed.salt, "dice": json.dumps(dice)}
    assert http.get("/verify", query_string=query).json["valid"] is True
    assert http.post("/verify", json={**query, "dice": {"Ann": [5, 1, 4], "Bob": [2]}}).json["valid"] is False
    assert http.get("/verify", query_string={"hash": "x"}).status_code == 400
    assert "usage" in http.get("/verify").json


def test_the_verify_command(capsys):
    dice = {"Ann": [6, 6], "Bob": [1]}
    sealed = commitment.Commitment.seal(3, dice)
    assert dudo_main(["verify", "--hash", sealed.hash, "--salt", sealed.salt, "--dice", json.dumps(dice)]) == 0
    assert "valid" in capsys.readouterr().out
    assert dudo_main(["verify", "--hash", sealed.hash, "--salt", "nope", "--dice", json.dumps(dice)]) == 1
    opened = json.dumps({"kind": "dice_opened", **sealed.opened()})
    assert dudo_main(["verify", "--event", opened]) == 0
