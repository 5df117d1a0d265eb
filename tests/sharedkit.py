"""The conformance data the project shares with its peers, carried in `tests/data/shared/`.

A copy of shared/scenarios and shared/voice lives in the repository, so the suite passes
from any clone. `$DUDO_SHARED` (a shared folder) adds its files as an extra source: a
file whose name the copy lacks, or whose text differs from the copy's, is run too.
"""

from __future__ import annotations

import os
from pathlib import Path

OWN = Path(__file__).resolve().parent / "data" / "shared"


def shared_files(folder: str, pattern: str) -> list[Path]:
    """`folder`'s files matching `pattern`: the repository's copy, then what $DUDO_SHARED adds."""
    own = sorted((OWN / folder).glob(pattern))
    extra_root = os.environ.get("DUDO_SHARED")
    if not extra_root:
        return own
    texts = {p.name: p.read_bytes() for p in own}
    extra = [p for p in sorted((Path(extra_root) / folder).glob(pattern)) if texts.get(p.name) != p.read_bytes()]
    return own + extra
