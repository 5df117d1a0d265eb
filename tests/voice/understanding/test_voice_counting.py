"""The count told aloud at a reveal of real dice, in every language; chatter is no count."""

from __future__ import annotations

import pytest

from dudo_hub.voice.language.packs import languages
from dudo_hub.voice.understand.counting import count_grammar, count_phrases, read_count

TOLD = {
    "it": [("sono sette", 7), ("ce ne sono sette", 7), ("allora sono dodici in tutto", 12), ("nessuno", 0),
           ("sono sette cinque", 7), ("ci sono tre", 3), ("non ce n'è nessuno", 0)],
    "es": [("hay siete", 7), ("son doce en total", 12), ("ninguno", 0), ("pues hay tres", 3)],
    "fr": [("il y en a sept", 7), ("ça fait douze", 12), ("aucun", 0), ("il y a trois", 3)],
    "pt": [("são sete", 7), ("há doze no total", 12), ("nenhum", 0), ("temos três", 3)],
    "en": [("there are seven", 7), ("twelve in total", 12), ("none", 0), ("that's three", 3)],
}
NOT_TOLD = {
    "it": ["sette", "ho perso sette", "sono sette e mezzo", "sono sette?", "sette cinque", "sono stanco",
           "ci sono tre assi", "dudo", "sono sette no otto quattro"],
    "es": ["siete", "tengo siete dados", "hay siete ases"],
    "fr": ["sept", "j'ai sept dés", "il y en a sept as"],
    "pt": ["sete", "tenho sete dados", "são sete ases"],
    "en": ["seven", "i have seven dice", "there are seven aces"],
}


@pytest.mark.parametrize("lang", sorted(TOLD))
def test_counts_told_at_the_table(lang):
    for text, count in TOLD[lang]:
        assert read_count(text, lang, face=5) == count, text


@pytest.mark.parametrize("lang", sorted(NOT_TOLD))
def test_chatter_is_no_count(lang):
    for text in NOT_TOLD[lang]:
        assert read_count(text, lang, face=5) is None, text


def test_the_face_counted_may_follow_the_number():
    assert read_count("sono tre pacos", "it", face=1) == 3
    assert read_count("sono tre pacos", "it", face=5) is None


@pytest.mark.parametrize("lang", languages())
def test_every_count_phrase_reads_back_and_is_in_the_grammar(lang):
    grammar = set(count_grammar(lang, 20))
    for phrase in count_phrases(lang, 20):
        assert read_count(phrase, lang) is not None, phrase
        assert phrase in grammar
    assert "[unk]" in grammar
