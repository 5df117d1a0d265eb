"""The hub's voice: one worker thread owns pyttsx3, fed by a queue, under a watchdog.

Handlers only queue sentences (`say` never blocks). The voice is the espeak-ng voice
whose id is exactly the one the language's pack names (`roa/pt-br` for Portuguese): never
a voice whose id merely contains the letters. A `runAndWait` that does not return within the timeout is a stuck
engine: the worker is abandoned and a new engine started; after too many restarts,
speech is turned off with a message and the hub plays on, showing moves only.

On Linux pyttsx3 plays each sentence with `aplay` (alsa-utils): without it, speech is
off from the start, reported once, instead of failing at every sentence.

pyttsx3 and espeak block in C: the engine's calls go through `offload` (voice.microphone),
which the hub points at a real OS thread when it serves on gevent's loop.
"""

from __future__ import annotations

import ctypes.util
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dudo_hub.voice.audio.microphone import Offload, direct
from dudo_hub.voice.language.packs import UnknownLanguageError, load_pack
from dudo_hub.voice.setup.status import VoiceStatus

EngineFactory = Callable[[], Any]
Clock = Callable[[], float]


class SpeechUnavailable(Exception):
    """Speech cannot work; `reason` is a status code (see voice.status)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason, self.detail = reason, detail


def voice_id(lang: str) -> str:
    """The espeak-ng voice id the pack of `lang` names ("pt" -> "roa/pt-br"); `lang` without a pack."""
    try:
        return load_pack(lang).espeak
    except UnknownLanguageError:
        return lang


def missing_voice(lang: str) -> str:
    """What to say when espeak-ng lacks the voice of `lang`."""
    wanted = voice_id(lang)
    return (f"espeak-ng has no voice {wanted!r} (the voice voice/language/packs/{lang}.json names); "
            f"`espeak-ng --voices={lang.split('-')[0]}` lists the voices this machine has")


def pick_voice(voices: Iterable[Any], wanted: str) -> str | None:
    """The id of the voice whose id is exactly `wanted`, or None."""
    for voice in voices:
        if getattr(voice, "id", None) == wanted:
            return wanted
    return None


def espeak_present() -> bool:
    """Is espeak-ng (the program or its library) on this machine?"""
    return bool(shutil.which("espeak-ng") or ctypes.util.find_library("espeak-ng"))


def player_present() -> bool:
    """Can pyttsx3 play sound here? (On Linux it runs `aplay`, from alsa-utils.)"""
    return not sys.platform.startswith("linux") or shutil.which("aplay") is not None


def pyttsx3_engine() -> Any:
    """A new pyttsx3 engine (not the cached one of `pyttsx3.init`, so a restart is real)."""
    import pyttsx3

    return pyttsx3.Engine()


def configured_engine(factory: EngineFactory, lang: str, rate: int | None) -> Any:
    """An engine speaking `lang`; SpeechUnavailable if its exact voice is missing."""
    try:
        engine = factory()
    except Exception as err:
        raise SpeechUnavailable("no_espeak", f"{type(err).__name__}: {err}") from err
    wanted = voice_id(lang)
    chosen = pick_voice(engine.getProperty("voices") or [], wanted)
    if chosen is None:
        raise SpeechUnavailable("no_espeak", missing_voice(lang))
    engine.setProperty("voice", chosen)
    if rate:
        engine.setProperty("rate", rate)
    return engine


@dataclass
class _Job:
    text: str
    path: Path | None = None
    done: Future[bool] = field(default_factory=Future)


class Speaker:
    """Queue sentences; a worker speaks them one by one. Thread-safe; never blocks callers."""

    def __init__(
        self, lang: str, status: VoiceStatus | None = None, *,
        factory: EngineFactory = pyttsx3_engine, timeout: float = 15.0, max_restarts: int = 1,
        on_start: Callable[[], None] | None = None, on_end: Callable[[], None] | None = None,
        rate: int | None = None, clock: Clock = time.monotonic, check_espeak: bool = True,
        player: Callable[[], bool] = player_present, offload: Offload = direct,
    ) -> None:
        self.lang, self.status = lang, status or VoiceStatus()
        self._factory, self._timeout, self._max_restarts = factory, timeout, max_restarts
        self.on_start, self.on_end = on_start, on_end
        self._rate, self._clock, self._check, self._player = rate, clock, check_espeak, player
        self._offload = offload
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._generation = 0
        self._busy_since: float | None = None
        self.restarts = 0
        self._voiced: dict[str, bool] = {}  # language -> does the engine have its pack's voice
        self.enabled = False
        self._stopped = threading.Event()

    def start(self) -> bool:
        """Start the worker and the watchdog; False (speech off, with a message) if it cannot."""
        if self._check and not espeak_present():
            self.status.speech_off("no_espeak", detail="espeak-ng not found")
            return False
        if self._check and not self._player():
            self.status.speech_off("no_aplay", detail="aplay not found")
            return False
        self.enabled = True
        self.status.speech_on()
        self._spawn()
        threading.Thread(target=self._watch, name="voice-speech-watchdog", daemon=True).start()
        return True

    def set_language(self, lang: str) -> None:
        """Speak `lang` from the next sentence on (the worker sets the voice per sentence)."""
        self.lang = lang

    def say(self, text: str) -> bool:
        """Queue `text`; False when speech is off."""
        if not self.enabled or not text:
            return False
        self._queue.put(_Job(text))
        return True

    def save_to_file(self, text: str, path: str | Path) -> Future[bool]:
        """Queue `text` to be written as a WAV file at `path`; the future tells when."""
        job = _Job(text, Path(path))
        if not self.enabled:
            job.done.set_result(False)
        else:
            self._queue.put(job)
        return job.done

    def stop(self) -> None:
        """Stop the worker after the sentence in progress."""
        self.enabled = False
        self._stopped.set()
        self._queue.put(None)

    @property
    def busy(self) -> bool:
        """True while a sentence is being spoken."""
        return self._busy_since is not None

    # --- the worker --------------------------------------------------------------------

    def _spawn(self) -> None:
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._busy_since = None
        threading.Thread(target=self._work, args=(generation,), name="voice-speech",
                         daemon=True).start()

    def _work(self, generation: int) -> None:
        try:
            engine = self._offload(configured_engine, self._factory, self.lang, self._rate)
        except SpeechUnavailable as err:
            self._give_up(err.reason, err.detail)
            return
        while self._current(generation):
            job = self._queue.get()
            if job is None or not self._current(generation):
                if job is not None:
                    self._queue.put(job)  # not ours any more: leave it to the new worker
                return
            self._run(engine, job, generation)

    def _current(self, generation: int) -> bool:
        with self._lock:
            return self.enabled and generation == self._generation

    def _run(self, engine: Any, job: _Job, generation: int) -> None:
        with self._lock:
            self._busy_since = self._clock()
        speaking = job.path is None
        if speaking and self.on_start:
            self.on_start()
        try:
            self._offload(self._speak, engine, job)
            ok = True
        except Exception:
            ok = False
        finally:
            with self._lock:
                if generation == self._generation:
                    self._busy_since = None
            if speaking and self.on_end:
                self.on_end()
        if not job.done.done():
            job.done.set_result(ok)

    def _speak(self, engine: Any, job: _Job) -> None:
        """The engine's side: say or write one sentence (blocks until done); nothing, and speech
        reported off, in a language whose voice this machine lacks (the room may switch back)."""
        lang = self.lang
        if lang not in self._voiced:
            self._voiced[lang] = pick_voice(engine.getProperty("voices") or [], voice_id(lang)) is not None
        if not self._voiced[lang]:
            self.status.speech_off("no_espeak", detail=missing_voice(lang))
            raise SpeechUnavailable("no_espeak", missing_voice(lang))
        if self.status.snapshot().get("speech_reason") == "no_espeak":
            self.status.speech_on()
        engine.setProperty("voice", voice_id(lang))  # espeak's voice is process-wide
        if job.path is None:
            engine.say(job.text)
        else:
            engine.save_to_file(job.text, str(job.path))
        engine.runAndWait()

    # --- the watchdog ------------------------------------------------------------------

    def _watch(self) -> None:
        while not self._stopped.wait(min(1.0, self._timeout / 4)):
            self.check()

    def check(self) -> bool:
        """Act on a stuck engine (called by the watchdog; tests call it directly). True if stuck."""
        with self._lock:
            since = self._busy_since
        if since is None or self._clock() - since < self._timeout:
            return False
        if self.on_end:
            self.on_end()  # the microphone must not stay muted by a dead engine
        self.restarts += 1
        if self.restarts > self._max_restarts:
            self._give_up("speech_stuck", f"no answer for {self._timeout:.0f} s")
        else:
            self._spawn()
        return True

    def _give_up(self, reason: str, detail: str) -> None:
        self.status.speech_off(reason, detail=detail)
        with self._lock:
            self.enabled = False
            self._generation += 1
            self._busy_since = None
        self._stopped.set()
        while True:
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                return
            if job is not None and not job.done.done():
                job.done.set_result(False)
