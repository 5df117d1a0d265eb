"""Real cups on the real table, over sockets: dice entered on phones (referee) and the counted
reveal (scoreboard), with their refusals, their secrecy and a restart in the middle."""

from __future__ import annotations

import json

import pytest
from hubkit import Client, host_of, seat

from dudo_hub.server.room import commitment
from dudo_hub.server.web.app import TestConfig, create_app, get_hub


def referee_table(app, hub, bots: int = 1):
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"dice": "referee"})["ok"]
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    for _ in range(bots):
        assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), host, phones, Client(app, "tv", code)


def test_the_round_waits_for_every_cup_and_names_who_is_missing(app, hub):
    room, host, phones, tv = referee_table(app, hub)
    assert room.state.phase.value == "roll"
    assert tv.state["room"]["real"] == {"mode": "referee", "waiting": ["Ann", "Bob"], "proposal": None,
                                       "counted": None}
    reply = phones["Ann"].ask("dice:enter", {"dice": [1, 2, 3]})
    assert reply["code"] == "dice_count" and "5" in reply["detail"]
    assert phones["Ann"].ask("dice:enter", {"dice": [1, 2, 3, 4, 9]})["code"] == "bad_payload"
    assert phones["Ann"].ask("dice:enter", {"dice": [6, 2, 2, 5, 1]})["ok"]
    assert phones["Ann"].state["you"]["entered"] == [1, 2, 2, 5, 6]
    assert tv.state["room"]["real"]["waiting"] == ["Bob"]
    assert "entered" not in (phones["Bob"].state["you"] or {})
    assert phones["Bob"].ask("dice:enter", {"dice": [3, 3, 3, 4, 4]})["ok"]
    assert room.state.phase.value == "bidding"
    assert phones["Ann"].state["view"]["my_dice"] == [1, 2, 2, 5, 6]
    assert len(room.state.dice[2]) == 5, "the bot's cup is rolled by the hub"
    for client in (tv, host, phones["Bob"]):  # nobody else saw Ann's cup
        client.pump()
        for name, data in client.received:
            assert "[1, 2, 2, 5, 6]" not in json.dumps(data), (client.role, name)


def test_a_cup_can_be_entered_again_until_the_first_bid_and_the_commitment_follows(app, hub):
    room, host, phones, tv = referee_table(app, hub, bots=0)
    assert phones["Ann"].ask("dice:enter", {"dice": [1, 1, 1, 1, 1]})["ok"]
    assert phones["Bob"].ask("dice:enter", {"dice": [2, 2, 2, 2, 2]})["ok"]
    sealed = room.game.commitment
    assert phones["Ann"].ask("dice:enter", {"dice": [6, 6, 6, 6, 5]})["ok"]
    assert room.game.commitment != sealed and room.state.dice[0] == (5, 6, 6, 6, 6)
    opener = room.to_act()
    assert phones[opener].move(action="bid", quantity=3, face=6)["ok"]
    assert phones["Ann"].ask("dice:enter", {"dice": [1, 1, 1, 1, 1]})["code"] == "dice_locked"
    assert phones[room.to_act()].move(action="dudo")["ok"]
    opened = next(e for e in reversed(tv.state["events"]) if e["kind"] == "dice_opened")
    assert opened["dice"]["Ann"] == [5, 6, 6, 6, 6]
    assert commitment.verify(opened["dice"], opened["salt"], opened["hash"])


def test_a_cup_corrected_after_the_roll_is_not_taken_for_the_next_rounds_cup(app, hub):
    room, host, phones, tv = referee_table(app, hub, bots=0)
    assert phones["Ann"].ask("dice:enter", {"dice": [1, 1, 1, 1, 1]})["ok"]
    assert phones["Bob"].ask("dice:enter", {"dice": [2, 2, 2, 2, 2]})["ok"]
    assert phones["Ann"].ask("dice:enter", {"dice": [3, 3, 3, 3, 3]})["ok"], "a correction before the first bid"
    assert phones[room.to_act()].move(action="bid", quantity=9, face=6)["ok"]
    assert phones[room.to_act()].move(action="dudo")["ok"]
    assert room.state.phase.value == "roll"
    assert tv.state["room"]["real"]["waiting"] == ["Ann", "Bob"], "the next round waits for both cups again"


def test_hub_dice_refuse_entries_and_counts(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    assert phones["Ann"].ask("dice:enter", {"dice": [1, 2, 3, 4, 5]})["code"] == "wrong_dice_mode"
    assert phones["Ann"].ask("count:propose", {"count": 3})["code"] == "not_counting"
    assert host.ask("host:config", {"dice": "referee"})["code"] == "already_started"


def scoreboard_table(app, hub, names=("Ann", "Bob", "Cy")):
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in names}
    assert host.ask("host:config", {"dice": "scoreboard"})["ok"]
    assert host.ask("host:bot_add", {})["code"] == "no_bots_here"
    assert host.ask("host:start", {})["ok"]
    return hub.room(code), host, phones, Client(app, "tv", code)


def test_bots_are_not_offered_on_a_scoreboard(app, hub):
    host = host_of(app, hub)
    assert host.ask("host:bot_add", {})["ok"]
    assert host.ask("host:config", {"dice": "scoreboard"})["code"] == "no_bots_here"
    assert host.ask("host:config", {"dice": "dice"})["code"] == "bad_payload"
    assert host.last("lobby")["dice_modes"] == ["hub", "referee", "scoreboard"]


def test_the_counted_reveal_needs_two_players_and_can_be_corrected(app, hub):
    room, host, phones, tv = scoreboard_table(app, hub)
    assert room.state.phase.value == "bidding" and phones["Ann"].state["view"]["my_dice"] == []
    opener = room.to_act()
    assert phones[opener].move(action="bid", quantity=4, face=3)["ok"]
    caller = room.to_act()
    assert phones[caller].move(action="dudo")["ok"]
    counting = tv.state["view"]["counting"]
    assert counting["bid"] == [4, 3] and counting["caller"] == caller and tv.state["view"]["phase"] == "count"
    others = [p for p in phones if p != caller]
    assert phones[caller].ask("count:confirm", {"count": 3})["code"] == "no_count_proposed"
    assert phones[caller].ask("count:propose", {"count": 99})["code"] == "bad_count"
    assert phones[caller].ask("count:propose", {"count": 3})["ok"]
    assert tv.state["room"]["real"]["proposal"] == {"count": 3, "by": caller}
    assert phones[caller].ask("count:confirm", {"count": 3})["code"] == "same_player"
    assert phones[others[0]].ask("count:confirm", {"count": 5})["code"] == "count_differs"
    assert phones[others[0]].ask("count:propose", {"count": 5})["ok"], "a correction replaces the proposal"
    reply = phones[caller].ask("count:confirm", {"count": 5})
    assert reply["ok"], reply
    kinds = [e["kind"] for e in tv.state["events"]]
    assert "count_confirmed" in kinds and "reveal" in kinds
    assert room.state.counts[room.state.seat_of(caller)] == 4, "five threes: the caller was wrong"
    assert room.state.phase.value == "bidding", "the next round starts at once: cups are real"


@pytest.mark.parametrize("mode", ["referee", "scoreboard"])
def test_a_restarted_hub_resumes_the_entered_dice_or_the_count_question(tmp_path, mode):
    app = create_app(TestConfig(DATA_DIR=tmp_path))
    hub = get_hub(app)
    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"dice": mode})["ok"]
    phones = {n: seat(app, code, n) for n in ("Ann", "Bob")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    if mode == "referee":
        assert phones["Ann"].ask("dice:enter", {"dice": [4, 4, 4, 2, 1]})["ok"]
    else:
        assert phones[room.to_act()].move(action="bid", quantity=2, face=2)["ok"]
        assert phones[room.to_act()].move(action="dudo")["ok"]
        assert phones["Ann"].ask("count:propose", {"count": 1})["ok"]
    tokens = {n: p.token for n, p in phones.items()}
    hub.close()
    app2 = create_app(TestConfig(DATA_DIR=tmp_path))
    hub2 = get_hub(app2)
    try:
        back = {n: Client(app2, "phone", code, token=t) for n, t in tokens.items()}
        if mode == "referee":
            assert back["Ann"].state["you"]["entered"] == [1, 2, 4, 4, 4]
            assert back["Bob"].state["room"]["real"]["waiting"] == ["Bob"]
            assert back["Bob"].ask("dice:enter", {"dice": [5, 5, 5, 5, 5]})["ok"]
            assert hub2.room(code).state.phase.value == "bidding"
        else:
            assert back["Bob"].state["room"]["real"]["proposal"] == {"count": 1, "by": "Ann"}
            assert back["Bob"].ask("count:confirm", {"count": 1})["ok"]
            assert hub2.room(code).state.phase.value == "bidding"
    finally:
        hub2.close()


def test_the_table_tells_the_count_aloud_and_a_phone_confirms(app, hub):
    import io

    from voice_table.fakes import ManualTimers, Said

    from dudo_hub.server.hub.voice_link import attach_voice

    room, host, phones, tv = scoreboard_table(app, hub)
    voice = attach_voice(room, "it", None, speak=False, listen=False, scheduler=ManualTimers(), out=io.StringIO())
    said = Said()
    voice.session.table.speech = said
    hub.voices[room.code] = voice
    try:
        assert phones[room.to_act()].move(action="bid", quantity=3, face=5)["ok"]
        caller = room.to_act()
        assert phones[caller].move(action="dudo")["ok"]
        assert "sono sette" in voice.session.table.grammar()
        voice.session.table.hear("ho perso sette")  # chatter: no count
        assert tv.state["room"]["real"]["proposal"] is None
        voice.session.table.hear("allora sono quattro")
        assert tv.state["room"]["real"]["proposal"] == {"count": 4, "by": "voice"}
        assert tv.voice["pending"] == "count" and "quattro" in said.lines[-1]
        assert phones[caller].ask("count:confirm", {"count": 4})["ok"]
        assert room.state.counts[room.state.seat_of(caller)] == 4, "four fives stand: the caller loses"
    finally:
        voice.stop()


def test_no_bot_stands_in_for_a_cup_on_a_scoreboard(app, hub):
    room, host, phones, tv = scoreboard_table(app, hub)
    phones["Ann"].ask("seat:leave", {})
    assert host.ask("host:bot_takeover", {"player": "Ann"})["code"] == "no_bots_here"
    assert host.ask("host:seat_remove", {"player": "Bob"})["code"] == "no_bots_here"
    assert not room.seat("Ann").bot_plays and not room.seat("Bob").bot_plays
