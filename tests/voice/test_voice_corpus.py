"""The shared conformance corpus (tests/data/shared/voice/phrases.jsonl, plus $DUDO_SHARED's): every case."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sharedkit import shared_files

from dudo_hub.voice import parse


def _cases() -> list[Any]:
    cases = {}
    for path in shared_files("voice", "phrases.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                cases[(case["lang"], case["text"])] = case
    return [pytest.param(case, id=f"{case['lang']}:{case['text']}") for case in cases.values()]


def test_the_shared_corpus_is_carried_by_the_repository() -> None:
    assert len(_cases()) >= 20


@pytest.mark.parametrize("case", _cases())
def test_corpus_case(case: dict[str, Any]) -> None:
    got = parse(case["text"], case["lang"]).to_dict()
    assert {key: got.get(key) for key in case["expect"]} == case["expect"]
    if case["expect"]["intent"] != "bid":
        assert "quantity" not in got and "face" not in got
