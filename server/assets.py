"""Where the packaged files are: pages, the vendored Socket.IO client.

Everything is found through `importlib.resources`, so the hub works the same from a
checkout (editable install) and from an installed wheel.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

WEB_PACKAGE = "dudo_hub.web_display"
CLIENT_NAME = "socket.io.min.js"


def package_dir(package: str) -> Path:
    """The folder of an installed `dudo_hub` package (wheels install as plain files)."""
    return Path(str(resources.files(package)))


def web_dir() -> Path:
    """The folder holding templates/, static/, strings/ and vendor/."""
    return package_dir(WEB_PACKAGE)


def socket_client() -> Path | None:
    """The browser's Socket.IO client: vendored into the wheel at build time, or npm's copy in a checkout."""
    web = web_dir()
    for path in (web / "vendor" / CLIENT_NAME, web / "node_modules" / "socket.io-client" / "dist" / CLIENT_NAME):
        if path.is_file():
            return path
    return None
