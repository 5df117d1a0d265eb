"""A Dudo with an apology and the bidder's name after it is played ("dudo mi dispiace sara": the
packs' apologies as Dudo tails); Brazilian face names ("senas", "quinas") make bids, and never
alone; "asses" for "aces" is a sound-alike, asked at most."""

from __future__ import annotations

import pytest

from dudo_hub.voice.policy import decide
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "dudo mi dispiace sara"), ("it", "dudo mi spiace tanto"), ("es", "dudo lo siento mucho carmen"),
    ("fr", "dudo je suis désolée léa"), ("pt", "duvido sinto muito rita"), ("en", "dudo i'm sorry lucy"),
])
def test_a_dudo_with_an_apology_is_played(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang))
    assert got.played and got.move.intent == "dudo"


@pytest.mark.parametrize(("text", "bid"), [("cinco senas", (5, 6)), ("seis quinas", (6, 5)),
                                           ("vou de seis quinas", (6, 5))])
def test_brazilian_face_names_make_bids(text: str, bid: tuple[int, int]) -> None:
    got = decide(text, "pt", position("pt"))
    assert got.played and got.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text"), [("pt", "ganhei na mega sena"), ("pt", "a quina"),
                                            ("en", "you're asses"), ("en", "asses")])
def test_face_names_and_sound_alikes_alone_are_no_move(lang: str, text: str) -> None:
    got = decide(text, lang, position(lang)).to_json()
    assert not got["played"] and got["asked"] is None


def test_asses_for_aces_is_asked_never_played() -> None:
    got = decide("two asses", "en", position("en"))
    assert not got.played and got.asked and got.move.as_bid() == (2, 1)
