"""The director's desk: the hub's championships, each with its director key, a room per table, and
its screens (the director page, the hall screen).

Every step is the championship's own (`dudo_hub.championship`), under the desk's lock, then kept
(server/store/championships.py) and told to the event's screens: `event` messages to the Socket.IO
rooms `event:<id>` (the hall: the public state) and `event:<id>:director` (the same, with each
table's host key). A table's room is made, seated and started outside the desk's lock: a room
calls the desk (`saw`, from the hub's save) while holding its own lock, so the order is a room's
lock, then the desk's, and the desk never takes a room's lock under its own.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
from collections.abc import Callable
from typing import Any, Protocol

from dudo_hub import championship as ch
from dudo_hub.catalogue import LANGS
from dudo_hub.engine.rules import PRESETS
from dudo_hub.protocol.errors import HubError
from dudo_hub.server.event.directed import Directed, key_of
from dudo_hub.server.event.tables import BOT_LEVEL, SHOWN_KINDS, TableLog, progress
from dudo_hub.server.room.room import Room
from dudo_hub.server.store.championships import Championships
from dudo_hub.server.store.database import Store

log = logging.getLogger(__name__)
ROLES = ("director", "hall")
ID_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
Step = Callable[[ch.Event], ch.Event]
CHOICES = {"formats": list(ch.FORMATS), "presets": sorted(PRESETS), "dice_modes": list(ch.DICE_MODES)}
"""What the director page offers."""


class HubPort(Protocol):
    """What the desk needs of the hub: its rooms, a new room, sending, its store."""

    rooms: dict[str, Room]
    store: Store | None

    def create_room(self, preset: str | None = None, lang: str | None = None, default: bool = False) -> Room:
        """A new room."""
        ...

    def notice(self, code: str, event: str, data: dict[str, Any]) -> None:
        """A message to a Socket.IO room."""
        ...


class Desk:
    """Every championship of the hub, by id; `viewers`: sid -> (event id, role) of its screens."""

    def __init__(self, hub: HubPort, folder: Any, lang: str, seed: int | None,
                 enter: Callable[[str, str], None] | None, emit: Callable[[str, Any, str], None]) -> None:
        self.hub, self.lang, self.enter, self.emit = hub, lang, enter, emit
        self.kept = Championships(folder) if folder is not None else None
        self.events: dict[str, Directed] = {}
        self.viewers: dict[str, tuple[str, str]] = {}
        self._where: dict[str, tuple[str, str]] = {}  # room code -> (event id, "round:table")
        self._logs: dict[str, TableLog] = {}  # room code -> its game's outs
        self._lock = threading.RLock()
        self._rng = secrets.SystemRandom() if seed is None else random.Random(f"{seed}:events")
        for record in self.kept.load() if self.kept is not None else []:
            directed = Directed.from_record(record)
            self.events[directed.id] = directed
            self._where.update({code: (directed.id, at) for at, code in directed.rooms.items()})

    # ----- events and their screens ----------------------------------------------------------

    def create(self, choices: dict[str, Any], lang: str | None = None, bots: bool = False) -> tuple[str, str]:
        """A new event open for registration -> (id, director key)."""
        lang = lang if lang in LANGS else self.lang
        seed = choices.pop("seed", None)
        event = ch.new_event(**choices, seed=self._rng.randrange(1 << 30) if seed is None else seed)
        key = secrets.token_urlsafe(12)
        with self._lock:
            event_id = self._fresh_id()
            self.events[event_id] = directed = Directed(event_id, key_of(key), event, lang=str(lang), bots=bots)
            self._keep(directed)
        return event_id, key

    def get(self, event_id: str) -> Directed:
        """The event `event_id` (any case), or unknown_championship."""
        found = self.events.get(str(event_id).upper())
        if found is None:
            raise HubError("unknown_championship", f"no event {event_id!r}")
        return found

    def get_or_none(self, event_id: str, key: str) -> Directed | None:
        """The event `event_id` when `key` is its director's."""
        found = self.events.get(str(event_id).upper())
        return found if found is not None and found.key_matches(key) else None

    def join_screen(self, sid: str, data: dict[str, Any]) -> None:
        """A director page (`{event, role: director, key}`) or a hall screen (`{event, role: hall}`) connects."""
        directed = self.get(str(data.get("event") or "")[:16])
        role = str(data.get("role"))
        if role == "director" and not directed.key_matches(data.get("key")):
            raise HubError("not_director", "the director key is wrong")
        with self._lock:
            self.viewers[sid] = (directed.id, role)
        if self.enter is not None:
            self.enter(sid, _screen_room(directed.id, role))

    def first_sync(self, sid: str) -> bool:
        """Send a screen of an event its state; False for any other connection."""
        seen = self.viewers.get(sid)
        if seen is None:
            return False
        directed = self.get(seen[0])
        self.emit("event", self.view(directed, seen[1] == "director"), sid)
        return True

    def forget(self, sid: str) -> None:
        """A screen went away."""
        with self._lock:
            self.viewers.pop(sid, None)

    def view(self, directed: Directed, director: bool) -> dict[str, Any]:
        """The event as its screens show it (the director's also holds each table's host key)."""
        rooms = {code: self.hub.rooms.get(code) for code in directed.rooms.values()}
        shown = directed.public({code: progress(r.state, r.over) | {"seats": _seats(r)}
                                 for code, r in rooms.items() if r is not None})
        if director:
            shown["hosts"] = {code: r.host_key for code, r in rooms.items() if r is not None}
            shown["choices"] = CHOICES
        return shown

    def publish(self, directed: Directed) -> None:
        """Tell the event's screens."""
        self.hub.notice(_screen_room(directed.id, "hall"), "event", self.view(directed, False))
        self.hub.notice(_screen_room(directed.id, "director"), "event", self.view(directed, True))

    # ----- the director's steps --------------------------------------------------------------

    def step(self, event_id: str, step: Step, **changes: Any) -> Directed:
        """Apply one championship step (and any change of the desk's own fields), keep it, tell the screens,
        and open the tables of a round just drawn."""
        with self._lock:
            directed = self.get(event_id)
            directed.event = step(directed.event)
            for name, value in changes.items():
                setattr(directed, name, value)
            if directed.event.status == "running":
                self._record_pending(directed)
            self._keep(directed)
        self.publish(directed)
        self.open_tables(directed)
        return directed

    def settings(self, event_id: str, choices: dict[str, Any], bots: bool | None, lang: str | None) -> None:
        """Change the format, preset, dice, table sizes (registration only), bots and language."""
        if lang is not None and lang not in LANGS:
            raise HubError("bad_payload", f"lang must be one of {', '.join(LANGS)}")

        def rebuilt(event: ch.Event) -> ch.Event:
            if not choices:
                return event
            if event.status != "registering":
                raise ch.EventError("registration_closed", "the settings are fixed once the event has started")
            fresh = ch.new_event(**{**event.settings.to_dict(), **choices})
            for player in event.players:
                fresh = ch.register(fresh, player)
            return fresh

        directed = self.get(event_id)
        self.step(event_id, rebuilt, bots=directed.bots if bots is None else bots,
                  lang=directed.lang if lang is None else lang)

    def correct(self, event_id: str, round_no: int, table_no: int, order: list[str], reason: str) -> None:
        """Correct a table's result: the new finishing order (dice and outs kept by player), with its reason."""
        def corrected(event: ch.Event) -> ch.Event:
            table = next((t for t in event.round(round_no).tables if t.number == table_no), None)
            before = table.result if table is not None else None
            kept = {f.player: f for f in before.finishes} if before is not None else {}
            result = ch.TableResult(tuple(kept.get(p, ch.Finish(p)) for p in order),
                                    before.rounds if before is not None else 0)
            return ch.correct_result(event, round_no, table_no, result, reason)

        self.step(event_id, corrected)

    def start_table(self, event_id: str, round_no: int, table_no: int) -> None:
        """Deal a table's game (its phones seated, or bots standing in for the missing)."""
        directed = self.get(event_id)
        code = directed.rooms.get(f"{round_no}:{table_no}")
        room = self.hub.rooms.get(code or "")
        if room is None:
            raise HubError("unknown_table", f"event {directed.id} has no room for table {table_no} of round {round_no}")
        room.start()

    # ----- tables ------------------------------------------------------------------------------

    def open_tables(self, directed: Directed) -> None:
        """Make, seat and (bots at every seat) start the rooms of the current round's tables that have none."""
        current = directed.event.current
        if current is None or directed.event.status == "finished":
            return
        for table in current.tables:
            at = f"{current.number}:{table.number}"
            if table.result is not None:
                continue
            room = self.hub.rooms.get(directed.rooms.get(at, ""))
            if room is None:  # made outside the desk's lock (making a room takes the hub's lock, then its own)
                made = self.hub.create_room(directed.event.settings.preset, directed.lang)
                with self._lock:
                    if at not in directed.rooms:
                        directed.rooms[at] = made.code
                        self._where[made.code] = (directed.id, at)
                        self._keep(directed)
                room = self.hub.rooms.get(directed.rooms[at])
            if room is not None:
                self._seat(directed, room, list(table.players))
        self.publish(directed)

    def _seat(self, directed: Directed, room: Room, players: list[str]) -> None:
        if room.started:
            return
        if not room.seats:
            dice = directed.event.settings.dice_mode
            if dice != room.lobby.dice:
                room.configure(None, None, None, dice=dice)
            room.seat_drawn(players, BOT_LEVEL if directed.bots else None)
        if directed.bots:
            room.start()

    def saw(self, room: Room, events: list[dict[str, Any]]) -> None:
        """A room saved a change (called under the room's lock): a table's game moving on, or ending."""
        where = self._where.get(room.code)
        if where is None:
            return
        table_log = self._logs.setdefault(room.code, TableLog())
        table_log.note(events)
        directed = self.events[where[0]]
        if any(e.get("kind") == "game_over" for e in events) and room.state is not None:
            with self._lock:
                directed.pending[where[1]] = table_log.result(room.state)
                if directed.event.status == "running":
                    self._record_pending(directed)
                self._keep(directed)
        elif events and not any(e.get("kind") in SHOWN_KINDS for e in events):  # a move: nothing to show
            return
        self.publish(directed)

    def _record_pending(self, directed: Directed) -> None:
        """Record the results that came in (the event paused, or just now) for the current round."""
        current = directed.event.current
        for at, result in sorted(directed.pending.items()):
            round_no, table_no = (int(x) for x in at.split(":"))
            del directed.pending[at]
            if current is None or round_no != current.number:
                continue
            try:
                directed.event = ch.record_result(directed.event, round_no, table_no, result)
            except ch.EventError as err:
                log.warning("event %s: table %s's result not recorded: %s", directed.id, at, err.message)

    def settle(self) -> None:
        """After the hub resumed its rooms: read each table's game from the store, record the games
        that ended unrecorded, and open, seat and start the tables a stop left unfinished."""
        store = self.hub.store
        for directed in list(self.events.values()):
            for code, (_, at) in [(c, w) for c, w in self._where.items() if w[0] == directed.id]:
                room = self.hub.rooms.get(code)
                if room is None or store is None or code in self._logs:
                    continue
                table_log = self._logs[code] = TableLog()
                table_log.note(store.events(code))
                if room.over and room.state is not None and not directed.has_result(at):
                    with self._lock:
                        directed.pending[at] = table_log.result(room.state)
            if directed.event.status == "running":
                self.step(directed.id, lambda event: event)

    def shut(self) -> None:
        """Close the store's connection."""
        if self.kept is not None:
            self.kept.close()

    def _keep(self, directed: Directed) -> None:
        if self.kept is not None:
            self.kept.save(directed.to_record())

    def _fresh_id(self) -> str:
        while True:
            event_id = "".join(self._rng.choice(ID_LETTERS) for _ in range(5))
            if event_id not in self.events:
                return event_id


def _screen_room(event_id: str, role: str) -> str:
    return f"event:{event_id}:{role}"


def _seats(room: Room) -> dict[str, bool]:
    """Who sits at the table's room: a name -> whether a phone or a bot plays it now."""
    return {s.player: bool(s.connected or s.bot_plays) for s in list(room.seats)}

