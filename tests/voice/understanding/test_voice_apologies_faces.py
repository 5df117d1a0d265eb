"""Closing idioms after a bid are fillers ("e zitti tutti", "feeling lucky"). A Dudo with an
apology and the bidder's name after it is played ("dudo mi dispiace sara": the
packs' apologies as Dudo tails); Brazilian face names ("senas", "quinas") make bids, and never
alone; "asses" for "aces" is a sound-alike, asked at most."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
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


@pytest.mark.parametrize(("lang", "text", "bid"), [
    ("it", "due assi e zitti tutti", (2, 1)), ("it", "otto sei e vediamo chi ride", (8, 6)),
    ("it", "cinque tre mi sento fortunato", (5, 3)), ("pt", "dois ases só pra complicar", (2, 1)),
    ("es", "cinco treses me siento con suerte", (5, 3)), ("fr", "cinq trois je me sens chanceux", (5, 3)),
    ("en", "five threes feeling lucky", (5, 3)),
])
def test_a_closing_idiom_after_a_bid_leaves_it_played(lang: str, text: str, bid: tuple[int, int]) -> None:
    got = decide(text, lang, position(lang))
    assert got.played and got.move.as_bid() == bid


@pytest.mark.parametrize(("lang", "text"), [
    ("es", "siete cincos porque era la última ronda"), ("it", "sette cinque perché era l'ultimo giro"),
])
def test_a_reason_told_in_the_past_keeps_the_bid_asked_at_most(lang: str, text: str) -> None:
    assert not decide(text, lang, position(lang)).played
