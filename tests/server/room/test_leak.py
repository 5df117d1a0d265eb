"""No seat and no TV ever sees another seat's dice before the reveal (first sync included)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hubkit import Client, host_of, pick_move, seat

from dudo_hub.engine import GameState, Phase
from dudo_hub.server.room.commitment import Commitment


def _record_truth(hub, truth: dict[int, tuple[GameState, Commitment | None]]) -> None:
    """Remember the state and sealed commitment behind every version the hub sends."""
    emit = hub.emit

    def recording(event: str, data: dict[str, Any], sid: str) -> None:
        if event in ("state", "state_patch"):
            room = hub.room(hub.viewers[sid].room)
            if room.state is not None:
                truth.setdefault(room.state.version, (room.state, room.game.commitment))
        emit(event, data, sid)

    hub.emit = recording


def _dice_maps(node: Any, round_no: int | None = None, out: list[tuple[int | None, dict]] | None = None):
    """Every {player: [faces]} mapping in a message, with the nearest enclosing `round` tag."""
    out = [] if out is None else out
    if isinstance(node, dict):
        tag = node.get("round", round_no) if isinstance(node.get("round"), int) else round_no
        dice = node.get("dice")
        if isinstance(dice, dict):
            out.append((tag, dice))
        for value in node.values():
            _dice_maps(value, tag, out)
    elif isinstance(node, list):
        for item in node:
            _dice_maps(item, round_no, out)
    return out


def _check(client: Client, player: str | None, message: dict, truth) -> None:
    view = message["view"]
    if view is None:
        assert message["legal"] is None
        return
    state, sealed = truth[view["version"]]
    mine: list[int] = []
    if player is not None and state.phase is Phase.BIDDING and state.counts[state.seat_of(player)] > 0:
        mine = list(state.dice[state.seat_of(player)])
    assert view["my_dice"] == mine, (client.role, player, view["my_dice"], mine)
    text = json.dumps(message)
    if sealed is None or state.phase is not Phase.BIDDING:
        return
    assert sealed.salt not in text
    tagged = dict(message, events=[dict(e) for e in message["events"]])
    events = tagged["events"]
    for i, event in enumerate(events):
        if event.get("kind") == "reveal":  # the engine's event names no round: the opening follows it
            opened = events[i + 1]
            assert opened["kind"] == "dice_opened" and opened["dice"] == event["dice"]
            event["round"] = opened["round"]
    for tag, dice in _dice_maps(tagged):
        assert tag is not None and tag < sealed.round_no, (client.role, player, tag, dice)


@pytest.mark.parametrize("preset", ["dudo", "perudo", "revolver"])
def test_nobody_sees_other_cups_before_the_reveal(app, hub, preset):
    truth: dict[int, tuple[GameState, Commitment | None]] = {}
    _record_truth(hub, truth)
    code = hub.default_code
    tv = Client(app, "tv", code)
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": preset})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    late = Client(app, "tv", code)  # a first sync in the middle of a round
    rng = random.Random(11)
    room = hub.room(code)
    moves = 0
    while not room.over:
        phone = phones[room.to_act()]
        assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
        moves += 1
        if moves == 7:
            rejoined = Client(app, "phone", code, token=phones["Bob"].token)
            assert rejoined.state["you"]["player"] == "Bob"
            _check(rejoined, "Bob", rejoined.log[0], truth)
    everyone = [(tv, None), (host, None), (late, None)] + [(p, n) for n, p in phones.items()]
    checked = 0
    for client, player in everyone:
        client.pump()
        assert client.log, "no first sync"
        assert any(name == "state_patch" for name, _ in client.received), "the patches were checked too"
        for message in client.log:  # every state as the page has it: whole, or patched
            _check(client, player, message, truth)
            checked += 1
        for name, data in client.received:  # every other payload: notices and the lobby
            if name not in ("state", "state_patch"):  # a patch's values are in the states checked above
                assert _dice_maps(data) == [] and "my_dice" not in json.dumps(data), (name, data)
                checked += 1
    assert checked > 100
    assert room.game.last_round is not None and room.game.last_round["salt"] in json.dumps(tv.log[-1])


def test_the_first_sync_of_a_seat_is_its_own_view(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    ann, bob = seat(app, code, "Ann"), seat(app, code, "Bob")
    assert host.ask("host:start", {})["ok"]
    state = hub.room(code).state
    again = Client(app, "phone", code, token=ann.token)
    first = again.log[0] if again.pump() or again.log else None
    assert first is not None and first["you"]["player"] == "Ann"
    assert first["view"]["my_dice"] == list(state.dice[0])
    tv = Client(app, "tv", code)
    assert tv.state["view"]["my_dice"] == [] and tv.state["legal"] is None and tv.state["you"] is None
    assert bob.state["view"]["my_dice"] == list(state.dice[1])


def test_entered_cups_stay_with_their_phone_until_the_reveal(app, hub):
    """Referee mode: every cup is typed into its phone; nobody else sees it before the reveal."""
    truth: dict[int, tuple[GameState, Commitment | None]] = {}
    _record_truth(hub, truth)
    code = hub.default_code
    tv, host = Client(app, "tv", code), host_of(app, hub)
    assert host.ask("host:config", {"dice": "referee", "options": {"max_dice": 3}})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    room, rng = hub.room(code), random.Random(5)
    entered: dict[str, list[int]] = {}
    while not room.over:
        waiting = tv.state["room"]["real"]["waiting"]
        if waiting:
            for name in waiting:
                held = room.state.counts[room.state.seat_of(name)]
                entered[name] = sorted(rng.randint(1, 6) for _ in range(held))
                assert phones[name].ask("dice:enter", {"dice": entered[name]})["ok"]
            continue
        phone = phones[room.to_act()]
        assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
    for client, player in [(tv, None), (host, None)] + [(p, n) for n, p in phones.items()]:
        client.pump()
        for message in client.log:
            _check(client, player, message, truth)
            you = message["you"] or {}
            assert "entered" not in you or you["player"] == player


def test_spectators_and_every_history_payload_see_nothing_before_the_games_end(tmp_path):
    """Several games with a spectator phone (no seat) and the host replaying kept games meanwhile:
    no `evening` or `replay` payload, and no spectator message, holds a cup of the round being played."""
    from dudo_hub.server.web.app import TestConfig, create_app, get_hub

    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    truth: dict[int, tuple[GameState, Commitment | None]] = {}
    _record_truth(hub, truth)
    checked: list[str] = []
    emit = hub.emit

    def scanning(event: str, data: Any, to: str) -> None:
        if event in ("evening", "replay"):
            room = hub.room(data["room"])
            sealed = room.game.commitment
            text = json.dumps(data)
            if sealed is not None and room.state is not None and not room.over:
                assert sealed.salt not in text and sealed.hash not in text, event
                assert all(dice != sealed.dice for _, dice in _dice_maps(data)), event
            kept = {g["id"] for g in hub.evenings.history.games()}
            assert data.get("game") in kept | {None} if event == "replay" else \
                {g["id"] for g in data["history"]} <= kept
            checked.append(event)
        emit(event, data, to)

    hub.emit = scanning
    try:
        code = hub.default_code
        host = host_of(app, hub)
        watcher = Client(app, "phone", code)  # "watch": a phone without a seat
        phones = {name: seat(app, code, name) for name in ("Ann", "Bob")}
        assert host.ask("host:bot_add", {})["ok"]
        rng = random.Random(3)
        room = hub.room(code)
        for game in range(3):
            if game == 1:
                assert host.ask("host:config", {"dice": "referee", "options": {"max_dice": 3}})["ok"]
            watcher.pump()
            seen = len(watcher.log)
            truth.clear()  # versions start again with each game
            assert host.ask("host:start", {})["ok"]
            moves = 0
            while not room.over:
                waiting = room.frame.public["real"]["waiting"]
                if waiting:
                    for name in waiting:
                        held = room.state.counts[room.state.seat_of(name)]
                        cup = [rng.randint(1, 6) for _ in range(held)]
                        assert phones[name].ask("dice:enter", {"dice": cup})["ok"]
                    continue
                phone = phones[room.to_act()]
                assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
                moves += 1
                if game and moves % 9 == 0:  # the host replays an earlier game during this one
                    kept = hub.evenings.history.games()[0]["id"]
                    assert host.ask("host:replay", {"game": kept, "step": moves // 9})["ok"]
                    assert watcher.ask("evening:get", {})["ok"]
            watcher.pump()
            assert len(watcher.log) > seen
            for message in watcher.log[seen:]:
                assert message["you"] is None and message["legal"] is None
                _check(watcher, None, message, truth)
            assert host.ask("host:restart", {})["ok"]
        assert len(hub.evenings.history.games()) == 3
        assert {name for name, _ in watcher.received} >= {"state", "state_patch", "evening", "replay"}
        assert checked.count("replay") > 2 and checked.count("evening") > 3
        for message in watcher.log:
            assert message["view"] is None or message["view"]["my_dice"] == []
    finally:
        hub.close()
