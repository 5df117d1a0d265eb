"""Voice wired to a real hub room: the 🎤 window and the voice mode from phones and host,
the language following the room, one voice notice per heard call, the table check."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hubkit import Client, host_of, seat
from voice_table.fakes import ManualTimers, WordsVosk
from voicekit import AllWords, LiveAudio, voiced_table
from waiting import wait_until

from dudo_hub.server.hub.voice_link import attach_voice
from dudo_hub.voice.setup import model as models


@pytest.fixture
def table(app, hub):
    t = voiced_table(app, hub)
    yield t.room, t.voice, t.host, t.phones, t.tv
    t.voice.stop()


def names(client: Client) -> list[str]:
    client.pump()
    return [name for name, _ in client.received]


def test_a_spoken_bid_is_one_state_per_connection_and_one_voice_notice(table):
    room, voice, host, phones, tv = table
    everyone = [tv, host, *phones.values()]
    for client in everyone:
        client.pump()
        client.received.clear()
    voice.session.table.hear("allora sette cinque")
    for client in everyone:
        assert names(client) == ["state_patch", "voice"], client.role
    assert tv.voice["heard"] == "sette cinque" and tv.voice["pending"] == "cancel"


def test_a_dudo_naming_the_standing_bid_challenges_it(table):
    room, voice, host, phones, tv = table
    opener = room.to_act()
    assert phones[opener].move(action="bid", quantity=3, face=4)["ok"]
    voice.session.table.hear("dudo su due quattro")  # not the standing bid: nothing
    assert tv.voice["pending"] is None
    voice.session.table.hear("dudo su tre quattro")
    assert tv.voice["player"] == room.to_act() and tv.voice["pending"] == "confirm"


def test_a_partial_caption_is_only_a_caption_notice(table):
    room, voice, host, phones, tv = table
    tv.pump()
    tv.received.clear()
    voice.session.table.caption("sette cin")
    assert names(tv) == ["caption"] and tv.last("caption") == {"text": "sette cin"}


def test_the_mic_button_credits_the_next_call_to_that_phone(table):
    room, voice, host, phones, tv = table
    assert host.ask("host:config", {"options": {}})["code"] == "already_started"
    for event, payload in (("host:restart", {}), ("host:config", {"preset": "perudo"}), ("host:start", {})):
        assert host.ask(event, payload)["ok"], event  # perudo: anyone but the bidder may calza
    opener = room.to_act()
    assert phones[opener].move(action="bid", quantity=3, face=4)["ok"]
    caller = next(p for p in phones if p not in (opener, room.to_act()))
    reply = phones[caller].ask("voice:listen", {})
    assert reply["ok"], reply
    assert tv.voice["window"]["player"] == caller
    voice.session.table.hear("calza")
    assert tv.voice["player"] == caller and tv.voice["pending"] == "confirm"


def test_after_button_mode_plays_only_calls_said_after_a_mic_tap(table):
    room, voice, host, phones, tv = table
    assert host.ask("host:voice", {"mode": "after_button"})["ok"]
    assert tv.voice["mode"] == "after_button"
    version = room.version()
    voice.session.table.hear("tre cinque")
    assert room.version() == version, "nothing played without a tap"
    assert phones[room.to_act()].ask("voice:listen", {})["ok"]
    voice.session.table.hear("tre cinque")
    assert room.version() == version + 1
    assert host.ask("host:voice", {"mode": "loud"})["code"] == "bad_payload"
    assert phones["Marco"].ask("host:voice", {"mode": "always"})["code"] == "not_host"


def test_the_host_closes_the_table_checks_report(table):
    room, voice, host, phones, tv = table
    voice.session.status.update(check_report={"players": {}, "words": {}, "saved": "/tmp/check.json"})
    assert tv.voice["check_report"]["saved"] == "/tmp/check.json"
    assert host.ask("host:voice", {"dismiss": "yes"})["code"] == "bad_payload"
    assert phones["Marco"].ask("host:voice", {"dismiss": True})["code"] == "not_host"
    assert host.ask("host:voice", {"dismiss": True})["ok"]
    assert tv.voice["check_report"] is None


def test_voice_follows_the_rooms_language(table):
    room, voice, host, phones, tv = table
    assert host.ask("host:config", {"lang": "en"})["ok"]
    assert voice.session.table.lang == "en" and tv.voice["lang"] == "en"
    version = room.version()
    voice.session.table.hear("three fives")
    assert room.version() == version + 1 and room.state.standing.bid.to_list() == [3, 5]


def test_the_asked_phone_answers_yes_and_the_bid_is_played(table):
    room, voice, host, phones, tv = table
    player = room.to_act()
    version = room.version()
    voice.session.table.hear("tre cinque forse")
    ask = tv.voice["ask"]
    assert ask["player"] == player and (ask["quantity"], ask["face"]) == (3, 5) and room.version() == version
    assert phones[player].voice["ask"]["id"] == ask["id"]
    other = next(p for p in phones if p != player)
    assert phones[other].ask("voice:answer", {"ask_id": ask["id"], "yes": True})["code"] == "nothing_to_answer"
    assert phones[player].ask("voice:answer", {"ask_id": ask["id"], "yes": "si"})["code"] == "bad_payload"
    assert phones[player].ask("voice:answer", {"yes": True})["code"] == "bad_payload"
    reply = phones[player].ask("voice:answer", {"ask_id": ask["id"], "yes": True})
    assert reply["ok"] and reply["version"] == version + 1
    assert room.state.standing.bid.to_list() == [3, 5] and tv.voice["ask"] is None


def test_a_phone_answers_no_or_moves_by_itself_and_the_question_goes(table):
    room, voice, host, phones, tv = table
    player = room.to_act()
    voice.session.table.hear("tre cinque forse")
    assert phones[player].ask("voice:answer", {"ask_id": tv.voice["ask"]["id"], "yes": False})["ok"]
    assert tv.voice["ask"] is None and room.state.standing is None
    voice.session.table.hear("tre cinque forse")
    assert tv.voice["ask"] is not None
    assert phones[player].move(action="bid", quantity=4, face=6)["ok"]  # the phone's own move is never blocked
    assert tv.voice["ask"] is None and room.state.standing.bid.to_list() == [4, 6]


def test_without_voice_the_mic_button_and_the_check_say_voice_is_off(app, hub):
    code = hub.default_code
    host = host_of(app, hub)
    phone = seat(app, code, "Ann")
    assert phone.ask("voice:listen", {})["code"] == "voice_off"
    assert phone.ask("voice:answer", {"ask_id": 1, "yes": True})["code"] == "nothing_to_answer"
    assert host.ask("host:voice", {"check": True})["code"] == "voice_off"


def test_the_table_check_runs_on_the_hubs_microphone_and_plays_nothing(app, hub, monkeypatch, tmp_path):
    monkeypatch.setattr(models, "locate", lambda lang, path=None: Path("/m/it"))
    monkeypatch.setattr(models, "check_model_dir", lambda p: p)
    monkeypatch.setattr(models, "data_dir", lambda: tmp_path / "models")
    code = hub.default_code
    host = host_of(app, hub)
    for name in ("Marco", "Anna"):
        seat(app, code, name)
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    audio = LiveAudio()
    voice = attach_voice(room, "it", None, speak=False, scheduler=ManualTimers(), out=io.StringIO(),
                         source=audio, model_loader=lambda path: AllWords(), factory=WordsVosk)
    hub.voices[code] = voice
    tv = Client(app, "tv", code)
    try:
        assert host.ask("host:voice", {"check": True})["ok"]
        version = room.version()
        prompts: list[Any] = []

        def next_prompt() -> Any:
            prompt = tv.voice.get("check")
            return prompt if prompt is not None and prompt not in prompts else None

        for _ in range(10):  # 2 players x 5 prompts: each says what the TV asks
            prompt = wait_until(next_prompt, message=lambda: f"check prompt {len(prompts) + 1} on the TV; "
                                                            f"it shows {tv.voice.get('check')!r}")
            prompts.append(prompt)
            audio.queue.put(prompt["phrase"].encode())
        report = wait_until(lambda: tv.voice.get("check_report"), message="the check's report on the TV")
        assert room.version() == version, "nothing said during the check was played"
        assert report["players"]["Marco"]["right"] == 5 and report["players"]["Anna"]["said"] == 5
        assert Path(report["saved"]).is_file()
        assert [p["player"] for p in prompts] == ["Marco"] * 5 + ["Anna"] * 5
        audio.queue.put(b"tre cinque")  # back to playing
        wait_until(lambda: room.version() == version + 1,
                   message=lambda: f"the call played (version {version + 1}); at {room.version()}")
    finally:
        voice.stop()

