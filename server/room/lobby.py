"""A table's seats, rules and language: who sits where, and what may change around a game.

The lobby knows nothing of the game but whether one has started (the Room tells it);
it holds no lock of its own: the Room calls it under the room's lock.
"""

from __future__ import annotations

import secrets
from typing import Any

from dudo_hub import engine
from dudo_hub.catalogue import LANGS, names
from dudo_hub.engine.bots import LEVELS
from dudo_hub.protocol import screens as tablesettings
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.types import MARKS
from dudo_hub.server.room.names import clean_name, same_name
from dudo_hub.server.room.realdice import MODES as DICE_MODES
from dudo_hub.server.room.seats import BOT, HUMAN, Seat


def default_level() -> str:
    """The strongest bot level the engine offers."""
    return "hard" if "hard" in LEVELS else next(iter(LEVELS))


def catalogue() -> dict[str, Any]:
    """What the host's lobby offers: presets, option choices, table settings, bot levels, languages."""
    return {
        "presets": {name: rules.to_dict() for name, rules in engine.PRESETS.items()},
        "choices": {k: list(v) for k, v in engine.CHOICES.items()},
        "table": {k: list(v) for k, v in tablesettings.CHOICES.items()},
        "bot_levels": list(LEVELS),
        "default_level": default_level(),
        "langs": list(LANGS),
        "lang_names": names(),
        "dice_modes": list(DICE_MODES),
    }


class Lobby:
    """Seats (phones and bots), the rules of the next game, the room's language and table settings."""

    def __init__(self, code: str, preset: str, lang: str) -> None:
        self.code = code
        self.seats: list[Seat] = []
        self.rules = engine.make_rules(preset)
        self.lang = lang if lang in LANGS else "en"
        self.dice = "hub"  # whose dice: the hub's, or real cups (referee / scoreboard)
        self.table: dict[str, Any] = dict(tablesettings.DEFAULTS)  # what the screens show (protocol/screens.py)

    # ----- reading ---------------------------------------------------------------------------

    def seat(self, player: str) -> Seat:
        """The seat of `player` (unknown_seat otherwise)."""
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise HubError("unknown_seat", f"no seat {player!r} in room {self.code}")

    def seat_by_token(self, token: str) -> Seat | None:
        """The human seat holding `token` (compared as bytes, so any text is safe)."""
        given = token.encode("utf-8", "surrogatepass")
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                return seat
        return None

    def index(self, player: str) -> int | None:
        """The seat number of `player`, if seated."""
        return next((i for i, s in enumerate(self.seats) if s.player == player), None)

    # ----- changes (the Room says whether a game is on and what time it is) -----------------

    def _marks_used(self) -> set[int]:
        return {s.mark for s in self.seats if s.mark is not None}

    def free_marks(self) -> list[int]:
        """The marks no seat has, in order."""
        used = self._marks_used()
        return [m for m in range(MARKS) if m not in used]

    def take_seat(self, raw_name: str, mark: int | None = None) -> Seat:
        """A new phone seat with a fresh token and its mark (the one asked for, else the first free)."""
        name = clean_name(raw_name)
        if not name:
            raise HubError("bad_payload", "the name is empty once cleaned")
        kept = next((s for s in self.seats if s.kept and s.token is None and same_name(s.player, name)), None)
        if kept is not None:  # a championship's draw kept this seat for the name: the phone claims it
            kept.token, kept.connected, kept.dropped_at = secrets.token_urlsafe(18), True, None
            return kept
        self._check_room_for(name)
        if mark is not None and mark in self._marks_used():
            raise HubError("mark_taken", f"mark {mark} is another player's; free: {self.free_marks()}")
        mark = self.free_marks()[0] if mark is None and self.free_marks() else mark
        seat = Seat(name, HUMAN, token=secrets.token_urlsafe(18), connected=True, mark=mark)
        self.seats.append(seat)
        return seat

    def leave(self, player: str, started: bool, now: float) -> None:
        """A phone gives its seat up: gone in the lobby, left for a bot to take in a game."""
        seat = self.seat(player)
        if not started and seat.kept:
            self._free(seat)
        elif not started:
            self.seats.remove(seat)
        else:
            seat.left, seat.connected, seat.token = True, False, None
            seat.dropped_at = now

    def add_bot(self, level: str | None) -> Seat:
        """A bot seat named "Bot N" (`level` None: the strongest level)."""
        level = default_level() if level is None else level
        if self.dice == "scoreboard":
            raise HubError("no_bots_here", "bots cannot play when nobody enters dice (scoreboard)")
        if level not in LEVELS:
            raise HubError("unknown_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
        n = 1
        while any(same_name(s.player, f"Bot {n}") for s in self.seats):
            n += 1
        self._check_room_for(f"Bot {n}")
        free = self.free_marks()
        seat = Seat(f"Bot {n}", BOT, level=level, mark=free[0] if free else None)
        self.seats.append(seat)
        return seat

    def seat_drawn(self, name: str, level: str | None) -> Seat:
        """A seat of a championship's draw under the player's name: a bot of `level`, or (None) a
        phone's seat kept for the name until a phone takes a seat under it (away until then)."""
        self._check_room_for(name)
        if level is not None and level not in LEVELS:
            raise HubError("unknown_level", f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
        if level is not None and self.dice == "scoreboard":
            raise HubError("no_bots_here", "bots cannot play when nobody enters dice (scoreboard)")
        free = self.free_marks()
        seat = Seat(name, HUMAN if level is None else BOT, level=level, mark=free[0] if free else None,
                    dropped_at=0.0 if level is None else None, kept=level is None)
        self.seats.append(seat)
        return seat

    @staticmethod
    def _free(seat: Seat) -> None:
        """A kept seat back to waiting for a phone under its name (its token revoked)."""
        seat.token, seat.connected, seat.dropped_at = None, False, 0.0

    def remove_seat(self, player: str, started: bool) -> str | None:
        """Kick a player or remove a bot; in a game a bot takes the seat. Returns the revoked token."""
        seat = self.seat(player)
        token = seat.token
        if not started and seat.kept:
            self._free(seat)
        elif not started:
            self.seats.remove(seat)
        elif seat.kind == HUMAN:
            self._bots_may_stand_in()
            seat.token, seat.takeover, seat.connected = None, True, False
            seat.level = seat.level or default_level()
        return token

    def takeover(self, player: str, now: float, grace: float) -> None:
        """A bot plays a dropped phone's seat (after the grace period) until the phone returns."""
        seat = self.seat(player)
        if seat.bot_plays:
            return
        self._check_away(seat, now, grace)
        self._bots_may_stand_in()
        seat.takeover, seat.level = True, seat.level or default_level()

    def check_host_stands_in(self, player: str, now: float, grace: float) -> None:
        """The host may play for a player whose phone is away (after the grace period), only where
        the hub knows no cup (real dice counted at the reveal), so the host learns nothing hidden."""
        seat = self.seat(player)
        if self.dice != "scoreboard":
            raise HubError("host_cannot_stand_in", "the hub knows the cups here: let a bot play the seat instead")
        self._check_away(seat, now, grace)

    @staticmethod
    def _check_away(seat: Seat, now: float, grace: float) -> None:
        dropped = seat.dropped_at
        if seat.kind != HUMAN or (not seat.left and (seat.connected or dropped is None or now - dropped < grace)):
            raise HubError("not_dropped", f"{seat.player}'s phone is connected or within its grace period")

    def _bots_may_stand_in(self) -> None:
        if self.dice == "scoreboard":
            raise HubError("no_bots_here", "the player's real cup is on the table: a bot cannot stand in")

    def set_connected(self, player: str, connected: bool, now: float) -> bool:
        """A seat's phone came or went (a returning phone takes its seat back); False for a bot."""
        seat = self.seat(player)
        if seat.kind != HUMAN:
            return False
        seat.connected = connected
        seat.dropped_at = None if connected else now
        if connected:
            seat.takeover = seat.left = False
        return True

    def configure(self, preset: str | None, options: dict[str, Any] | None, lang: str | None,
                  table: dict[str, Any] | None, started: bool, dice: str | None = None) -> None:
        """Change the rules and the dice (lobby only), the language and the table settings (any time)."""
        if lang is not None and lang not in LANGS:
            raise HubError("bad_payload", f"lang must be one of {', '.join(LANGS)}")
        settings = tablesettings.merged(self.table, table) if table is not None else self.table
        if dice is not None:
            self._check_dice(dice, started)
        if preset is not None or options is not None:
            if started:
                raise HubError("already_started", "the game has started; restart to change the rules")
            keep = self.rules.options() if preset is None else {}
            self.rules = engine.make_rules(self.rules.preset if preset is None else preset,
                                           {**keep, **(options or {})})
        if lang is not None:
            self.lang = lang
        if dice is not None:
            self.dice = dice
        self.table = settings

    def _check_dice(self, dice: str, started: bool) -> None:
        if dice not in DICE_MODES:
            raise HubError("bad_payload", f"dice must be one of {', '.join(DICE_MODES)}")
        if started:
            raise HubError("already_started", "the game has started; restart to change the dice")
        if dice == "scoreboard" and any(s.kind == BOT for s in self.seats):
            raise HubError("no_bots_here", "remove the bots first: nobody enters dice on a scoreboard")

    def humans(self) -> list[str]:
        """The seats a phone plays now (not a bot, nor a bot standing in)."""
        return [s.player for s in self.seats if not s.bot_plays]

    def keep_for_restart(self) -> None:
        """Back to the lobby: seats given up or kicked are freed."""
        self.seats = [s for s in self.seats if s.kind == BOT or s.token is not None or s.kept]

    def _check_room_for(self, name: str) -> None:
        if len(self.seats) >= self.rules.max_players:
            raise HubError("room_full", f"the table holds {self.rules.max_players} players")
        if any(same_name(s.player, name) for s in self.seats):
            raise HubError("name_taken", f"{name!r} is already at the table")
