"""One catalogue per language: every reply code and every key, in every language."""

from __future__ import annotations

import re

import pytest

from dudo_hub.engine.errors import CODES
from dudo_hub.server.errors import HUB_CODES
from dudo_hub.web_display.catalogue import FALLBACK, LANGS, catalogue, message, text


def test_the_languages_are_the_files_present():
    assert "it" in LANGS and "en" in LANGS
    assert FALLBACK in LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_reply_code_has_a_sentence(lang):
    for code in (*HUB_CODES, *CODES):
        assert f"err.{code}" in catalogue(lang), code
        assert message(code, lang) != f"err.{code}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_the_same_keys_and_fields(lang):
    base = catalogue(FALLBACK)
    mine = catalogue(lang)
    assert set(mine) == set(base)
    for key, sentence in base.items():
        assert set(re.findall(r"{(\w+)}", mine[key])) == set(re.findall(r"{(\w+)}", sentence)), key


def test_text_fills_fields_and_falls_back():
    filled = text("tv.turn", "en", name="Ann")
    assert "Ann" in filled and "{name}" not in filled
    assert text("tv.turn", "en") == catalogue("en")["tv.turn"], "no fields: the sentence as written"
    assert text("no.such.key", "it") == "no.such.key"
    assert catalogue("xx") == catalogue(FALLBACK)
