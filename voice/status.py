"""What voice can do right now, and why not: one status for the terminal and the TV.

Every failure (no model, no microphone, no PortAudio, no espeak-ng, a stuck speech
engine) turns listening or speaking off with a message; the hub plays on.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO

Sink = Callable[[dict[str, Any]], None]

# Reason codes -> the message for people. `{detail}` is the technical cause.
MESSAGES = {
    "no_model": "Voice off: no speech model for {lang}. Run `dudo voice install {lang}` "
    "or pass --model PATH. ({detail})",
    "bad_model": "Voice off: the speech model cannot be used. ({detail})",
    "no_portaudio": "Voice off: the audio library PortAudio is missing (install libportaudio2). ({detail})",
    "no_microphone": "Voice off: no microphone found. ({detail})",
    "mic_failed": "Voice off: the microphone stopped. ({detail})",
    "no_vosk": "Voice off: the vosk package is missing. ({detail})",
    "no_espeak": "Speech off: espeak-ng is missing (install espeak-ng); moves are only shown. ({detail})",
    "speech_stuck": "Speech off: the speech engine stopped answering. ({detail})",
    "disabled": "Voice off.",
}


def message(reason: str, **fields: Any) -> str:
    """The sentence for `reason`, with its fields filled (missing ones left empty)."""
    template = MESSAGES.get(reason, reason + " ({detail})")
    values = {"lang": "", "detail": ""} | {k: str(v) for k, v in fields.items()}
    return template.format(**values).replace(" ()", "")


class VoiceStatus:
    """The voice status dict the TV shows; every change is pushed to the sinks.

    Keys: listening, speaking (bool), reason / speech_reason (code or None), message
    (the latest problem, for people), caption (partial words), heard (the move as
    spoken back), player (who it was credited to), pending ("cancel" / "confirm"),
    calls (what this model can hear).
    """

    def __init__(self, sinks: list[Sink] | None = None, out: TextIO | None = None) -> None:
        self._lock = threading.Lock()
        self._sinks = list(sinks or [])
        self._out = out if out is not None else sys.stderr
        self.data: dict[str, Any] = {
            "listening": False,
            "speaking": False,
            "reason": "disabled",
            "speech_reason": None,
            "message": message("disabled"),
            "caption": "",
            "heard": None,
            "player": None,
            "pending": None,
            "calls": [],
        }

    def add_sink(self, sink: Sink) -> None:
        """Also push every change to `sink` (e.g. room.set_voice_status)."""
        self._sinks.append(sink)
        sink(self.snapshot())

    def snapshot(self) -> dict[str, Any]:
        """A copy of the current status."""
        with self._lock:
            return dict(self.data)

    def update(self, **changes: Any) -> None:
        """Change some keys and push the whole status."""
        with self._lock:
            self.data.update(changes)
            snap = dict(self.data)
        for sink in self._sinks:
            try:
                sink(snap)
            except Exception as err:  # noqa: BLE001 - a broken TV must not stop voice
                print(f"voice: status sink failed: {err}", file=self._out)

    def note(self, text: str) -> None:
        """A line for the terminal only."""
        print(text, file=self._out)

    def listening_on(self, calls: list[str] | None = None) -> None:
        """Listening works."""
        self.update(listening=True, reason=None, message="", calls=calls or [])

    def listening_off(self, reason: str, **fields: Any) -> None:
        """Listening is off for `reason`; the terminal is told once."""
        text = message(reason, **fields)
        print(text, file=self._out)
        self.update(listening=False, reason=reason, message=text, caption="")

    def speech_on(self) -> None:
        """Speaking works."""
        self.update(speech_reason=None)

    def speech_off(self, reason: str, **fields: Any) -> None:
        """Speaking is off for `reason` (moves are still shown)."""
        text = message(reason, **fields)
        print(text, file=self._out)
        self.update(speaking=False, speech_reason=reason, message=text)
