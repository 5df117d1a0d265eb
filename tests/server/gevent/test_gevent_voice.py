"""Voice on gevent's loop: the blocking C calls (Vosk, PortAudio waits, espeak) run on real OS
threads and the loop keeps serving meanwhile; what they produce comes back to the loop.

These tests run in gevent mode only, that is inside tests/gevent_pytest.py (which
test_gevent_mode.py runs): each fake C call blocks its OS thread until a greenlet on the loop
lets it go, which can only happen if the loop is free while the call blocks.
"""

from __future__ import annotations

import io
import threading
from typing import Any

import pytest

from dudo_hub.server.web import asyncmode
from dudo_hub.voice.audio.microphone import Microphone
from dudo_hub.voice.audio.recogniser import Listener, Recogniser
from dudo_hub.voice.audio.speech import Speaker
from dudo_hub.voice.setup.status import VoiceStatus

pytestmark = pytest.mark.skipif(not asyncmode.patched(), reason="runs in gevent mode (tests/gevent_pytest.py)")


def _native() -> tuple[Any, Any]:
    """The real (unpatched) Event class and a function naming the current OS thread."""
    from gevent import monkey

    return monkey.get_original("threading", "Event"), threading.get_native_id


def _released_by_the_loop() -> Any:
    """A real event that a greenlet on the loop sets: waiting on it blocks an OS thread."""
    import gevent

    event_class, _ = _native()
    event = event_class()
    gevent.spawn(event.set)
    return event


class BlockingVosk:
    """A KaldiRecognizer whose every call blocks its thread until the loop releases it."""

    def __init__(self, model: Any, rate: float, grammar: str) -> None:
        self.threads: list[int] = []
        self.chunks = 0

    def _block(self) -> None:
        _, native_id = _native()
        self.threads.append(native_id())
        assert _released_by_the_loop().wait(10), "the loop was blocked"

    def AcceptWaveform(self, chunk: bytes) -> bool:  # noqa: N802 - Vosk's name
        self._block()
        self.chunks += 1
        return self.chunks % 3 == 0

    def Result(self) -> str:  # noqa: N802
        return '{"text": "tre cinque"}'

    def PartialResult(self) -> str:  # noqa: N802
        return '{"partial": "tre"}'

    def FinalResult(self) -> str:  # noqa: N802
        self._block()
        return '{"text": ""}'

    def Reset(self) -> None:  # noqa: N802
        self._block()


class Chunks:
    """An audio source of six silent chunks."""

    rate = 16000

    def chunks(self) -> Any:
        yield from [b"\0" * 3200] * 6

    def close(self) -> None:
        pass


def test_vosk_decodes_on_real_threads_and_the_transcripts_reach_the_loop():
    _, native_id = _native()
    loop_thread = native_id()
    made: list[BlockingVosk] = []

    def factory(model: Any, rate: float, grammar: str) -> BlockingVosk:
        made.append(BlockingVosk(model, rate, grammar))
        return made[-1]

    heard: list[tuple[str, int]] = []
    recogniser = Recogniser(object(), 16000, ["tre cinque"], factory=factory, offload=asyncmode.offload)
    listener = Listener(recogniser, Chunks(), lambda text: heard.append((text, native_id())))
    listener.start()
    listener.join(30)
    assert [text for text, _ in heard] == ["tre cinque", "tre cinque"]
    assert all(thread == loop_thread for _, thread in heard), "the table hears on the loop"
    assert made[0].threads and loop_thread not in made[0].threads


class BlockingEngine:
    """A pyttsx3 engine whose `runAndWait` blocks its thread until the loop releases it."""

    def __init__(self) -> None:
        self.threads: list[int] = []
        self.said: list[str] = []

    def getProperty(self, name: str) -> Any:  # noqa: N802 - pyttsx3's name
        return [type("Voice", (), {"id": "roa/it"})()]

    def setProperty(self, name: str, value: Any) -> None:  # noqa: N802
        pass

    def say(self, text: str) -> None:
        self.said.append(text)

    def save_to_file(self, text: str, path: str) -> None:
        self.said.append(text)

    def runAndWait(self) -> None:  # noqa: N802
        _, native_id = _native()
        self.threads.append(native_id())
        assert _released_by_the_loop().wait(10), "the loop was blocked"


def test_speech_runs_on_a_real_thread_while_the_loop_serves():
    _, native_id = _native()
    engine = BlockingEngine()
    speaker = Speaker("it", VoiceStatus(out=io.StringIO()), factory=lambda: engine, check_espeak=False,
                      offload=asyncmode.offload)
    assert speaker.start()
    try:
        assert speaker.save_to_file("sette cinque", "/dev/null").result(30) is True
    finally:
        speaker.stop()
    assert engine.said == ["sette cinque"] and engine.threads and native_id() not in engine.threads


def test_the_microphone_waits_for_portaudio_off_the_loop():
    """PortAudio's callback runs on its own thread; `chunks` waits for it on a real thread."""
    import gevent

    class FakeSd:
        def query_devices(self, kind: str) -> dict[str, Any]:
            return {"index": 0, "max_input_channels": 1, "default_samplerate": 16000}

        def RawInputStream(self, callback: Any, **_: Any) -> Any:  # noqa: N802 - sounddevice's name
            return type("Stream", (), {"start": lambda s: None, "stop": lambda s: None, "close": lambda s: None})()

    mic = Microphone(FakeSd())  # type: ignore[arg-type]
    mic.offload = asyncmode.offload
    mic.start()
    from gevent import monkey

    thread_class = monkey.get_original("threading", "Thread")
    gevent.spawn_later(0, lambda: thread_class(target=lambda: mic._callback(b"\1\2" * 800, 800, None, None)).start())
    chunks = mic.chunks()
    assert next(chunks) == b"\1\2" * 800
    mic.close()
