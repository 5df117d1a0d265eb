"""The voice controller (`VoiceTable`): final transcripts -> moves on the room, safely.

`controller` joins the controller's jobs; the names below are its public face.
"""

from dudo_hub.voice.table.controller import (
    ASK_SECONDS,
    MODES,
    WINDOW_SECONDS,
    Cancellable,
    EventsCallback,
    Reply,
    Room,
    RoomPosition,
    Scheduler,
    Speech,
    Vocabulary,
    VoiceTable,
    error_sentence,
    event_sentence,
    legal_bids,
    shown,
    spoken_move,
    thread_timer,
)

__all__ = [
    "ASK_SECONDS", "MODES", "WINDOW_SECONDS", "Cancellable", "EventsCallback", "Reply", "Room", "RoomPosition",
    "Scheduler", "Speech", "Vocabulary", "VoiceTable", "error_sentence", "event_sentence", "legal_bids", "shown",
    "spoken_move", "thread_timer",
]
