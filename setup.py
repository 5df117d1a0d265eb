"""Build hook: the wheel carries the browser's Socket.IO client, taken from npm at build time.

The repository never holds a copy of it: `npm ci` (pinned by web_display/package-lock.json)
puts it in web_display/node_modules, and building the wheel copies it, with its licence,
into the package's vendor/ folder. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

WEB = Path(__file__).resolve().parent / "web_display"
CLIENT = WEB / "node_modules" / "socket.io-client"
VENDORED = {
    CLIENT / "dist" / "socket.io.min.js": "socket.io.min.js",
    CLIENT / "LICENSE": "LICENSE.socket.io-client.txt",
}


def vendor_client() -> None:
    """Copy the npm client into web_display/vendor/, running `npm ci` first if it is missing."""
    if not all(source.is_file() for source in VENDORED):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                "building Dudo Hub needs the browser's Socket.IO client from the npm registry: "
                "install npm, or run `npm ci` in web_display/ first"
            )
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    target = WEB / "vendor"
    target.mkdir(exist_ok=True)
    for source, name in VENDORED.items():
        shutil.copyfile(source, target / name)


class BuildWithClient(build_py):
    """build_py that vendors the Socket.IO client first (not for editable installs)."""

    def run(self) -> None:
        if not getattr(self, "editable_mode", False):
            vendor_client()
        super().run()


setup(cmdclass={"build_py": BuildWithClient})
