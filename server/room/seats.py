"""A seat at a room's table: a phone (with its secret token) or a bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dudo_hub.protocol.types import MARKS

HUMAN, BOT = "human", "bot"


@dataclass(slots=True)
class Seat:
    """One player. `player` is both the display name and the engine's player id."""

    player: str
    kind: str = HUMAN
    token: str | None = None
    level: str | None = None  # the bot's level (also the level playing a taken-over seat)
    connected: bool = False
    dropped_at: float | None = None  # monotonic time the phone dropped (None while connected)
    takeover: bool = False  # a bot plays this human seat for now
    left: bool = False  # the phone gave the seat up mid-game
    mark: int | None = None  # who is who at a glance: one of MARKS, unique at the table (None: none free)
    kept: bool = False  # kept for its name by a championship's draw: leaving or a kick frees it, never removes it

    @property
    def bot_plays(self) -> bool:
        """Whether the hub moves for this seat."""
        return self.kind == BOT or self.takeover

    def public(self) -> dict[str, Any]:
        """What every client may know about the seat (never the token)."""
        return {
            "player": self.player,
            "kind": self.kind,
            "level": self.level,
            "connected": self.connected or self.kind == BOT,
            "takeover": self.takeover,
            "left": self.left,
            "mark": self.mark,
        }

    def to_record(self) -> dict[str, Any]:
        """Storage form (secret: includes the token); written at every change, so built by hand."""
        return {"player": self.player, "kind": self.kind, "token": self.token, "level": self.level,
                "connected": False, "dropped_at": None, "takeover": self.takeover, "left": self.left,
                "mark": self.mark, "kept": self.kept}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Seat:
        """Back from `to_record`; a restored phone counts as dropped until it reconnects."""
        seat = cls(**{k: data[k] for k in ("player", "kind", "token", "level", "takeover", "left")})
        mark = data.get("mark")
        seat.mark = mark if isinstance(mark, int) and 0 <= mark < MARKS else None
        seat.kept = bool(data.get("kept", False))
        seat.dropped_at = 0.0 if seat.kind == HUMAN else None
        return seat
