"""CI: the built wheel is a working product on its own.

    python .ci/wheel_check.py dist/dudo_hub-*.whl /path/to/fresh-venv/bin/dudo

Checks that the wheel installs one top-level package (`dudo_hub`), then starts the
installed `dudo serve` from an empty folder (no checkout beside it), fetches the TV page,
every script and stylesheet it references, the Socket.IO client and `/api/strings/it`,
and plays one short game over Socket.IO (a phone against a bot) to the end, the phone's
moves drawn at random from what its `legal` payload offers (`dudo_hub.protocol.moves.random_move`).
Run it with an interpreter that has python-socketio's client and dudo_hub (the project's
.venv with the test extras): only the served hub comes from the wheel.
"""

from __future__ import annotations

import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urljoin

import socketio

from dudo_hub.protocol.moves import random_move


def top_level(wheel: Path) -> set[str]:
    """The top-level names a wheel puts into site-packages."""
    with zipfile.ZipFile(wheel) as archive:
        return {name.split("/")[0] for name in archive.namelist()}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return reply.status, reply.read()


def start_hub(dudo: str, port: int, folder: Path) -> tuple[subprocess.Popen[str], str, str]:
    """`dudo serve` on 127.0.0.1; returns the process, the room code and the host key."""
    env = {"PATH": "/usr/bin:/bin", "DUDO_BOT_DELAY": "0", "DUDO_REVEAL_PAUSE": "0", "HOME": str(folder)}
    hub = subprocess.Popen(
        [dudo, "serve", "--host", "127.0.0.1", "--port", str(port), "--advertise", "127.0.0.1",
         "--no-voice", "--data", str(folder / "data")],
        cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    assert hub.stdout is not None
    deadline = time.monotonic() + 60
    for line in hub.stdout:
        found = re.search(r"/host/([A-Z]{4})\?key=(\S+)", line)
        if found:
            threading.Thread(target=lambda: [None for _ in hub.stdout], daemon=True).start()  # type: ignore[union-attr]
            return hub, found.group(1), found.group(2)
        if time.monotonic() > deadline:
            break
    hub.kill()
    raise SystemExit("dudo serve did not print its host address")


def check_pages(base: str, code: str) -> None:
    status, page = fetch(f"{base}/tv/{code}")
    assert status == 200, status
    refs = re.findall(r'(?:src|href)="(/[^"]+)"', page.decode())
    assert any(r.endswith(".js") for r in refs) and any(r.endswith(".css") for r in refs), refs
    seen: set[str] = set()
    while refs:
        ref = refs.pop()
        if ref in seen:
            continue
        seen.add(ref)
        status, body = fetch(base + ref)
        assert status == 200 and body, ref
        print(f"  {ref}: {len(body)} bytes")
        if ref.endswith(".js"):  # the ES modules it imports, relative ("./x.js") or from the hub ("/vendor/x.js")
            for name in re.findall(r"""(?:\bfrom|\bimport)\s*["']((?:\./|\.\./|/)[\w./-]+\.js)["']""", body.decode()):
                refs.append(urljoin(ref, name))
    status, strings = fetch(f"{base}/api/strings/it")
    assert status == 200 and b'"tv.room"' in strings, strings[:200]
    print(f"  /api/strings/it: {len(strings)} bytes")


def play(base: str, code: str, key: str) -> None:
    """Host adds a bot and starts; the phone plays random legal moves (seeded), to the end."""
    host, phone = socketio.SimpleClient(), socketio.Client()
    states: list[dict] = []
    phone.on("state", lambda data: states.append(data))
    host.connect(base, auth={"room": code, "role": "host", "key": key}, transports=["websocket"])
    phone.connect(base, auth={"room": code, "role": "phone"}, transports=["websocket"])
    seat = phone.call("seat:take", {"name": "Wheel"}, timeout=10)
    assert seat["ok"], seat
    for event, payload in (("host:config", {"options": {"max_dice": 2}}), ("host:bot_add", {}),
                           ("host:start", {})):
        reply = host.call(event, payload, timeout=10)
        assert reply["ok"], (event, reply)
    rng, moves, deadline = random.Random(1), 0, time.monotonic() + 120
    while time.monotonic() < deadline:
        state = phone.call("sync", {}, timeout=10)["state"]
        if state["room"]["over"]:
            print(f"  game over after {moves} phone moves; winner {state['view']['winner']}")
            break
        version = state["view"]["version"]
        move = random_move(state.get("legal") or {}, rng)
        if move is None:
            time.sleep(0.05)
            continue
        reply = phone.call("move", {**move, "version": version}, timeout=10)
        moves += reply["ok"]
    else:
        raise SystemExit("the game did not end within 120 s")
    assert states, "the phone never received a state message"
    phone.disconnect()
    host.disconnect()


def main(wheel_arg: str, dudo: str) -> int:
    wheel, dudo = Path(wheel_arg), str(Path(dudo).resolve())
    tops = top_level(wheel)
    extra = {t for t in tops if t != "dudo_hub" and not t.endswith(".dist-info")}
    assert not extra, f"the wheel installs more than dudo_hub: {sorted(extra)}"
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("dudo_hub/web_display/vendor/socket.io.min.js", "dudo_hub/web_display/vendor/preact-htm.js",
                   "dudo_hub/web_display/vendor.json", "dudo_hub/catalogue/strings/it.json",
                   "dudo_hub/web_display/templates/tv.html", "dudo_hub/voice/language/packs/it.json",
                   "dudo_hub/engine/bots/solved/endgames.json", "dudo_hub/engine/bots/solved/headsup/dudo.json"):
        assert needed in names, f"the wheel lacks {needed}"
    print(f"wheel: one top-level package (dudo_hub), {len(names)} files")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        hub, code, key = start_hub(dudo, port, Path(tmp))
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    fetch(base + "/verify")
                    break
                except OSError:
                    time.sleep(0.1)
            check_pages(base, code)
            play(base, code, key)
        finally:
            hub.terminate()
            hub.wait(10)
    print("wheel check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
