"""Words split by the recogniser are joined when the join is one pack word (voice.splits)."""

from __future__ import annotations

import pytest

from dudo_hub.voice.decision.policy import decide
from dudo_hub.voice.understand.lexicon import lexicon_for
from dudo_hub.voice.understand.splits import join_splits
from tests.voice.test_voice_table_corpus import position


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("sei cin que", "it", (6, 5)), ("set te quattro", "it", (7, 4)), ("di co sette tre", "it", (7, 3)),
    ("seis cin cos", "pt", (6, 5)),
])
def test_a_split_number_or_face_inside_a_bid_is_played(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("text", "lang", "call"), [("cal za", "it", "calza"), ("cal zo", "es", "calza")])
def test_a_split_call_word_is_asked_at_most(text: str, lang: str, call: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.asked and decision.move.intent == call


@pytest.mark.parametrize(("text", "lang"), [
    ("se dici pacos devi dimezzare", "it"),  # "se dici" is no "sedici": whole words are never pieces
    ("annulla la partita", "it"), ("cancela la reserva", "es"), ("set te", "it"),
])
def test_whole_words_are_not_joined_and_chatter_stays_chatter(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None


def test_only_fragments_beside_an_unknown_piece_are_joined() -> None:
    lexemes, rebuilt = join_splits("it", lexicon_for("it").lex("sei cin que"))
    assert [lx.text for lx in lexemes] == ["sei", "cinque"] and [lx.text for lx in rebuilt] == ["cinque"]
    assert join_splits("it", lexicon_for("it").lex("sei cinque"))[1] == []


@pytest.mark.parametrize(("text", "lang"), [("annulla la mia puntata", "it"), ("cancel my bid", "en"),
                                            ("anula mi apuesta", "es"), ("annule mon annonce", "fr"),
                                            ("cancela minha aposta", "pt")])
def test_a_cancel_with_its_object_is_played(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.intent == "cancel"


@pytest.mark.parametrize(("text", "lang", "bid"), [
    ("dois curingas", "pt", (2, 1)), ("ok ok calma sei quattro", "it", (6, 4)),
    ("alzo di uno cinque cinque", "it", (5, 5)),
    ("tre assi secchi", "it", (3, 1)),
])
def test_regional_names_and_fillers_beside_a_bid_are_played(text: str, lang: str, bid: tuple[int, int]) -> None:
    decision = decide(text, lang, position(lang))
    assert decision.played and decision.move.as_bid() == bid


@pytest.mark.parametrize(("text", "lang", "intent"), [
    ("sick fives", "en", "bid"), ("six saints", "fr", "bid"), ("cal sa", "fr", "calza"), ("cal sa", "pt", "calza"),
    ("a nulla", "it", "cancel"), ("du do", "it", "dudo"), ("dudu", "it", "dudo"), ("calsa", "it", "calza"),
    ("du vido", "pt", "dudo"), ("do do", "en", "dudo"), ("du do", "es", "dudo"),
])
def test_sound_alikes_of_corpus_12_are_asked_at_most(text: str, lang: str, intent: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.asked and decision.move.intent == intent


@pytest.mark.parametrize(("text", "lang"), [("non è servito a nulla", "it"), ("calma calma", "it"), ("i'm sick", "en")])
def test_the_same_words_in_chatter_are_not_asked(text: str, lang: str) -> None:
    decision = decide(text, lang, position(lang))
    assert not decision.played and decision.to_json()["asked"] is None
