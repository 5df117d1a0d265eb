"""Build hook: the folders at the top install as one namespace, `dudo_hub`, and the wheel carries
the browser libraries, taken from npm at build time.

Folder -> package: `engine/` is `dudo_hub.engine`, `server/` `dudo_hub.server`, and so on for
`championship/`, `voice/`, `protocol/`, `catalogue/` and `web_display/` (TOP below). Every folder under them that
holds files is a package here, data folders included, so setuptools has nothing to warn about;
`protocol/generate/` (the dev-time generator of docs/protocol.md and protocol.js) is left out.

The repository never holds a copy of the browser libraries: `npm ci` (pinned by
web_display/package-lock.json) puts them in web_display/node_modules, and building the wheel copies
the files named in web_display/vendor.json into the build's `dudo_hub/web_display/vendor/`: the
checkout is left as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.warnings import InformationOnly

# An editable install of folders mapped to `dudo_hub.*` goes through setuptools' import hook, which
# says so each time ("Editable installation ... folders with the same name as your package"): this
# layout is the documented one, so the note is not shown.
warnings.filterwarnings("ignore", message="Editable installation", category=InformationOnly)

HERE = Path(__file__).resolve().parent
TOP = ("engine", "championship", "server", "voice", "protocol", "catalogue", "web_display")
SKIPPED = {"node_modules", "vendor", "__pycache__"}
DEV_ONLY = {"protocol/generate"}
DATA = ["*.json", "*.md.in", "*.html", "*.css", "*.js"]
WEB = HERE / "web_display"
MODULES = WEB / "node_modules"
SCRATCH = Path(tempfile.gettempdir()) / "dudo-hub-build"
"""Where the build's own files go (build/, *.egg-info), so that building leaves the checkout as it was."""


def folders(top: str) -> list[str]:
    """`top` and every folder under it with a file in it, as paths relative to the checkout
    (node_modules/ and the other skipped folders are not walked into)."""
    found = []
    for path, subfolders, files in os.walk(HERE / top):
        subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED)
        relative = Path(path).relative_to(HERE).as_posix()
        if any(relative.startswith(dev) for dev in DEV_ONLY):
            subfolders.clear()
        elif files:
            found.append(relative)
    return sorted(found)


PACKAGE_DIR = {"dudo_hub." + folder.replace("/", "."): folder for top in TOP for folder in folders(top)}


def vendor_client(target: Path) -> None:
    """Copy the npm files into `target`, running `npm ci` first if any is missing."""
    listed: dict[str, str] = json.loads((WEB / "vendor.json").read_text(encoding="utf-8"))
    if not all((MODULES / source).is_file() for source in listed.values()):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(
                "building Dudo Hub needs the browser libraries from the npm registry (web_display/vendor.json): "
                "install npm, or run `npm ci` in web_display/ first"
            )
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True)
    target.mkdir(parents=True, exist_ok=True)
    for name, source in listed.items():
        shutil.copyfile(MODULES / source, target / name)


class BuildWithClient(build_py):
    """build_py that vendors the browser libraries into the build (not for editable installs)."""

    def run(self) -> None:
        super().run()
        if not getattr(self, "editable_mode", False):
            vendor_client(Path(self.build_lib) / "dudo_hub" / "web_display" / "vendor")


SCRATCH.mkdir(exist_ok=True)
setup(
    options={"build": {"build_base": str(SCRATCH / "build")}, "egg_info": {"egg_base": str(SCRATCH)}},
    packages=sorted(PACKAGE_DIR),
    package_dir=PACKAGE_DIR,
    package_data={name: DATA for name in PACKAGE_DIR},
    include_package_data=False,
    exclude_package_data={"dudo_hub.web_display": [
        "eslint.config.js", "jsconfig.json", "package.json", "package-lock.json"]},
    cmdclass={"build_py": BuildWithClient},
)
