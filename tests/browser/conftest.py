"""Browser tests: the real hub on 127.0.0.1 and Debian's chromium driven by Playwright (sync API).

Never `playwright install`: the tests use /usr/bin/chromium and skip when it is absent.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test."""
    here = Path(__file__).resolve().parent
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            item.add_marker(pytest.mark.browser)


@dataclass
class LiveHub:
    """A running hub: its base URL, the Flask app and the default room."""

    url: str
    app: Any
    room: Any
    server: Any
    errors: list[str] = field(default_factory=list)

    @property
    def code(self) -> str:
        return str(self.room.code)

    @property
    def host_url(self) -> str:
        return f"{self.url}/host/{self.code}?key={self.room.host_key}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def hub(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveHub]:
    """The app served by werkzeug in a thread on 127.0.0.1; shut down at the end of the module.
    A test module may set `HUB_OPTIONS = {"REVEAL_PAUSE": 2.0, ...}` (Config fields) for its hub."""
    app_module = pytest.importorskip("dudo_hub.server.web.app", reason="the hub (server.app) is not importable")
    from werkzeug.serving import make_server

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    options = {"BOT_THREAD": True, "BOT_DELAY": 0.05, "SEED": None, **getattr(request.module, "HUB_OPTIONS", {})}
    config = app_module.TestConfig(DATA_DIR=tmp_path_factory.mktemp("hubdata"), PUBLIC_URL=url, **options)
    app = app_module.create_app(config)
    hub_obj = app_module.get_hub(app)
    room = hub_obj.rooms[hub_obj.default_code]
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="dudo-hub-test", daemon=True)
    thread.start()
    try:
        yield LiveHub(url, app, room, server)
    finally:
        server.shutdown()
        thread.join(10)
        hub_obj.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium (skipped when absent)."""
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is not installed (apt-get install chromium); never `playwright install`")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (python) is not installed")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


class PageWatch:
    """Collects JavaScript errors (pageerror and console errors) and every requested URL."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []

    def attach(self, page: Any, label: str) -> Any:
        page.on("pageerror", lambda err: self.errors.append(f"{label}: pageerror: {err}"))
        page.on("console", lambda msg: self.errors.append(f"{label}: console.{msg.type}: {msg.text}")
                if msg.type == "error" else None)
        page.on("request", lambda req: self.requests.append(req.url))
        return page


@pytest.fixture()
def watch() -> PageWatch:
    return PageWatch()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
