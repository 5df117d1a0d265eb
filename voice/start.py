"""Start voice for a room in one call: `start_voice(room, "it")`.

Speech, the model, the microphone and the recogniser thread are set up in that order;
each one that fails turns its part off with a message (terminal and TV) and the hub
plays on. `start_voice` never raises. `VoiceSession.set_language` follows the room's
language: parser, grammar, speech voice, and the model of that language.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from dudo_hub.catalogue import DEFAULT_LANG
from dudo_hub.voice.audio.endpoint import ENDPOINTING, Endpointing
from dudo_hub.voice.audio.microphone import AudioSource, AudioUnavailable, Microphone, Offload, direct
from dudo_hub.voice.audio.recogniser import Factory, Heard, Listener, Recogniser, load_model, unknown_words, vocabulary
from dudo_hub.voice.audio.speech import Speaker
from dudo_hub.voice.language.grammar import call_hints, hearable_calls, table_grammar
from dudo_hub.voice.setup import model as models
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.setup.tablecheck import Report, check_during_game
from dudo_hub.voice.table import Room, Scheduler, VoiceTable, thread_timer


@dataclass
class VoiceSession:
    """What start_voice built; `table.cancel(player)` / `table.confirm(player)` serve the phones."""

    table: VoiceTable
    status: VoiceStatus
    speaker: Speaker
    listener: Listener | None = None
    model_path: Path | None = None
    calls: dict[str, list[str]] = field(default_factory=dict)
    hints: dict[str, str] = field(default_factory=dict)
    lang: str = DEFAULT_LANG
    start_lang: str = DEFAULT_LANG
    model_loader: Callable[[str], Any] = load_model
    explicit_model: str | Path | None = None
    audio: AudioSource | None = None
    factory: Factory | None = None
    model: Any = None  # the model the listener uses now
    offload: Offload = direct  # runs the blocking C calls (a real OS thread on gevent's loop)
    endpoint: Endpointing | None = ENDPOINTING  # how a call ends (None: at Kaldi's own endpoint)

    def table_check(self, players: Sequence[str], seconds: float = 6.0) -> Report | None:
        """The one-minute table check on the live microphone (None when nothing listens)."""
        if self.listener is None or self.model is None:
            return None
        grammar = table_grammar(self.lang, [(q, f) for q in range(1, 31) for f in range(1, 7)],
                                ["dudo", "calza"], players, self.table.vocabulary)
        return check_during_game(self.listener, self.model, self.lang, players, grammar, self.status,
                                 seconds=seconds, factory=self.factory, offload=self.offload)

    def stop(self) -> None:
        """Stop listening and speaking."""
        if self.listener is not None:
            self.listener.stop()
        self.speaker.stop()

    def set_language(self, lang: str, wait: bool = False) -> None:
        """Follow the room's language: parser, grammar and voice now, the model (loaded in
        the background unless `wait`) as soon as it is ready."""
        if lang == self.lang:
            return
        self.table.set_language(lang)
        self.speaker.set_language(lang)
        self.lang = lang
        if self.listener is None:
            return
        if wait:
            self._switch_model(lang)
        else:
            threading.Thread(target=self._switch_model, args=(lang,), name="voice-model", daemon=True).start()

    def _switch_model(self, lang: str) -> None:
        """Load `lang`'s model and give the listener a recogniser for it (or silence)."""
        assert self.listener is not None and self.audio is not None
        model = _load(self, lang, None)
        if model is None or self.lang != lang:
            self.listener.replace(None)
            return
        recogniser = Recogniser(model, self.audio.rate, self.table.grammar(), factory=self.factory,
                                offload=self.offload, endpoint=self.endpoint)
        self.table.on_grammar = recogniser.set_grammar
        self.model = model
        self.listener.replace(recogniser)
        self.status.listening_on(self.status.snapshot().get("calls"))


def start_voice(
    room: Room, lang: str, model_path: str | Path | None = None, *,
    confirm_seconds: float = 3.0, speak: bool = True, listen: bool = True,
    source: AudioSource | None = None, out: TextIO | None = None,
    scheduler: Scheduler = thread_timer, model_loader: Callable[[str], Any] = load_model,
    factory: Factory | None = None, offload: Offload = direct, endpoint: Endpointing | None = ENDPOINTING,
) -> VoiceSession:
    """Wire speech, model, microphone and controller to `room`; never raises.

    `offload(fn, *args)` runs the blocking C calls (model loading, Vosk, PortAudio waits, espeak);
    the hub passes one that uses real OS threads when it serves on gevent's loop.

    `factory` makes the Vosk recogniser (tests pass a scripted one); `endpoint` says how a call
    ends (voice.audio.endpoint; None: at Kaldi's own endpoint, half a second to a second later)."""
    status = VoiceStatus([room.set_voice_status], out=out if out is not None else sys.stderr)
    speaker = Speaker(lang, status, offload=offload)
    if speak:
        speaker.start()
    table = VoiceTable(room, lang, speaker, status, confirm_seconds=confirm_seconds,
                       scheduler=scheduler)
    status.update(lang=lang)
    room.on_events(table.on_events)
    session = VoiceSession(table, status, speaker, lang=lang, start_lang=lang, model_loader=model_loader,
                           explicit_model=model_path, factory=factory, offload=offload, endpoint=endpoint)
    if listen:
        _listen(session, lang, model_path, source)
    return session


def _listen(session: VoiceSession, lang: str, model_path: str | Path | None,
            source: AudioSource | None) -> None:
    model = _load(session, lang, model_path)
    if model is None:
        return
    try:
        audio = source or _open_microphone()
    except AudioUnavailable as err:
        session.status.listening_off(err.reason, detail=err.detail)
        return
    if isinstance(audio, Microphone):
        audio.offload = session.offload  # its waits for PortAudio's next chunk
    _start_listener(session, model, audio)


def _load(session: VoiceSession, lang: str, model_path: str | Path | None) -> Any:
    """The model of `lang` with its vocabulary wired in, or None (listening off, with why)."""
    status = session.status
    given = model_path if model_path is not None else (session.explicit_model if lang == session.start_lang else None)
    folder = models.locate(lang, given)
    if folder is None:
        status.listening_off("no_model", lang=lang, detail=f"none in {models.data_dir()}")
        return None
    try:
        model = session.offload(session.model_loader, str(models.check_model_dir(folder)))
    except models.ModelError as err:
        status.listening_off("bad_model", detail=str(err))
        return None
    except ImportError as err:
        status.listening_off("no_vosk", detail=str(err))
        return None
    except Exception as err:  # vosk raises a bare Exception on a broken model
        status.listening_off("bad_model", detail=f"{folder}: {err}")
        return None
    session.model_path = folder
    known = vocabulary(model)
    session.table.vocabulary = known
    session.calls = _report_calls(session, lang, known)
    return model


def _open_microphone() -> Microphone:
    mic = Microphone()
    mic.start()
    return mic


def _report_calls(session: VoiceSession, lang: str, known: Callable[[str], bool]) -> dict[str, list[str]]:
    """Say at start which calls this model can hear."""
    calls = hearable_calls(lang, known)
    missing = unknown_words(session.table.grammar(), known)
    can = [c for c, phrases in calls.items() if phrases]
    cannot = [c for c, phrases in calls.items() if not phrases]
    line = f"Voice: this model hears {', '.join(can) or 'no call'}"
    line += f"; not {', '.join(cannot)} (use the phone)" if cannot else ""
    line += f"; words it lacks: {', '.join(missing)}" if missing else ""
    session.status.note(line)
    session.hints = call_hints(lang, known)
    for hint in session.hints.values():
        session.status.note(f"Voice: {hint}")
        session.speaker.say(hint)
    session.status.update(calls=can, calls_missing=cannot, hints=list(session.hints.values()))
    return calls


def _start_listener(session: VoiceSession, model: Any, audio: AudioSource) -> None:
    table, status = session.table, session.status
    recogniser = Recogniser(model, audio.rate, table.grammar(), factory=session.factory,
                            offload=session.offload, endpoint=session.endpoint)
    table.on_grammar = recogniser.set_grammar

    def failed(err: BaseException) -> None:
        reason = err.reason if isinstance(err, AudioUnavailable) else "mic_failed"
        status.listening_off(reason, detail=f"{type(err).__name__}: {err}")

    def heard(final: Heard) -> None:
        table.hear(final.text, final.words)

    listener = Listener(recogniser, audio, table.hear, table.caption, failed, on_heard=heard)
    session.audio, session.model = audio, model
    session.speaker.on_start, session.speaker.on_end = listener.mute, listener.unmute
    session.listener = listener
    listener.start()
    status.listening_on(status.snapshot().get("calls"))
