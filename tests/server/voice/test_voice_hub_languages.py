"""Spoken calls in every language through the hub's voice path: the room's language picks the
pack (grammar, parser, announcements) and the model; a scripted recogniser hears the table."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hubkit import Client, host_of, seat
from voice_table.fakes import ManualTimers, Said, WordsVosk
from voicekit import AllWords, LiveAudio
from waiting import wait_until

from dudo_hub.catalogue import LANGS
from dudo_hub.server.hub.voice_link import attach_voice
from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.language.wording import announce, render_bid
from dudo_hub.voice.setup import model as models


class Spoken:
    """A room with voice on a scripted microphone; `loaded` names the models the voice asked for."""

    def __init__(self, app: Any, hub: Any) -> None:
        self.app, self.hub, self.code = app, hub, hub.default_code
        self.host = host_of(app, hub)
        self.phones = {name: seat(app, self.code, name) for name in ("Ana", "Bia", "Caio")}
        self.room = hub.room(self.code)
        self.audio = LiveAudio()
        self.loaded: list[str] = []
        self.voice: Any = None
        self.said = Said()

    def start(self, lang: str) -> Client:
        """The room in `lang` (set from the host page), a game on, voice attached; returns a TV."""
        assert self.host.ask("host:config", {"lang": lang})["ok"]
        assert self.host.ask("host:start", {})["ok"]
        self.voice = attach_voice(self.room, lang, None, speak=False, scheduler=ManualTimers(), out=io.StringIO(),
                                  source=self.audio, factory=WordsVosk, model_loader=self._load)
        self.voice.session.table.speech = self.said
        self.hub.voices[self.code] = self.voice
        return Client(self.app, "tv", self.code)

    def _load(self, path: str) -> AllWords:
        self.loaded.append(Path(path).name)
        return AllWords()

    def say(self, words: str) -> None:
        """What the table says, as the recogniser hears it."""
        self.audio.queue.put(words.encode())


def played(room: Any, version: int) -> None:
    wait_until(lambda: room.version() == version, message=lambda: f"the call played (version {version}); "
                                                                  f"at {room.version()}")


def said(spoken: Spoken, line: str) -> None:
    wait_until(lambda: line in spoken.said.lines, message=lambda: f"{line!r} spoken; said {spoken.said.lines}")


@pytest.fixture
def spoken(app: Any, hub: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Spoken]:
    monkeypatch.setattr(models, "locate", lambda lang, path=None: Path(f"/m/{models.info_for(lang).name}"))
    monkeypatch.setattr(models, "check_model_dir", lambda p: p)
    monkeypatch.setattr(models, "data_dir", lambda: tmp_path / "models")
    table = Spoken(app, hub)
    yield table
    if table.voice is not None:
        table.voice.stop()


def test_the_languages_of_rooms_are_the_packs() -> None:
    assert set(LANGS) == set(languages())


@pytest.mark.parametrize("lang", ["pt", "fr", "es", "it", "en"])
def test_a_room_in_each_language_plays_spoken_calls(spoken: Spoken, lang: str) -> None:
    tv = spoken.start(lang)
    room = spoken.room
    assert spoken.loaded == [models.info_for(lang).name], "the model of the room's language"
    assert tv.voice["lang"] == lang
    pack = load_pack(lang)
    bidder = room.to_act()
    version = room.version()
    spoken.say(render_bid(lang, 3, 4))  # "três quatros", "trois quatre", "tres cuatros"...
    played(room, version + 1)
    assert room.state.standing.bid.to_list() == [3, 4]
    assert room.state.players[room.state.standing.seat] == bidder
    said(spoken, announce(lang, "bid", player=bidder, quantity=3, face=4))
    challenger = room.to_act()
    spoken.say(pack.calls["dudo"][-1])  # the pack's own words for it ("não te acredito", "je doute"...)
    pending = wait_until(lambda: (voice := tv.voice).get("pending") == "confirm" and voice,
                         message=lambda: f"the Dudo heard, waiting for its confirmation; voice {tv.voice!r}")
    assert pending["player"] == challenger


def test_mid_game_the_voice_follows_the_room_from_portuguese_to_french(spoken: Spoken) -> None:
    tv = spoken.start("pt")
    room = spoken.room
    assert spoken.host.ask("host:config", {"lang": "fr"})["ok"]
    french = models.info_for("fr").name
    wait_until(lambda: spoken.loaded[-1:] == [french], message=lambda: f"the model {french} loaded; {spoken.loaded}")
    assert tv.voice["lang"] == "fr"
    version = room.version()
    spoken.say(render_bid("pt", 3, 4))  # Portuguese is no longer understood
    spoken.say("euh " + render_bid("fr", 2, 6))
    played(room, version + 1)
    assert room.state.standing.bid.to_list() == [2, 6]
    bidder = room.state.players[room.state.standing.seat]
    said(spoken, f"{bidder} : deux six.")
