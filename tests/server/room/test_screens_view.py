"""Every screen draws from its view: the same `waiting` and the same reveal story for the TV, the
host and each phone, the reveal's cups only once lifted, and the story told by the engine."""

from __future__ import annotations

import random

from hubkit import ROOT, Client, host_of, pick_move, seat


def test_every_screen_gets_the_same_waiting_and_reveal_and_no_cup_before_it(app, hub):
    code = hub.default_code
    tv = Client(app, "tv", code)
    host = host_of(app, hub)
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    rng = random.Random(5)
    reveals = 0
    while not room.over and reveals < 6:
        player = room.to_act()
        for client in (tv, host, *phones.values()):
            view = client.state["view"]
            assert view["waiting"]["seats"] == [player] and view["waiting"]["why"] in ("open", "open_palifico", "raise")
        before = room.state
        reply = phones[player].move(**pick_move(phones[player].state["legal"], rng))
        assert reply["ok"], reply
        if room.state.reveal is None or room.state.reveal.round_no != before.round_no:
            for client in (tv, *phones.values()):
                shown = client.state["view"]["reveal"]
                assert shown is None or shown["round"] < room.state.round_no
            continue
        reveals += 1
        shown = [c.state["view"]["reveal"] for c in (tv, host, *phones.values())]
        assert all(r == shown[0] for r in shown), "one reveal on every screen"
        reveal = shown[0]
        assert reveal["dice"] == {p: list(cup) for p, cup in zip(before.players, before.dice, strict=True) if cup}
        assert reveal["count"] == sum(reveal["matched"].values())
        losers = [p for s, p in enumerate(before.players) if room.state.counts[s] < before.counts[s]]
        assert [line["player"] for line in reveal["story"] if line["key"] == "story.loses"] == losers
    assert reveals >= 3


def test_no_page_rebuilds_the_reveal_or_the_wait_or_a_rule():
    """The pages read `view.reveal`, `view.waiting` and the engine's counted flags; the story's
    events, the turn's phases and the paco rule are not theirs to work out."""
    pages = ROOT / "web_display" / "static" / "js"
    for script in sorted(pages.glob("*.js")):
        if script.name == "protocol.js":  # generated: the event kinds' names, which pages may import
            continue
        source = script.read_text(encoding="utf-8")
        for worked_out in ('"die_lost"', '"die_regained"', '"round_over"', 'kind === "reveal"', "KINDS.DIE_LOST",
                           "KINDS.ROUND_OVER", "KINDS.REVEAL", "function waitingFor", "function revealFromEvents",
                           "function replayReveal", "face !== 1", "view.turn"):
            assert worked_out not in source, f"{script.name} works out {worked_out} itself"


def test_the_voice_hears_the_refusal_a_phone_gets(app, hub):
    """One refusal code: the voice at the hub (RoomPosition) is told what the phone's own move
    would be refused with (engine.turn_refusal, then engine.refusal)."""
    from dudo_hub.voice.table.position import RoomPosition
    from dudo_hub.voice.understand.intent import Intent

    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": "parker"})["ok"]
    phones = {name: seat(app, code, name) for name in ("Ann", "Bob", "Cy")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    rng = random.Random(2)
    checked = 0
    for _ in range(8):
        if room.over:
            break
        position = RoomPosition(room)
        for name, phone in phones.items():
            for move, intent in (({"action": "dudo"}, Intent("dudo")), ({"action": "calza"}, Intent("calza")),
                                 ({"action": "bid", "quantity": 1, "face": 3}, Intent.bid(1, 3))):
                said = position.refusal(name, intent)
                if said is None:
                    continue
                reply = phone.move(**move)
                assert not reply["ok"] and reply["code"] == said, (name, move, reply, said)
                checked += 1
        player = room.to_act()
        assert phones[player].move(**pick_move(phones[player].state["legal"], rng))["ok"]
    assert checked > 20
