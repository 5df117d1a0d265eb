"""The whole voice path on a real hub room: transcript -> parser -> move -> views -> announcement."""

from __future__ import annotations

import io

import pytest
from hubkit import host_of, seat
from voice_table.fakes import ManualTimers, Said
from voicekit import voiced_table

from dudo_hub.server.hub.voice_link import HubVoice, attach_voice


@pytest.fixture
def table(app, hub):
    t = voiced_table(app, hub)
    yield t.room, t.voice, t.phones, t.tv, t.said, t.timer
    t.voice.stop()


WINDOW = 3.0  # attach_voice's default confirmation window, in seconds


def _settle(voice: HubVoice) -> None:
    """Events reach the controller as the room releases its lock: nothing to wait for."""


def _phone_opens(room, voice: HubVoice, quantity: int, face: int) -> str:
    """The opener bids on the phone; returns who is to act next."""
    assert room.submit(room.to_act(), {"action": "bid", "quantity": quantity, "face": face}, source="phone")["ok"]
    _settle(voice)
    return room.to_act()


def test_a_spoken_bid_is_played_for_the_player_to_act_shown_and_spoken(table):
    room, voice, phones, tv, said, _ = table
    player = room.to_act()
    version = room.version()
    voice.session.table.hear("allora dico tre cinque")
    _settle(voice)
    assert room.version() == version + 1
    assert room.state.standing.bid.to_list() == [3, 5]
    assert room.players()[room.state.standing.seat] == player
    status = tv.voice
    assert status["heard"] == "tre cinque" and status["player"] == player and status["pending"] == "cancel"
    assert any("cinque" in line for line in said.lines)
    assert phones[player].state["view"]["standing"] == {"player": player, "bid": [3, 5]}


def test_annulla_takes_the_heard_bid_back_until_the_next_move(table):
    room, voice, _, _, said, _ = table
    player = room.to_act()
    voice.session.table.hear("tre cinque")
    _settle(voice)
    voice.session.table.hear("annulla")
    _settle(voice)
    assert room.state.bids == () and room.to_act() == player
    assert said.lines[-1] == "Annullato."
    voice.session.table.hear("quattro sei")
    _settle(voice)
    next_player = room.to_act()
    room.submit(next_player, {"action": "bid", "quantity": 5, "face": 6}, source="phone")
    _settle(voice)
    voice.session.table.hear("annulla")
    _settle(voice)
    assert room.state.standing.bid.to_list() == [5, 6], "a cancel after the next move takes nothing back"


def test_a_spoken_dudo_waits_for_the_window_and_can_be_cancelled(table):
    room, voice, phones, _, _, timer = table
    challenger = _phone_opens(room, voice, 2, 3)
    version = room.version()
    voice.session.table.hear("dudo!")
    _settle(voice)
    assert room.version() == version, "a Dudo heard is not played before the window ends"
    assert phones[challenger].ask("voice:cancel", {"version": version})["ok"]
    timer.advance(WINDOW)
    assert room.version() == version and room.state.standing is not None
    voice.session.table.hear("dubito")
    _settle(voice)
    timer.advance(WINDOW)
    _settle(voice)
    assert room.state.round_no == 2, "after the window the Dudo is played and a new round dealt"


def test_a_tap_confirms_a_spoken_calza_at_once(table):
    room, voice, phones, _, _, _ = table
    caller = _phone_opens(room, voice, 2, 3)
    voice.session.table.hear("calza")
    _settle(voice)
    assert room.state.round_no == 1
    assert phones[caller].ask("voice:confirm", {})["ok"]
    assert room.state.round_no == 2
    other = next(n for n in phones if n != caller)
    assert phones[other].ask("voice:confirm", {})["code"] == "nothing_to_confirm"


def test_wrong_turn_and_illegal_bids_are_refused_aloud(table):
    room, voice, _, _, said, _ = table
    opener = room.state.players[room.state.opener]
    _phone_opens(room, voice, 6, 4)
    version = room.version()
    voice.session.table.hear("cinque quattro")
    _settle(voice)
    assert room.version() == version
    assert said.lines, "the refusal is spoken"
    assert "quattro" in str(room.voice.get("heard"))
    somebody_else = next(p for p in room.state.players if p not in (opener, room.to_act()))
    voice.session.table.hear(f"{somebody_else} sette quattro")  # a name first: whose bid (one after is spoken to)
    _settle(voice)
    assert room.version() == version, "a bid credited to a player out of turn is not played"


def test_voice_off_without_a_model_says_why(app, hub):
    room = hub.room(hub.default_code)
    out = io.StringIO()
    voice = attach_voice(room, "it", "/nonexistent/model", speak=False, out=out)
    try:
        status = room.voice
        assert status["listening"] is False and status["reason"] == "bad_model", status  # a path given, no model there
        assert "Voice off" in out.getvalue()
    finally:
        voice.stop()


@pytest.mark.parametrize("preset", ["dudo", "perudo", "parker", "francais", "revolver", "liars_dice"])
def test_a_whole_game_of_every_preset_played_by_voice_alone(app, hub, preset):
    import random

    from dudo_hub.voice import render_bid

    code = hub.default_code
    host = host_of(app, hub)
    assert host.ask("host:config", {"preset": preset, "options": {"max_dice": 2}})["ok"]
    for name in ("Marco", "Anna", "Luca"):
        seat(app, code, name)
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    timer = ManualTimers()
    voice = attach_voice(room, "it", None, speak=False, listen=False, scheduler=timer, out=io.StringIO())
    voice.session.table.speech = Said()
    rng = random.Random(preset)
    try:
        for _ in range(400):
            if room.over:
                break
            player = room.to_act()
            legal = room.legal_for(player)
            bids = [(lo, int(face)) for face, (lo, _hi) in legal["bids"].items()]
            version = room.version()
            if legal["dudo"] and (not bids or rng.random() < 0.4):
                voice.session.table.hear("dudo")
                timer.advance(WINDOW)
            else:
                voice.session.table.hear(render_bid("it", *rng.choice(bids)))
            _settle(voice)
            assert room.version() > version, f"{preset}: the spoken move for {player} was not played"
        assert room.over, f"{preset}: the game did not end by voice"
        assert room.voice["player"] in ("Marco", "Anna", "Luca")
    finally:
        voice.stop()
