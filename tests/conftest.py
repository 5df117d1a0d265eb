"""Shared by every test folder: `tests/` on the import path, so folders can share fakes
(`from voice_table.fakes import Said, ManualTimers`)."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.append(TESTS)
