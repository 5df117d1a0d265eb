"""A face named before its quantity (voice.facefirst)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("vado sugli assi tre", "it", (3, 1)), ("passo ai pacos tre", "it", (3, 1)), ("pacos tre", "it", (3, 1)),
    ("sixes five", "en", (5, 6)),
])
def test_a_face_then_its_quantity_is_a_bid(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("text", "lang"), [
    ("vado sugli assi", "it"), ("assi tre cinque", "it"), ("sei assi tre", "it"), ("tre", "it"),
    ("cinque tre", "it"),  # number words only: read quantity first, as always
])
def test_anything_else_around_it_is_no_face_first_bid(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not (decision.move.intent == "bid" and decision.move.as_bid() in {(3, 1), (3, 5), (3, 6)})


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("punto sui sei quattro sei", "it", (4, 6)), ("sui sei quattro sei", "it", (4, 6)),
    ("on sixes four sixes", "en", (4, 6)),
])
def test_a_face_after_a_preposition_then_the_bid_on_it_is_that_bid(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("text", "lang"), [
    ("sei quattro sei", "it"), ("punto sui cinque quattro sei", "it"), ("dudo sui sei quattro sei", "it"),
    ("on fives four sixes", "en"),
])
def test_a_face_repeated_only_after_a_preposition_and_the_same(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not (decision.played and decision.move.intent == "bid" and decision.move.as_bid() == (4, 6))
