"""The one catalogue of user-facing sentences per language: `catalogue/strings/<lang>.json`.

The pages fetch it (`/api/strings/<lang>`); the hub's replies take their `message` from the
same file (`err.<code>`), so a sentence is written once. The languages are the files present.
Spoken sentences live in the voice packs (`voice/language/packs/`), not here.

A sentence that depends on a number is a plural object keyed like ICU messages: exact
values first (`"=0"`), then the language's CLDR categories (`"one"`, `"many"`, ...), always
`"other"`; the number is the field `n`. The hub chooses with Babel (`plural`), the pages
with `Intl.PluralRules`, so both agree by construction.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list

DEFAULT_LANG = "it"
"""The language of new rooms, of the voice and of its commands unless told otherwise: the one
place it is written (the hub's `LANG`, `Room`, `start_voice` and the CLIs read it from here)."""
FALLBACK = "en"
COUNT_FIELD = "n"
"""The field whose number chooses a plural form."""
NAME_KEY = "lang.name"
"""Every catalogue names its own language (what the language menus show)."""
ELISIONS_KEY = "typo.elisions"
"""Each catalogue's elisions before a name: "de>d’ que>qu’" in French ("Victoire d’Étienne"), "none"."""
ELIDES_BEFORE = re.compile(r"[aeiouyhàâäæéèêëîïôöœùûü]", re.IGNORECASE)
"""The first letters a word elides before (a vowel or a mute h); the pages test the same (pure.js)."""
_WORD_FIELD = re.compile(r"(?<![\w’'])(\w+) \{(\w+)\}")
_FOLDER = Path(str(resources.files("dudo_hub.catalogue"))) / "strings"

Entry = str | dict[str, str]


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, sorted."""
    return tuple(sorted(p.stem for p in _FOLDER.glob("*.json") if p.stem.isalpha()))


LANGS = languages()


@cache
def catalogue(lang: str) -> dict[str, Entry]:
    """{key: sentence or plural object} of `lang` (the fallback language's for an unknown one)."""
    name = lang if lang in LANGS else FALLBACK
    data: dict[str, Any] = json.loads((_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    return {str(k): {str(c): str(s) for c, s in v.items()} if isinstance(v, dict) else str(v)
            for k, v in data.items()}


def names() -> dict[str, str]:
    """{lang: its name in its own language} for every catalogue."""
    return {lang: str(catalogue(lang).get(NAME_KEY, lang)) for lang in LANGS}


def path_of(lang: str) -> Path | None:
    """The catalogue file of `lang`, if there is one."""
    return _FOLDER / f"{lang}.json" if lang in LANGS else None


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang if lang in LANGS else FALLBACK)


def category(lang: str, number: float) -> str:
    """The CLDR plural category of `number` in `lang` ("one", "many", "other"...)."""
    return str(_locale(lang).plural_form(abs(number)))


def plural(forms: Mapping[str, str], lang: str, number: float) -> str:
    """The form of a plural object for `number`: its exact value (`=0`), else its CLDR category,
    else `other`."""
    exact = forms.get(f"={number:g}")
    if exact is not None:
        return exact
    return forms.get(category(lang, number)) or forms["other"]


def join(items: Sequence[str], lang: str) -> str:
    """Items as the language lists them: "Marco, Giulia e Luca" (CLDR, via Babel)."""
    return format_list(list(items), locale=_locale(lang)) if items else ""


def text(key: str, lang: str, **fields: Any) -> str:
    """The sentence for `key` in `lang`, else in English, else the key; `{name}` fields filled
    (a plural object chooses its form by the field `n`)."""
    found = catalogue(lang).get(key) or catalogue(FALLBACK).get(key) or key
    if isinstance(found, dict):
        count = fields.get(COUNT_FIELD)
        found = plural(found, lang if key in catalogue(lang) else FALLBACK,
                       count if isinstance(count, int | float) else 0)
    return _elide(found, lang, fields).format_map(_Fields(fields)) if fields else found


@cache
def elisions(lang: str) -> dict[str, str]:
    """{word: its elided form} of `lang` (`typo.elisions`), empty for a language that has none."""
    spec = str(catalogue(lang).get(ELISIONS_KEY, "none"))
    return dict(pair.split(">", 1) for pair in spec.split() if ">" in pair)


def _elide(template: str, lang: str, fields: Mapping[str, Any]) -> str:
    """`template` with each elidable word before a field elided when the field's value calls for it."""
    rules = elisions(lang)
    if not rules:
        return template

    def swap(match: re.Match[str]) -> str:
        word, name = match.group(1), match.group(2)
        elided, value = rules.get(word.lower()), str(fields.get(name, ""))
        if elided is None or not ELIDES_BEFORE.match(value[:1]):
            return match.group(0)
        return (elided[:1].upper() + elided[1:] if word[:1].isupper() else elided) + "{" + name + "}"

    return _WORD_FIELD.sub(swap, template)


def message(code: str, lang: str) -> str:
    """The sentence for a reply code (`ok`, `bad_payload`, an engine code...)."""
    return text(f"err.{code}", lang)


class _Fields(dict[str, Any]):
    """Format fields; a missing one stays as `{name}`."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
