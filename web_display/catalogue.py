"""The one catalogue of user-facing sentences per language: `web_display/strings/<lang>.json`.

The pages fetch it (`/api/strings/<lang>`); the hub's replies take their `message` from the
same file (`err.<code>`), so a sentence is written once. The languages are the files present.
Spoken sentences live in the voice packs (`voice/packs/`), not here.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

FALLBACK = "en"
_FOLDER = Path(str(resources.files("dudo_hub.web_display"))) / "strings"


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, sorted."""
    return tuple(sorted(p.stem for p in _FOLDER.glob("*.json") if p.stem.isalpha()))


LANGS = languages()


@cache
def catalogue(lang: str) -> dict[str, str]:
    """{key: sentence} of `lang` (the fallback language's for an unknown one)."""
    name = lang if lang in LANGS else FALLBACK
    data: dict[str, Any] = json.loads((_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def path_of(lang: str) -> Path | None:
    """The catalogue file of `lang`, if there is one."""
    return _FOLDER / f"{lang}.json" if lang in LANGS else None


def text(key: str, lang: str, **fields: Any) -> str:
    """The sentence for `key` in `lang`, else in English, else the key; `{name}` fields filled."""
    found = catalogue(lang).get(key) or catalogue(FALLBACK).get(key) or key
    return found.format_map(_Fields(fields)) if fields else found


def message(code: str, lang: str) -> str:
    """The sentence for a reply code (`ok`, `bad_payload`, an engine code...)."""
    return text(f"err.{code}", lang)


class _Fields(dict[str, Any]):
    """Format fields; a missing one stays as `{name}`."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
