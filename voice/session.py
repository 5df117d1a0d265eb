"""Start voice for a room in one call: `start_voice(room, "it")`.

Speech, the model, the microphone and the recogniser thread are set up in that order;
each one that fails turns its part off with a message (terminal and TV) and the hub
plays on. `start_voice` never raises.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from dudo_hub.voice import model as models
from dudo_hub.voice.grammar import hearable_calls
from dudo_hub.voice.microphone import AudioSource, AudioUnavailable, Microphone, Offload, direct
from dudo_hub.voice.recogniser import Listener, Recogniser, load_model, unknown_words, vocabulary
from dudo_hub.voice.speech import Speaker
from dudo_hub.voice.status import VoiceStatus
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

    def stop(self) -> None:
        """Stop listening and speaking."""
        if self.listener is not None:
            self.listener.stop()
        self.speaker.stop()


def start_voice(
    room: Room, lang: str, model_path: str | Path | None = None, *,
    confirm_seconds: float = 3.0, speak: bool = True, listen: bool = True,
    source: AudioSource | None = None, out: TextIO | None = None,
    scheduler: Scheduler = thread_timer, model_loader: Callable[[str], Any] = load_model,
    offload: Offload = direct,
) -> VoiceSession:
    """Wire speech, model, microphone and controller to `room`; never raises.

    `offload(fn, *args)` runs the blocking C calls (model loading, Vosk, PortAudio waits, espeak);
    the hub passes one that uses real OS threads when it serves on gevent's loop."""
    status = VoiceStatus([room.set_voice_status], out=out if out is not None else sys.stderr)
    speaker = Speaker(lang, status, offload=offload)
    if speak:
        speaker.start()
    table = VoiceTable(room, lang, speaker, status, confirm_seconds=confirm_seconds,
                       scheduler=scheduler)
    room.on_events(table.on_events)
    session = VoiceSession(table, status, speaker)
    if listen:
        _listen(session, lang, model_path, source, model_loader, offload)
    return session


def _listen(session: VoiceSession, lang: str, model_path: str | Path | None,
            source: AudioSource | None, loader: Callable[[str], Any], offload: Offload = direct) -> None:
    status = session.status
    folder = models.locate(lang, model_path)
    if folder is None:
        status.listening_off("no_model", lang=lang, detail=f"none in {models.data_dir()}")
        return
    try:
        model = offload(loader, str(models.check_model_dir(folder)))
    except models.ModelError as err:
        status.listening_off("bad_model", detail=str(err))
        return
    except ImportError as err:
        status.listening_off("no_vosk", detail=str(err))
        return
    except Exception as err:  # vosk raises a bare Exception on a broken model
        status.listening_off("bad_model", detail=f"{folder}: {err}")
        return
    session.model_path = folder
    known = vocabulary(model)
    session.table.vocabulary = known
    session.calls = _report_calls(session, lang, known)
    try:
        audio = source or _open_microphone()
    except AudioUnavailable as err:
        status.listening_off(err.reason, detail=err.detail)
        return
    if isinstance(audio, Microphone):
        audio.offload = offload  # its waits for PortAudio's next chunk
    _start_listener(session, model, audio, offload)


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
    session.status.update(calls=can, calls_missing=cannot)
    return calls


def _start_listener(session: VoiceSession, model: Any, audio: AudioSource, offload: Offload = direct) -> None:
    table, status = session.table, session.status
    recogniser = Recogniser(model, audio.rate, table.grammar(), offload=offload)
    table.on_grammar = recogniser.set_grammar

    def failed(err: BaseException) -> None:
        reason = err.reason if isinstance(err, AudioUnavailable) else "mic_failed"
        status.listening_off(reason, detail=f"{type(err).__name__}: {err}")

    listener = Listener(recogniser, audio, table.hear, table.caption, failed)
    session.speaker.on_start, session.speaker.on_end = listener.mute, listener.unmute
    session.listener = listener
    listener.start()
    status.listening_on(status.snapshot().get("calls"))
