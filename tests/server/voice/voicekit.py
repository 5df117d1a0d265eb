"""Shared by the voice-on-a-hub tests: a table of three phones with the Italian voice attached
(`voiced_table`), a microphone the test feeds, and a model that knows every word."""

from __future__ import annotations

import io
import queue
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hubkit import Client, host_of, seat
from voice_table.fakes import ManualTimers, Said

from dudo_hub.server.hub.voice_link import HubVoice, attach_voice


@dataclass
class VoicedTable:
    """A started room of Marco, Anna and Luca, its voice (speech recorded, timers by hand) and a TV."""

    room: Any
    voice: HubVoice
    host: Client
    phones: dict[str, Client]
    tv: Client
    said: Said
    timer: ManualTimers


def voiced_table(app: Any, hub: Any) -> VoicedTable:
    """Start the hub's default room with three phones and attach its voice (stop it with `.voice.stop()`)."""
    code = hub.default_code
    host = host_of(app, hub)
    phones = {n: seat(app, code, n) for n in ("Marco", "Anna", "Luca")}
    assert host.ask("host:start", {})["ok"]
    room = hub.room(code)
    timer = ManualTimers()
    voice = attach_voice(room, "it", None, speak=False, listen=False, scheduler=timer, out=io.StringIO())
    said = Said()
    voice.session.table.speech = said
    hub.voices[code] = voice
    return VoicedTable(room, voice, host, phones, Client(app, "tv", code), said, timer)


class LiveAudio:
    """A microphone fed by the test, chunk by chunk."""

    rate = 16000

    def __init__(self) -> None:
        self.queue: queue.Queue[bytes | None] = queue.Queue()

    def chunks(self) -> Iterator[bytes]:
        while (chunk := self.queue.get()) is not None:
            yield chunk

    def close(self) -> None:
        self.queue.put(None)


class AllWords:
    """A Vosk model stand-in: every word is in its vocabulary."""

    def find_word(self, word: str) -> int:
        return 1
