"""The protocol as code (server/protocol): the handlers, the generated docs and page constants, the
messages the hub really sends, the one move <-> action conversion and the codes refusals use."""

from __future__ import annotations

import random
import re
from collections import Counter

import msgspec
import pytest
from hubkit import ROOT, Client, host_of, pick_move, seat

from dudo_hub import engine, protocol
from dudo_hub.engine.chance import random_action
from dudo_hub.engine.errors import CODES as ENGINE_CODES
from dudo_hub.protocol import messages
from dudo_hub.protocol.errors import HUB_CODES, HubError
from dudo_hub.protocol.generate.__main__ import OUTPUTS, stale
from dudo_hub.protocol.moves import random_move
from dudo_hub.server.handlers.game import HANDLERS


def test_every_handled_event_has_its_type_and_every_type_its_handler():
    assert set(HANDLERS) == {event.name for event in protocol.EVENTS}


@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_the_committed_files_are_what_the_protocol_generates(name):
    assert name not in stale(ROOT), f"{name} is stale: run python -m dudo_hub.protocol.generate --write"


def test_a_changed_doc_is_caught(tmp_path):
    for name, make in OUTPUTS.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(make(), encoding="utf-8")
    assert stale(tmp_path) == []
    doc = tmp_path / "docs/protocol.md"
    doc.write_text(doc.read_text(encoding="utf-8").replace("`seat:take`", "`seat:grab`"), encoding="utf-8")
    assert stale(tmp_path) == ["docs/protocol.md"]


def test_the_page_constants_name_every_event_field_and_kind():
    js = (ROOT / "web_display/static/js/protocol.js").read_text(encoding="utf-8")
    for event in protocol.EVENTS:
        assert f'"{event.name}"' in js
    assert '"move": [\n    "action",\n    "quantity",\n    "face",\n    "version",\n    "clockwise"\n  ]' in js
    for kind in (*engine.events.KINDS, "dice_opened", "count_confirmed"):
        assert f'"{kind}"' in js


def test_every_code_a_refusal_uses_is_a_known_code():
    used = set()
    for path in [*(ROOT / "server").rglob("*.py"), *(ROOT / "protocol").rglob("*.py")]:
        used |= set(re.findall(r'HubError\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    assert used and used <= set(HUB_CODES) | set(ENGINE_CODES)


def test_a_malformed_field_is_named_in_the_detail(app, hub):
    phone = seat(app, hub.default_code, "Ann")
    reply = phone.ask("move", {"version": 0, "action": "bid", "quantity": "2", "face": 3})
    assert reply["code"] == "bad_payload" and "quantity" in reply["detail"] and "move" in reply["detail"]
    reply = phone.ask("dice:enter", {"dice": [1, 7]})
    assert reply["code"] == "bad_payload" and "dice" in reply["detail"]
    assert phone.ask("seat:leave", {"extra": "ignored"})["ok"]


def test_every_ack_has_one_shape(app, hub):
    phone, host = seat(app, hub.default_code, "Ann"), host_of(app, hub)
    replies = [phone.ask("sync", {}), phone.ask("move", {}), host.ask("host:bot_add", {}), host.ask("nope", {}),
               host.ask("host:start", {}), phone.ask("move", {"version": 0, "action": "dudo"})]
    for reply in replies:
        ack = msgspec.convert(reply, protocol.Ack)
        assert ack.ok is (ack.code == "ok") and ack.message
    assert hub.room(hub.default_code).submit("Ann", "three fives")["code"] == "bad_payload"


def _check_all(client: Client) -> int:
    client.pump()
    for name, data in client.received:
        if name in messages.BY_NAME:
            messages.check(name, data)
    return len(client.received)


def test_the_messages_the_hub_sends_have_the_protocols_shapes(app, hub):
    code = hub.default_code
    host, tv = host_of(app, hub), Client(app, "tv", code)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    room, rng = hub.room(code), random.Random(7)
    while not room.over:
        player = room.to_act()
        assert phones[player].move(**pick_move(phones[player].state["legal"], rng))["ok"]
    assert all(_check_all(c) > 3 for c in (host, tv, *phones.values()))
    assert messages.check("state", phones["Ann"].state).you.player == "Ann"
    assert {name for name, _ in host.received} >= {"lobby", "state", "voice"}


def test_a_scoreboard_hosts_state_has_its_stand_in(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = [seat(app, code, name) for name in ("Ann", "Bob")]
    assert host.ask("host:config", {"dice": "scoreboard"})["ok"] and host.ask("host:start", {})["ok"]
    state = messages.check("state", host.state)
    assert state.stand_in and set(state.stand_in) <= {"Ann", "Bob"}
    assert all(_check_all(c) for c in (host, *phones))


def test_a_wrong_shape_is_caught():
    with pytest.raises(msgspec.ValidationError):
        messages.check("caption", {"words": "tre"})
    with pytest.raises(msgspec.ValidationError):
        messages.check("reveal_end", {"round": "one"})


def test_every_move_converts_to_its_action_and_back():
    rng = random.Random(3)
    seen = set()
    for preset, options in (("dudo", {"loser_chooses_direction": True}), ("perudo", {}), ("parker", {})):
        state, _ = engine.settle_chance(engine.new_game(["Ann", "Bob", "Cy"], engine.make_rules(preset, options)), rng)
        for _ in range(300):
            legal = [a for p in state.players for a in engine.legal_actions(state, p)]
            if not legal:
                break
            for action in legal:
                data = protocol.move_payload(action, version=state.version)
                assert data["version"] == state.version
                assert protocol.to_action(action.player, protocol.read_move(data)) == action
                seen.add(data["action"])
            state, _ = engine.apply(state, random_action(state, rng))
            state, _ = engine.settle_chance(state, rng)
    assert seen == set(protocol.ACTIONS)


def test_a_random_move_from_a_phones_legal_payload_is_legal_and_every_kind_comes_up():
    rng = random.Random(4)
    seen = Counter()
    for preset, options in (("dudo", {"loser_chooses_direction": True, "calza": "anyone"}), ("parker", {})):
        for _ in range(10):
            state = engine.new_game(["Ann", "Bob", "Cy"], engine.make_rules(preset, options))
            while state.phase is not engine.Phase.OVER:
                for player in state.players:
                    move = random_move(engine.legal_summary(state, player), rng)
                    assert (move is None) == (not engine.legal_actions(state, player)), (player, move)
                    if move is not None:
                        action = protocol.to_action(player, protocol.read_move(move))
                        assert engine.is_legal(state, action), (move, state.phase)
                        seen[move["action"]] += 1
                state, _ = engine.apply(state, random_action(state, rng))
    assert set(seen) == set(protocol.ACTIONS)
    assert random_move({"bids": {}, "dudo": False, "calza": False, "direction": False}, rng) is None


def test_a_malformed_move_is_refused_by_the_one_reader():
    for bad in ({"action": "shout"}, {"action": "bid", "quantity": 2}, {"action": "direction", "clockwise": 1},
                {"action": "bid", "quantity": True, "face": 2}):
        with pytest.raises(msgspec.ValidationError):
            protocol.read_move(bad)


def test_the_choices_the_pages_offer_are_those_the_hub_takes():
    from dudo_hub.protocol.generate.jsgen import choices

    offered = choices()
    assert offered["host:voice"]["mode"] == ["always", "after_button"]  # the host page's order
    for event, fields in offered.items():
        for field, values in fields.items():
            for value in values:
                assert getattr(protocol.read_payload(event, {field: value}), field) == value
            with pytest.raises(HubError):
                protocol.read_payload(event, {field: "none of those"})


def test_every_code_is_documented_and_has_its_sentence():
    import json

    codes = [c for c in (*HUB_CODES, *ENGINE_CODES) if c != "ok"]
    section = (ROOT / "docs/protocol.md").read_text(encoding="utf-8").split("## Error codes", 1)[1]
    assert [c for c in codes if f"`{c}`" not in section] == []
    for lang_file in (ROOT / "catalogue/strings").glob("*.json"):
        strings = json.loads(lang_file.read_text(encoding="utf-8"))
        assert [c for c in codes if f"err.{c}" not in strings] == [], lang_file.name
