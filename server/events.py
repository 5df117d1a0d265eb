"""Socket.IO handlers: thin. Each checks, in order, the payload's shape, the credentials,
then lets the room check game over, the turn and the version; every ack is `{ok, code, message}`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from flask import current_app, request
from flask_socketio import ConnectionRefusedError, SocketIO

from dudo_hub.engine import DudoError
from dudo_hub.server import payloads
from dudo_hub.server.errors import HubError
from dudo_hub.server.evening_events import EVENING_HANDLERS
from dudo_hub.server.hub import Hub, Viewer
from dudo_hub.server.rooms import Room
from dudo_hub.server.table_events import TABLE_HANDLERS, host_only, seated
from dudo_hub.web_display.catalogue import message

log = logging.getLogger(__name__)
Reply = dict[str, Any]
Handler = Callable[[Hub, Viewer, Room, dict[str, Any]], Reply | None]


def hub() -> Hub:
    """The hub of the running app."""
    found: Hub = current_app.extensions["dudo_hub"]
    return found


def replying(fn: Handler) -> Callable[..., Reply]:
    """Wrap a handler: rate limit, dict payload, errors answered (never raised) in the room's language."""

    @functools.wraps(fn)
    def wrapper(payload: Any = None, *extra: Any) -> Reply:
        lang = "en"
        try:
            the_hub = hub()
            viewer = the_hub.viewers.get(request.sid)  # type: ignore[attr-defined]
            if viewer is None:
                raise HubError("bad_token", "this connection is not registered")
            room = the_hub.room(viewer.room)
            lang = room.lang
            if not the_hub.limiter.allow(the_hub.limit_key(viewer)):
                raise HubError("rate_limited", "too many requests")
            if extra:
                raise HubError("bad_payload", "send one payload object")
            result = fn(the_hub, viewer, room, payloads.as_dict(payload))
            return {"ok": True, "code": "ok", "message": message("ok", lang), **(result or {})}
        except HubError as err:
            return error_reply(err.code, err.detail, lang)
        except DudoError as err:
            return error_reply(err.code, err.message, lang)
        except Exception:
            log.exception("handler %s failed", fn.__name__)
            return error_reply("internal_error", "", lang)

    return wrapper


def error_reply(code: str, detail: str, lang: str) -> Reply:
    """`{ok: false, code, message, detail?}` with the message in `lang`."""
    out: Reply = {"ok": False, "code": code, "message": message(code, lang)}
    if detail:
        out["detail"] = detail
    return out


def refusal(the_hub: Hub, sid: str, code: str, detail: str) -> Reply:
    """The transport guard's answer to connection `sid`, in its room's language."""
    viewer = the_hub.viewers.get(sid)
    room = the_hub.rooms.get(viewer.room) if viewer is not None else None
    return error_reply(code, detail, room.lang if room is not None else "en")


# ----- the handlers (who sends what; see docs/protocol.md) ------------------------------------


def seat_take(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """phone: take a seat -> {token, player}."""
    name = payloads.text(data, "name")
    assert name is not None
    if viewer.role != "phone":
        raise HubError("bad_role", "only phones take seats")
    if viewer.player is not None and viewer.token is not None:
        return {"token": viewer.token, "player": viewer.player}  # already seated: the same seat
    bound: list[bool] = []
    seat = room.take_seat(name, on_seated=lambda new: bound.append(the_hub.bind(viewer.sid, new.player,
                                                                                new.token or "")))
    assert seat.token is not None
    if not all(bound):  # the phone left while taking it: the seat counts as dropped
        room.set_connected(seat.player, False)
    return {"token": seat.token, "player": seat.player}


def seat_leave(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """phone: give the seat up."""
    player = seated(viewer)
    room.leave(player)
    the_hub.unbind(room.code, player)


def move(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """phone: play a move at `version` -> {version} (the new one)."""
    version = payloads.integer(data, "version")
    payloads.check_move(data)
    player = seated(viewer)
    room.move(player, data, version, "phone")
    return {"version": room.version()}


def host_config(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """host: preset, options and dice (lobby), language (voice follows it) and table settings (any time)."""
    preset = payloads.text(data, "preset", 40, required=False)
    lang = payloads.text(data, "lang", 8, required=False)
    dice = payloads.text(data, "dice", 20, required=False)
    options = payloads.mapping(data, "options") if "options" in data else None
    table = payloads.mapping(data, "table") if "table" in data else None
    host_only(viewer)
    room.configure(preset, options, lang, table, dice)
    voice = the_hub.voices.get(room.code)
    if lang is not None and voice is not None:
        voice.set_language(lang)


def host_bot_add(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """host: add a bot -> {player}."""
    level = payloads.text(data, "level", 40, required=False)
    host_only(viewer)
    return {"player": room.add_bot(level).player}


def host_seat_remove(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """host: kick a phone or remove a bot (in a game, a bot takes the seat)."""
    player = payloads.text(data, "player", 100)
    assert player is not None
    host_only(viewer)
    room.remove_seat(player)
    the_hub.unbind(room.code, player)


def host_bot_takeover(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """host: a bot plays a dropped phone's seat."""
    player = payloads.text(data, "player", 100)
    assert player is not None
    host_only(viewer)
    room.takeover(player)


def host_play_for(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """host, real dice counted at the reveal: play the move of a player whose phone is away -> {version}."""
    player = payloads.text(data, "player", 100)
    version = payloads.integer(data, "version")
    assert player is not None
    payloads.check_move(data)
    host_only(viewer)
    room.play_for(player, {k: v for k, v in data.items() if k != "player"}, version)
    return {"version": room.version()}


def host_confirm_for(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """host, real dice counted at the reveal: confirm the proposed count for a player whose phone is away."""
    player = payloads.text(data, "player", 100)
    count = payloads.integer(data, "count")
    assert player is not None
    host_only(viewer)
    room.confirm_for(player, count)
    return {"version": room.version()}


def host_start(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """host: deal the game."""
    host_only(viewer)
    room.start()
    return {"version": room.version()}


def host_skip_reveal(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """host: end the look at the dice now (TVs close the reveal, bots may move)."""
    host_only(viewer)
    room.skip_reveal()


def host_restart(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> None:
    """host: back to the lobby with the same seats."""
    host_only(viewer)
    room.restart()


def sync(the_hub: Hub, viewer: Viewer, room: Room, data: dict[str, Any]) -> Reply:
    """anyone: send my state again (also in the ack)."""
    return {"state": the_hub.send_state(viewer.sid)}


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
        return error_reply("internal_error", "", "en")

    socketio.on_event("connect", on_connect)
    socketio.on_event("disconnect", on_disconnect)
    for name, handler in HANDLERS.items():
        socketio.on_event(name, replying(handler))
    socketio.on_error_default(on_error)
