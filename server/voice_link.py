"""The hub's Room seen through the voice controller's `voice.table.Room` protocol.

The room calls its listeners while holding its own lock, and the voice controller
calls the room while holding the controller's lock; so events reach the controller
through a queue and one worker thread, and the two locks are never taken in
opposite orders.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dudo_hub.engine import Event
from dudo_hub.server.errors import HubError
from dudo_hub.server.rooms import Room
from dudo_hub.voice.session import VoiceSession, start_voice

log = logging.getLogger(__name__)
EventsCallback = Callable[[list[dict[str, Any]]], None]
_STOP = object()


class VoiceRoom:
    """Adapter: `voice.table.Room` over a hub `Room`."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._queue: queue.Queue[Any] = queue.Queue()
        self._worker = threading.Thread(target=self._deliver, name=f"voice-events-{room.code}", daemon=True)
        self._worker.start()

    def submit(self, player: str, action: dict[str, Any], source: str = "voice") -> Mapping[str, Any]:
        """Play a move heard by voice, exactly as a phone's move is played."""
        return self.room.submit(player, action, source=source)

    def undo_voice(self, player: str) -> Mapping[str, Any]:
        """Take back the bid the voice credited to `player`, if nothing happened since."""
        try:
            self.room.cancel_voice(player, self.room.version())
        except HubError as err:
            return self.room.reply(err.code, err.detail)
        return self.room.reply("ok", version=self.room.version())

    def legal_for(self, player: str) -> Mapping[str, Any]:
        """engine.legal_summary for `player` (empty outside a game)."""
        return self.room.legal_for(player).get("summary") or {}

    def players(self) -> list[str]:
        """The seated players' names."""
        return [str(p["player"]) for p in self.room.players()]

    def to_act(self) -> str | None:
        """Whose turn it is."""
        return self.room.to_act()

    def version(self) -> int:
        """The state version moves must name."""
        return self.room.version()

    def on_events(self, callback: EventsCallback) -> None:
        """Deliver every applied action's events to `callback`, in order, off the room's lock."""

        def enqueue(_room: Room, events: list[Event]) -> None:
            self._queue.put((callback, [e.to_dict() for e in events]))

        self.room.on_events(enqueue)

    def set_voice_status(self, status: dict[str, Any]) -> None:
        """Show the voice status on the TV (and the credited phone)."""
        self.room.set_voice_status(status)

    def drain(self, timeout: float = 2.0) -> None:
        """Wait until every queued event has been delivered (tests and shutdown)."""
        done = threading.Event()
        self._queue.put(done)
        done.wait(timeout)

    def close(self) -> None:
        """Stop the delivery thread."""
        self._queue.put(_STOP)

    def _deliver(self) -> None:
        while (item := self._queue.get()) is not _STOP:
            if isinstance(item, threading.Event):
                item.set()
                continue
            callback, events = item
            try:
                callback(events)
            except Exception:
                log.exception("voice: an events callback failed")


@dataclass
class HubVoice:
    """Voice attached to one room: the controller session and its adapter."""

    session: VoiceSession
    adapter: VoiceRoom

    def cancel(self, player: str) -> Mapping[str, Any]:
        """A phone's "not me": drop the pending call or take back the heard bid."""
        return self.session.table.cancel(player)

    def confirm(self, player: str) -> Mapping[str, Any]:
        """A phone's tap: commit the pending Dudo / Calza now."""
        return self.session.table.confirm(player)

    def stop(self) -> None:
        """Stop listening, speaking and delivering events."""
        self.session.stop()
        self.adapter.close()


def attach_voice(room: Room, lang: str, model: str | Path | None = None, *,
                 confirm_seconds: float = 3.0, **options: Any) -> HubVoice:
    """Start voice for `room` (speech, model, microphone, controller); never raises.

    `options` go to `voice.session.start_voice` (speak, listen, source, scheduler, out...).
    """
    adapter = VoiceRoom(room)
    session = start_voice(adapter, lang, model, confirm_seconds=confirm_seconds, **options)
    return HubVoice(session, adapter)
