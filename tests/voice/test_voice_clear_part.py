"""The one clear move beside unexplained words is asked about; a story never is (issue 22)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.parser import parse
from dudo_hub.voice.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("text", "lang", "move"), [
    ("venti dadi in gioco eh allora sette sei", "it", ("bid", 7, 6)),
    ("cinque sei perché io ne ho due", "it", ("bid", 5, 6)),
    ("luca prima aveva detto tre quattro quindi io dico cinque quattro", "it", ("bid", 5, 4)),
    ("guagliò dudo", "it", ("dudo", None, None)),
    ("menteuse dudo", "fr", ("dudo", None, None)),
    ("ma che guardi luca io dico cinque sei", "it", ("bid", 5, 6)),
])
def test_the_clear_move_is_asked_about_for_the_player_to_act(text: str, lang: str, move: tuple[object, ...]) -> None:
    decision = decide(text, lang, position(lang))
    asked = decision.to_json()["asked"]
    assert not decision.played and asked is not None
    assert (asked["intent"], asked["quantity"], asked["face"]) == move
    assert asked["player"] == position(lang).to_act()


@pytest.mark.parametrize(("text", "lang"), [
    ("cinque sei sarebbe una follia", "it"),
    ("five sixes would be insane", "en"),
    ("se fossi in te direi calza", "it"),
    ("no digas dudo", "es"),
    ("mi si è rotta la calza", "it"),
    ("annulla la partita", "it"),
    ("sei sei sei il diavolo", "it"),
])
def test_a_story_is_neither_played_nor_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


def test_a_name_says_whose_call_beside_one_word() -> None:
    decision = decide("per luca dudo", "it", position("it"))
    assert decision.to_json()["asked"] is None and decision.player == "Luca"


@pytest.mark.parametrize(("text", "lang"), [("ocho treses cancela", "es"), ("sei cinque annulla annulla", "it"),
                                            ("eight threes cancel", "en")])
def test_a_bid_then_a_cancel_is_the_cancel(text: str, lang: str) -> None:
    assert parse(text, lang).intent == "cancel"
    assert parse(text.rsplit(" ", 1)[0] if lang != "it" else "sei cinque", lang).intent == "bid"
