"""Each catalogue's typography: French puts a no-break space before ! ? ; : and inside « », so a
line never starts with a lone "!"; French elides "de" and "que" before a name that opens on a
vowel ("Victoire d’Étienne"), and no other language changes a name's neighbour."""

from __future__ import annotations

import re

import pytest

from dudo_hub.catalogue import LANGS, catalogue, elisions, text

BREAKABLE_BEFORE = re.compile(r"[ \t][!?;:»]|«[ \t]")


def _sentences(lang: str) -> list[tuple[str, str]]:
    out = []
    for key, entry in catalogue(lang).items():
        forms = entry.values() if isinstance(entry, dict) else [entry]
        out += [(key, form) for form in forms]
    return out


def test_french_never_breaks_before_its_high_punctuation() -> None:
    bad = [(key, s) for key, s in _sentences("fr") if BREAKABLE_BEFORE.search(s)]
    assert bad == []
    assert text("phone.dudo", "fr") == "DUDO\u202f!"


@pytest.mark.parametrize(("name", "expected"), [
    ("Étienne", "Victoire d’Étienne"), ("Anne", "Victoire d’Anne"), ("hugo", "Victoire d’hugo"),
    ("Marco", "Victoire de Marco"), ("Yves", "Victoire d’Yves"),
])
def test_french_elides_de_before_a_vowel(name: str, expected: str) -> None:
    assert text("phone.winner", "fr", name=name) == expected


def test_elision_touches_only_the_word_before_the_field() -> None:
    sentence = text("tv.away_wait", "fr", name="Olivier", s=5)
    assert sentence.startswith("Le téléphone d’Olivier ne répond pas")
    assert "l’organisation" in sentence  # the template's own elisions are kept as written


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "fr"])
def test_other_languages_leave_names_alone(lang: str) -> None:
    assert elisions(lang) == {}
    for key, s in _sentences(lang):
        if isinstance(s, str) and "{name}" in s:
            vowel, consonant = text(key, lang, name="Anna", n=1, s=1), text(key, lang, name="Xnna", n=1, s=1)
            assert vowel == consonant.replace("Xnna", "Anna"), key
