"""A room: one table's lobby, rules, game state, fair-dice commitment and bots.

Every public method takes the room's lock, so sockets, bots and voice may call from any
thread. The room knows nothing of sockets: after each change it calls `publish(room,
events)` (the hub sends each connection its own view) and the `on_events` listeners.

Voice API (stable): `submit(player, action, source="voice")`, `legal_for(player)`,
`players()`, `to_act()`, `on_events(callback)`, `set_voice_status(status)`.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from dudo_hub import engine
from dudo_hub.engine import DudoError, Event, GameState, Phase, PlayerAction, RollDice, snapshot
from dudo_hub.engine.bots import LEVELS, Bot, make_bot
from dudo_hub.server import payloads
from dudo_hub.server.commitment import Commitment
from dudo_hub.server.errors import HubError
from dudo_hub.server.names import clean_name, same_name
from dudo_hub.server.seats import BOT, HUMAN, Seat
from dudo_hub.web_display.catalogue import LANGS, message

log = logging.getLogger(__name__)
RECENT = 40
Publish = Callable[["Room", list[dict[str, Any]]], None]
Listener = Callable[["Room", list[Event]], None]


def default_level() -> str:
    """The strongest bot level the engine offers."""
    return "hard" if "hard" in LEVELS else next(iter(LEVELS))


@dataclass
class RoomSettings:
    """What the hub hands every room."""

    bot_delay: float = 1.5  # seconds a bot "thinks" (scaled by 0.6..1.4); 0 in tests
    drop_grace: float = 30.0  # seconds before the host may give a dropped phone's seat to a bot
    seed: int | None = None  # dice seed for tests; None uses the system's cryptographic source
    clock: Callable[[], float] = time.monotonic
    reveal_pause: float = 0.0  # extra seconds before a bot moves after a reveal


@dataclass
class Hooks:
    """The room's outside world: publishing, storage, bot scheduling."""

    publish: Publish = lambda room, events: None
    save: Callable[[Room, list[dict[str, Any]], str], None] = lambda room, events, source: None
    schedule_bot: Callable[[Room, int, float], None] | None = None  # None: bots move at once
    listeners: list[Listener] = field(default_factory=list)


@dataclass
class _Undo:
    """A bid heard by voice that its seat may still take back."""

    before: GameState
    version: int
    player: str
    bid: list[int]


class Room:
    """One table. Create with `Room(code, ...)`; restore with `Room.from_record(...)`."""

    def __init__(self, code: str, preset: str = "dudo", lang: str = "it",
                 settings: RoomSettings | None = None, hooks: Hooks | None = None) -> None:
        self.code = code
        self.host_key = secrets.token_urlsafe(12)
        self.settings = settings or RoomSettings()
        self.hooks = hooks or Hooks()
        self.lang = lang if lang in LANGS else "en"
        self.rules = engine.make_rules(preset)
        self.seats: list[Seat] = []
        self.state: GameState | None = None
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT)
        self.commitment: Commitment | None = None
        self.last_round: dict[str, Any] | None = None
        self.voice: dict[str, Any] = {"on": False, "reason": "not attached"}
        self.join_url = ""
        self.default = False
        self.lock = threading.RLock()
        seed = self.settings.seed
        self.rng = engine.system_random() if seed is None else random.Random(f"{seed}:{code}:dice")
        self.bot_rng = random.Random() if seed is None else random.Random(f"{seed}:{code}:bots")
        self._bots: dict[str, Bot] = {}
        self._undo: _Undo | None = None
        self._running_bots = False
        self._revealed = False  # the last move lifted the cups: bots let the table look first

    # ----- reading -------------------------------------------------------------------------

    def seat(self, player: str) -> Seat:
        """The seat of `player` (unknown_seat otherwise)."""
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise HubError("unknown_seat", f"no seat {player!r} in room {self.code}")

    def seat_by_token(self, token: str) -> Seat | None:
        """The human seat holding `token`."""
        given = token.encode("utf-8", "surrogatepass")
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                return seat
        return None

    @property
    def started(self) -> bool:
        """Whether a game exists (playing or over)."""
        return self.state is not None

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state is not None and self.state.phase is Phase.OVER

    def public(self) -> dict[str, Any]:
        """The room as every client may see it (the `room` field of a `state` message)."""
        with self.lock:
            return {
                "code": self.code,
                "lang": self.lang,
                "preset": self.rules.preset,
                "options": self.rules.options(),
                "rules": self.rules.to_dict(),
                "started": self.started,
                "over": self.over,
                "version": self.state.version if self.state else 0,
                "seats": [s.public() for s in self.seats],
                "max_seats": self.rules.max_players,
                "min_seats": self.rules.min_players,
                "join_url": self.join_url,
                "commitment": self.commitment.public() if self.commitment else None,
                "last_round": self.last_round,
                "voice": self.voice,
            }

    @staticmethod
    def catalogue() -> dict[str, Any]:
        """What the host's lobby offers: presets, option choices, bot levels (host messages only)."""
        return {
            "presets": {name: rules.to_dict() for name, rules in engine.PRESETS.items()},
            "choices": {k: list(v) for k, v in engine.CHOICES.items()},
            "bot_levels": list(LEVELS),
            "default_level": default_level(),
        }

    # ----- voice API -----------------------------------------------------------------------

    def players(self) -> list[dict[str, Any]]:
        """Every seat: player, seat index, kind, level, connected, takeover, dice, out."""
        with self.lock:
            counts = self.state.counts if self.state else None
            return [
                {**s.public(), "seat": i, "dice": counts[i] if counts else None,
                 "out": bool(counts is not None and counts[i] == 0)}
                for i, s in enumerate(self.seats)
            ]

    def to_act(self) -> str | None:
        """Who the game waits for (None in the lobby, at the end, or during chance)."""
        with self.lock:
            return engine.to_act(self.state) if self.state else None

    def legal_for(self, player: str) -> dict[str, Any]:
        """{version, to_act, summary (engine.legal_summary), actions (move dicts)} for `player`."""
        with self.lock:
            state = self.state
            if state is None:
                return {"version": 0, "to_act": None, "summary": None, "actions": []}
            actions = engine.legal_actions(state, player)
            return {
                "version": state.version,
                "to_act": engine.to_act(state),
                "summary": engine.legal_summary(state, player) if player in state.players else None,
                "actions": [payloads.action_to_dict(a) for a in actions],
            }

    def submit(self, player: str, action: Any, source: str = "voice") -> dict[str, Any]:
        """Play a move dict for `player` (`version` optional here); always a reply dict, never raises."""
        try:
            data = payloads.as_dict(action)
            payloads.move_kind(data)
            self.move(player, data, payloads.integer(data, "version", required=False), source)
        except HubError as err:
            return self.reply(err.code, err.detail)
        except DudoError as err:
            return self.reply(err.code, err.message)
        return self.reply("ok", version=self.version())

    def on_events(self, callback: Listener) -> None:
        """Call `callback(room, engine_events)` after every applied action (keep it quick)."""
        with self.lock:
            self.hooks.listeners.append(callback)

    def set_voice_status(self, status: dict[str, Any]) -> None:
        """Show `status` as the TV's `room.voice` (caption, heard, credited, on, reason...)."""
        clean = json.loads(json.dumps(dict(status), default=str))
        with self.lock:
            self.voice = clean
            self._publish([])

    # ----- replies ---------------------------------------------------------------------------

    def reply(self, code: str, detail: str = "", **extra: Any) -> dict[str, Any]:
        """`{ok, code, message, ...}` with the message from the room language's catalogue."""
        out: dict[str, Any] = {"ok": code == "ok", "code": code, "message": message(code, self.lang)}
        if detail:
            out["detail"] = detail
        out.update(extra)
        return out

    def version(self) -> int:
        """The game state's version (0 in the lobby)."""
        return self.state.version if self.state else 0

    # ----- lobby -----------------------------------------------------------------------------

    def take_seat(self, raw_name: str) -> Seat:
        """A new phone seat with a fresh token."""
        with self.lock:
            self._lobby_only()
            name = clean_name(raw_name)
            if not name:
                raise HubError("bad_payload", "the name is empty once cleaned")
            self._check_room_for(name)
            seat = Seat(name, HUMAN, token=secrets.token_urlsafe(18), connected=True)
            self.seats.append(seat)
            self._changed([], "lobby")
            return seat

    def leave(self, player: str) -> None:
        """A phone gives its seat up: gone in the lobby, left for a bot to take in a game."""
        with self.lock:
            seat = self.seat(player)
            if not self.started:
                self.seats.remove(seat)
            else:
                seat.left, seat.connected, seat.token = True, False, None
                seat.dropped_at = self.settings.clock()
            self._changed([], "lobby")

    def add_bot(self, level: str | None) -> Seat:
        """A bot seat named "Bot N"."""
        with self.lock:
            self._lobby_only()
            level = default_level() if level is None else level
            if level not in LEVELS:
                raise HubError("unknown_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
            n = 1
            while any(same_name(s.player, f"Bot {n}") for s in self.seats):
                n += 1
            self._check_room_for(f"Bot {n}")
            seat = Seat(f"Bot {n}", BOT, level=level)
            self.seats.append(seat)
            self._changed([], "lobby")
            return seat

    def remove_seat(self, player: str) -> str | None:
        """Kick a player or remove a bot; in a game a bot takes the seat. Returns the revoked token."""
        with self.lock:
            seat = self.seat(player)
            token = seat.token
            if not self.started:
                self.seats.remove(seat)
            elif seat.kind == HUMAN:
                seat.token, seat.takeover, seat.connected = None, True, False
                seat.level = seat.level or default_level()
            self._changed([], "lobby")
            return token

    def takeover(self, player: str) -> None:
        """A bot plays a dropped phone's seat (after the grace period) until the phone returns."""
        with self.lock:
            seat = self.seat(player)
            if not self.started:
                raise HubError("not_started", "bots take over seats in a game; in the lobby remove the seat")
            if seat.bot_plays:
                return
            dropped = seat.dropped_at
            if not seat.left and (seat.connected or dropped is None
                                  or self.settings.clock() - dropped < self.settings.drop_grace):
                raise HubError("not_dropped", f"{player}'s phone is connected or within its grace period")
            seat.takeover, seat.level = True, seat.level or default_level()
            self._changed([], "lobby")

    def set_connected(self, player: str, connected: bool) -> None:
        """A seat's phone came or went (a returning phone takes its seat back from the bot)."""
        with self.lock:
            seat = self.seat(player)
            if seat.kind != HUMAN:
                return
            seat.connected = connected
            seat.dropped_at = None if connected else self.settings.clock()
            if connected:
                seat.takeover = seat.left = False
            self._changed([], "lobby")

    def configure(self, preset: str | None, options: dict[str, Any] | None, lang: str | None) -> None:
        """Change the rules (lobby only) and/or the language (any time)."""
        with self.lock:
            if lang is not None and lang not in LANGS:
                raise HubError("bad_payload", f"lang must be one of {', '.join(LANGS)}")
            if preset is not None or options is not None:
                self._lobby_only()
                keep = self.rules.options() if preset is None else {}
                self.rules = engine.make_rules(self.rules.preset if preset is None else preset,
                                               {**keep, **(options or {})})
            if lang is not None:
                self.lang = lang
            self._changed([], "lobby")

    def start(self) -> None:
        """Deal the game: first player, roll, and wait for the opener."""
        with self.lock:
            self._lobby_only()
            state = engine.new_game([s.player for s in self.seats], self.rules)
            self.recent.clear()
            self.last_round = None
            self.state, events = self._settle(state)
            self._changed(events, "host")

    def restart(self) -> None:
        """Back to the lobby with the same seats (seats given up are freed)."""
        with self.lock:
            if not self.started:
                raise HubError("not_started", "there is no game to restart")
            self.seats = [s for s in self.seats if s.kind == BOT or s.token is not None]
            self.state, self.commitment, self._undo, self.last_round = None, None, None, None
            self.recent.clear()
            self._changed([{"kind": "restarted"}], "host")

    def _lobby_only(self) -> None:
        if self.started:
            raise HubError("already_started", "the game has started; restart to change the table")

    def _check_room_for(self, name: str) -> None:
        if len(self.seats) >= self.rules.max_players:
            raise HubError("room_full", f"the table holds {self.rules.max_players} players")
        if any(same_name(s.player, name) for s in self.seats):
            raise HubError("name_taken", f"{name!r} is already at the table")

    # ----- playing ---------------------------------------------------------------------------

    def move(self, player: str, data: dict[str, Any], version: int | None, source: str) -> None:
        """Check (game over, turn, version) and apply a move dict for `player`; raise on refusal."""
        with self.lock:
            state = self._playing(player)
            if not engine.legal_actions(state, player):
                seat = state.seat_of(player)
                code = "player_out" if state.counts[seat] == 0 else "not_your_turn"
                raise HubError(code, f"{player} has no move now; waiting for {engine.to_act(state)}")
            if version is not None and version != state.version:
                raise HubError("stale_version", f"move for version {version}, the table is at {state.version}")
            self._play(payloads.to_action(player, data), source)

    def cancel_voice(self, player: str, version: int) -> None:
        """Take back the last bid the voice credited to `player`, if nothing happened since."""
        with self.lock:
            state = self._playing(player)
            undo = self._undo
            if undo is None or undo.player != player or undo.version != state.version:
                raise HubError("nothing_to_cancel", f"no heard bid of {player} to take back")
            if version != state.version:
                raise HubError("stale_version", f"cancel for version {version}, the table is at {state.version}")
            self.state = replace(undo.before, version=state.version + 1)
            self._undo = None
            self._changed([{"kind": "bid_cancelled", "player": player, "bid": undo.bid}], "voice")

    def _playing(self, player: str) -> GameState:
        """The state, for a seated player of a game that is on."""
        if self.state is None:
            raise HubError("not_started", "the game has not started")
        self.seat(player)
        if self.state.phase is Phase.OVER:
            raise HubError("game_over", "the game is over")
        return self.state

    def _play(self, action: PlayerAction, source: str) -> None:
        """Apply `action`, open the round's commitment at a reveal, settle chance, tell everyone."""
        assert self.state is not None
        before = self.state
        state, events = engine.apply(before, action)
        out = self._with_openings(events)
        self.state, more = self._settle(state)
        self._undo = None
        if source == "voice" and isinstance(action, engine.MakeBid):
            self._undo = _Undo(before, self.state.version, action.player, action.bid.to_list())
        self._revealed = any(e.kind == "reveal" for e in events)
        self._changed(out + more, source, events)

    def _with_openings(self, events: list[Event]) -> list[dict[str, Any]]:
        """Event dicts, each reveal followed by the round's opened commitment."""
        out: list[dict[str, Any]] = []
        for event in events:
            out.append(event.to_dict())
            if event.kind == "reveal" and self.commitment is not None:
                self.last_round = self.commitment.opened()
                out.append({"kind": "dice_opened", **self.last_round})
                self.commitment = None
        return out

    def _settle(self, state: GameState) -> tuple[GameState, list[dict[str, Any]]]:
        """Apply chance until a player must act, sealing each roll before it is applied."""
        out: list[dict[str, Any]] = []
        while (action := engine.chance_action(state, self.rng)) is not None:
            if isinstance(action, RollDice):
                self.commitment = Commitment.seal(state.round_no + 1, {p: list(d) for p, d in action.dice})
                out.append({"kind": "dice_committed", **self.commitment.public()})
            state, events = engine.apply(state, action)
            out += self._with_openings(events)
        return state, out

    def _changed(self, events: list[dict[str, Any]], source: str, engine_events: list[Event] | None = None) -> None:
        """Record, publish, notify listeners, and let the bots move."""
        self.recent.extend(events)
        self._publish(events)  # first: the table should not wait for the disk
        self.hooks.save(self, events, source)
        for listener in list(self.hooks.listeners):
            try:
                listener(self, engine_events or [])
            except Exception:
                log.exception("room %s: an events listener failed", self.code)
        self._wake_bots()

    def _publish(self, events: list[dict[str, Any]]) -> None:
        try:
            self.hooks.publish(self, events)
        except Exception:
            log.exception("room %s: publishing failed", self.code)

    # ----- bots ------------------------------------------------------------------------------

    def bot_due(self) -> str | None:
        """The bot-played seat the game waits for, if any."""
        with self.lock:
            player = self.to_act()
            if player is None:
                return None
            return player if self.seat(player).bot_plays else None

    def bot_turn(self, version: int | None = None) -> bool:
        """Let a bot move (if the state is still at `version`): first one that jumps in out of turn
        (calza or raise, where the rules allow it), else the bot whose turn it is. True when one moved."""
        with self.lock:
            state = self.state
            if state is None or (version is not None and version != state.version):
                return False
            action = self._off_turn_bot_move(state)
            player = self.bot_due()
            if action is None and player is not None:
                action = self._bot(player).choose(engine.view_for(state, player), engine.legal_actions(state, player))
            if action is None:
                return False
            self._play(action, "bot")
            return True

    def _bot(self, player: str) -> Bot:
        """The bot playing `player`'s seat (made anew when the seat's level changed)."""
        level = self.seat(player).level or default_level()
        bot = self._bots.get(player)
        if bot is None or bot.level != level:
            bot = self._bots[player] = make_bot(level, self.bot_rng)
        return bot

    def _off_turn_bot_move(self, state: GameState) -> PlayerAction | None:
        """An out-of-turn calza or raise that a bot-played seat (not the one to act) wants now."""
        if state.phase is not Phase.BIDDING or not engine.acts_out_of_turn(state.rules):
            return None
        actor = engine.to_act(state)
        for seat in self.seats:
            if not seat.bot_plays or seat.player == actor:
                continue
            legal = engine.legal_actions(state, seat.player)
            if legal:
                action = self._bot(seat.player).wants_out_of_turn(engine.view_for(state, seat.player), legal)
                if action is not None:
                    return action
        return None

    def _bots_may_jump_in(self) -> bool:
        state = self.state
        return (state is not None and state.phase is Phase.BIDDING and engine.acts_out_of_turn(state.rules)
                and any(s.bot_plays and s.player != engine.to_act(state) for s in self.seats))

    def _wake_bots(self) -> None:
        if self.state is None or (self.bot_due() is None and not self._bots_may_jump_in()):
            return
        schedule = self.hooks.schedule_bot
        if schedule is not None:
            delay = self.settings.bot_delay * self.bot_rng.uniform(0.6, 1.4)
            if self._revealed:
                delay += self.settings.reveal_pause
            schedule(self, self.state.version, delay)
            return
        if self._running_bots:
            return
        self._running_bots = True
        try:
            while self.bot_turn():
                pass
        finally:
            self._running_bots = False

    # ----- storage ---------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """Everything needed to resume the room (secret: tokens, dice, salt)."""
        with self.lock:
            return {
                "code": self.code,
                "host_key": self.host_key,
                "lang": self.lang,
                "preset": self.rules.preset,
                "options": self.rules.options(),
                "default": self.default,
                "state": snapshot.to_json(self.state) if self.state else None,
                "commitment": self.commitment.to_dict() if self.commitment else None,
                "last_round": self.last_round,
                "recent": list(self.recent),
                "seats": [s.to_record() for s in self.seats],
            }

    @classmethod
    def from_record(cls, record: dict[str, Any], settings: RoomSettings, hooks: Hooks) -> Room:
        """A room resumed from `to_record` (phones count as dropped until they reconnect)."""
        room = cls(record["code"], record["preset"], record["lang"], settings, hooks)
        room.rules = engine.make_rules(record["preset"], record["options"])
        room.host_key = record["host_key"]
        room.default = bool(record["default"])
        room.seats = [Seat.from_record(s) for s in record["seats"]]
        now = settings.clock()
        for seat in room.seats:
            seat.dropped_at = now if seat.kind == HUMAN else None
        room.state = snapshot.from_json(record["state"]) if record["state"] else None
        room.commitment = Commitment.from_dict(record["commitment"]) if record["commitment"] else None
        room.last_round = record["last_round"]
        room.recent.extend(record["recent"])
        return room
