"""What a Room is made with and what it hands out: its settings, its hooks, and its frames.

A leaf of the room's modules: it never imports `rooms` (the hooks are generic in the room they
are handed, so `rooms`, `records`, `voiceport` and the hub depend on this module, not the reverse).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from dudo_hub.engine import GameState
from dudo_hub.server.config import Config
from dudo_hub.server.hub.outbox import Listener
from dudo_hub.server.room.seats import HUMAN, Seat

if TYPE_CHECKING:
    from dudo_hub.server.room.lobby import Lobby
    from dudo_hub.server.room.match import GameSession

R = TypeVar("R")  # the room the hooks are handed (server.rooms.Room)

@dataclass(frozen=True)
class Frame:
    """The room at one moment, as the hub needs it to build messages (read-only)."""

    code: str
    public: dict[str, Any]  # the `room` field of every `state` message
    state: GameState | None
    seat_index: Mapping[str, int]  # player -> seat number
    events: tuple[dict[str, Any], ...]  # what this change did
    recent: tuple[dict[str, Any], ...]  # the room's last events (first sync, `sync`)
    private: Mapping[str, dict[str, Any]] = field(default_factory=dict)  # player -> what only they see


@dataclass
class RoomSettings:
    """What the hub hands every room."""

    bot_delay: float = 1.5  # seconds a bot "thinks" (scaled by 0.6..1.4); 0 in tests
    drop_grace: float = 30.0  # seconds before the host may give a dropped phone's seat to a bot
    seed: int | None = None  # dice seed for tests; None uses the system's cryptographic source
    clock: Callable[[], float] = time.monotonic
    reveal_pause: float = Config.REVEAL_PAUSE  # seconds screens show a reveal; bots wait as long after one


@dataclass
class Hooks(Generic[R]):
    """The room's outside world: publishing, room-wide notices, storage, bot scheduling."""

    publish: Callable[[Frame], None] = lambda frame: None
    notice: Callable[[str, str, dict[str, Any]], None] = lambda code, event, data: None
    save: Callable[[R, list[dict[str, Any]], str], None] = lambda room, events, source: None
    schedule_bot: Callable[[R, int, float], None] | None = None  # None: bots move at once
    later: Callable[[tuple[str, str], float, Callable[[], Any]], None] | None = None  # None: no clock nudge
    listeners: list[Listener] = field(default_factory=list)


def build_frame(code: str, join_url: str, lobby: Lobby, game: GameSession,
                events: tuple[dict[str, Any], ...], settings: RoomSettings | None = None,
                clock: dict[str, Any] | None = None) -> Frame:
    """The room as every client may see it, with this change's events (and the turn `clock`)."""
    state = game.state
    settings = settings or RoomSettings()
    public = {
        "code": code,
        "lang": lobby.lang,
        "preset": lobby.rules.preset,
        "options": lobby.rules.options(),
        "rules": lobby.rules.to_dict(),
        "started": state is not None,
        "over": game.over,
        "version": game.version,
        "seats": [{**s.public(), "grace_until": grace_until(s, settings)} for s in lobby.seats],
        "max_seats": lobby.rules.max_players,
        "min_seats": lobby.rules.min_players,
        "join_url": join_url,
        "commitment": game.commitment.public() if game.commitment else None,
        "last_round": game.last_round,
        "real": game.real.public(state, lobby.humans()) if state is not None else
        {"mode": lobby.dice, "waiting": [], "proposal": None, "counted": None},
        "table": dict(lobby.table),
        "clock": clock,
        "reveal_pause": settings.reveal_pause,
    }
    index = {s.player: i for i, s in enumerate(lobby.seats)}
    private = {player: {"entered": cup} for player, cup in game.real.entered.items()}
    return Frame(code, public, state, index, events, tuple(game.recent), private)


def grace_until(seat: Seat, settings: RoomSettings) -> float | None:
    """When (Unix time, seconds) the host may let a bot play a phone's seat that is away; None
    while its phone is there or a bot already plays it. A seat given up is free at once."""
    if seat.kind != HUMAN or seat.connected or seat.takeover or seat.dropped_at is None:
        return None
    left = 0.0 if seat.left else seat.dropped_at + settings.drop_grace - settings.clock()
    return round(time.time() + max(0.0, left), 3)


def voice_notice(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The room-wide notice for a new voice status: `caption` when only the caption changed,
    `voice` (the whole small status) for anything else, None when nothing changed."""
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    if not changed:
        return None
    if changed == {"caption"}:
        return "caption", {"text": after.get("caption") or ""}
    return "voice", dict(after)
