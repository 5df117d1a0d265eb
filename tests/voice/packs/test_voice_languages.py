"""Per-language data: sentences that must match (data/<lang>.jsonl) and must not (<lang>_negative.txt)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dudo_hub.voice import languages, parse

DATA = Path(__file__).resolve().parents[1] / "data"


def _positive() -> list[Any]:
    out = []
    for lang in languages():
        for line in (DATA / f"{lang}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                out.append(pytest.param(lang, case["text"], case["expect"], id=f"{lang}:{case['text']}"))
    return out


def _negative() -> list[Any]:
    out = []
    for lang in languages():
        for line in (DATA / f"{lang}_negative.txt").read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                out.append(pytest.param(lang, line.strip(), id=f"{lang}:{line.strip()}"))
    return out


def test_every_language_has_data_files() -> None:
    assert languages() == ("en", "es", "fr", "it", "pt")
    for lang in languages():
        assert (DATA / f"{lang}.jsonl").is_file() and (DATA / f"{lang}_negative.txt").is_file()


@pytest.mark.parametrize(("lang", "text", "expect"), _positive())
def test_sentence_matches(lang: str, text: str, expect: dict[str, Any]) -> None:
    assert parse(text, lang).to_dict() == expect


@pytest.mark.parametrize(("lang", "text"), _negative())
def test_sentence_is_no_move(lang: str, text: str) -> None:
    assert parse(text, lang).to_dict() == {"intent": None}


def test_count_and_face_never_merge() -> None:
    assert parse("venti cinque", "it").as_bid() == (20, 5)
    assert parse("venticinque", "it").intent is None
    assert parse("venticinque cinque", "it").as_bid() == (25, 5)


def test_unknown_language_lists_the_languages() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'de'.*en, es, fr, it, pt"):
        parse("sieben fünfen", "de")
