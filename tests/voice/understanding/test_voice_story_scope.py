"""A move said first and followed by a new clause is told apart from that clause: a story word in
the clause after an opener ("et je bluffe même pas") leaves the move played. A bid said last
right after an opener is told apart from the clause before it: asked ("não sei se é assim que
fala mas cinco dados de dois"). A correction after an opener keeps the earlier bid told."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("fr", "huit quatre et je bluffe même pas", (8, 4)),
])
def test_a_story_in_the_clause_after_the_move_leaves_it_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert got.played and got.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("pt", "não sei se é assim que fala mas cinco dados de dois", (5, 2)),
    ("es", "no sé si se dice así pero cinco dados de cuatro", (5, 4)),
])
def test_a_bid_after_an_opener_is_asked_beside_a_story_before(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert got.asked and got.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text"), [
    ("pt", "ele disse quatro cincos e não quatro seis"), ("it", "se avessi detto sei cinque"),
    ("fr", "si je disais six cinq"),
])
def test_a_story_without_an_opener_is_still_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("es", "cuatro quinas dijo la carmen yo digo cinco quinas", (5, 5)),
    ("it", "quattro cinque ha detto sara io dico sei cinque", (6, 5)),
    ("en", "four fives said lucy i say five sixes", (5, 6)),
])
def test_the_standing_bid_reported_with_its_bidder_named_leaves_the_own_bid(
        lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert (got.asked or got.played) and got.move.as_bid() == bid and got.move.player == position(lang).to_act()


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "after four fives can i go two aces"), ("en", "after four fives you can go two aces"),
])
def test_the_standing_bid_told_with_nobody_named_leaves_rule_talk(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None
