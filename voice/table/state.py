"""What every job of the voice controller shares: its state, its lock, showing and saying.

The jobs (`window`, `ask`, `calls`, `confirm`, `announcements`, `grammar`, `count`) are mixins of
this class, joined in `controller.VoiceTable`; a job calls another only through the abstract
methods below.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any

from dudo_hub.voice.decision.policy import Decision
from dudo_hub.voice.language.wording import announce
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.table.pending import Ask, MicWindow, Reveal, VoiceBid
from dudo_hub.voice.table.ports import Reply, Room, Scheduler, Speech, Vocabulary
from dudo_hub.voice.table.words import error_sentence, shown, spoken_move
from dudo_hub.voice.understand.intent import Intent


class TableState(ABC):
    """The controller's state (set by `VoiceTable.__init__`); every change holds `_lock`."""

    room: Room
    lang: str
    speech: Speech
    status: VoiceStatus
    mode: str
    confirm_seconds: float
    ask_seconds: float
    min_confidence: float
    vocabulary: Vocabulary | None
    announce_events: bool
    on_grammar: Callable[[list[str]], None] | None
    _schedule: Scheduler
    _lock: threading.RLock
    _bid: VoiceBid | None  # the last bid heard, cancellable until the next move
    _reveal: Reveal | None  # a Dudo or Calza waiting for its confirmation window
    _mic: MicWindow | None  # a phone's 🎤 window
    _ask: Ask | None  # the one question waiting
    _asks: int  # questions asked so far (each one's id)
    _echo: list[tuple[str, str]]  # (event kind, player) already spoken back when heard

    # --- one job asks another -----------------------------------------------------------

    @abstractmethod
    def refresh_grammar(self) -> None:
        """Tell the recogniser the phrases legal now (`grammar`)."""

    @abstractmethod
    def _counting(self) -> Mapping[str, Any] | None:
        """The reveal waiting for the table's count, or None (`count`)."""

    @abstractmethod
    def _drop_ask(self) -> None:
        """No question waits any more (`ask`)."""

    @abstractmethod
    def _bid_heard(self, move: Intent, to_act: str | None) -> None:
        """Play a bid heard for `to_act` (`calls`)."""

    @abstractmethod
    def _cancel_any(self, player: str | None = None) -> Reply:
        """Take back the pending call or the last bid (`calls`)."""

    @abstractmethod
    def _open_confirm(self, player: str, call: str) -> None:
        """Open the confirmation window of a Dudo or Calza (`confirm`)."""

    @abstractmethod
    def _commit(self) -> Reply:
        """Submit the pending Dudo or Calza (`confirm`)."""

    # --- showing and saying -----------------------------------------------------------

    def _reject(self, decision: Decision) -> None:
        """Show what was heard and that nothing was played."""
        key = "unsure" if decision.reason == "low_confidence" else "not_played"
        self.status.update(heard=None, player=decision.player, refused=None, rejected=decision.reason,
                           message=announce(self.lang, key, heard=shown(decision.text)))

    def _show(self, move: Intent, player: str) -> None:
        """Show the move heard and whose it is."""
        self.status.update(heard=spoken_move(self.lang, move), player=player, refused=None, rejected=None)

    def _refuse(self, move: Intent, player: str | None, code: str, reply: Reply | None = None) -> None:
        """Show and say why `move` was not played."""
        text = error_sentence(self.lang, code) or str((reply or {}).get("message") or code)
        self.status.update(heard=spoken_move(self.lang, move), player=player, refused=code, rejected=None,
                           message=text)
        self._say(text)

    def _say(self, text: str) -> None:
        """Queue `text` for the speech worker."""
        self.speech.say(text)

    def _drop_echo(self, kind: str, player: str) -> None:
        """Forget that (kind, player) was spoken back when heard."""
        if (kind, player) in self._echo:
            self._echo.remove((kind, player))
