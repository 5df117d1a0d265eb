"""What the voice controller needs from outside: the room, speech, and a scheduler."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, Protocol

Reply = Mapping[str, Any]
EventsCallback = Callable[[list[dict[str, Any]]], None]
Vocabulary = Callable[[str], bool]


class Room(Protocol):
    """What the controller needs from the hub's room (server engineer implements it)."""

    def submit(self, player: str, action: dict[str, Any], source: str = "voice") -> Reply:
        """Apply `action` for `player`: {"ok": bool, "code": str | None, "message": str}."""
        ...

    def undo_voice(self, player: str) -> Reply:
        """Take back the last move, a bid heard by voice for `player`; same reply shape."""
        ...

    def legal_for(self, player: str) -> Mapping[str, Any]:
        """engine.views.legal_summary: {"bids": {"5": [lo, hi]}, "dudo", "calza", ...}."""
        ...

    def players(self) -> list[str]:
        """The seated players' ids (their spoken names)."""
        ...

    def to_act(self) -> str | None:
        """Whose turn it is, or None outside bidding."""
        ...

    def version(self) -> int:
        """The state version a move must name (stale versions are refused)."""
        ...

    def on_events(self, callback: EventsCallback) -> None:
        """Call `callback(events)` (Event.to_dict() dicts) after every applied action."""
        ...

    def set_voice_status(self, status: dict[str, Any]) -> None:
        """Show the voice status on the TV."""
        ...


class Speech(Protocol):
    """Anything that queues a sentence without blocking (voice.speech.Speaker)."""

    def say(self, text: str) -> bool:
        """Queue `text`; False when speech is off."""
        ...


class Cancellable(Protocol):
    """A scheduled call that can be called off."""

    def cancel(self) -> None:
        """Do not run it."""
        ...



Scheduler = Callable[[float, Callable[[], None]], Cancellable]


def thread_timer(seconds: float, action: Callable[[], None]) -> Cancellable:
    """The real scheduler: a daemon threading.Timer."""
    timer = threading.Timer(seconds, action)
    timer.daemon = True
    timer.start()
    return timer
