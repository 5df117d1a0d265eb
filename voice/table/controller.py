"""The voice controller: final transcripts -> moves on the room, safely.

What a transcript is, and whose, is decided by `voice.policy` (precision first: a
transcript is a move only when every word is explained as a call). Who spoke: a bid or
a Dudo belongs to the player whose turn it is; a Calza out of turn needs the player's
name in the phrase ("Calza, Marco"), or the phone's 🎤 button: `open_window(player)`
credits the next utterance that makes a move to that player. In the `after_button`
mode only such windows play moves; everything else is only captioned.

A call heard unclearly (a word the pack cannot place, "[unk]" inside it, a word below
the recogniser's confidence, or a word corrected from a sound-alike) is never played.
When it is one clear move its player may make now, the hub asks (status `ask`: the TV
shows "Marco: sei cinque?" with the words heard, the credited phone a Yes / No): a tap,
or "sì" / "no" in the pack's words, answers it; it expires after `ask_seconds`; only one
ask waits, and a new clear call, any move made, or a new ask replaces it ("annulla" only
drops it). Otherwise the
TV shows what was heard and that nothing was played (status `rejected`). Mishearing never costs a die silently:
every move heard is shown (the TV's voice status) and spoken back. A bid is applied
at once and can be taken back ("annulla", or the phone's `voice:cancel`) until the
next move. A Dudo or a Calza reveals the dice, so it commits only after a
confirmation window (`confirm_seconds`), or at once on a tap (`confirm`); "annulla"
within the window drops it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from dudo_hub.voice.decision.policy import DEFAULT_MIN_CONFIDENCE, Decision, Word, decide
from dudo_hub.voice.language.packs import load_pack
from dudo_hub.voice.setup.status import VoiceStatus
from dudo_hub.voice.table.announcements import AnnounceJob
from dudo_hub.voice.table.ask import ASK_SECONDS, AskJob
from dudo_hub.voice.table.calls import CallJob
from dudo_hub.voice.table.confirm import ConfirmJob
from dudo_hub.voice.table.count import CountJob
from dudo_hub.voice.table.grammar import GrammarJob
from dudo_hub.voice.table.pending import Ask, MicWindow, Reveal, VoiceBid
from dudo_hub.voice.table.ports import Room, Scheduler, Speech, Vocabulary, thread_timer
from dudo_hub.voice.table.position import RoomPosition
from dudo_hub.voice.table.window import WindowJob
from dudo_hub.voice.table.words import shown
from dudo_hub.voice.understand.answers import answer_of
from dudo_hub.voice.understand.intent import Intent

MODES = ("always", "after_button")
"""`always`: every utterance may play; `after_button`: only one in a 🎤 window."""


class VoiceTable(WindowJob, AskJob, CallJob, ConfirmJob, AnnounceJob, GrammarJob, CountJob):
    """Turns final transcripts into moves on a Room; thread-safe."""

    def __init__(
        self, room: Room, lang: str, speech: Speech, status: VoiceStatus | None = None, *,
        confirm_seconds: float = 3.0, scheduler: Scheduler = thread_timer,
        vocabulary: Vocabulary | None = None, announce_events: bool = True,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE, mode: str = "always", ask_seconds: float = ASK_SECONDS,
    ) -> None:
        self.room, self.lang, self.speech = room, lang, speech
        self.status = status or VoiceStatus()
        self.confirm_seconds, self._schedule = confirm_seconds, scheduler
        self.vocabulary, self.announce_events = vocabulary, announce_events
        self.min_confidence = min_confidence
        self.on_grammar: Callable[[list[str]], None] | None = None
        self._lock = threading.RLock()
        self._bid: VoiceBid | None = None
        self._reveal: Reveal | None = None
        self._mic: MicWindow | None = None
        self.ask_seconds = ask_seconds
        self._ask: Ask | None = None
        self._asks = 0
        self._echo: list[tuple[str, str]] = []
        self.mode = "always"
        self.set_mode(mode)

    def set_mode(self, mode: str) -> None:
        """`always` (every utterance may play) or `after_button` (only in a 🎤 window)."""
        if mode not in MODES:
            raise ValueError(f"unknown voice mode {mode!r}; modes: {', '.join(MODES)}")
        with self._lock:
            self.mode = mode
        self.status.update(mode=mode)

    def set_language(self, lang: str) -> None:
        """Hear and speak `lang` from now on (the room's language changed)."""
        load_pack(lang)  # UnknownLanguageError for a language without a pack
        with self._lock:
            self.lang = lang
        self.status.update(lang=lang)
        self.refresh_grammar()

    def caption(self, text: str) -> None:
        """A partial result: show it, do nothing."""
        self.status.update(caption=shown(text))

    def hear(self, text: str, words: Sequence[Word] | None = None) -> Intent | None:
        """A final transcript (with the recogniser's words and confidences, if any): act on
        it; returns the move acted on or refused (None: no move, or not heard well enough)."""
        with self._lock, self.status.batch():
            return self._hear(text, words)

    def _hear(self, text: str, words: Sequence[Word] | None) -> Intent | None:
        self.status.update(caption=shown(text))
        counting = self._counting()
        if counting is not None:
            self._count_heard(text, counting)
            return None
        if self._ask is not None:  # answered by voice in either mode
            yes = answer_of(text, self.lang)
            if yes is not None:
                self._answered(self._ask, yes)
                return None
        window = self._mic
        if window is None and self.mode == "after_button":
            return None
        speaker = window.player if window is not None else None
        decision = decide(text, self.lang, RoomPosition(self.room), words=words, speaker=speaker,
                          min_confidence=self.min_confidence)
        return self._act(decision, speaker)

    def _act(self, decision: Decision, speaker: str | None) -> Intent | None:
        """Play, ask about, reject or refuse what the policy decided (`speaker`: the 🎤 window's)."""
        move = decision.move
        if move.intent is None:
            return None
        self._close_mic()
        if decision.asked:
            self._open_ask(decision)
            return None
        if decision.rejected:
            self._reject(decision)
            return None
        if move.intent == "cancel" and self._ask is not None:
            self._drop_ask()  # "annulla" while asked: drop the question, take nothing back
            return move
        self._drop_ask()
        if move.intent == "cancel":
            self._cancel_any(speaker)
        elif decision.reason:
            self._refuse(move, move.player, decision.reason)
        elif move.intent == "bid":
            self._bid_heard(move, move.player)
        else:
            self._call_heard(move, move.player)
        return move
