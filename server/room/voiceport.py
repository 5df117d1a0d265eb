"""The voice controller's view of a room: `voice.table.Room`, implemented by `Room` itself.

`Room` inherits these methods, so the voice link hands the controller the room as it is
(no adapter between them). They use only the room's lock, parts and replies.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

from dudo_hub import engine, protocol
from dudo_hub.engine import DudoError, Phase
from dudo_hub.protocol import client
from dudo_hub.protocol.errors import HubError
from dudo_hub.server.hub.outbox import Listener
from dudo_hub.server.room.lobby import Lobby
from dudo_hub.server.room.match import GameSession
from dudo_hub.server.room.parts import Hooks, voice_notice
from dudo_hub.server.room.realdice import VOICE


class VoicePort:
    """submit, undo_voice, legal_for, refusal_for, players, to_act, version, on_events, set_voice_status."""

    code: str
    lock: threading.RLock
    lobby: Lobby
    game: GameSession
    hooks: Hooks[Any]
    voice: dict[str, Any]
    move: Callable[[str, protocol.Move, int | None, str], None]
    cancel_voice: Callable[[str, int], None]
    table_says: Callable[[str, str, Any], None]

    @property
    def lang(self) -> str:
        """The room's language (the lobby's)."""
        return self.lobby.lang

    def reply(self, code: str, detail: str = "", **extra: Any) -> dict[str, Any]:
        """`{ok, code, message, ...}` (the acks' one form) with the message in the room's language."""
        return protocol.ack(code, self.lang, detail, extra)

    def version(self) -> int:
        """The state version a move must name (0 in the lobby)."""
        return self.game.version

    def to_act(self) -> str | None:
        """Who the game waits for (None in the lobby, at the end, or during chance)."""
        with self.lock:
            return engine.to_act(self.game.state) if self.game.state else None

    def players(self) -> list[str]:
        """The seated players' names, in seat order."""
        with self.lock:
            return [s.player for s in self.lobby.seats]

    def legal_for(self, player: str) -> dict[str, Any]:
        """`engine.legal_summary` for `player` ({} outside a game or for a stranger)."""
        with self.lock:
            state = self.game.state
            if state is None or player not in state.players:
                return {}
            return engine.legal_summary(state, player)

    def refusal_for(self, player: str, action: Any) -> str | None:
        """The engine's code refusing a move dict for `player` now, or None when it is legal."""
        try:
            return self._refusal(protocol.to_action(player, _read_move(action)))
        except (HubError, DudoError) as err:
            return err.code

    def explain_bid(self, player: str, quantity: int, face: int) -> str | None:
        """The engine's code refusing the bid `quantity` x `face` for `player` now, or None."""
        try:
            return self._refusal(engine.MakeBid(player, engine.Bid(quantity, face)))
        except DudoError as err:
            return err.code

    def _refusal(self, action: engine.PlayerAction) -> str | None:
        with self.lock:
            try:
                problem = self.game.refusal(action)
            except (HubError, DudoError) as err:
                return err.code
            return problem.code if problem is not None else None

    def bidder(self) -> str | None:
        """Who made the standing bid, if any."""
        with self.lock:
            state = self.game.state
            return state.players[state.standing.seat] if state is not None and state.standing else None

    def standing_bid(self) -> tuple[int, int] | None:
        """The standing bid (quantity, face), if any."""
        with self.lock:
            state = self.game.state
            standing = state.standing if state is not None else None
            return (standing.bid.quantity, int(standing.bid.face)) if standing is not None else None

    def counting(self) -> dict[str, Any] | None:
        """The reveal of real dice waiting for the table's count ({bid, wild, dice_in_play}), or None."""
        with self.lock:
            state = self.game.state
            if state is None or state.phase is not Phase.COUNT or state.standing is None:
                return None
            return {"bid": state.standing.bid.to_list(), "wild": state.round_wild, "dice_in_play": state.dice_in_play}

    def propose_count(self, count: int) -> dict[str, Any]:
        """A count heard by the hub's microphone, proposed for a phone to confirm; a reply dict."""
        try:
            self.table_says(VOICE, "propose", count)
        except HubError as err:
            return self.reply(err.code, err.detail)
        return self.reply("ok")

    def submit(self, player: str, action: Any, source: str = "voice") -> dict[str, Any]:
        """Play a move dict for `player` (`version` optional here); always a reply dict, never raises."""
        try:
            move = _read_move(action)
            self.move(player, move, move.version, source)
        except HubError as err:
            return self.reply(err.code, err.detail)
        except DudoError as err:
            return self.reply(err.code, err.message)
        return self.reply("ok", version=self.version())

    def undo_voice(self, player: str) -> dict[str, Any]:
        """Take back the bid the voice credited to `player`, if nothing happened since."""
        try:
            self.cancel_voice(player, self.version())
        except HubError as err:
            return self.reply(err.code, err.detail)
        return self.reply("ok", version=self.version())

    def on_events(self, callback: Listener) -> None:
        """Call `callback(engine event dicts)` after every applied action, in order, outside the lock."""
        with self.lock:
            self.hooks.listeners.append(callback)

    def set_voice_status(self, status: dict[str, Any]) -> None:
        """The voice status for every screen: a `caption` notice when only the caption changed,
        else one `voice` notice with the whole (small) status."""
        clean = json.loads(json.dumps(dict(status), default=str))
        with self.lock:
            notice = voice_notice(self.voice, clean)
            self.voice = clean
            if notice is not None:
                self.hooks.notice(self.code, *notice)


ROOM_MOVE = client.union_of(client.ROOM_MOVES)


def _read_move(action: Any) -> Any:
    """A move dict read into its type (`version` optional, checked when given); bad_payload when it is not one."""
    return protocol.read(ROOM_MOVE, action, "move")
