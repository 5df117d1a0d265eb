"""HTTP routes: status codes and contexts (the templates belong to the web pages, so tests use stand-ins)."""

from __future__ import annotations

import json

import pytest
from jinja2 import DictLoader

STAND_IN = "{{ role }}|{{ room }}|{{ lang }}|{{ join_url }}|{{ host_key | default('') }}"


@pytest.fixture
def http(app):
    app.jinja_loader = DictLoader({f"{name}.html": STAND_IN for name in ("tv", "phone", "host")})
    return app.test_client()


def test_pages_render_with_their_context(http, hub):
    code = hub.default_code
    room = hub.room(code)
    assert http.get("/").status_code == 302 and http.get("/").headers["Location"].endswith("/tv")
    assert http.get("/tv").text == f"tv|{code}|it|http://127.0.0.1:8000/join/{code}|"
    assert http.get(f"/tv/{code.lower()}").status_code == 200
    assert http.get(f"/join/{code}").text.startswith(f"phone|{code}|")
    assert http.get(f"/host/{code}?key={room.host_key}").text.endswith(f"|{room.host_key}")
    assert http.get(f"/host/{code}?key=wrong").status_code == 403
    assert http.get(f"/host/{code}").status_code == 403
    assert http.get("/tv/ZZZZ").status_code == 404
    assert http.get("/join/ZZZZ").status_code == 404


def test_qr_and_vendor_and_strings(http, hub):
    svg = http.get(f"/qr/{hub.default_code}.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    client = http.get("/vendor/socket.io.min.js")  # install.sh vendored it (without it: the 503 test below)
    assert client.status_code == 200 and client.mimetype == "application/javascript", "run `bash install.sh --test`"
    assert http.get("/api/strings/xx").status_code == 200
    assert http.get("/api/strings/..%2F..%2Fsecret").status_code == 404  # no route outside the catalogues


def test_missing_client_is_a_clear_503(http, monkeypatch, tmp_path):
    from dudo_hub.server.web import assets

    monkeypatch.setattr(assets, "web_dir", lambda: tmp_path)
    reply = http.get("/vendor/socket.io.min.js")
    assert reply.status_code == 503 and "bash install.sh" in reply.text


def test_the_vendored_libraries_are_the_listed_ones(http):
    from dudo_hub.server.web import assets

    names = assets.vendor_names()
    assert {"socket.io.min.js", "preact-htm.js"} <= set(names)
    for name in names:  # install.sh vendored every one of them
        reply = http.get(f"/vendor/{name}")
        assert reply.status_code == 200, f"{name}: {reply.status_code} (run `bash install.sh --test`)"
        assert reply.mimetype == ("application/javascript" if name.endswith(".js") else "text/plain"), name
    assert http.get("/vendor/left-pad.js").status_code == 404
    assert http.get("/vendor/..%2Fvendor.json").status_code == 404


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
def test_a_room_in_each_language_serves_its_pages_and_strings(app, hub, lang):
    """The real templates: the page's language, every language offered by name, the boot sentence."""
    from dudo_hub.catalogue import catalogue, names

    room = hub.create_room(lang=lang)
    page = app.test_client().get(f"/join/{room.code}").text
    assert f'<html lang="{lang}">' in page and f'data-lang="{lang}"' in page
    for name in names().values():
        assert json.dumps(name)[1:-1] in page  # as Jinja's tojson writes it
    assert json.dumps(catalogue(lang)["conn.boot_failed"]) in page
    strings = app.test_client().get(f"/api/strings/{lang}").json
    assert strings == catalogue(lang) and strings["lang.name"] == names()[lang]


def test_no_cookie_session_is_read_or_written(http, app):
    """The hub keeps nothing in Flask's session: a signed cookie sent along is not read (so no socket
    event pays for verifying one), and no response sets one."""
    from flask import session
    from flask.sessions import SecureCookieSessionInterface

    signed = SecureCookieSessionInterface().get_signing_serializer(app).dumps({"seat": "P1"})
    with app.test_request_context("/socket.io/", headers={"Cookie": f"session={signed}"}):
        assert dict(session) == {} and session.get("seat") is None
        with pytest.raises(RuntimeError):
            session["seat"] = "P2"  # Flask's null session refuses writes
    answer = http.get("/tv", headers={"Cookie": f"session={signed}"})
    assert answer.status_code == 200 and "Set-Cookie" not in answer.headers
