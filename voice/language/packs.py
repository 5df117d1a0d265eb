"""Language packs: find `voice/language/packs/<lang>.json` and load it, checked and indexed
(`pack_reader`); what a pack holds is `pack_model`'s, re-exported here for the pack's users."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from dudo_hub.voice.language.pack_model import (
    CALLS,
    ERROR_CODES,
    EVENT_FIELDS,
    PLURAL_FIELD,
    VOICE_FIELDS,
    Meaning,
    Pack,
    PackError,
    UnknownLanguageError,
)
from dudo_hub.voice.language.pack_reader import parse_pack

__all__ = [
    "CALLS", "ERROR_CODES", "EVENT_FIELDS", "PLURAL_FIELD", "VOICE_FIELDS", "Meaning", "Pack", "PackError",
    "UnknownLanguageError", "languages", "load_pack", "load_pack_file", "parse_pack",
]

_PACKS = resources.files("dudo_hub.voice.language") / "packs"


def languages() -> tuple[str, ...]:
    """The languages that have a pack, sorted."""
    return tuple(sorted(p.name[:-5] for p in _PACKS.iterdir() if p.name.endswith(".json")))


@cache
def load_pack(lang: str) -> Pack:
    """The pack for `lang` ("it", "es", ...); UnknownLanguageError lists the others."""
    if lang not in languages():
        raise UnknownLanguageError(f"unknown language {lang!r}; languages: {', '.join(languages())}")
    source = _PACKS / f"{lang}.json"
    return parse_pack(source.read_text(encoding="utf-8"), f"voice/language/packs/{lang}.json")


def load_pack_file(path: Path) -> Pack:
    """A pack from any file (for pack authors and tests)."""
    return parse_pack(path.read_text(encoding="utf-8"), str(path))
