"""What the controller keeps waiting: a 🎤 window, a question, a bid to take back, a call to confirm."""

from __future__ import annotations

from dataclasses import dataclass

from dudo_hub.voice.table.ports import Cancellable
from dudo_hub.voice.understand.intent import Intent


@dataclass
class MicWindow:
    """A 🎤 window: the next move heard is credited to `player`."""

    player: str
    timer: Cancellable | None = None


@dataclass
class Ask:
    """A move heard not well enough to play, waiting for its player's yes or no."""

    id: int
    move: Intent
    player: str
    timer: Cancellable | None = None


@dataclass
class VoiceBid:
    """The last bid made by voice, cancellable until the next move."""

    player: str
    bid: tuple[int, int]
    seen: bool = False


@dataclass
class Reveal:
    """A Dudo or Calza waiting for its confirmation window."""

    player: str
    action: str
    version: int
    timer: Cancellable | None = None
