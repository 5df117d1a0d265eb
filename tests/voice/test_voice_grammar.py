"""Vosk grammars, sound-alikes, bids in words and announcements."""

from __future__ import annotations

import pytest

from dudo_hub.voice import announce, grammar_for, hearable_calls, languages, load_pack, parse, render_bid
from dudo_hub.voice.packs import ERROR_CODES, EVENT_FIELDS

LEGAL = [(7, 5), (7, 6), (8, 2), (4, 1), (21, 3)]


@pytest.mark.parametrize("lang", languages())
def test_grammar_lists_every_legal_bid_and_each_phrase_parses_back(lang: str) -> None:
    phrases = grammar_for(lang, LEGAL, ["dudo", "calza"])
    assert phrases[-1] == "[unk]" and len(phrases) == len(set(phrases))
    heard = {parse(p, lang).as_bid() for p in phrases[:-1]} - {None}
    assert heard == set(LEGAL)
    intents = {parse(p, lang).intent for p in phrases[:-1]}
    assert intents == {"bid", "dudo", "calza", "cancel"}


def test_grammar_includes_alternate_face_names() -> None:
    phrases = grammar_for("it", [(4, 1)], [])
    assert {"quattro pacos", "quattro assi", "quattro jolly", "quattro teste"} <= set(phrases)
    assert grammar_for("en", [(20, 5)], [])[0] == "twenty fives"


def test_grammar_leaves_out_calls_not_allowed() -> None:
    phrases = grammar_for("it", LEGAL, ["calza"])
    assert "calza" in phrases and "dudo" not in phrases and "annulla" in phrases


def test_grammar_rejects_an_unknown_call() -> None:
    with pytest.raises(ValueError, match="unknown calls"):
        grammar_for("it", LEGAL, ["pass"])


def test_vocabulary_swaps_missing_words_for_sound_alikes_and_drops_the_rest() -> None:
    missing = {"dudo", "pacos", "calza", "teste"}
    phrases = grammar_for("it", [(4, 1)], ["dudo", "calza"], vocabulary=lambda w: w not in missing)
    assert "du do" in phrases and "cal za" in phrases and "quattro pa cos" in phrases
    assert not any(word in missing for p in phrases for word in p.split())
    assert "quattro teste" not in phrases  # no sound-alike for "teste": dropped
    for phrase in phrases[:-1]:
        assert parse(phrase, "it").intent is not None, phrase
    assert parse("quattro pa cos", "it").as_bid() == (4, 1)


def test_vocabulary_accepts_the_unaccented_spelling() -> None:
    phrases = grammar_for("it", [(23, 5)], [], vocabulary=lambda w: w != "ventitré")
    assert phrases[0] == "ventitre cinque"


def test_hearable_calls() -> None:
    assert hearable_calls("it")["dudo"] == ["dudo", "dubito", "non ci credo"]
    deaf = hearable_calls("it", vocabulary=lambda w: w not in {"dudo", "dubito", "credo", "calza", "calzo", "za"})
    assert deaf["dudo"] == ["du do", "du bito"]
    assert deaf["calza"] == ["calsa"]
    assert hearable_calls("it", vocabulary=lambda w: False) == {"dudo": [], "calza": [], "cancel": []}


@pytest.mark.parametrize(
    ("lang", "quantity", "face", "words"),
    [
        ("it", 7, 5, "sette cinque"),
        ("it", 7, 1, "sette pacos"),
        ("it", 23, 2, "ventitré due"),
        ("es", 35, 5, "treinta y cinco cincos"),
        ("fr", 21, 3, "vingt et un trois"),
        ("pt", 25, 4, "vinte e cinco quatros"),
        ("en", 1, 5, "one five"),
        ("en", 20, 5, "twenty fives"),
    ],
)
def test_render_bid(lang: str, quantity: int, face: int, words: str) -> None:
    assert render_bid(lang, quantity, face) == words
    assert parse(words, lang).as_bid() == (quantity, face)


def test_render_bid_refuses_what_is_not_a_bid() -> None:
    for quantity, face in ((0, 5), (3, 7), (3, 0)):
        with pytest.raises(ValueError, match="not a bid"):
            render_bid("it", quantity, face)


def test_announcements() -> None:
    assert announce("it", "reveal", count=6, face=5) == "Ci sono sei cinque."
    assert announce("it", "reveal", count=1, face=1) == "C'è un solo paco."
    assert announce("it", "bid", player="Marco", quantity=7, face=1) == "Marco: sette pacos."
    assert announce("en", "die_lost", player="Anna", dice=3) == "Anna loses a die: three left."
    assert announce("en", "bid_not_higher") == "The bid must beat the one on the table."
    assert announce("es", "reveal", count=6, face=5) == "Hay seis cincos."


@pytest.mark.parametrize("lang", languages())
def test_every_event_and_error_code_speaks(lang: str) -> None:
    sample = {"player": "Marco", "count": 3, "face": 5, "quantity": 7, "dice": 2, "bullets": 2}
    for key in EVENT_FIELDS:
        text = announce(lang, key, **sample)
        assert text and "{" not in text
    for code in ERROR_CODES:
        assert announce(lang, code)
    assert len(load_pack(lang).speech) == len(EVENT_FIELDS) + len(ERROR_CODES)


def test_announce_names_a_missing_field_or_key() -> None:
    with pytest.raises(ValueError, match="needs the fields"):
        announce("it", "winner")
    with pytest.raises(ValueError, match="no announcement 'hooray'"):
        announce("it", "hooray")
