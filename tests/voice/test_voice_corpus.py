"""The shared conformance corpus (/work/shared/voice/phrases.jsonl): every case, every language."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from voice import parse


def _shared_dir() -> Path | None:
    """$DUDO_SHARED, else the `shared` folder beside the repository."""
    env = os.environ.get("DUDO_SHARED")
    candidates = [Path(env)] if env else []
    candidates.append(Path(__file__).resolve().parents[2].parent / "shared")
    return next((path for path in candidates if (path / "voice" / "phrases.jsonl").is_file()), None)


def _cases() -> list[Any]:
    shared = _shared_dir()
    if shared is None:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no shared/voice/phrases.jsonl (set DUDO_SHARED)"))]
    lines = (shared / "voice" / "phrases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    return [pytest.param(case, id=f"{case['lang']}:{case['text']}") for case in cases]


@pytest.mark.parametrize("case", _cases())
def test_corpus_case(case: dict[str, Any]) -> None:
    got = parse(case["text"], case["lang"]).to_dict()
    assert {key: got.get(key) for key in case["expect"]} == case["expect"]
    if case["expect"]["intent"] != "bid":
        assert "quantity" not in got and "face" not in got
