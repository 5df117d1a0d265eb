"""Socket handlers and HTTP routes of a championship (docs/EVENTS.md, the hub side).

Socket events `director:*` come from a director page (auth `{event, role: "director", key}`), are
read like every event and answered `{ok, code, message}` in the event's language. HTTP:
pages `/director/<id>?key=`, `/hall/<id>` and `/enter/<id>` (a phone registers itself, from the
hall screen's QR code `/qr/event/<id>.svg`: `POST /api/events/<id>/players` `{name}`, registration only);
`POST /api/events` (the host key of any room: `X-Host-Key` or `?key=`; a JSON body of settings)
makes an event and answers its id and director key; `GET /api/events/<id>/results` (`?format=csv`)
exports its results.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from dudo_hub import catalogue
from dudo_hub import championship as ch
from dudo_hub.protocol import client as p
from dudo_hub.protocol.acks import ack
from dudo_hub.protocol.errors import HubError
from dudo_hub.protocol.types import Message
from dudo_hub.server.event.export import results, results_csv

if TYPE_CHECKING:
    from dudo_hub.server.hub.core import Hub, Viewer

SETTINGS = ("format", "preset", "dice_mode", "table_min", "table_max", "advance", "rounds", "final_size")


def directing(viewer: Viewer) -> str:
    """The event id of a director's connection (not_director otherwise)."""
    if viewer.role != "director":
        raise HubError("not_director", "only the event's director can do that")
    return viewer.room


def _step(name: str, step: Callable[[ch.Event], ch.Event]) -> Callable[[Hub, Viewer, Any, Any], None]:
    def handler(the_hub: Hub, viewer: Viewer, room: Any, data: Any) -> None:
        the_hub.desk.step(directing(viewer), step)
    handler.__name__ = handler.__qualname__ = name.replace(":", "_")
    handler.__doc__ = f"director: {name.partition(':')[2]}."
    return handler


def director_settings(the_hub: Hub, viewer: Viewer, room: Any, data: p.EventSettings) -> None:
    """director: the event's settings, bots at every seat, its language."""
    choices = {k: getattr(data, k) for k in SETTINGS if getattr(data, k) is not None}
    the_hub.desk.settings(directing(viewer), choices, data.bots, data.lang)


def director_register(the_hub: Hub, viewer: Viewer, room: Any, data: p.EventPlayer) -> None:
    """director: register a player."""
    the_hub.desk.step(directing(viewer), lambda event: ch.register(event, data.name))


def director_withdraw(the_hub: Hub, viewer: Viewer, room: Any, data: p.EventPlayer) -> None:
    """director: a player falls (or is unregistered before the start)."""
    the_hub.desk.step(directing(viewer), lambda event: ch.withdraw(event, data.name))


def director_start(the_hub: Hub, viewer: Viewer, room: Any, data: p.Empty) -> None:
    """director: draw round 1 and open its tables."""
    event_id = directing(viewer)
    directed = the_hub.desk.get(event_id)
    if directed.bots and directed.event.settings.dice_mode == "scoreboard":
        raise HubError("no_bots_here", "bots cannot play when nobody enters dice (scoreboard)")
    the_hub.desk.step(event_id, ch.start)


def director_table_start(the_hub: Hub, viewer: Viewer, room: Any, data: p.EventTable) -> None:
    """director: deal one table's game."""
    the_hub.desk.start_table(directing(viewer), data.round, data.table)


def director_correct(the_hub: Hub, viewer: Viewer, room: Any, data: p.EventCorrection) -> None:
    """director: correct a table's result, with its reason."""
    the_hub.desk.correct(directing(viewer), data.round, data.table, list(data.order), data.reason)


DIRECTOR_HANDLERS: dict[str, Callable[[Hub, Viewer, Any, Any], Message | None]] = {
    "director:settings": director_settings,
    "director:register": director_register,
    "director:withdraw": director_withdraw,
    "director:start": director_start,
    "director:pause": _step("director:pause", ch.pause),
    "director:resume": _step("director:resume", ch.resume),
    "director:next_round": _step("director:next_round", ch.next_round),
    "director:table_start": director_table_start,
    "director:correct": director_correct,
}

# ----- HTTP ---------------------------------------------------------------------------------------

bp = Blueprint("championship", __name__)


def _hub() -> Hub:
    found: Hub = current_app.extensions["dudo_hub"]
    return found


def _event_page(template: str, event_id: str, role: str, **extra: Any) -> str:
    try:
        directed = _hub().desk.get(event_id)
    except HubError:
        abort(404, description=f"no event {event_id!r}")
    lang = directed.lang
    return render_template(template, room=directed.id, lang=lang, join_url="", role=role, langs=catalogue.names(),
                           boot_failed=catalogue.text("conn.boot_failed", lang), **extra)


@bp.get("/director/<event_id>")
def director_page(event_id: str) -> str:
    """The director's page; needs `?key=` (the director key)."""
    key = request.args.get("key", "")
    if not _hub().desk.get_or_none(event_id, key):
        abort(403, description="wrong or missing director key")
    return _event_page("director.html", event_id, "director", director_key=key)


@bp.get("/hall/<event_id>")
def hall_page(event_id: str) -> str:
    """The hall screen (read-only)."""
    return _event_page("hall.html", event_id, "hall")


@bp.get("/enter/<event_id>")
def enter_page(event_id: str) -> str:
    """A phone's page: register under a name, then see the table the draw gave that name."""
    return _event_page("entrant.html", event_id, "entrant")


@bp.get("/qr/event/<event_id>.svg")
def enter_qr(event_id: str) -> Response:
    """The hall screen's QR code: the event's `/enter/<id>` page."""
    try:
        directed = _hub().desk.get(event_id)
    except HubError:
        abort(404, description=f"no event {event_id!r}")
    base = (_hub().config.PUBLIC_URL or request.host_url).rstrip("/")
    image = qrcode.make(f"{base}/enter/{directed.id}", image_factory=qrcode.image.svg.SvgPathImage, box_size=10,
                        border=2)
    out = io.BytesIO()
    image.save(out)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/api/events/<event_id>/players")
def enter_player(event_id: str) -> BaseResponse:
    """A phone registers a player `{name}` while registration is open -> {ok, code, message, player}."""
    hub = _hub()
    lang = "en"
    try:
        lang = hub.desk.get(event_id).lang
        data = p.read(p.EventPlayer, request.get_json(silent=True), "POST /api/events/<id>/players")
        hub.desk.step(event_id, lambda event: ch.register(event, data.name))
    except (HubError, ch.EventError) as err:
        refused = jsonify(ack(err.code, lang, str(err)))
        refused.status_code = 404 if err.code == "unknown_championship" else 400
        return refused
    return jsonify(ack("ok", lang, extra={"player": " ".join(data.name.split())}))  # as `register` cleans it


@bp.post("/api/events")
def create_event() -> BaseResponse:
    """A new event: needs a room's host key; the body's settings (and `bots`, `lang`) -> {id, key, director, hall}."""
    hub = _hub()
    key = (request.args.get("key") or request.headers.get("X-Host-Key") or "").encode("utf-8", "surrogatepass")
    if not any(secrets.compare_digest(key, room.host_key.encode()) for room in list(hub.rooms.values())):
        abort(403, description="wrong or missing host key")
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    try:
        choices = p.read(p.EventSettings, body, "POST /api/events")
        settings = {k: getattr(choices, k) for k in SETTINGS if getattr(choices, k) is not None}
        event_id, director_key = hub.desk.create(settings, choices.lang, bool(choices.bots))
    except (HubError, ch.EventError) as err:
        refused = jsonify({"ok": False, "code": err.code, "message": str(err)})
        refused.status_code = 400
        return refused
    return jsonify({"ok": True, "id": event_id, "key": director_key,
                    "director": f"/director/{event_id}?key={director_key}", "hall": f"/hall/{event_id}"})


@bp.get("/api/events/<event_id>/results")
def event_results(event_id: str) -> BaseResponse:
    """The event's standings and every table's result: JSON, or CSV with `?format=csv`."""
    try:
        record = _hub().desk.get(event_id).to_record()
    except HubError:
        abort(404, description=f"no event {event_id!r}")
    if request.args.get("format") == "csv":
        return Response(results_csv(record), mimetype="text/csv")
    return jsonify(results(record))
