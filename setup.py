"""Build hook: the wheel carries the browser libraries, taken from npm at build time.

The repository never holds a copy of them: `npm ci` (pinned by web_display/package-lock.json)
puts them in web_display/node_modules, and building the wheel copies the files named in
web_display/vendor.json (served name -> path under node_modules), licences included, into the
package's vendor/ folder. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

WEB = Path(__file__).resolve().parent / "web_display"
MODULES = WEB / "node_modules"
VENDORED = {MODULES / source: name for name, source in json.loads((WEB / "vendor.json").read_text()).items()}


def vendor_client() -> None:
    """Copy the npm files into web_display/vendor/, running `npm ci` first if any is missing."""
    if not all(source.is_file() for source in VENDORED):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                "building Dudo Hub needs the browser libraries from the npm registry (web_display/vendor.json): "
                "install npm, or run `npm ci` in web_display/ first"
            )
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    target = WEB / "vendor"
    target.mkdir(exist_ok=True)
    for source, name in VENDORED.items():
        shutil.copyfile(source, target / name)


class BuildWithClient(build_py):
    """build_py that vendors the browser libraries first (not for editable installs)."""

    def run(self) -> None:
        if not getattr(self, "editable_mode", False):
            vendor_client()
        super().run()


setup(cmdclass={"build_py": BuildWithClient})
