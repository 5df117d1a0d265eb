"""One catalogue per language: every reply code and every key, in every language."""

from __future__ import annotations

import re

import pytest
from babel import Locale

from dudo_hub.catalogue import (
    DEFAULT_LANG,
    FALLBACK,
    LANGS,
    NAME_KEY,
    catalogue,
    category,
    join,
    message,
    names,
    plural,
    text,
)
from dudo_hub.engine.errors import CODES
from dudo_hub.engine.rules import SOURCES
from dudo_hub.engine.story import STORY_KEYS
from dudo_hub.protocol.errors import HUB_CODES
from dudo_hub.voice.language.packs import languages as pack_languages
from dudo_hub.voice.language.packs import load_pack

FIELD = re.compile(r"{(\w+)}")
PLURAL_KEYS = [k for k, v in catalogue(FALLBACK).items() if isinstance(v, dict)]


def fields(entry: str | dict[str, str]) -> set[str]:
    """The placeholders of a sentence, or of every form of a plural object."""
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for name in FIELD.findall(form)}


def test_the_languages_are_the_files_present():
    assert {"it", "en", "pt", "fr", "es"} <= set(LANGS)
    assert FALLBACK in LANGS


def test_one_list_of_languages_catalogues_and_packs_agree():
    assert set(LANGS) == set(pack_languages()), "every room language needs a catalogue and a voice pack"


def test_every_catalogue_names_its_language_in_that_language():
    assert names() == {"en": "English", "es": "Español", "fr": "Français", "it": "Italiano", "pt": "Português"}
    assert names() == {lang: load_pack(lang).name for lang in LANGS}, "the voice pack names it the same"


@pytest.mark.parametrize("lang", LANGS)
def test_every_reply_code_has_a_sentence(lang):
    for code in (*HUB_CODES, *CODES):
        assert f"err.{code}" in catalogue(lang), code
        assert message(code, lang) != f"err.{code}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("base", LANGS)
def test_every_catalogue_has_every_key_with_the_same_fields(lang, base):
    """Strict both ways, against every other catalogue: a key added to one file fails here until
    every language has it, with the same placeholders and the same kind (sentence or plural)."""
    mine, theirs = catalogue(lang), catalogue(base)
    assert sorted(set(theirs) - set(mine)) == [], f"{lang} lacks keys of {base}"
    for key, entry in theirs.items():
        assert isinstance(mine[key], dict) == isinstance(entry, dict), f"{lang}:{key} plural in one, not the other"
        assert fields(mine[key]) == fields(entry), f"{lang}:{key} has other placeholders than {base}"
        assert mine[key] and (not isinstance(mine[key], str) or mine[key].strip()), f"{lang}:{key} is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_objects_use_the_languages_cldr_categories(lang):
    tags = set(Locale.parse(lang).plural_form.tags) | {"other"}
    needed = {category(lang, n) for n in range(0, 1001)}
    for key in PLURAL_KEYS:
        forms = catalogue(lang)[key]
        assert isinstance(forms, dict)
        assert "other" in forms, key
        for name in forms:
            assert name in tags or re.fullmatch(r"=\d+", name), f"{lang}:{key}: {name!r} is no category of {lang}"
        assert needed <= set(forms), f"{lang}:{key} lacks {needed - set(forms)}"


# Each language's sentence at 0, 1, 2 and 5: written out, so a wrong category shows as a wrong word.
SEATS_FREE = {
    "en": ["0 seats free", "1 seat free", "2 seats free", "5 seats free"],
    "it": ["0 posti liberi", "1 posto libero", "2 posti liberi", "5 posti liberi"],
    "pt": ["0 lugar livre", "1 lugar livre", "2 lugares livres", "5 lugares livres"],
    "fr": ["0 place libre", "1 place libre", "2 places libres", "5 places libres"],
    "es": ["0 sitios libres", "1 sitio libre", "2 sitios libres", "5 sitios libres"],
}
DICE_IN_PLAY = {
    "en": ["0 dice in play", "1 die in play", "2 dice in play", "5 dice in play"],
    "it": ["0 dadi in gioco", "1 dado in gioco", "2 dadi in gioco", "5 dadi in gioco"],
    "pt": ["0 dado em jogo", "1 dado em jogo", "2 dados em jogo", "5 dados em jogo"],
    "fr": ["0 dé en jeu", "1 dé en jeu", "2 dés en jeu", "5 dés en jeu"],
    "es": ["0 dados en juego", "1 dado en juego", "2 dados en juego", "5 dados en juego"],
}
REVEAL_COUNT = {
    "en": ["there are none", "there is 1", "there are 2", "there are 5"],
    "it": ["non ce n'è nessuno", "ce n'è 1", "ce ne sono 2", "ce ne sono 5"],
    "pt": ["não tem nenhum", "tem 1", "tem 2", "tem 5"],
    "fr": ["il n’y en a aucun", "il y en a 1", "il y en a 2", "il y en a 5"],
    "es": ["no hay ninguno", "hay 1", "hay 2", "hay 5"],
}


@pytest.mark.parametrize("key,expected", [("tv.seats_free", SEATS_FREE), ("tv.dice_in_play", DICE_IN_PLAY),
                                          ("reveal.count", REVEAL_COUNT)])
def test_plural_sentences_at_0_1_2_and_5(key, expected):
    assert set(expected) == set(LANGS)
    for lang, sentences in expected.items():
        assert [text(key, lang, n=n) for n in (0, 1, 2, 5)] == sentences, lang


def test_plural_prefers_an_exact_value_then_the_category_then_other():
    forms = {"=0": "none", "one": "one {n}", "other": "many {n}"}
    assert plural(forms, "fr", 0) == "none"
    assert plural(forms, "fr", 1) == "one {n}"
    assert plural(forms, "fr", 1_000_000) == "many {n}", "fr 'many' falls back to other"
    assert plural({"other": "x"}, "en", 1) == "x"


def test_lists_follow_cldr():
    names_ = ["Ana", "Bia", "Caio"]
    assert join(names_, "pt") == "Ana, Bia e Caio"
    assert join(names_, "fr") == "Ana, Bia et Caio"
    assert join(names_, "es") == "Ana, Bia y Caio"
    assert join(names_, "it") == "Ana, Bia e Caio"
    assert join(names_, "en") == "Ana, Bia, and Caio"
    assert join(["Ana"], "fr") == "Ana" and join([], "fr") == ""


# The titles of the seeds (/work/shared/seeds, engine.rules.SOURCES) in their own language.
SEED_TITLES = {("revolver", "pt"): "Regras do Perudo", ("francais", "fr"): "Perudo", ("parker", "it"): "Perudo"}


def test_a_seed_in_a_language_names_its_preset_in_that_language():
    """The presets keep their ids; the catalogue of a seed's language shows the seed's own title."""
    for (preset, lang), title in SEED_TITLES.items():
        assert SOURCES[preset].endswith(f"-{lang}.txt")
        shown = f"{text(f'preset.{preset}', lang)} {text(f'preset.{preset}.desc', lang)}"
        assert title in shown, (preset, lang, title)


def test_text_fills_fields_and_falls_back():
    filled = text("tv.turn", "en", name="Ann")
    assert "Ann" in filled and "{name}" not in filled
    assert text("tv.turn", "en") == catalogue("en")["tv.turn"], "no fields: the sentence as written"
    assert text("no.such.key", "it") == "no.such.key"
    assert catalogue("xx") == catalogue(FALLBACK)
    assert NAME_KEY in catalogue("pt")


@pytest.mark.parametrize("lang", LANGS)
def test_every_line_of_a_reveal_story_is_in_every_catalogue(lang):
    sentences = catalogue(lang)
    for key in STORY_KEYS:
        assert key in sentences, (lang, key)
        assert fields(sentences[key]) <= {"name", "n"}, (lang, key)


def test_the_default_language_is_written_once_and_has_a_catalogue_and_a_voice_pack():
    import inspect

    from dudo_hub.server.config import Config
    from dudo_hub.server.room.room import Room
    from dudo_hub.voice.start import VoiceSession

    assert DEFAULT_LANG in LANGS and DEFAULT_LANG in pack_languages()
    assert Config().LANG == DEFAULT_LANG
    assert inspect.signature(Room).parameters["lang"].default == DEFAULT_LANG
    fields = VoiceSession.__dataclass_fields__
    assert fields["lang"].default == fields["start_lang"].default == DEFAULT_LANG
