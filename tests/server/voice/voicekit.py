"""Fakes shared by test_voice_hub.py and test_voice_hub_languages.py: a microphone the test feeds,
and a model that knows every word."""

from __future__ import annotations

import queue
from collections.abc import Iterator


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
