"""A bare name beside a move: spoken to, named as the one moving, or the standing bidder judged."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("sei tre giulia", "it", (6, 3)), ("cinco treses lucía", "es", (5, 3)), ("cinq trois camille", "fr", (5, 3)),
    ("cinco três ana", "pt", (5, 3)), ("five threes anna", "en", (5, 3)), ("sei tre giulia tocca a te", "it", (6, 3)),
])
def test_a_name_right_after_a_bid_is_spoken_to(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid and decision.player == position(lang).to_act()


@pytest.mark.parametrize(("text", "lang", "player"), [
    ("giulia sei tre", "it", "Giulia"),  # named first: her bid, not her turn
    ("per giulia sei tre", "it", "Giulia"), ("gioco io per giulia sei due", "it", "Giulia"),  # a proxy
    ("al posto di giulia sei due", "it", "Giulia"),
    ("two one to lucy", "en", None),  # a score: no move played
])
def test_a_name_before_a_bid_or_a_proxy_still_names_the_one_moving(text: str, lang: str, player: str | None) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None
    if player is not None:
        assert decision.player == player


@pytest.mark.parametrize(("text", "lang"), [("sara calza", "it"), ("calza sara", "it"), ("dudo lucy", "en"),
                                            ("i don't believe it lucy dudo", "en")])
def test_naming_the_standing_bidder_beside_a_call_names_whose_bid_is_judged(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.player == position(lang).to_act()


@pytest.mark.parametrize(("text", "lang", "player"), [
    ("calza giulia", "it", "Giulia"), ("giulia chiama calza", "it", "Giulia"), ("per luca dudo", "it", "Luca"),
    ("for jack dudo", "en", "Jack"), ("calzo lucía", "es", "Lucía"),
])
def test_another_player_named_beside_a_call_is_refused(text: str, lang: str, player: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.player == player
