"""Vosk grammars, sound-alikes, bids in words and announcements."""

from __future__ import annotations

import pytest

from dudo_hub.voice import announce, grammar_for, hearable_calls, languages, load_pack, parse, render_bid
from dudo_hub.voice.language.grammar import call_hints, grammar_view, missing_words, move_phrases, spellings
from dudo_hub.voice.language.packs import ERROR_CODES, EVENT_FIELDS, VOICE_FIELDS

LEGAL = [(7, 5), (7, 6), (8, 2), (4, 1), (21, 3)]


@pytest.mark.parametrize("lang", languages())
def test_grammar_lists_every_legal_bid_and_each_phrase_parses_back(lang: str) -> None:
    moves = move_phrases(lang, LEGAL, ["dudo", "calza"])
    phrases = grammar_for(lang, LEGAL, ["dudo", "calza"])
    assert phrases[: len(moves)] == moves
    assert phrases[-1] == "[unk]" and len(phrases) == len(set(phrases))
    assert {parse(p, lang).as_bid() for p in moves} - {None} == set(LEGAL)
    assert {parse(p, lang).intent for p in moves} == {"bid", "dudo", "calza", "cancel"}
    pack = load_pack(lang)
    others = set(phrases) - set(moves)
    assert {*pack.fillers, *pack.links, *pack.corrections, *pack.table_words} <= others
    assert all(parse(p, lang).intent is None for p in others)  # a word alone is never a move


def test_grammar_has_numbers_and_faces_alone_so_nothing_is_forced_into_a_legal_bid() -> None:
    phrases = grammar_for("it", [(8, 5)], [])
    assert {"tre", "cinque", "pacos", "otto"} <= set(phrases) and "nove" not in phrases
    assert grammar_view("tre cinque", phrases) == "tre cinque"  # heard as said, then refused
    assert "dodici" in grammar_for("it", [(8, 5)], [], top=20)


def test_grammar_view_marks_words_outside_the_grammar() -> None:
    phrases = grammar_for("it", [(8, 5)], ["dudo"])
    assert grammar_view("allora, otto cinque ragazzi", phrases) == "allora otto cinque ragazzi"
    assert grammar_view("sei pazzo: tocca a te", phrases) == "sei pazzo tocca a te"
    assert grammar_view("ho venduto la bici", phrases) == "ho [unk] la [unk]"


def test_grammar_includes_alternate_face_names() -> None:
    phrases = grammar_for("it", [(4, 1)], [])
    assert {"quattro pacos", "quattro assi", "quattro jolly", "quattro teste"} <= set(phrases)
    assert grammar_for("en", [(20, 5)], [])[0] == "twenty fives"


def test_grammar_hears_what_may_follow_a_call_so_it_is_not_forced_into_numbers() -> None:
    phrases = grammar_for("it", [(5, 5)], ["dudo"])
    assert {"non esistono", "sono giuste"} <= set(phrases)


def test_grammar_leaves_out_calls_not_allowed() -> None:
    phrases = grammar_for("it", LEGAL, ["calza"])
    assert "calza" in phrases and "dudo" not in phrases and "annulla" in phrases


def test_grammar_rejects_an_unknown_call() -> None:
    with pytest.raises(ValueError, match="unknown calls"):
        grammar_for("it", LEGAL, ["pass"])


def test_vocabulary_swaps_missing_words_for_sound_alikes_and_drops_the_rest() -> None:
    missing = {"dudo", "pacos", "calza", "teste"}
    phrases = grammar_for("it", [(4, 1)], ["dudo", "calza"], vocabulary=lambda w: w not in missing)
    assert "du do" in phrases and "cal za" in phrases
    assert not any(word in missing for p in phrases for word in p.split())
    assert "quattro teste" not in phrases and "quattro pacos" not in phrases  # no Italian spelling: dropped
    assert "quattro assi" in phrases
    moves = move_phrases("it", [(4, 1)], ["dudo", "calza"])
    for phrase in phrases:
        if phrase in moves:
            assert parse(phrase, "it").intent is not None, phrase
    assert parse("du do", "it").intent == "dudo" and parse("cal za", "it").intent == "calza"


@pytest.mark.parametrize("model_spells", ["ventitre", "ventitrè"])
def test_vocabulary_tries_both_accent_forms_and_none(model_spells: str) -> None:
    assert spellings("ventitré") == ["ventitré", "ventitrè", "ventitre"]
    phrases = grammar_for("it", [(23, 5)], [], vocabulary=lambda w: w != "ventitré" and w in (model_spells, "cinque"))
    assert phrases[0] == f"{model_spells} cinque"
    assert parse(phrases[0], "it").as_bid() == (23, 5)


def test_italian_sound_alikes_are_italian_spellings() -> None:
    alikes = [a for spellings_ in load_pack("it").sound_alikes.values() for a in spellings_]
    assert not [a for a in alikes if any(c in a for c in "kwy") or "ù" in a or a.endswith("s")]


def test_hearable_calls() -> None:
    assert hearable_calls("it")["dudo"] == ["dubito", "dudo", "non ci credo", "non ti credo"]
    deaf = hearable_calls("it", vocabulary=lambda w: w not in {"dudo", "dubito", "credo", "calza", "calzo"})
    assert deaf["dudo"] == ["du do"]
    assert deaf["calza"] == ["cal za"]
    assert hearable_calls("it", vocabulary=lambda w: False) == {"dudo": [], "calza": [], "cancel": []}


def test_a_missing_call_word_gets_a_hint_naming_the_synonym_that_works() -> None:
    lacks = {"dubito", "dudo", "du", "calza", "cal"}
    hints = call_hints("it", vocabulary=lambda w: w not in lacks)
    assert hints == {"dudo": "Per dubito, di' «non ci credo».", "calza": "Per calza, di' «calzo»."}
    assert call_hints("it", vocabulary=lambda w: True) == {}
    assert call_hints("en", vocabulary=lambda w: w not in ("dudo", "dodo", "do"))["dudo"] == 'For dudo, say "liar".'
    assert "dudo" not in call_hints("en", vocabulary=lambda w: w not in ("dudo", "dodo"))  # "do do" is heard
    assert "dudo" in missing_words("it", lambda w: w not in lacks)


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
    for key in VOICE_FIELDS:
        assert "{" not in announce(lang, key, player="Marco", heard="sette cinque", call="dudo", phrase="dubito",
                                      count=7, move="sette cinque")
    assert len(load_pack(lang).speech) == len(EVENT_FIELDS) + len(ERROR_CODES) + len(VOICE_FIELDS)


def test_announce_names_a_missing_field_or_key() -> None:
    with pytest.raises(ValueError, match="needs the fields"):
        announce("it", "winner")
    with pytest.raises(ValueError, match="no announcement 'hooray'"):
        announce("it", "hooray")
