"""The hub's protocol as code: every client event's payload and ack, the server's messages, the
event kinds, and the one move <-> engine action conversion (docs/protocol.md is generated from it:
`python -m dudo_hub.protocol.generate --write`)."""

from __future__ import annotations

from dudo_hub.protocol.acks import Ack, Reply, ack
from dudo_hub.protocol.client import BY_NAME as EVENTS_BY_NAME
from dudo_hub.protocol.client import EVENTS, Event, as_object, read, read_payload
from dudo_hub.protocol.kinds import HUB_KINDS, KINDS
from dudo_hub.protocol.messages import MESSAGES, Notice, State
from dudo_hub.protocol.moves import ACTIONS, AnyMove, Move, move_of, move_payload, read_move, to_action

__all__ = [
    "ACTIONS", "EVENTS", "EVENTS_BY_NAME", "HUB_KINDS", "KINDS", "MESSAGES", "Ack", "AnyMove", "Event", "Move",
    "Notice", "Reply", "State", "ack", "as_object", "move_of", "move_payload", "read", "read_move", "read_payload",
    "to_action",
]
