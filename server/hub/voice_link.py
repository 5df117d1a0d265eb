"""Voice attached to a hub room: the room itself is the controller's `voice.table.Room`.

The room delivers its events to the controller after releasing its own lock, and the
controller calls the room while holding the controller's lock, so the two locks are
never taken in opposite orders (docs/ARCHITECTURE.md).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dudo_hub.server.room.room import Room
from dudo_hub.server.web import asyncmode
from dudo_hub.voice.start import VoiceSession, start_voice


@dataclass
class HubVoice:
    """Voice attached to one room: the controller session."""

    session: VoiceSession
    room: Room

    def cancel(self, player: str) -> Mapping[str, Any]:
        """A phone's "not me": drop the pending call or take back the heard bid."""
        return self.session.table.cancel(player)

    def confirm(self, player: str) -> Mapping[str, Any]:
        """A phone's tap: commit the pending Dudo / Calza now."""
        return self.session.table.confirm(player)

    def answer(self, player: str, ask_id: int, yes: bool) -> Mapping[str, Any]:
        """The asked phone's Yes / No to the hub's "did you mean?"."""
        return self.session.table.answer(player, ask_id, yes)

    def listen(self, player: str) -> Mapping[str, Any]:
        """A phone's 🎤: the next call heard is credited to `player`."""
        return self.session.table.open_window(player)

    def set_mode(self, mode: str) -> None:
        """"always", or "after_button": only calls said after a 🎤 are played."""
        self.session.table.set_mode(mode)

    def set_language(self, lang: str) -> None:
        """Follow the room's language (the model of that language loads in the background)."""
        self.session.set_language(lang)

    def start_check(self, players: list[str]) -> bool:
        """The table check on the hub's microphone, in the background; False when nothing listens."""
        if self.session.listener is None or self.session.model is None:
            return False
        threading.Thread(target=self.session.table_check, args=(players,), name="voice-check", daemon=True).start()
        return True

    def dismiss_report(self) -> None:
        """The host closed the table check's report: the screens drop it (`check_report` null)."""
        self.session.status.update(check_report=None)

    def stop(self) -> None:
        """Stop listening and speaking."""
        self.session.stop()


def attach_voice(room: Room, lang: str, model: str | Path | None = None, *,
                 confirm_seconds: float = 3.0, **options: Any) -> HubVoice:
    """Start voice for `room` (speech, model, microphone, controller); never raises.

    `options` go to `voice.session.start_voice` (speak, listen, source, scheduler, out...). The
    voice's blocking C calls run on real OS threads when the hub serves on gevent's loop
    (`asyncmode.offload`), and their results come back to the voice's own greenlets.
    """
    options.setdefault("offload", asyncmode.offload)
    session = start_voice(room, lang, model, confirm_seconds=confirm_seconds, **options)
    return HubVoice(session, room)
