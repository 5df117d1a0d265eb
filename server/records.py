"""A room as one JSON-ready record (for the store) and back: seats, rules, game, commitment.

Records are secret: they hold seat tokens, every cup and the commitment's salt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dudo_hub import engine
from dudo_hub.engine import snapshot
from dudo_hub.server import tablesettings
from dudo_hub.server.commitment import Commitment
from dudo_hub.server.realdice import RealDice
from dudo_hub.server.seats import HUMAN, Seat

if TYPE_CHECKING:
    from dudo_hub.server.rooms import Hooks, Room, RoomSettings


def to_record(room: Room) -> dict[str, Any]:
    """Everything needed to resume `room` (call under its lock)."""
    lobby, game = room.lobby, room.game
    return {
        "code": room.code,
        "host_key": room.host_key,
        "lang": lobby.lang,
        "preset": lobby.rules.preset,
        "options": lobby.rules.options(),
        "default": room.default,
        "state": snapshot.to_json(game.state) if game.state else None,
        "commitment": game.commitment.to_dict() if game.commitment else None,
        "last_round": game.last_round,
        "recent": list(game.recent),
        "dice_mode": lobby.dice,
        "real": game.real.to_record(),
        "seats": [s.to_record() for s in lobby.seats],
        "table": dict(lobby.table),
    }


def from_record(record: dict[str, Any], settings: RoomSettings, hooks: Hooks) -> Room:
    """A room resumed from `to_record` (phones count as dropped until they reconnect)."""
    from dudo_hub.server.rooms import Room

    room = Room(record["code"], record["preset"], record["lang"], settings, hooks)
    lobby, game = room.lobby, room.game
    lobby.rules = engine.make_rules(record["preset"], record["options"])
    lobby.table = tablesettings.restored(record.get("table"))
    room.host_key = record["host_key"]
    room.default = bool(record["default"])
    lobby.seats = [Seat.from_record(s) for s in record["seats"]]
    now = settings.clock()
    for seat in lobby.seats:
        seat.dropped_at = now if seat.kind == HUMAN else None
    game.state = snapshot.from_json(record["state"]) if record["state"] else None
    game.commitment = Commitment.from_dict(record["commitment"]) if record["commitment"] else None
    game.last_round = record["last_round"]
    game.recent.extend(record["recent"])
    lobby.dice = str(record.get("dice_mode", "hub"))
    game.real = RealDice.from_record(record.get("real"))
    room.refresh_frame()
    return room
