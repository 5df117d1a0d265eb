"""State patches: each connection's patches rebuild exactly the state the hub would send it whole,
in every preset and for every viewer; a gap brings the whole state; a resumed seat starts whole."""

from __future__ import annotations

import copy
import json
import random
import shutil
import subprocess
from typing import Any

import orjson
import pytest
from hubkit import ROOT, Client, host_of, pick_move, seat
from hypothesis import given, settings
from hypothesis import strategies as st

from dudo_hub.engine import PRESETS
from dudo_hub.server.hub import stateout, statepatch
from dudo_hub.server.hub.core import Hub

JS = ROOT / "web_display" / "static" / "js" / "statepatch.js"

leaves = st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab", max_size=2)
json_values = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text("abcd", max_size=2), inner, max_size=16), max_leaves=40)


def canonical(value: Any) -> bytes:
    """JSON text with sorted keys: two documents a client cannot tell apart read the same."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_a_diff_applied_gives_the_new_document_exactly(old, new):
    before = copy.deepcopy(old)
    ops = statepatch.diff(old, new, [])
    assert old == before
    assert statepatch.apply(copy.deepcopy(old), ops) == new  # as Python (and the pages) compare


def test_a_growing_list_sends_only_its_new_items():
    same = {f"k{n}": n for n in range(statepatch.FEW)}
    old = {"history": [[2, 3], [3, 3]], "turn": "Ann", "gone": 0, 3: [1, 2], **same}
    new = {"history": [[2, 3], [3, 3], [4, 3]], "turn": "Bob", 3: [1, 3], **same}
    assert statepatch.diff(old, new, ["view"]) == [
        ["l", ["view", "history"], 2, [[4, 3]]], ["s", ["view", "turn"], "Bob"], ["s", ["view", "3"], [1, 3]],
        ["d", ["view", "gone"]]]
    assert statepatch.diff({"a": 1}, {"a": 2}, ["you"]) == [["s", ["you"], {"a": 2}]]  # few fields: whole


def test_views_that_share_parts_are_diffed_once_and_the_same():
    from dudo_hub.engine import apply, make_rules, new_game, shared_view_for
    from dudo_hub.engine.chance import random_action

    rng, viewers = random.Random(7), (None, "A", "B", "C")
    state = new_game(["A", "B", "C"], make_rules("dudo"))
    compared = 0
    for _ in range(80):
        if state.phase.value == "over":
            break
        after, _ = apply(state, random_action(state, rng))
        memo = stateout.Memo()
        for viewer in viewers:
            old, new = shared_view_for(state, viewer), shared_view_for(after, viewer)
            ops = stateout._ops({"view": old}, {"view": new}, memo)
            assert ops == statepatch.diff(dict(old), dict(new), ["view"])  # as if each view were its own
            assert statepatch.apply({"view": copy.deepcopy(old)}, ops) == {"view": new}
        assert len(memo.parts) == 1  # the public parts: compared once for every viewer
        shared = [key for key, value in shared_view_for(after, "A").items() if type(value) in (dict, list)
                  and value is shared_view_for(after, "B")[key] and value is not shared_view_for(state, "A")[key]]
        assert len(memo.fields) <= len(shared)  # each shared field's pair compared once, not once per seat
        compared += len(shared)
        state = after
    assert compared > 0


def test_a_patch_that_would_not_be_smaller_is_a_whole_state():
    sent, rules = stateout.Sent(), {"text": "x" * 100}
    assert stateout.update(sent, {"view": {"a": 1}, "rules": rules, "events": []})[0] == "state"  # nothing held
    event, data = stateout.update(sent, {"view": {"a": 2}, "rules": rules, "events": []})
    assert (event, data) == ("state_patch", {"v_from": 1, "v": 2, "ops": [["s", ["view"], {"a": 2}]], "events": []})
    assert stateout.update(sent, {"view": {"a": 3}, "events": []})[0] == "state"  # 3 bytes shorter: no patch
    event, data = stateout.update(sent, {"other": [1, 2, 3], "events": [{"kind": "x"}]})  # all of it changed
    assert event == "state" and data["v"] == 4 and data["other"] == [1, 2, 3] and data["events"] == [{"kind": "x"}]


def _sid(hub: Hub, client: Client) -> str:
    """The hub's sid (Socket.IO's) of a test client."""
    sid: str = hub_socketio(hub).server.manager.sid_from_eio_sid(client.raw.eio_sid, "/")
    return sid


def hub_socketio(hub: Hub) -> Any:
    from dudo_hub.server.web.app import socketio

    return socketio


def _expected(hub: Hub, sid: str) -> bytes:
    """The state the hub would send this connection now, whole, without its events and version."""
    viewer = hub.viewers[sid]
    message = hub.message_for(hub.room(viewer.room).frame, viewer, ())
    message.pop("events")
    return canonical(message)


def _held(client: Client) -> bytes:
    client.pump()
    body = dict(client.log[-1])
    body.pop("events"), body.pop("v")
    return canonical(body)


@pytest.mark.parametrize(("preset", "dice"), [(p, "hub") for p in PRESETS] + [("dudo", "referee")])
def test_patches_rebuild_every_viewers_whole_state_in_every_preset(app, hub, preset, dice):
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": preset, "dice": dice})["ok"]
    tv = Client(app, "tv", code)
    watcher = Client(app, "phone", code)  # a phone with no seat: a spectator
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    late = Client(app, "tv", code)  # joins mid-game: whole, then patches
    everyone = [host, tv, watcher, late, *phones.values()]
    sids = {id(c): _sid(hub, c) for c in everyone}
    rng, room, moves = random.Random(f"patch:{preset}"), hub.room(code), 0
    while not room.over:
        for name in room.frame.public["real"]["waiting"]:  # referee: each cup typed into its phone
            cup = [rng.randint(1, 6) for _ in range(room.state.counts[room.state.seat_of(name)])]
            assert phones[name].ask("dice:enter", {"dice": cup})["ok"]
        if room.frame.public["real"]["waiting"]:
            continue
        phone = phones[room.to_act()]
        assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
        moves += 1
        for client in everyone:
            assert _held(client) == _expected(hub, sids[id(client)]), (preset, client.role, moves)
    patches = sum(name == "state_patch" for c in everyone for name, _ in c.received)
    assert moves > 10 and patches >= moves * len(everyone) * 0.9


def test_a_gap_brings_the_whole_state_and_patches_follow_it(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    ann, bob = seat(app, code, "Ann"), seat(app, code, "Bob")
    assert host.ask("host:start", {})["ok"]
    tv = Client(app, "tv", code)
    tv.raw.get_received()  # the first sync: dropped, as if lost (the next whole state starts over)
    held = statepatch.Held()
    reply = tv.ask("sync", {})
    whole = [(m["name"], m["args"][0]) for m in tv.raw.get_received()]
    assert [name for name, _ in whole] == ["state"] and whole[0][1]["v"] == reply["state"]["v"]
    assert held.take(*whole[0]) is not None
    rng = random.Random(5)
    phones = {"Ann": ann, "Bob": bob}
    for _ in range(2):
        phone = phones[hub.room(code).to_act()]
        assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
    got = [(m["name"], m["args"][0]) for m in tv.raw.get_received()]
    assert [name for name, _ in got] == ["state_patch", "state_patch"]
    assert held.take(*got[1]) is None, "the second patch without the first is a gap"
    assert held.take(*got[0]) is None, "after a gap, patches wait for a whole state"
    tv.ask("sync", {})
    again = [(m["name"], m["args"][0]) for m in tv.raw.get_received()]
    assert [name for name, _ in again] == ["state"] and again[0][1]["v"] == got[1][1]["v"] + 1
    assert held.take(*again[0]) is not None
    phone = phones[hub.room(code).to_act()]
    assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
    (name, patch), = [(m["name"], m["args"][0]) for m in tv.raw.get_received()]
    state = held.take(name, patch)
    assert name == "state_patch" and state is not None
    assert canonical({k: v for k, v in state.items() if k not in ("events", "v")}) == _expected(hub, _sid(hub, tv))


def test_a_resumed_seat_starts_with_a_whole_state(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    ann, bob = seat(app, code, "Ann"), seat(app, code, "Bob")
    assert host.ask("host:start", {})["ok"]
    version = ann.state["v"]
    ann.close()
    again = Client(app, "phone", code, token=ann.token)
    again.pump()
    assert again.received[0][0] == "state" and again.received[0][1]["v"] == 1 < version + 1
    assert again.state["you"]["player"] == "Ann"
    rng = random.Random(2)
    phones = {"Ann": again, "Bob": bob}
    for _ in range(3):
        phone = phones[hub.room(code).to_act()]
        assert phone.move(**pick_move(phone.state["legal"], rng))["ok"]
    again.pump()
    assert [name for name, _ in again.received[-3:]] == ["state_patch"] * 3
    assert _held(again) == _expected(hub, _sid(hub, again))


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_pages_apply_patches_as_the_hub_makes_them():
    """web_display/static/js/statepatch.js applies the Python diff's operations to the same result."""
    rng = random.Random(7)
    cases = []
    for _ in range(300):
        old, new = _doc(rng), _doc(rng)
        cases.append([old, statepatch.diff(old, new, []), new])
    script = (f"import {{ applyOps, stateHolder }} from {json.dumps(JS.as_uri())};\n"
              "let text = ''; process.stdin.on('data', (d) => { text += d; });\n"
              "process.stdin.on('end', () => {\n"
              "  const out = JSON.parse(text).map(([old, ops]) => applyOps(structuredClone(old), ops));\n"
              "  const held = stateHolder(); held.take('state', { v: 1, a: [1], events: [] });\n"
              "  const gap = held.take('state_patch', { v_from: 2, v: 3, ops: [], events: [] });\n"
              "  const after = held.take('state_patch', { v_from: 1, v: 2, ops: [], events: [] });\n"
              "  process.stdout.write(JSON.stringify({ out, gap, after }));\n"
              "});\n")
    run = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(run.stdout)
    assert result["out"] == [new for _, _, new in cases]  # as Python compares (1 == 1.0 == true: see statepatch)
    assert result["gap"] is None and result["after"] is None


def _doc(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON document shaped like a view: objects of lists of objects, with shared keys."""
    if depth == 0:
        return {k: _doc(rng, 1) for k in rng.sample("abcdefghijklmnopq", rng.randint(12, 16))}
    if depth > 2 or rng.random() < 0.25:
        return rng.choice([None, True, False, rng.randint(0, 3), "ab"[: rng.randint(0, 2)], 1.5])
    if rng.random() < 0.5:
        return [_doc(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {k: _doc(rng, depth + 1) for k in rng.sample("abcde", rng.randint(0, 4))}
