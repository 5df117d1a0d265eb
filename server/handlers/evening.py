"""Socket handlers and HTTP routes for the evening: scoreboard, kept games, replays.

Socket events (wrapped like those of `server.events`): `evening:get` (anyone), `host:evening_new`,
`host:evening_show`, `host:replay`, `host:replay_stop`, `host:history_delete` (host only).
HTTP: `GET /api/rooms/<code>/evening` (read-only; the room code is the only way in),
`GET /api/rooms/<code>/games/<id>` (one kept game, round by round), and
`DELETE /api/rooms/<code>/games/<id>?key=<host key>`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Blueprint, abort, current_app, jsonify, request
from werkzeug.wrappers import Response

from dudo_hub.protocol import client as p
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.types import Message
from dudo_hub.server.handlers.realtable import host_only
from dudo_hub.server.room.room import Room
from dudo_hub.server.store import gamelog
from dudo_hub.server.store.evening import Evenings

if TYPE_CHECKING:
    from dudo_hub.server.hub.core import Hub, Viewer



def evenings_of(the_hub: Hub) -> Evenings:
    """The hub's evenings (no_history without a data folder)."""
    found: Evenings | None = getattr(the_hub, "evenings", None)
    if found is None:
        raise HubError("no_history", "this hub keeps no history (no data folder)")
    return found


def evening_get(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> p.EveningReply:
    """anyone: the room's evening and the replay on its screens."""
    evenings = evenings_of(the_hub)
    return p.EveningReply(evening=evenings.payload(room.code), replay=evenings.replay_payload(room.code))


def host_evening_new(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> p.NewEveningReply:
    """host: begin a new evening -> {evening}."""
    host_only(viewer)
    return p.NewEveningReply(evening=evenings_of(the_hub).new_evening(room.code))


def host_evening_show(the_hub: Hub, viewer: Viewer, room: Room, data: p.EveningShow) -> None:
    """host: put the scoreboard on the TV (`show: true`) or take it off."""
    host_only(viewer)
    evenings_of(the_hub).show(room.code, data.show)


def host_replay(the_hub: Hub, viewer: Viewer, room: Room, data: p.Replay) -> p.ReplayReply:
    """host: replay a kept game on the screens: `game` (pick), `step` (the round shown), `playing`."""
    host_only(viewer)
    playing = data.playing if isinstance(data.playing, bool) else None
    shown = evenings_of(the_hub).replay(room.code, data.game, data.step, playing)
    return p.ReplayReply(step=shown["step"], rounds=len(shown["rounds"]))


def host_replay_stop(the_hub: Hub, viewer: Viewer, room: Room, data: p.Empty) -> None:
    """host: take the replay off the screens."""
    host_only(viewer)
    evenings_of(the_hub).stop_replay(room.code)


def host_history_delete(the_hub: Hub, viewer: Viewer, room: Room, data: p.Game) -> None:
    """host: forget one of the room's kept games."""
    host_only(viewer)
    evenings_of(the_hub).delete(room.code, data.game)


EVENING_HANDLERS: dict[str, Callable[[Hub, Viewer, Room, Any], Message | None]] = {
    "evening:get": evening_get,
    "host:evening_new": host_evening_new,
    "host:evening_show": host_evening_show,
    "host:replay": host_replay,
    "host:replay_stop": host_replay_stop,
    "host:history_delete": host_history_delete,
}

# ----- HTTP ---------------------------------------------------------------------------------------

bp = Blueprint("evening", __name__)


def _hub_room(code: str) -> tuple[Evenings, str]:
    the_hub: Hub = current_app.extensions["dudo_hub"]
    room = the_hub.rooms.get(code.upper())
    if room is None:
        abort(404, description=f"no room {code!r}")
    evenings = getattr(the_hub, "evenings", None)
    if evenings is None:
        abort(404, description="this hub keeps no history (no data folder)")
    return evenings, room.code


@bp.get("/api/rooms/<code>/evening")
def evening(code: str) -> Response:
    """The room's evening: scoreboard, this evening's games and every kept game of the room."""
    evenings, code = _hub_room(code)
    return jsonify(evenings.payload(code, listed=None))


@bp.get("/api/rooms/<code>/games/<int:game>")
def game(code: str, game: int) -> Response:
    """One kept game of the room, round by round (every cup, each call's odds)."""
    evenings, code = _hub_room(code)
    try:
        found = evenings.history.game(game)
    except HubError:
        found = None
    if found is None or found["room"] != code:
        abort(404, description=f"room {code} has no kept game {game}")
    rounds = [r.to_dict() for r in gamelog.rounds(found["log"])]
    keep = ("id", "room", "evening", "started", "ended", "winner", "players", "preset", "options", "dice_mode")
    return jsonify({**{k: found.get(k) for k in keep}, "rounds": rounds})


@bp.delete("/api/rooms/<code>/games/<int:game>")
def delete_game(code: str, game: int) -> Response:
    """Forget a kept game: needs the host key (`?key=` or the `X-Host-Key` header)."""
    the_hub: Hub = current_app.extensions["dudo_hub"]
    evenings, code = _hub_room(code)
    key = request.args.get("key") or request.headers.get("X-Host-Key") or ""
    if not secrets.compare_digest(key.encode(), the_hub.room(code).host_key.encode()):
        abort(403, description="wrong or missing host key")
    try:
        evenings.delete(code, game)
    except HubError:
        abort(404, description=f"room {code} has no kept game {game}")
    return jsonify({"ok": True, "deleted": game})
