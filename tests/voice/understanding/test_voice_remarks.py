"""A remark to a player after a bid, in words that are also a Dudo's tail (voice/understand/remarks.py)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("fr", "sept cinq camille tu bluffes", (7, 5)), ("pt", "sete cincos ana tá blefando", (7, 5)),
    ("en", "seven fives anna you're bluffing", (7, 5)), ("it", "sette cinque giulia stai bluffando", (7, 5)),
    ("es", "siete cincos lucía vas de farol", (7, 5)),
    # the name and the remark first, the bid last
    ("es", "lucía estás loca yo digo siete cincos", (7, 5)), ("fr", "camille t'es folle moi je dis sept cinq", (7, 5)),
    ("en", "anna you're crazy i'll say seven fives", (7, 5)), ("pt", "ana tá louco sete cincos", (7, 5)),
])
def test_a_bid_beside_a_name_and_a_remark_is_the_bid(lang: str, text: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))  # the remark is a plain comment: played
    assert decision.played and decision.move.as_bid() == bid and decision.player == position(lang).to_act()


@pytest.mark.parametrize(("lang", "text"), [
    ("fr", "sept cinq tu bluffes"), ("it", "sei cinque non esistono"), ("en", "seven fives no way"),
    ("es", "estás loca siete cincos"), ("en", "no way seven fives"),
])
def test_a_bid_beside_a_dudo_tail_with_no_name_stays_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None
