"""The voice controller (`VoiceTable`): final transcripts -> moves on the room, safely.

One module a job: `window` (the phone's 🎤), `ask` ("did you mean?"), `calls` (bids and calls
heard, taking back), `confirm` (a Dudo / Calza's confirmation window), `announcements` (the room's
events spoken), `grammar` (the Vosk grammar), `count` (real dice: the count said aloud); their
shared state and words in `state`, `pending`, `words`; the room as the policy sees it in
`position`; what the controller needs from outside in `ports`. `controller.VoiceTable` joins them.
"""

from dudo_hub.voice.table.announcements import event_sentence
from dudo_hub.voice.table.ask import ASK_SECONDS
from dudo_hub.voice.table.controller import MODES, VoiceTable
from dudo_hub.voice.table.ports import (
    Cancellable,
    EventsCallback,
    Reply,
    Room,
    Scheduler,
    Speech,
    Vocabulary,
    thread_timer,
)
from dudo_hub.voice.table.position import RoomPosition, legal_bids
from dudo_hub.voice.table.window import WINDOW_SECONDS
from dudo_hub.voice.table.words import error_sentence, shown, spoken_move

__all__ = [
    "ASK_SECONDS", "MODES", "WINDOW_SECONDS", "Cancellable", "EventsCallback", "Reply", "Room", "RoomPosition",
    "Scheduler", "Speech", "Vocabulary", "VoiceTable", "error_sentence", "event_sentence", "legal_bids", "shown",
    "spoken_move", "thread_timer",
]
