"""Socket.IO handlers: thin. Each gets its payload already read into its type (`server.protocol`),
checks the credentials, then lets the room check game over, the turn and the version; every ack is
`protocol.ack`: `{ok, code, message}`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from flask import current_app, request
from flask_socketio import ConnectionRefusedError, SocketIO

from dudo_hub import protocol
from dudo_hub.engine import DudoError
from dudo_hub.protocol import Reply
from dudo_hub.protocol import client as p
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.types import Message
from dudo_hub.server.event.desk import ROLES as EVENT_ROLES
from dudo_hub.server.handlers.director import DIRECTOR_HANDLERS
from dudo_hub.server.handlers.evening import EVENING_HANDLERS
from dudo_hub.server.handlers.realtable import TABLE_HANDLERS, host_only, seated
from dudo_hub.server.hub.core import Hub, Viewer
from dudo_hub.server.room.room import Room

log = logging.getLogger(__name__)
Handler = Callable[[Hub, Viewer, Any, Any], Message | None]  # the room is None for a championship's screen


def hub() -> Hub:
    """The hub of the running app."""
    found: Hub = current_app.extensions["dudo_hub"]
    return found


def replying(name: str, fn: Handler) -> Callable[..., Reply]:
    """Wrap the handler of event `name`: rate limit, its payload read into its type
    (`server.protocol`), errors answered (never raised) in the room's language."""

    @functools.wraps(fn)
    def wrapper(payload: Any = None, *extra: Any) -> Reply:
        lang = "en"
        try:
            the_hub = hub()
            viewer = the_hub.viewers.get(request.sid) or screen(the_hub, request.sid)  # type: ignore[attr-defined]
            if viewer is None:
                raise HubError("bad_token", "this connection is not registered")
            room = the_hub.room(viewer.room) if viewer.role not in EVENT_ROLES else None
            lang = room.lang if room is not None else the_hub.desk.get(viewer.room).lang
            if room is None and not name.startswith("director:"):
                raise HubError("bad_role", "a championship's screen sends director events only")
            if not the_hub.limiter.allow(the_hub.limit_key(viewer)):
                raise HubError("rate_limited", "too many requests")
            if extra:
                raise HubError("bad_payload", "send one payload object")
            return protocol.ack("ok", lang, extra=fn(the_hub, viewer, room, protocol.read_payload(name, payload)))
        except HubError as err:
            return protocol.ack(err.code, lang, err.detail)
        except DudoError as err:
            return protocol.ack(err.code, lang, err.message)
        except Exception:
            log.exception("handler %s failed", fn.__name__)
            return protocol.ack("internal_error", lang)

    return wrapper


def screen(the_hub: Hub, sid: str) -> Viewer | None:
    """A championship's director page or hall screen, as a viewer (its room: the event's id)."""
    seen = the_hub.desk.viewers.get(sid)
    return Viewer(sid, seen[0], seen[1]) if seen is not None else None


def refusal(the_hub: Hub, sid: str, code: str, detail: str) -> Reply:
    """The transport guard's answer to connection `sid`, in its room's language."""
    viewer = the_hub.viewers.get(sid)
    room = the_hub.rooms.get(viewer.room) if viewer is not None else None
    return protocol.ack(code, room.lang if room is not None else "en", detail)


# ----- the handlers (who sends what; see docs/protocol.md) ------------------------------------


def seat_take(the_hub: Hub, viewer: Viewer, room: Room, data: p.SeatTake) -> p.SeatReply:
    """phone: take a seat -> {token, player}."""
    if viewer.role != "phone":
        raise HubError("bad_role", "only phones take seats")
    if viewer.player is not None and viewer.token is not None:
        return p.SeatReply(token=viewer.token, player=viewer.player)  # already seated: the same seat
    bound: list[bool] = []
    seat = room.take_seat(data.name, on_seated=lambda new: bound.append(the_hub.bind(viewer.sid, new.player,
                                                                                     new.token or "")),
                          mark=data.mark)
    assert seat.token is not None
    if not all(bound):  # the phone left while taking it: the seat counts as dropped
        room.set_connected(seat.player, False)
    return p.SeatReply(token=seat.token, player=seat.player)


def seat_leave(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> None:
    """phone: give the seat up."""
    player = seated(viewer)
    room.leave(player)
    the_hub.unbind(room.code, player)


def move(the_hub: Hub, viewer: Viewer, room: Room, data: Any) -> p.VersionReply:
    """phone: play a move at `data.version` -> {version} (the new one)."""
    player = seated(viewer)
    room.move(player, data, data.version, "phone")
    return p.VersionReply(version=room.version())


def host_config(the_hub: Hub, viewer: Viewer, room: Room, data: p.HostConfig) -> None:
    """host: preset, options and dice (lobby), language (voice follows it) and table settings (any time)."""
    host_only(viewer)
    room.configure(data.preset, data.options, data.lang, data.table, data.dice)
    voice = the_hub.voices.get(room.code)
    if data.lang is not None and voice is not None:
        voice.set_language(data.lang)


def host_bot_add(the_hub: Hub, viewer: Viewer, room: Room, data: p.BotAdd) -> p.PlayerReply:
    """host: add a bot -> {player}."""
    host_only(viewer)
    return p.PlayerReply(player=room.add_bot(data.level).player)


def host_seat_remove(the_hub: Hub, viewer: Viewer, room: Room, data: p.PlayerPayload) -> None:
    """host: kick a phone or remove a bot (in a game, a bot takes the seat)."""
    host_only(viewer)
    room.remove_seat(data.player)
    the_hub.unbind(room.code, data.player)


def host_bot_takeover(the_hub: Hub, viewer: Viewer, room: Room, data: p.PlayerPayload) -> None:
    """host: a bot plays a dropped phone's seat."""
    host_only(viewer)
    room.takeover(data.player)


def host_play_for(the_hub: Hub, viewer: Viewer, room: Room, data: Any) -> p.VersionReply:
    """host, real dice counted at the reveal: play the move of a player whose phone is away -> {version}."""
    host_only(viewer)
    room.play_for(data.player, data, data.version)
    return p.VersionReply(version=room.version())


def host_confirm_for(the_hub: Hub, viewer: Viewer, room: Room, data: p.CountFor) -> p.VersionReply:
    """host, real dice counted at the reveal: confirm the proposed count for a player whose phone is away."""
    host_only(viewer)
    room.confirm_for(data.player, data.count)
    return p.VersionReply(version=room.version())


def host_start(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> p.VersionReply:
    """host: deal the game."""
    host_only(viewer)
    room.start()
    return p.VersionReply(version=room.version())


def host_skip_reveal(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> None:
    """host: end the look at the dice now (TVs close the reveal, bots may move)."""
    host_only(viewer)
    room.skip_reveal()


def host_restart(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> None:
    """host: back to the lobby with the same seats."""
    host_only(viewer)
    room.restart()


def sync(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> p.StateReply:
    """anyone: send my state again (also in the ack)."""
    return p.StateReply(state=the_hub.send_state(viewer.sid))


HANDLERS: dict[str, Handler] = {
    "seat:take": seat_take,
    "seat:leave": seat_leave,
    "move": move,
    "host:config": host_config,
    "host:bot_add": host_bot_add,
    "host:seat_remove": host_seat_remove,
    "host:bot_takeover": host_bot_takeover,
    "host:play_for": host_play_for,
    "host:confirm_for": host_confirm_for,
    "host:start": host_start,
    "host:restart": host_restart,
    "host:skip_reveal": host_skip_reveal,
    "sync": sync,
    **TABLE_HANDLERS,
    **EVENING_HANDLERS,
    **DIRECTOR_HANDLERS,
}


def register(socketio: SocketIO) -> None:
    """Attach the connection handlers and every event handler to `socketio`."""

    def on_connect(auth: Any = None) -> None:
        try:
            hub().connect(request.sid, auth)  # type: ignore[attr-defined]  # joins the room's Socket.IO room
        except HubError as err:
            raise ConnectionRefusedError(err.code) from None
        except Exception:
            log.exception("connect failed")
            raise ConnectionRefusedError("internal_error") from None

    def on_disconnect(*_: Any) -> None:
        try:
            hub().disconnect(request.sid)  # type: ignore[attr-defined]
        except Exception:
            log.exception("disconnect failed")

    def on_error(err: Exception) -> Reply:
        log.exception("unhandled socket error: %s", err)
        return protocol.ack("internal_error", "en")

    socketio.on_event("connect", on_connect)
    socketio.on_event("disconnect", on_disconnect)
    for name, handler in HANDLERS.items():
        socketio.on_event(name, replying(name, handler))
    socketio.on_error_default(on_error)
