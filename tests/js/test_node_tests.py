"""The pages' pure functions are tested in node (`node --test tests/js`): pytest runs them too, so the
README's test command covers them (skipped only on a machine without node)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def test_the_node_tests_pass():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no node tests found"
    done = subprocess.run([node, "--test", *files], capture_output=True, text=True, timeout=120, cwd=HERE)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout
