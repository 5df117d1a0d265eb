"""Player names: cleaned (no control characters, single spaces) and capped."""

from __future__ import annotations

import unicodedata

MAX_NAME = 20


def clean_name(raw: str) -> str:
    """`raw` without control/format characters, whitespace collapsed, at most MAX_NAME characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in raw if ch.isspace() or not _is_control(ch))
    return " ".join(kept.split())[:MAX_NAME].strip()


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch).startswith("C")


def same_name(a: str, b: str) -> bool:
    """Names clash when they are equal ignoring case."""
    return a.casefold() == b.casefold()
