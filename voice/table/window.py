"""The phone's 🎤 window: the next move heard is credited to its player."""

from __future__ import annotations

from dudo_hub.protocol.acks import ack
from dudo_hub.voice.table.pending import MicWindow
from dudo_hub.voice.table.ports import Reply
from dudo_hub.voice.table.state import TableState

WINDOW_SECONDS = 8.0
"""How long a 🎤 window waits for its player's call."""


class WindowJob(TableState):
    """Opens, closes and expires the 🎤 window."""

    def open_window(self, player: str, seconds: float = WINDOW_SECONDS) -> Reply:
        """A phone's 🎤: the next move heard within `seconds` is credited to `player`."""
        with self._lock:
            if player not in self.room.players():
                return ack("unknown_player", self.lang, f"{player!r} is not seated")
            self._close_mic()
            window = MicWindow(player)
            window.timer = self._schedule(seconds, lambda: self._mic_expired(window))
            self._mic = window
        self.status.update(window={"player": player, "seconds": seconds})
        return ack("ok", self.lang, "listening")

    def _mic_expired(self, window: MicWindow) -> None:
        with self._lock:
            if self._mic is window:
                self._mic = None
                self.status.update(window=None)

    def _close_mic(self) -> None:
        window, self._mic = self._mic, None
        if window is not None:
            if window.timer:
                window.timer.cancel()
            self.status.update(window=None)
