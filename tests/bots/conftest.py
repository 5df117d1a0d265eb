"""The bots' tests: their helpers sit beside them, and the bench's heads-up solver (bench/bots/) is tested here."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root, for `bench`
