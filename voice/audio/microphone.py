"""Audio sources: the hub's microphone (sounddevice) and WAV files, as 16-bit mono chunks.

A source is anything with a `rate` and an iterator of `bytes` chunks; the recogniser
never knows where its audio comes from.

Blocking calls go through an `Offload` (`offload(fn, *args)` returns `fn(*args)`): the hub
passes one that runs them on a real OS thread when it serves on gevent's loop, so that a
wait for audio or a decoding call never stalls the loop; `direct` just calls.
"""

from __future__ import annotations

import _queue
import threading
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

Offload = Callable[..., Any]
QUEUED_CHUNKS = 200  # the recogniser behind by this many chunks: newer audio is dropped
BLOCK_MS = 100  # the microphone's block: a call's last audio waits up to this long to be heard


def direct(fn: Callable[..., Any], *args: Any) -> Any:
    """The plain `Offload`: call `fn` here."""
    return fn(*args)


class AudioUnavailable(Exception):
    """No way to hear the table; `reason` is a status code (see voice.status)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class AudioSource(Protocol):
    """Mono 16-bit little-endian PCM at `rate` Hz, in chunks."""

    rate: int

    def chunks(self) -> Iterator[bytes]:
        """The audio, chunk by chunk, until the source ends or is closed."""
        ...

    def close(self) -> None:
        """Stop producing chunks."""
        ...


def load_sounddevice() -> ModuleType:
    """The sounddevice module; AudioUnavailable("no_portaudio") when PortAudio is missing."""
    try:
        import sounddevice as sd
    except OSError as err:  # the module imports, then fails to load libportaudio
        raise AudioUnavailable("no_portaudio", str(err)) from err
    except ImportError as err:
        raise AudioUnavailable("no_portaudio", f"sounddevice is not installed: {err}") from err
    module: ModuleType = sd
    return module


def default_input(sd: ModuleType) -> tuple[Any, int]:
    """(device, its default samplerate) of the default input; AudioUnavailable if none."""
    try:
        info = sd.query_devices(kind="input")
    except Exception as err:  # sounddevice raises PortAudioError / ValueError here
        raise AudioUnavailable("no_microphone", str(err)) from err
    if not info or int(info.get("max_input_channels", 0)) < 1:
        raise AudioUnavailable("no_microphone", "the default device has no input channel")
    return info.get("index"), int(float(info["default_samplerate"]))


class Microphone:
    """The default input device at its own samplerate, mono, 16-bit."""

    def __init__(self, sd: ModuleType | None = None, block_ms: int = BLOCK_MS, offload: Offload = direct) -> None:
        self._sd = sd or load_sounddevice()
        self.device, self.rate = default_input(self._sd)
        # The C queue: PortAudio's own thread puts into it, even in a process gevent has patched.
        self._queue: _queue.SimpleQueue[bytes | None] = _queue.SimpleQueue()
        self._closed = threading.Event()
        self._stream: Any = None
        self._block = max(1, self.rate * block_ms // 1000)
        self.offload = offload  # how `chunks` waits for PortAudio (set by the hub: a real thread on gevent)

    def _callback(self, data: Any, frames: int, time: Any, status: Any) -> None:
        if self._queue.qsize() < QUEUED_CHUNKS:  # recogniser behind: drop audio, never grow
            self._queue.put(bytes(data))

    def start(self) -> None:
        """Open the device; AudioUnavailable("no_microphone") if it refuses."""
        try:
            self._stream = self._sd.RawInputStream(
                samplerate=self.rate,
                blocksize=self._block,
                device=self.device,
                channels=1,
                dtype="int16",
                callback=self._callback,
            )
            self._stream.start()
        except Exception as err:
            raise AudioUnavailable("no_microphone", str(err)) from err

    def chunks(self) -> Iterator[bytes]:
        """Blocks until audio arrives; ends after close()."""
        if self._stream is None:
            self.start()
        while not self._closed.is_set():
            chunk = self.offload(self._queue.get)
            if chunk is None:
                return
            yield chunk

    def close(self) -> None:
        """Stop and close the stream."""
        self._closed.set()
        self._queue.put(None)
        if self._stream is not None:
            self._stream.stop()
            self._stream.close()
            self._stream = None


class WavSource:
    """A 16-bit mono WAV file as chunks of `frames` frames, at the file's own rate."""

    def __init__(self, path: str | Path, frames: int = 4000) -> None:
        self.path = Path(path)
        self._frames = frames
        self._closed = False
        with wave.open(str(self.path), "rb") as wav:
            if wav.getsampwidth() != 2 or wav.getnchannels() != 1:
                raise ValueError(f"{self.path}: need 16-bit mono PCM")
            self.rate = wav.getframerate()

    def chunks(self) -> Iterator[bytes]:
        """The file's audio, then the end."""
        with wave.open(str(self.path), "rb") as wav:
            while not self._closed and (data := wav.readframes(self._frames)):
                yield data

    def close(self) -> None:
        """Stop early."""
        self._closed = True
