"""Where the packaged files are: pages, and the browser libraries vendored from npm.

Everything is found through `importlib.resources`, so the hub works the same from a
checkout (editable install) and from an installed wheel. `web_display/vendor.json` names
the vendored files (served name -> path under node_modules); the wheel holds copies in
`vendor/` (setup.py), a checkout reads them from `node_modules/`.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

WEB_PACKAGE = "dudo_hub.web_display"


def package_dir(package: str) -> Path:
    """The folder of an installed `dudo_hub` package (wheels install as plain files)."""
    return Path(str(resources.files(package)))


def web_dir() -> Path:
    """The folder holding templates/, static/, strings/ and vendor/."""
    return package_dir(WEB_PACKAGE)


def vendor_names() -> dict[str, str]:
    """Served name -> its path under node_modules, from web_display/vendor.json."""
    listed: dict[str, str] = json.loads((package_dir(WEB_PACKAGE) / "vendor.json").read_text(encoding="utf-8"))
    return listed


def vendored(name: str) -> Path | None:
    """A vendored browser file: the wheel's copy, or npm's in a checkout; None when missing or unlisted."""
    source = vendor_names().get(name)
    if source is None:
        return None
    web = web_dir()
    for path in (web / "vendor" / name, web / "node_modules" / source):
        if path.is_file():
            return path
    return None

