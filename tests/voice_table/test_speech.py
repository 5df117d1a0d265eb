"""Speech: the exact espeak voice, a real WAV of an Italian announcement, the watchdog."""

from __future__ import annotations

import array
import io
import math
import shutil
import threading
import wave
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from waiting import wait_until

from dudo_hub.voice.audio.speech import Speaker, configured_engine, pick_voice
from dudo_hub.voice.language.packs import languages, load_pack
from dudo_hub.voice.language.wording import announce, render_bid
from dudo_hub.voice.setup.status import VoiceStatus

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def test_pick_voice_is_exact() -> None:
    voices = [SimpleNamespace(id=i) for i in ("gmw/it-fake", "roa/it-x", "roa/it", "ita")]
    assert pick_voice(voices, "roa/it") == "roa/it"
    assert pick_voice(voices[:2], "roa/it") is None


def wav_stats(path: Path) -> tuple[float, float]:
    with wave.open(str(path)) as wav:
        frames = wav.readframes(wav.getnframes())
        rate, width = wav.getframerate(), wav.getsampwidth()
    assert width == 2
    samples = array.array("h", frames)
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples)))
    return len(samples) / rate, rms


@needs_espeak
def test_italian_announcement_to_wav(tmp_path: Path) -> None:
    speaker = Speaker("it", VoiceStatus())
    assert speaker.start()
    text = announce("it", "die_lost", player="Marco", dice=3)
    target = tmp_path / "it.wav"
    assert speaker.save_to_file(text, target).result(timeout=60)
    speaker.stop()
    duration, rms = wav_stats(target)
    assert 1.0 < duration < 12.0, duration  # about 2-4 s of speech for this sentence
    assert rms > 300, rms


@needs_espeak
def test_real_engine_has_the_italian_voice() -> None:
    from dudo_hub.voice.audio.speech import pyttsx3_engine

    engine = configured_engine(pyttsx3_engine, "it", None)
    engine.runAndWait()  # pyttsx3 applies queued properties here
    assert engine.getProperty("voice") == "roa/it"


class StuckEngine:
    """runAndWait never returns until released."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.said: list[str] = []

    def getProperty(self, name: str) -> Any:  # noqa: N802
        return [SimpleNamespace(id=load_pack(lang).espeak) for lang in languages()]

    def setProperty(self, name: str, value: Any) -> None:  # noqa: N802
        pass

    def say(self, text: str) -> None:
        self.said.append(text)

    def runAndWait(self) -> None:  # noqa: N802
        self.release.wait(10)


def test_watchdog_restarts_then_turns_speech_off() -> None:
    clock = [0.0]
    release = threading.Event()
    engines: list[StuckEngine] = []
    ended = threading.Event()

    def factory() -> StuckEngine:
        engines.append(StuckEngine(release))
        return engines[-1]

    status = VoiceStatus()
    speaker = Speaker("it", status, factory=factory, timeout=5, max_restarts=1, clock=lambda: clock[0],
                      check_espeak=False, on_end=ended.set)
    speaker._watch = lambda: None  # type: ignore[method-assign]  # drive the watchdog by hand
    assert speaker.start()
    speaker.say("uno")
    wait_until(lambda: speaker.busy, message="the speaker busy with «uno»")
    assert not speaker.check()
    clock[0] = 6
    assert speaker.check()  # stuck: restart
    assert ended.is_set()  # the microphone is unmuted
    speaker.say("due")
    wait_until(lambda: len(engines) == 2 and speaker.busy, message="a second engine, busy with «due»")
    clock[0] = 12
    assert speaker.check()
    assert not speaker.enabled and status.snapshot()["speech_reason"] == "speech_stuck"
    assert not speaker.say("tre")
    release.set()


def test_say_never_blocks_and_mutes_while_speaking() -> None:
    release = threading.Event()
    events: list[str] = []
    speaker = Speaker("it", VoiceStatus(), factory=lambda: StuckEngine(release), check_espeak=False,
                      on_start=lambda: events.append("mute"), on_end=lambda: events.append("unmute"))
    speaker.start()
    for word in ("uno", "due", "tre"):
        assert speaker.say(word)  # returns at once although the engine is blocked
    wait_until(lambda: events == ["mute"], message=lambda: f"one mute for the first word; events {events}")
    release.set()
    wait_until(lambda: events == ["mute", "unmute"] * 3,
               message=lambda: f"a mute and an unmute per word; events {events}")
    speaker.stop()


def test_missing_voice_turns_speech_off() -> None:
    class NoItalian(StuckEngine):
        def getProperty(self, name: str) -> Any:  # noqa: N802
            return [SimpleNamespace(id="roa/it-x")]

    status = VoiceStatus()
    speaker = Speaker("it", status, factory=lambda: NoItalian(threading.Event()), check_espeak=False)
    speaker.start()
    wait_until(lambda: not speaker.enabled, message="speech off without the Italian voice")
    assert "roa/it" in status.snapshot()["message"]


def test_no_espeak_turns_speech_off(monkeypatch: pytest.MonkeyPatch) -> None:
    import dudo_hub.voice.audio.speech as speech

    monkeypatch.setattr(speech, "espeak_present", lambda: False)
    status = VoiceStatus()
    assert not Speaker("it", status).start()
    snap = status.snapshot()
    assert snap["speech_reason"] == "no_espeak" and "install espeak-ng" in snap["message"]


def test_without_aplay_speech_is_off_and_said_once() -> None:
    out = io.StringIO()
    status = VoiceStatus(out=out)
    for _ in range(3):  # the hub restarts voice (a new room, a new language): still one line
        speaker = Speaker("it", status, factory=lambda: StuckEngine(threading.Event()), player=lambda: False)
        speaker._check = True
        assert not speaker.start()
        for _ in range(100):
            assert not speaker.say("sette cinque")
    snapshot = status.snapshot()
    assert snapshot["speech_reason"] == "no_aplay" and "alsa-utils" in snapshot["message"]
    assert out.getvalue().count("\n") == 1  # reported once, not per sentence


def test_speech_follows_the_language() -> None:
    release = threading.Event()
    engines: list[StuckEngine] = []

    def factory() -> StuckEngine:
        engines.append(StuckEngine(release))
        return engines[-1]

    release.set()
    speaker = Speaker("it", VoiceStatus(), factory=factory, check_espeak=False)
    voices: list[str] = []
    speaker.start()
    wait_until(lambda: engines, message="the speaker's engine made")
    engines[0].setProperty = lambda name, value: voices.append(value) if name == "voice" else None  # type: ignore[method-assign]
    speaker.set_language("es")
    speaker.say("Dudo")
    wait_until(lambda: "roa/es" in voices, message=lambda: f"the Spanish voice set; voices set {voices}")
    speaker.stop()


@needs_espeak
@pytest.mark.parametrize("lang", languages())
def test_speech_says_a_bid_in_each_language(tmp_path: Path, lang: str) -> None:
    """The pack's espeak-ng voice exists and says a bid, in words of that language."""
    from dudo_hub.voice.audio.speech import pyttsx3_engine

    engine = configured_engine(pyttsx3_engine, lang, None)
    engine.runAndWait()
    assert engine.getProperty("voice") == load_pack(lang).espeak
    speaker = Speaker(lang, VoiceStatus())
    assert speaker.start()
    text = announce(lang, "bid", player="Ana", quantity=7, face=5)
    assert render_bid(lang, 7, 5) in text
    target = tmp_path / f"{lang}.wav"
    assert speaker.save_to_file(text, target).result(timeout=60)
    speaker.stop()
    duration, rms = wav_stats(target)
    assert 0.8 < duration < 10.0, duration
    assert rms > 300, rms


def test_a_missing_pack_voice_says_which_and_how_to_list_them() -> None:
    class NoBrazilian(StuckEngine):
        def getProperty(self, name: str) -> Any:  # noqa: N802
            return [SimpleNamespace(id="roa/pt")]

    status = VoiceStatus()
    speaker = Speaker("pt", status, factory=lambda: NoBrazilian(threading.Event()), check_espeak=False)
    speaker.start()
    wait_until(lambda: not speaker.enabled, message="speech off without the Brazilian voice")
    message = status.snapshot()["message"]
    assert "'roa/pt-br'" in message and "voice/language/packs/pt.json" in message and "espeak-ng --voices=pt" in message


def test_switching_to_a_language_without_its_voice_says_so_and_back_speaks_again() -> None:
    class OnlyItalian(StuckEngine):
        def getProperty(self, name: str) -> Any:  # noqa: N802
            return [SimpleNamespace(id="roa/it")]

        def save_to_file(self, text: str, path: str) -> None:
            self.said.append(text)

    release = threading.Event()
    release.set()
    status = VoiceStatus(out=io.StringIO())
    engine = OnlyItalian(release)
    speaker = Speaker("it", status, factory=lambda: engine, check_espeak=False)
    assert speaker.start()
    speaker.set_language("fr")
    assert not speaker.save_to_file("Trois cinq.", "/tmp/never.wav").result(timeout=5)
    assert "'roa/fr'" in status.snapshot()["message"] and status.snapshot()["speech_reason"] == "no_espeak"
    speaker.set_language("it")
    assert speaker.save_to_file("Tre cinque.", "/tmp/never.wav").result(timeout=5)
    assert status.snapshot()["speech_reason"] is None
    speaker.stop()
