"""A room: one table. It owns the lock and the hooks; its parts do the work: `Lobby` (seats,
rules, language, table settings), `GameSession` (the engine state, chance, commitment, voice
undo, the reveal), `BotDriver` (the bots' moves), `records` (storage) and `VoicePort` (the voice
controller's `voice.table.Room` protocol, inherited: the voice link hands over the room itself).
Every public method takes the room's lock, but a few reads of one attribute and `reply`
(tests/structure/test_lock_order.py). After each change the room hands the hub a `Frame`
(an immutable picture the hub builds each connection's message from, never calling back into the
room), saves the record, and, once the lock is released, tells its listeners (server/hub/outbox.py).
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from dudo_hub import engine, protocol
from dudo_hub.catalogue import DEFAULT_LANG
from dudo_hub.engine import GameState, Rules
from dudo_hub.protocol.errors import HubError
from dudo_hub.server.hub.outbox import Outbox
from dudo_hub.server.room import records
from dudo_hub.server.room.botdriver import BotDriver
from dudo_hub.server.room.lobby import Lobby, default_level
from dudo_hub.server.room.match import GameSession, Played
from dudo_hub.server.room.parts import Frame, Hooks, RoomSettings, build_frame
from dudo_hub.server.room.realdice import VOICE
from dudo_hub.server.room.seats import Seat
from dudo_hub.server.room.voiceport import VoicePort

log = logging.getLogger(__name__)

__all__ = ["Frame", "Hooks", "Room", "RoomSettings", "default_level"]


class Room(VoicePort):
    """One table. Create with `Room(code, ...)`; restore with `Room.from_record(...)`."""

    def __init__(self, code: str, preset: str = "dudo", lang: str = DEFAULT_LANG,
                 settings: RoomSettings | None = None, hooks: Hooks[Room] | None = None, join_url: str = "") -> None:
        self.code = code
        self.host_key = secrets.token_urlsafe(12)
        self.settings = settings or RoomSettings()
        self.hooks: Hooks[Room] = hooks or Hooks()
        self.join_url = join_url
        self.default = False
        self.voice: dict[str, Any] = {"listening": False, "speaking": False, "reason": "not_attached"}
        self.lock = threading.RLock()
        seed = self.settings.seed
        self.lobby = Lobby(code, preset, lang)
        self.game = GameSession(engine.system_random() if seed is None else random.Random(f"{seed}:{code}:dice"),
                                self.lobby.humans)
        self.bots = BotDriver(random.Random() if seed is None else random.Random(f"{seed}:{code}:bots"))
        self._turn: tuple[tuple[Any, ...], float] | None = None  # the turn clock's turn, and when it began
        self.frame = self._frame(())
        self._depth = 0
        self.outbox = Outbox(code, self.hooks.listeners)
        self._running_bots = False

    # ----- reading (attributes kept for the hub, the store and tests) ------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the next (or current) game."""
        return self.lobby.rules

    @property
    def seats(self) -> list[Seat]:
        """The seats, in order."""
        return self.lobby.seats

    @property
    def state(self) -> GameState | None:
        """The game state (None in the lobby)."""
        return self.game.state

    @property
    def started(self) -> bool:
        """Whether a game exists (playing or over)."""
        return self.game.state is not None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.game.over

    def seat(self, player: str) -> Seat:
        """The seat of `player` (unknown_seat otherwise)."""
        with self.lock:
            return self.lobby.seat(player)

    def seat_by_token(self, token: str) -> Seat | None:
        """The human seat holding `token`."""
        with self.lock:
            return self.lobby.seat_by_token(token)

    # ----- lobby -----------------------------------------------------------------------------

    def take_seat(self, raw_name: str, on_seated: Callable[[Seat], None] | None = None,
                  mark: int | None = None) -> Seat:
        """A new phone seat with a fresh token and its `mark` (None: the first free);
        `on_seated(seat)` runs before anyone hears of it."""
        with self._locked():
            self._lobby_only()
            seat = self.lobby.take_seat(raw_name, mark)
            if on_seated is not None:
                on_seated(seat)
            self._changed([], "lobby")
            return seat

    def leave(self, player: str) -> None:
        """A phone gives its seat up: gone in the lobby, left for a bot to take in a game."""
        self._lobby_change(self.lobby.leave, player, self.started, self.settings.clock())

    def add_bot(self, level: str | None) -> Seat:
        """A bot seat named "Bot N" (lobby only)."""
        seat: Seat = self._lobby_change(self.lobby.add_bot, level, lobby_only=True)
        return seat

    def seat_drawn(self, names: list[str], level: str | None) -> None:
        """Seat a championship table's draw (lobby only): bots of `level`, or (None) seats kept for phones."""
        with self._locked():
            self._lobby_only()
            for name in names:
                self.lobby.seat_drawn(name, level)
            self._changed([], "lobby")

    def remove_seat(self, player: str) -> str | None:
        """Kick a player or remove a bot; in a game a bot takes the seat. Returns the revoked token."""
        token: str | None = self._lobby_change(self.lobby.remove_seat, player, self.started)
        return token

    def takeover(self, player: str) -> None:
        """A bot plays a dropped phone's seat (after the grace period) until the phone returns."""
        if not self.started:
            raise HubError("not_started", "bots take over seats in a game; in the lobby remove the seat")
        self._lobby_change(self.lobby.takeover, player, self.settings.clock(), self.settings.drop_grace)

    def set_connected(self, player: str, connected: bool) -> None:
        """A seat's phone came or went (a returning phone takes its seat back from the bot)."""
        self._lobby_change(self.lobby.set_connected, player, connected, self.settings.clock())

    def configure(self, preset: str | None, options: dict[str, Any] | None, lang: str | None,
                  table: dict[str, Any] | None = None, dice: str | None = None) -> None:
        """Change the rules and dice (lobby only), the language and the table settings (any time)."""
        self._lobby_change(self.lobby.configure, preset, options, lang, table, self.started, dice)

    def _lobby_change(self, change: Callable[..., Any], *args: Any, lobby_only: bool = False) -> Any:
        """Run a lobby change under the lock and tell everyone (a change answering False changed nothing)."""
        with self._locked():
            if lobby_only:
                self._lobby_only()
            result = change(*args)
            if result is not False:
                self._changed([], "lobby")
            return result

    def start(self) -> None:
        """Deal the game: first player, roll, and wait for the opener."""
        with self._locked():
            self._lobby_only()
            events, engine_events = self.game.start([s.player for s in self.lobby.seats], self.lobby.rules,
                                                    self.lobby.dice)
            self._changed(events, "host", engine_events)

    def restart(self) -> None:
        """Back to the lobby with the same seats (seats given up are freed)."""
        with self._locked():
            if not self.started:
                raise HubError("not_started", "there is no game to restart")
            self.lobby.keep_for_restart()
            self.game.end()
            self._changed([{"kind": "restarted"}], "host")

    def _lobby_only(self) -> None:
        if self.started:
            raise HubError("already_started", "the game has started; restart to change the table")

    # ----- playing ---------------------------------------------------------------------------

    def move(self, player: str, move: protocol.Move, version: int | None, source: str) -> None:
        """Check (seat, game over, turn, version, rules) and apply a move; raise on refusal."""
        with self._locked():
            self.lobby.seat(player)
            action = protocol.to_action(player, move)
            events, engine_events = self.game.move(action, version, source)
            self._changed(events, source, engine_events)

    def table_says(self, player: str, what: str, value: Any, host: bool = False) -> None:
        """Real dice: a cup entered ("dice"), a count proposed ("propose") or confirmed ("confirm");
        `host`: the host confirms in the player's name."""
        with self._locked():
            if player != VOICE:
                self.lobby.seat(player)
            act: dict[str, Callable[[str, Any], Played]] = {
                "dice": self.game.enter_dice, "propose": self.game.propose_count,
                "confirm": lambda by, count: self.game.confirm_count(by, count, host)}
            events, engine_events = act[what](player, value)
            self._changed(events, "host" if host else "phone" if player != VOICE else "voice", engine_events)

    def play_for(self, player: str, move: protocol.Move, version: int | None) -> None:
        """The host plays the move of a player whose phone is away (real dice counted at the reveal)."""
        with self._locked():
            self.lobby.check_host_stands_in(player, self.settings.clock(), self.settings.drop_grace)
            self.move(player, move, version, "host")

    def confirm_for(self, player: str, count: int | None) -> None:
        """The host confirms the proposed count in the name of a player whose phone is away."""
        with self._locked():
            self.lobby.check_host_stands_in(player, self.settings.clock(), self.settings.drop_grace)
            self.table_says(player, "confirm", count, host=True)

    def skip_reveal(self) -> None:
        """The host ends the look at the dice: screens close the reveal, bots may move at once."""
        with self._locked():
            self.hooks.notice(self.code, "reveal_end", {"round": self.game.end_reveal()})
            self._wake_bots()

    def cancel_voice(self, player: str, version: int) -> None:
        """Take back the last bid the voice credited to `player`, if nothing happened since."""
        with self._locked():
            self.lobby.seat(player)
            events, _ = self.game.cancel_voice(player, version)
            self._changed(events, "voice")

    # ----- bots ------------------------------------------------------------------------------

    def bot_turn(self, version: int | None = None) -> bool:
        """Let a bot move (if the state is still at `version`). True when one moved."""
        with self._locked():
            state = self.game.state
            if state is None or (version is not None and version != state.version) or self.game.over:
                return False
            action = self.bots.next_move(state, self.lobby.seats)
            if action is None:
                return False
            events, engine_events = self.game.play(action, "bot")
            self._changed(events, "bot", engine_events)
            return True

    def resume_bots(self) -> None:
        """Let the bots pick up where they left off (after a restart of the hub)."""
        with self._locked():
            self._wake_bots()

    def _wake_bots(self) -> None:
        if not self.bots.may_move(self.game.state, self.lobby.seats):
            return
        schedule = self.hooks.schedule_bot
        if schedule is not None:
            delay = self.bots.delay(self.settings.bot_delay, self.game.revealed, self.settings.reveal_pause)
            schedule(self, self.game.version, delay)
            return
        if self._running_bots:
            return
        self._running_bots = True
        try:
            while self.bot_turn():
                pass
        finally:
            self._running_bots = False

    # ----- after every change ----------------------------------------------------------------

    def refresh_frame(self) -> None:
        """Rebuild the frame from the parts (after a restore)."""
        with self.lock:
            self.frame = self._frame(())

    def _changed(self, events: list[dict[str, Any]], source: str, engine_events: list[Any] | None = None) -> None:
        """Record, publish, save, queue the listeners' events, and let the bots move."""
        self.game.recent.extend(events)
        self.frame = self._frame(tuple(events))
        try:
            self.hooks.publish(self.frame)  # first: the table should not wait for the disk
        except Exception:
            log.exception("room %s: publishing failed", self.code)
        self.hooks.save(self, events, source)
        if engine_events:
            self.outbox.put([e.to_dict() for e in engine_events])
            if any(e.kind == "reveal" for e in engine_events):
                self._show_bots_the_reveal()
        self._wake_bots()

    def _show_bots_the_reveal(self) -> None:
        try:
            self.bots.observe(self.game.at_reveal, self.lobby.seats)
        except Exception:  # a bot that cannot learn still plays
            log.exception("room %s: a bot could not look at the reveal", self.code)

    def _frame(self, events: tuple[dict[str, Any], ...]) -> Frame:
        return build_frame(self.code, self.join_url, self.lobby, self.game, events, self.settings, self._clock())

    def _clock(self) -> dict[str, Any] | None:
        """The turn clock (table setting `clock`): whose move and until when; it starts again with
        each new turn (a new player to act, or a new bid), never plays a move."""
        seconds = int(self.lobby.table.get("clock") or 0)
        state = self.game.state
        player = engine.to_act(state) if state is not None and not self.game.over else None
        if not seconds or player is None or state is None:
            self._turn = None
            return None
        key = (state.round_no, len(state.bids), player, seconds)
        if self._turn is None or self._turn[0] != key:
            self._turn = (key, time.time())
            if self.hooks.later is not None:
                self.hooks.later((self.code, "clock"), seconds, partial(self.clock_out, key))  # runs later, not here
        return {"player": player, "seconds": seconds, "until": round(self._turn[1] + seconds, 3)}

    def clock_out(self, key: tuple[Any, ...]) -> bool:
        """The turn clock of `key` ran out: if that turn still stands, the listeners hear a
        `clock_out` event (the voice says the player's name); no move is ever played. True when told."""
        with self._locked():
            if self._turn is None or self._turn[0] != key:
                return False
            self.outbox.put([{"kind": "clock_out", "player": key[2]}])
            return True

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """The room's lock; when the outermost holder lets go, the listeners hear what happened."""
        outermost = False
        try:
            with self.lock:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                    outermost = self._depth == 0
        finally:
            if outermost:
                self.outbox.deliver()

    # ----- storage ---------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Everything needed to resume the room (secret: tokens, dice, salt)."""
        with self.lock:
            return records.to_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any], settings: RoomSettings, hooks: Hooks[Room]) -> Room:
        """A room resumed from `to_record` (phones count as dropped until they reconnect)."""
        room = cls(record["code"], record["preset"], record["lang"], settings, hooks)
        records.restore(room, record, settings.clock)
        return room
