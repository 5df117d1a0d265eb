"""The hub: its rooms, who is connected to which (and as whom), and per-connection messages.

Every `state` message is built for one connection from `engine.view_for` (spectator None
for the TV and host) and sent with `to=sid`: whole on a connection's first sync and on `sync`,
else as a `state_patch` of that connection's own last one (server/hub/stateout.py).
Only notices with nothing hidden in them (`voice`, `caption`) go to a whole room
(`to=<room code>`, a Socket.IO room every connection of the room joins).
The hub builds messages from the room's `Frame` and never calls back into a room
while the room publishes; lock order: a room's lock, then the hub's.
"""

from __future__ import annotations

import contextlib
import logging
import random
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dudo_hub import engine
from dudo_hub.protocol import screens as tablesettings
from dudo_hub.protocol.errors import HubError
from dudo_hub.server.config import Config
from dudo_hub.server.event.desk import ROLES as EVENT_ROLES
from dudo_hub.server.event.desk import Desk
from dudo_hub.server.hub import stateout
from dudo_hub.server.hub.botrunner import BotRunner, Spawn
from dudo_hub.server.room.lobby import catalogue
from dudo_hub.server.room.room import Frame, Hooks, Room, RoomSettings
from dudo_hub.server.store.database import Store
from dudo_hub.server.store.evening import Evenings
from dudo_hub.server.store.history import History
from dudo_hub.server.web import asyncmode
from dudo_hub.server.web.ratelimit import RateLimiter

if TYPE_CHECKING:
    from dudo_hub.server.hub.voice_link import HubVoice

log = logging.getLogger(__name__)
ROLES = ("tv", "phone", "host")
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O
Emit = Callable[[str, Any, str], None]  # (event, data, to: a sid or a room code)
Enter = Callable[[str, str], None]  # (sid, room code): the connection joins the room's Socket.IO room


@dataclass
class Viewer:
    """One connection: its room, role, and (for a seated phone) player and token."""

    sid: str
    room: str
    role: str
    player: str | None = None
    token: str | None = None
    sent: stateout.Sent = field(default_factory=stateout.Sent)  # its last `state`, to patch


class Hub:
    """Rooms and connections. `emit(event, data, sid)` sends to one connection; `spawn(fn)` starts
    the bots' background task (the Socket.IO server's own, so a greenlet in gevent mode)."""

    def __init__(self, config: Config, emit: Emit, enter: Enter | None = None, spawn: Spawn | None = None) -> None:
        self.config = config
        self.emit = emit
        self.enter = enter
        self.rooms: dict[str, Room] = {}
        self.default_code = ""
        self.viewers: dict[str, Viewer] = {}
        self._by_room: dict[str, dict[str, Viewer]] = {}  # room code -> sid -> viewer (the same objects)
        self.voices: dict[str, HubVoice] = {}  # room code -> voice attached by `dudo serve`
        self._lock = threading.RLock()
        self.closing = threading.Event()  # set by `close`: a connection accepted late gets nothing more
        self.limiter = RateLimiter(config.RATE_CAPACITY, config.RATE_PER_SECOND)
        self.store = Store(config.DATA_DIR) if config.DATA_DIR is not None else None
        self.evenings = Evenings(History(config.DATA_DIR), self.notice) if config.DATA_DIR is not None else None
        self.runner = BotRunner(spawn) if config.BOT_THREAD else None
        seed = config.SEED
        self._code_rng = secrets.SystemRandom() if seed is None else random.Random(f"{seed}:codes")
        self.settings = RoomSettings(config.BOT_DELAY, config.DROP_GRACE, config.SEED,
                                     reveal_pause=config.REVEAL_PAUSE)
        self.desk = Desk(self, config.DATA_DIR, config.LANG, config.SEED, enter, emit)  # championships
        self._resume()
        self.desk.settle()
        if not self.rooms and config.DEFAULT_ROOM:
            self.create_room(default=True)

    # ----- rooms -----------------------------------------------------------------------------

    def create_room(self, preset: str | None = None, lang: str | None = None, default: bool = False) -> Room:
        """A new room with a fresh 4-letter code. The hub's lock claims the code and lists the room made
        whole (making it takes no lock); the first save holds the room's lock alone (lock order)."""
        with self._lock:
            code = self._fresh_code()
            room = Room(code, preset or self.config.PRESET, lang or self.config.LANG, self.settings, self._hooks(),
                        join_url=self.join_url(code))
            room.default = default or not self.default_code
            self._list(room)
        with room.lock:
            self._save(room, [], "lobby")
        return room

    def room(self, code: str) -> Room:
        """The room with `code` (any case); unknown_room otherwise."""
        room = self.rooms.get(code.upper()) if isinstance(code, str) else None
        if room is None:
            raise HubError("unknown_room", f"no room {code!r}")
        return room

    def join_url(self, code: str, base: str = "") -> str:
        """The address phones open for `code`."""
        return f"{(self.config.PUBLIC_URL or base).rstrip('/')}/join/{code}"

    def _fresh_code(self) -> str:
        while True:
            code = "".join(self._code_rng.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.rooms:
                return code

    def _add(self, room: Room) -> None:
        """List a room restored from the store (its join address is this hub's)."""
        room.join_url = self.join_url(room.code)
        room.refresh_frame()
        self._list(room)

    def _list(self, room: Room) -> None:
        self.rooms[room.code] = room
        if room.default or not self.default_code:
            self.default_code = room.code

    def _hooks(self) -> Hooks[Room]:
        runner = self.runner
        return Hooks(publish=self.broadcast, notice=self.notice, save=self._save,
                     schedule_bot=runner.schedule if runner else None, later=runner.later if runner else None)

    def _save(self, room: Room, events: list[dict[str, Any]], source: str) -> None:
        if self.store is not None:
            record = room.to_record()
            self.store.save(record, events, source)
            if self.evenings is not None and any(e.get("kind") == "game_over" for e in events):
                self.evenings.keep(record)  # every finished game kept; the room hears its evening
        self.desk.saw(room, events)  # a championship's table: its progress, its result

    def _resume(self) -> None:
        """Rooms from the data folder, as they were (bots pick up where they left off)."""
        if self.store is None:
            return
        for record in self.store.load():
            room = Room.from_record(record, self.settings, self._hooks())
            self._add(room)
            if self.evenings is not None:
                self.evenings.keep(record)  # a game that ended just before the hub stopped
            log.info("resumed room %s (%s)", room.code, "in a game" if room.started else "lobby")
        for room in list(self.rooms.values()):
            room.resume_bots()

    # ----- connections -----------------------------------------------------------------------

    def connect(self, sid: str, auth: Any) -> Viewer:
        """Register a connection from its `auth` ({room, role, token?, key?}); HubError refuses it."""
        data = auth if isinstance(auth, dict) else {}
        if data.get("role") in EVENT_ROLES:  # a championship's director page or hall screen
            self.desk.join_screen(sid, data)
            return Viewer(sid, str(data.get("event")), str(data.get("role")))
        code = data.get("room") or self.default_code
        room = self.room(code) if isinstance(code, str) and len(code) <= 16 else self.room("")
        role = data.get("role")
        if not isinstance(role, str) or role not in ROLES:
            raise HubError("bad_role", f"auth.role must be one of {', '.join(ROLES)}")
        viewer = Viewer(sid, room.code, role)
        if role == "host":
            key = data.get("key")
            if not isinstance(key, str) or not secrets.compare_digest(key.encode("utf-8", "surrogatepass"),
                                                                      room.host_key.encode()):
                raise HubError("not_host", "the host key is wrong")
        token = data.get("token")
        if role == "phone" and token:
            seat = room.seat_by_token(token) if isinstance(token, str) and len(token) <= 200 else None
            if seat is None:
                raise HubError("bad_token", "this token holds no seat in the room")
            viewer.player, viewer.token = seat.player, token
        with self._lock:
            self.viewers[sid] = viewer
            self._by_room.setdefault(room.code, {})[sid] = viewer
        if self.enter is not None:
            self.enter(sid, room.code)
        return viewer

    def connected(self, sid: str) -> None:
        """The connection is accepted: its first sync (a host also gets the lobby's catalogue once),
        the voice status, and its seat marked present (others hear of it)."""
        viewer = self.viewers.get(sid)
        if self.closing.is_set():
            return
        if viewer is None:
            self.desk.first_sync(sid)  # a championship's screen, if it is one
            return
        room = self.room(viewer.room)
        if viewer.role == "host":
            self.emit("lobby", catalogue(), sid)
        if viewer.player is not None:
            room.set_connected(viewer.player, True)  # publishes to everyone, this sid included
        else:
            self.send_state(sid)
        self.emit("voice", room.voice, sid)
        if self.evenings is not None:
            with self._unless_closed():
                self.emit("evening", self.evenings.payload(room.code), sid)
                self.emit("replay", self.evenings.replay_payload(room.code), sid)

    @contextlib.contextmanager
    def _unless_closed(self) -> Iterator[None]:
        """A read of the history that a stop may close under it: quiet once the hub is closing."""
        try:
            yield
        except sqlite3.ProgrammingError:
            if not self.closing.is_set():
                raise

    def disconnect(self, sid: str) -> None:
        """Forget the connection; a seat with no phone left counts as dropped."""
        self.desk.forget(sid)
        with self._lock:
            viewer = self.viewers.pop(sid, None)
            if viewer is not None:
                self._by_room.get(viewer.room, {}).pop(sid, None)
        if viewer is None:
            return
        if viewer.token is None:
            self.limiter.forget(self.limit_key(viewer))
        if viewer.player is None:
            return
        room = self.rooms.get(viewer.room)
        if room is not None and not self._seat_watched(viewer.room, viewer.player):
            with contextlib.suppress(HubError):  # the seat may be gone (kicked in the lobby)
                room.set_connected(viewer.player, False)

    @staticmethod
    def limit_key(viewer: Viewer) -> str:
        """The rate limiter's bucket: the seat's token, or the connection for the unseated."""
        return viewer.token or f"{viewer.room}:{viewer.sid}"

    def bind(self, sid: str, player: str, token: str) -> bool:
        """The connection now holds `player`'s seat; False when it has closed meanwhile."""
        with self._lock:
            viewer = self.viewers.get(sid)
            if viewer is None:
                return False
            self.limiter.forget(self.limit_key(viewer))
            viewer.player, viewer.token = player, token
            return True

    def unbind(self, room: str, player: str) -> None:
        """Connections holding `player`'s seat lose it (left or kicked) and hear so at once."""
        with self._lock:
            lost = [v for v in self._by_room.get(room, {}).values() if v.player == player]
            for viewer in lost:
                self.limiter.forget(self.limit_key(viewer))
                viewer.player = viewer.token = None
        for viewer in lost:
            self.send_state(viewer.sid)

    def viewers_of(self, code: str) -> list[Viewer]:
        """Connections to room `code`."""
        with self._lock:
            return list(self._by_room.get(code, {}).values())

    def _seat_watched(self, code: str, player: str) -> bool:
        return any(v.player == player for v in self.viewers_of(code))

    # ----- messages --------------------------------------------------------------------------

    def broadcast(self, frame: Frame) -> None:
        """Send every connection of the frame's room what changed in its own `state` (a patch)."""
        spectator: dict[str, Any] | None = None
        memo = stateout.Memo()  # connections sent the same parts share their diffs
        views: dict[str | None, Any] = {}  # the host and unseated phones see the TV's view
        with asyncmode.sending_turn():
            for viewer in self.viewers_of(frame.code):
                if viewer.role == "tv":  # every TV gets the same spectator message: build it once
                    message = spectator = spectator or self.message_for(frame, viewer, frame.events, views)
                else:
                    message = self.message_for(frame, viewer, frame.events, views)
                event, data = stateout.update(viewer.sent, message, memo)
                self.emit(event, data, viewer.sid)
            asyncmode.cooperate()  # on gevent: the messages leave now, before the room saves the change

    def notice(self, code: str, event: str, data: dict[str, Any]) -> None:
        """A room-wide notice with nothing hidden in it (voice status, captions)."""
        self.emit(event, data, code)

    def send_state(self, sid: str) -> dict[str, Any] | None:
        """Send (and return) one connection's whole state, with the room's recent events."""
        viewer = self.viewers.get(sid)
        if viewer is None:
            return None
        room = self.room(viewer.room)
        with room.lock:  # in order with the room's own publishing
            frame = room.frame
            data = stateout.full(viewer.sent, self.message_for(frame, viewer, frame.recent))
            self.emit("state", data, sid)
        return data

    @staticmethod
    def message_for(frame: Frame, viewer: Viewer, events: Sequence[dict[str, Any]],
                    views: dict[str | None, Any] | None = None) -> dict[str, Any]:
        """`{room, view, legal, you, events}` for one connection: the seat's own view only
        (`views`: the frame's views already built, by player, None for a spectator's)."""
        state = frame.state
        player = viewer.player if viewer.role == "phone" else None
        if views is not None and player in views:
            view = views[player]
        else:
            view = engine.shared_view_for(state, player) if state is not None else None
            view = tablesettings.screen_view(view, player is not None, frame.public["table"])
            if views is not None:
                views[player] = view
        legal = None
        if state is not None and player is not None and player in state.players:
            legal = engine.legal_summary(state, player)
        you = None
        if player is not None:
            you = {"player": player, "seat": frame.seat_index.get(player), **frame.private.get(player, {})}
        message = {"room": frame.public, "view": view, "legal": legal, "you": you, "events": list(events)}
        if viewer.role == "host" and state is not None and state.unseen:
            # no cup is known to the hub: the host may see what each player to act may do, to stand in
            message["stand_in"] = {p: engine.legal_summary(state, p) for p in engine.actors(state)}
        return message

    # ----- lifecycle -------------------------------------------------------------------------

    def close(self) -> None:
        """Stop voice, the bot thread and the store."""
        self.closing.set()
        for voice in self.voices.values():
            voice.stop()
        self.voices.clear()
        if self.runner is not None:
            self.runner.stop()
        if self.store is not None:
            self.store.close()
        if self.evenings is not None:
            self.evenings.history.close()
        self.desk.shut()
