"""User-facing sentences for reply codes, read from `server/catalogues/<lang>.json`."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from dudo_hub.server.assets import package_dir

FOLDER = package_dir("dudo_hub.server") / "catalogues"
LANGS = ("it", "en")
FALLBACK = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The {code: sentence} catalogue of `lang` (English for an unknown language)."""
    name = lang if lang in LANGS else FALLBACK
    data: dict[str, Any] = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def message(code: str, lang: str) -> str:
    """The sentence for `code` in `lang`, else in English, else the code itself."""
    return catalogue(lang).get(code) or catalogue(FALLBACK).get(code) or code
