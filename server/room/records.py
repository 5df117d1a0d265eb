"""A room as one JSON-ready record (for the store) and back: seats, rules, game, commitment.

Records are secret: they hold seat tokens, every cup and the commitment's salt. This module
never imports `rooms`: it reads and fills any `Stored` (the Room is one); `Room.from_record`
makes the room and hands it to `restore`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from dudo_hub import engine
from dudo_hub.engine import snapshot
from dudo_hub.protocol import screens as tablesettings
from dudo_hub.server.room.commitment import Commitment
from dudo_hub.server.room.lobby import Lobby
from dudo_hub.server.room.match import GameSession
from dudo_hub.server.room.realdice import RealDice
from dudo_hub.server.room.seats import HUMAN, Seat


class Stored(Protocol):
    """What a record is made from and restored into (server.rooms.Room)."""

    code: str
    host_key: str
    default: bool
    lobby: Lobby
    game: GameSession

    def refresh_frame(self) -> None:
        """Rebuild what the room hands out from its parts."""
        ...


def to_record(room: Stored) -> dict[str, Any]:
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


def restore(room: Stored, record: dict[str, Any], clock: Callable[[], float]) -> None:
    """Fill `room`, new from the record's code, preset and language, with the rest of a record from
    `to_record` (phones count as dropped, since `clock()`, until they reconnect)."""
    lobby, game = room.lobby, room.game
    lobby.rules = engine.make_rules(record["preset"], record["options"])
    lobby.table = tablesettings.restored(record.get("table"))
    room.host_key = record["host_key"]
    room.default = bool(record["default"])
    lobby.seats = [Seat.from_record(s) for s in record["seats"]]
    now = clock()
    for seat in lobby.seats:
        seat.dropped_at = now if seat.kind == HUMAN else None
    game.state = snapshot.from_json(record["state"]) if record["state"] else None
    game.commitment = Commitment.from_dict(record["commitment"]) if record["commitment"] else None
    game.last_round = record["last_round"]
    game.recent.extend(record["recent"])
    lobby.dice = str(record.get("dice_mode", "hub"))
    game.real = RealDice.from_record(record.get("real"))
    room.refresh_frame()
