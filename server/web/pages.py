"""HTTP pages: the TV, the phone, the host lobby, the vendored client, QR codes, strings, verify."""

from __future__ import annotations

import io
import json
import secrets
from typing import Any

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, jsonify, redirect, render_template, request, send_file
from werkzeug.wrappers import Response as BaseResponse

from dudo_hub import catalogue
from dudo_hub.catalogue import LANGS
from dudo_hub.server.hub.core import Hub
from dudo_hub.server.room import commitment
from dudo_hub.server.room.room import Room
from dudo_hub.server.web import assets

bp = Blueprint("pages", __name__)


def _hub() -> Hub:
    found: Hub = current_app.extensions["dudo_hub"]
    return found


def _room(code: str | None) -> Room:
    hub = _hub()
    room = hub.rooms.get((code or hub.default_code).upper())
    if room is None:
        abort(404, description=f"no room {code!r}")
    return room


def _join_url(room: Room) -> str:
    return _hub().join_url(room.code, request.host_url)


def _page(template: str, room: Room, role: str, **extra: Any) -> str:
    context = {"room": room.code, "lang": room.lang, "join_url": _join_url(room), "role": role,
               "boot_failed": catalogue.text("conn.boot_failed", room.lang),
               "langs": catalogue.names(), **extra}
    return render_template(template, **context)


@bp.get("/")
def index() -> BaseResponse:
    """The big screen."""
    return redirect("/tv")


@bp.get("/tv")
@bp.get("/tv/<code>")
def tv(code: str | None = None) -> str:
    """The table, as the spectator sees it."""
    return _page("tv.html", _room(code), "tv")


@bp.get("/join/<code>")
def join(code: str) -> str:
    """A phone's cup."""
    return _page("phone.html", _room(code), "phone")


@bp.get("/host/<code>")
def host(code: str) -> str:
    """The host's lobby; needs `?key=`."""
    room = _room(code)
    key = request.args.get("key", "")
    if not secrets.compare_digest(key.encode(), room.host_key.encode()):
        abort(403, description="wrong or missing host key")
    return _page("host.html", room, "host", host_key=room.host_key)


@bp.get("/vendor/<name>")
def vendor(name: str) -> BaseResponse:
    """A browser library installed by npm (listed in web_display/vendor.json)."""
    if name not in assets.vendor_names():
        abort(404, description=f"no vendored file {name!r}")
    found = assets.vendored(name)
    if found is None:
        return Response(f"{name} is not installed: run `bash install.sh`.\n", 503, mimetype="text/plain")
    kind = "application/javascript" if name.endswith(".js") else "text/plain"
    return send_file(found, mimetype=kind, max_age=3600)


@bp.get("/qr/<code>.svg")
def qr(code: str) -> Response:
    """The join address as an SVG QR code."""
    room = _room(code)
    image = qrcode.make(_join_url(room), image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    out = io.BytesIO()
    image.save(out)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.get("/api/strings/<lang>")
def strings(lang: str) -> BaseResponse:
    """The page catalogue for `lang` (English when missing)."""
    path = catalogue.path_of(lang) or catalogue.path_of(catalogue.FALLBACK)
    assert path is not None
    return send_file(path, mimetype="application/json")


@bp.route("/verify", methods=["GET", "POST"])
def verify() -> BaseResponse:
    """Check a round: `?hash=&salt=&dice=<json>` (or a JSON body) -> {ok, valid, computed}."""
    data: dict[str, Any] = dict(request.args)
    if request.is_json and isinstance(request.json, dict):
        data.update(request.json)
    if not data:
        return jsonify({"ok": True, "usage": "GET /verify?hash=H&salt=S&dice={\"Ann\":[1,3,5]} or POST JSON",
                        "langs": list(LANGS)})
    try:
        dice = data["dice"]
        dice = json.loads(dice) if isinstance(dice, str) else dice
        parsed = {str(k): [int(x) for x in v] for k, v in dict(dice).items()}
        salt, claimed = str(data["salt"]), str(data["hash"])
    except (KeyError, TypeError, ValueError) as err:
        refused = jsonify({"ok": False, "code": "bad_payload", "message": f"need hash, salt and dice: {err}"})
        refused.status_code = 400
        return refused
    computed = commitment.digest(parsed, salt)
    return jsonify({"ok": True, "valid": commitment.verify(parsed, salt, claimed), "computed": computed})
