"""What voice can do right now, and why not: one status for the terminal and the TV.

Every failure (no model, no microphone, no PortAudio, no espeak-ng, a stuck speech
engine) turns listening or speaking off with a message; the hub plays on.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

Sink = Callable[[dict[str, Any]], None]

LIGHT = frozenset({"caption"})
"""Keys that change many times a second: when a change sink is attached, a change of
these alone goes to the change sinks only, not as a whole status to every screen."""

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
    "no_aplay": "Speech off: aplay is missing (install alsa-utils); moves are only shown. ({detail})",
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
    (the latest problem or the caption's verdict, for people), caption (words being
    heard; "…" for what the recogniser could not place), heard (the move as spoken
    back), player (who it was credited to), pending ("cancel" / "confirm"), refused
    (the engine's code for the last move heard and not allowed), rejected (a call heard
    but not well enough to play: "unclear", "unknown_word", "low_confidence",
    "question", "sound_alike"), calls / calls_missing (what this model can hear), hints (what to say
    instead of a call word the model lacks), window ({player, seconds} while a 🎤 window
    is open), ask (a "did you mean?" waiting: {id, player, intent, quantity, face, heard,
    text, seconds}), mode ("always" / "after_button"), lang, check (the table check's prompt:
    {player, phrase, index, total}).

    Sinks get the whole status on every change; change sinks get only the keys that
    changed (a caption is `{"caption": "sette"}`). An update that changes nothing is
    not pushed.
    """

    def __init__(self, sinks: list[Sink] | None = None, out: TextIO | None = None,
                 change_sinks: list[Sink] | None = None) -> None:
        self._lock = threading.Lock()
        self._sinks = list(sinks or [])
        self._change_sinks = list(change_sinks or [])
        self._batching = 0
        self._held: dict[str, Any] = {}
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
            "refused": None,
            "rejected": None,
            "calls": [],
            "hints": [],
            "window": None,
            "ask": None,
            "mode": "always",
            "lang": None,
            "check": None,
        }

    def add_change_sink(self, sink: Sink) -> None:
        """Also push each change, as the changed keys only, to `sink` (a small socket event)."""
        self._change_sinks.append(sink)

    def snapshot(self) -> dict[str, Any]:
        """A copy of the current status."""
        with self._lock:
            return dict(self.data)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Changes made inside go out once, together, when the outermost batch ends
        (a heard call is one status change on the screens, not five)."""
        with self._lock:
            self._batching += 1
        try:
            yield
        finally:
            with self._lock:
                self._batching -= 1
                held, self._held = (self._held, {}) if self._batching == 0 else ({}, self._held)
            if held:
                self._push(held)

    def update(self, **changes: Any) -> None:
        """Change some keys; push the changes (and, unless only a caption changed, the status)."""
        with self._lock:
            diff = {key: value for key, value in changes.items() if key not in self.data or self.data[key] != value}
            if not diff:
                return
            self.data.update(diff)
            if self._batching:
                self._held.update(diff)
                return
        self._push(diff)

    def _push(self, diff: dict[str, Any]) -> None:
        with self._lock:
            snap = dict(self.data)
            light = bool(self._change_sinks) and diff.keys() <= LIGHT
            pushes = [(sink, diff) for sink in self._change_sinks]
            pushes += [] if light else [(sink, snap) for sink in self._sinks]
        for sink, payload in pushes:
            try:
                sink(dict(payload))
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
        """Speaking is off for `reason` (moves are still shown); the terminal is told once."""
        text = message(reason, **fields)
        with self._lock:
            told = self.data.get("speech_reason") == reason
        if not told:
            print(text, file=self._out)
        self.update(speaking=False, speech_reason=reason, message=text)
