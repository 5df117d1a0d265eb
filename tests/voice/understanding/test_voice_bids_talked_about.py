"""A bid-shaped phrase right after an article, a demonstrative or a possessive names dice talked
about ("questa storia dei due assi"), never a bid made: neither played nor asked (the packs'
`determiners`). The same bid led in by the speaker is still played. The standing bid said first
and judged leaves the speaker's own bid after it ("quattro cinque è poco sette cinque")."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "ancora con questa storia dei due assi"), ("it", "basta con la storia dei sei cinque"),
    ("it", "hai visto i miei due assi"),
    ("es", "otra vez la historia de los dos pacos"), ("es", "ya con el cuento de los seis cincos"),
    ("fr", "encore cette histoire des deux as"), ("fr", "toujours le coup des six cinq"),
    ("pt", "de novo essa história dos dois ases"), ("pt", "de novo aquela dos seis cincos"),
    ("en", "the thing with the two aces"), ("en", "enough about those six fives"),
    ("en", "look at my two aces"),
])
def test_a_bid_after_a_determiner_is_talked_about(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "basta storie dico due assi", (2, 1)), ("es", "basta de cuentos digo dos pacos", (2, 1)),
    ("fr", "assez d'histoires je dis deux pacos", (2, 1)), ("pt", "chega de história digo dois ases", (2, 1)),
    ("en", "enough stories i say two aces", (2, 1)),
])
def test_the_bid_led_in_after_the_talk_is_not_set_aside(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert got.move.as_bid() == bid and (got.played or got.asked)


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "quattro cinque è poco sette cinque", (7, 5)), ("pt", "quatro cinco é pouco vou de seis seis", (6, 6)),
    ("es", "cuatro cincos es poco siete cincos", (7, 5)), ("en", "four fives is nothing seven fives", (7, 5)),
])
def test_the_standing_bid_judged_first_leaves_the_own_bid_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert got.move.as_bid() == bid and got.played


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "quattro cinque è poco forse sette cinque", (7, 5)),
    ("en", "four fives is nothing i'd say seven fives", (7, 5)),
])
def test_a_doubt_or_a_story_after_the_judged_bid_keeps_it_asked_at_most(
        lang: str, text: str, bid: tuple[int, int]) -> None:
    assert not decide(text, lang, position(lang)).played


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "ha detto quattro cinque non quattro sei"), ("en", "he said four fives not four sixes"),
    ("it", "era quattro cinque o quattro sei"), ("en", "was it four fives or four sixes"),
])
def test_the_standing_bid_told_or_weighed_is_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None
