"""The end of a call, from the audio: a run of trailing silence after speech.

Kaldi ends an utterance by itself after 0.5 to 1 s of trailing silence (the model's
`endpoint.rule2` and `rule3`), which is half a second of waiting after "dudo!". The endpointer
ends it sooner. The audio is cut into 10 ms frames and each frame's level (dBFS) is compared
with a noise floor estimated from the stream: the floor drops at once to a quieter frame and
otherwise climbs `RISE_DB_PER_S`. A frame `margin_db` above the floor (and at least
`MIN_VOICED_DBFS`) is voiced. Once an utterance has speech (`min_speech_ms` of voiced frames,
or words in the recogniser's partial result), `silence_ms` of unvoiced frames in a row end it,
and the recogniser is asked for its final result then. A pause inside a call shorter than
`silence_ms` never splits it; docs/BENCHMARKS.md (voice) says which pauses do, and how long
the default makes a player wait.
"""

from __future__ import annotations

import array
import math
import operator
import sys
from collections.abc import Iterator
from dataclasses import dataclass

FRAME_MS = 10
SILENCE_MS = 300  # the default run of trailing silence that ends a call; bench/voice/latency.py measured it:
# 250 ms split calls with pauses from 275 ms, 350 ms added 40 ms to every call, and from 300 ms on
# Kaldi's own endpoint splits such pauses too
RISE_DB_PER_S = 3.0  # how fast the floor follows the room getting louder
MIN_VOICED_DBFS = -50.0  # quieter than this is never speech (a floor of digital silence)
SILENT_DBFS = -96.0  # the level of a frame of zeros (16 bits)


@dataclass(frozen=True, slots=True)
class Endpointing:
    """How the endpointer ends a call: `silence_ms` of trailing silence, once the utterance had
    `min_speech_ms` of frames `margin_db` above the noise floor."""

    silence_ms: int = SILENCE_MS
    margin_db: float = 10.0
    min_speech_ms: int = 60


ENDPOINTING = Endpointing()  # the hub's


def levels(chunk: bytes, rate: int) -> Iterator[tuple[float, float]]:
    """(level in dBFS, length in ms) of each 10 ms frame of 16-bit little-endian mono PCM."""
    samples = array.array("h", chunk[: len(chunk) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    step = max(1, rate * FRAME_MS // 1000)
    for start in range(0, len(samples), step):
        frame = samples[start:start + step]
        power = sum(map(operator.mul, frame, frame)) / len(frame)
        level = 10 * math.log10(power / 32768**2) if power > 0 else SILENT_DBFS
        yield max(level, SILENT_DBFS), len(frame) * 1000 / rate


class Endpointer:
    """Says when an utterance has ended; one per recogniser, fed every chunk it decodes."""

    def __init__(self, rate: int, settings: Endpointing | None = None) -> None:
        self.rate = rate
        self.settings = settings or ENDPOINTING
        self.floor: float | None = None  # dBFS, kept across utterances
        self.speech_ms = self.silence_ms = 0.0
        self._words = False
        self._frame = 2 * max(1, rate * FRAME_MS // 1000)  # bytes
        self._rest = b""  # the start of a frame, from the end of the last chunk

    def reset(self) -> None:
        """A new utterance (the noise floor is kept)."""
        self.speech_ms = self.silence_ms = 0.0
        self._words = False

    def feed(self, chunk: bytes, words: bool = False) -> bool:
        """Take one chunk (`words`: the recogniser's partial result has some); True when the
        utterance has ended with it."""
        audio = self._rest + chunk
        whole = len(audio) // self._frame * self._frame
        self._rest = audio[whole:]
        for level, ms in levels(audio[:whole], self.rate):
            if self._voiced(level, ms):
                self.speech_ms += ms
                self.silence_ms = 0.0
            else:
                self.silence_ms += ms
        self._words = self._words or words
        spoke = self._words or self.speech_ms >= self.settings.min_speech_ms
        return spoke and self.silence_ms >= self.settings.silence_ms

    def _voiced(self, level: float, ms: float) -> bool:
        """Is a frame at `level` speech? (and the floor follows it)."""
        floor = self.floor if self.floor is not None and self.floor <= level else level
        self.floor = floor + RISE_DB_PER_S * ms / 1000
        return level >= max(floor + self.settings.margin_db, MIN_VOICED_DBFS)
