"""The style sheets' checkable rules (docs/style/<lang>.md), one data table per rule and language.

- address: who a sentence speaks to decides its form. A phone, the host page, the terminal and a
  TV line to one named player speak to one reader (fr "tu", it "tu", es "tú", pt "você"); a TV line
  to the whole table speaks to everyone (fr "vous", it "voi", es "vosotros", pt "vocês"); a sentence
  shown on the TV and on the phones alike uses neither (impersonal: "on", "si", "se", "alguém").
- one word per thing: the challenge call, the replay, the host, the bid... (`AVOID`: the other words).
- no English outside each language's loanwords (`LOANWORDS`), in the catalogues and in the
  voice packs' spoken sentences.
- a call's name mid-sentence is lowercase ("une calza") or all capitals ("DUDO !"), never Titled.
- face names are lowercase (they sit mid-sentence: "Combien de {face} ?", "3 × pacos").
- one apostrophe per language: French ’, the others '.
- a heading and the count the page writes after it never repeat a word ("Partidas guardadas · total: 2").

Each check is a function returning its offences, so each is also shown to fail (`test_each_check_can_fail`).
French spacing is tests/server/pages/test_catalogue_typography.py's.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from importlib import resources

import pytest

from dudo_hub.catalogue import LANGS, catalogue
from dudo_hub.voice.language.packs import load_pack

Sentences = dict[str, object]  # key -> sentence or plural object, as in a catalogue
FIELD = re.compile(r"\{\w+\}")
PRODUCT = "Dudo Hub"
NAMES = {"preset.dudo", "preset.liars_dice", "preset.parker", "preset.perudo", "preset.francais"}
"""Keys whose value is a name (the game, a boxed edition): not checked for words."""

# ---------- who a sentence speaks to ----------

TABLE_KEYS = {"voice.title", "voice.on", "voice.on_after_button", "voice.off", "real.roll_and_enter"}
"""Besides `tv.*`: the TV lines to everyone."""
NAMED_ON_TV = {"tv.away_host"}
"""TV lines to one named player ("{name}, tell the host your move"): one reader."""
SHARED = {"count.none", "count.none_no_voice"}
"""On the TV and on the phones alike: no address at all."""


def audience(key: str) -> str:
    """"table" (a TV line to everyone), "shared" (TV and phones), or "one" (one reader)."""
    if key in SHARED:
        return "shared"
    if (key.startswith("tv.") or key in TABLE_KEYS) and key not in NAMED_ON_TV:
        return "table"
    return "one"


_ONE_IN_IT = [r"\bvoi\b", r"\bvostr[oaie]\b", r"\bsiete\b", r"\bavete\b", r"\bdite\b", r"\bcontate\b",
              r"\balzate\b", r"\bavviate\b", r"\binquadrate\b", r"\baprite\b", r"\btoccate\b", r"\w+etelo\b"]
_ONE_IN_ES = [r"\bvosotr[oa]s\b", r"\bvuestr[oa]s?\b", r"\bos\b", r"\bestáis\b", r"\bhabéis\b", r"\bqueráis\b",
              r"\bdecid\b", r"\bcontad\b", r"\blevantad\b", r"\bagitad\b", r"\bintroducid\b", r"\bempezad\b",
              r"\bescanead\b", r"\babrid\b", r"\btocad\b", r"\w+(?:adlo|edlo|idlo)\b"]
_ONE_IN_PT = [r"\bvocês\b", r"\bdigam\b", r"\bcontem\b", r"\blevantem\b", r"\bsacudam\b", r"\bdigitem\b",
              r"\bproponham\b", r"\bcomecem\b", r"\bescaneiem\b", r"\babram\b", r"\btoquem\b", r"\bquiserem\b",
              r"\bcontaram\b"]
ADDRESS: dict[str, dict[str, list[str]]] = {
    # the forms each audience must not see (the other audience's), as regular expressions
    "fr": {
        "one": [r"\bvous\b", r"\bvotre\b", r"\bvos\b", r"\bdites\b", r"\bfaites\b",
                r"\b(?!assez\b|chez\b|nez\b)\w+ez\b"],
        "table": [r"\btu\b", r"\bte\b", r"\bt’", r"\btoi\b", r"\bton\b", r"\bta\b", r"\btes\b"],
    },
    "it": {
        "one": _ONE_IN_IT,
        "table": [r"\btu\b", r"\btuo\b", r"\btua\b", r"\btuoi\b", r"\btue\b", r"\bti\b", r"\binquadra\b",
                  r"\bapri\b", r"\bdi'", r"\bscegli\b"],
    },
    "es": {
        "one": _ONE_IN_ES,
        "table": [r"\btú\b", r"\btu\b", r"\btus\b", r"\bte\b", r"\bti\b", r"\bescanea\b", r"\bdi\b"],
    },
    "pt": {
        "one": _ONE_IN_PT,
        "table": [r"\bvocê\b", r"\bte\b", r"\bescaneie\b", r"\babra\b", r"\bdiga\b"],
    },
    "en": {"one": [], "table": []},
}

# ---------- one word per thing ----------

AVOID: dict[str, dict[str, list[str]]] = {
    # thing -> the words the language does not use for it (its own word is in docs/style/<lang>.md)
    "it": {"challenge (DUBITO)": ["dudo"], "replay (rivedere)": ["replay"], "host (organizzatore)": ["host"],
           "bid (puntata)": ["dichiarazion\\w*", "scommess\\w*"], "round (giro)": ["round", "mano"],
           "disconnected (disconnesso)": ["offline", "online"], "calza": ["calzo"]},
    "pt": {"challenge (DUVIDO)": ["dudo"], "replay (rever)": ["replay", "reprise"], "host (organização)": ["host"],
           "bid (lance)": ["aposta\\w*"], "disconnected (desconectado)": ["offline", "online"], "calza": ["calzo"]},
    "fr": {"replay (rediffusion)": ["revoir", "replay"], "host (organisation)": ["hôte", "host"],
           "bid (enchère)": ["pari\\w*"], "round (manche)": ["ronde", "round"], "TV (télé)": ["tv"],
           "calza": ["calzo"], "aces (pacos)": ["ases"]},
    "es": {"calza (calzo)": ["calza"], "seat (sitio)": ["puesto"], "cup (cubilete)": ["vaso", "vasos"],
           "host (organización)": ["anfitrión", "host"],
           "bid (apuesta)": ["puja\\w*"], "replay (repetición)": ["replay"], "TV (tele)": ["tv"]},
    "en": {"host": ["organi[sz]er", "organi[sz]ation"], "calza": ["calzo"]},
}

# ---------- English in another language ----------

ENGLISH = {"host", "replay", "offline", "online", "lobby", "round", "rounds", "game", "games", "player", "players",
           "score", "scoreboard", "click", "ok", "bot", "bots", "hub", "tv", "qr", "bluff", "bang", "reset",
           "check", "match", "team", "seat", "bid", "cup", "wild", "room", "hall", "the", "and", "of", "you", "stop",
           "start", "turn", "chat", "live", "link", "setup", "show"}
LOANWORDS = {
    # the English words each language uses, and no other (docs/style/<lang>.md says why)
    "it": {"bot", "hub", "ok", "tv", "qr", "bluff", "bang"},
    "pt": {"bot", "bots", "hub", "ok", "tv", "qr", "bang"},
    "fr": {"bot", "bots", "hub", "ok", "qr", "bluff"},
    "es": {"bot", "bots", "hub", "ok", "qr", "bang"},
}

# ---------- calls' capitals ----------

CALL_NAMES = {"dudo", "calza", "calzo", "dubito", "duvido"}
SENTENCE_START = tuple(".!?¡¿—«\"(:")
"""What a Titled call may follow: a sentence's start, or a colon before the call quoted ("{player}: Dudo!")."""

# ---------- apostrophes ----------

APOSTROPHE = {"fr": "’", "it": "'", "en": "'", "pt": "'", "es": "'"}
"""Each language's one apostrophe: French sets the typographic one (d’Étienne), the others the plain one."""

# ---------- a heading and the count after it ----------

COMPOSED = [("ev.history", "ev.total"), ("ev.title", "ev.games"), ("replay.title", "replay.round")]
"""(heading, count): the pages write the count right after its heading (web_display/static/js/evening.js)."""

# ---------- spoken sentences ----------

KNOWN: dict[tuple[str, str], str] = {}
"""(lang, where) -> why an offence is still there. Each must still fire: remove it once fixed."""


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def words_of(sentence: str) -> str:
    """The sentence without its fields and the product's name, lowercase."""
    return FIELD.sub(" ", sentence.replace(PRODUCT, " ")).lower()


def fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")


def spoken(lang: str) -> Sentences:
    """The voice pack's sentences (events, errors, voice lines) as {"events.challenge": ...}."""
    raw = json.loads((resources.files("dudo_hub.voice.language") / "packs" / f"{lang}.json").read_text("utf-8"))
    return {f"{where}.{name}": entry for where in ("events", "errors", "voice") for name, entry in raw[where].items()}


def shown_by_the_voice(lang: str) -> Sentences:
    """The voice's sentences the screens also show (its refusals and its notes: the TV's and phones' voice line)."""
    return {key: entry for key, entry in spoken(lang).items() if key.startswith(("errors.", "voice."))}


def _each(sentences: Sentences) -> Iterator[tuple[str, str]]:
    for key, entry in sentences.items():
        if key not in NAMES:
            for form in forms(entry):
                yield key, form


def address_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    rules = ADDRESS[lang]
    out = []
    for key, form in _each(sentences):
        who = audience(key)
        banned = rules["one"] + rules["table"] if who == "shared" else rules[who]
        for pattern in banned:
            if re.search(pattern, words_of(form)):
                out.append((key, pattern, form))
    return out


def avoid_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    out = []
    for key, form in _each(sentences):
        for thing, words in AVOID[lang].items():
            for word in words:
                if re.search(rf"\b{word}\b", words_of(form)):
                    out.append((key, thing, form))
    return out


def english_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    allowed = LOANWORDS[lang]
    out = []
    for key, form in _each(sentences):
        for word in re.findall(r"[^\W\d_]+", words_of(form)):
            if word in ENGLISH and word not in allowed:
                out.append((key, word, form))
    return out


def capital_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    out = []
    for key, form in _each(sentences):
        text_ = form.replace(PRODUCT, "")
        for match in re.finditer(r"\b(\w+)\b", text_):
            word = match.group(1)
            if word.lower() in CALL_NAMES and word[0].isupper() and not word.isupper():
                before = text_[:match.start()].rstrip(" \u00a0\u202f")
                if before and not before.endswith(SENTENCE_START):
                    out.append((key, word, form))
    return out


def face_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    return [(key, "face", str(value)) for key, value in sentences.items()
            if key.startswith("face.") and str(value) != str(value).lower()]


def apostrophe_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    other = {"’": "'", "'": "’"}[APOSTROPHE[lang]]
    return [(key, other, form) for key, form in _each(sentences) if other in form]


def composed_offences(lang: str, sentences: Sentences) -> list[tuple[str, str, str]]:
    out = []
    for heading, count in COMPOSED:
        head = {fold(w) for w in re.findall(r"\w{4,}", words_of(forms(sentences[heading])[0]))}
        for form in forms(sentences[count]):
            again = head & {fold(w) for w in re.findall(r"\w{4,}", words_of(form))}
            if again:
                out.append((f"{heading} + {count}", ", ".join(sorted(again)), form))
    return out


Check = Callable[[str, Sentences], list[tuple[str, str, str]]]
CHECKS: dict[str, Check] = {"address": address_offences, "one word": avoid_offences, "english": english_offences,
                            "capitals": capital_offences, "faces": face_offences, "composed": composed_offences,
                            "apostrophes": apostrophe_offences}
OTHERS = [lang for lang in LANGS if lang != "en"]


@pytest.mark.parametrize("lang", LANGS)
def test_each_audience_is_addressed_one_way(lang: str) -> None:
    assert address_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_one_word_per_thing(lang: str) -> None:
    assert avoid_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_outside_the_loanwords(lang: str) -> None:
    assert english_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_call_mid_sentence_is_lowercase_or_capitals(lang: str) -> None:
    assert capital_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_face_names_are_lowercase(lang: str) -> None:
    assert face_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_one_apostrophe_per_language(lang: str) -> None:
    assert apostrophe_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_heading_and_its_count_repeat_no_word(lang: str) -> None:
    assert composed_offences(lang, catalogue(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_voice_says_the_words_the_screens_show(lang: str) -> None:
    """The spoken sentences keep the catalogue's words (a voice pack may hear more words than it says)."""
    checks = [avoid_offences, capital_offences] + ([english_offences] if lang != "en" else [])
    found = [(key, what, form) for check in checks for key, what, form in check(lang, spoken(lang))]
    known = {where for (lang_, where) in KNOWN if lang_ == lang}
    assert [f for f in found if f[0] not in known] == []
    assert known <= {key for key, _, _ in found}, "a known offence is fixed: remove it from KNOWN"


BREAKABLE_BEFORE = re.compile(r"[ \t][!?;:»]|«[ \t]")  # as tests/server/pages/test_catalogue_typography.py


@pytest.mark.parametrize("lang", LANGS)
def test_the_voices_shown_sentences_keep_the_typography(lang: str) -> None:
    shown = shown_by_the_voice(lang)
    assert apostrophe_offences(lang, shown) == []
    if lang == "fr":
        assert [(key, form) for key, form in _each(shown) if BREAKABLE_BEFORE.search(form)] == []


def test_pt_shows_and_says_one_challenge_word() -> None:
    shown = " ".join(form for _, form in _each(catalogue("pt"))).replace(PRODUCT, "")
    assert re.search(r"\bduvido\b", shown, re.IGNORECASE) and not re.search(r"\bdudo\b", shown, re.IGNORECASE)
    pack = load_pack("pt")
    assert pack.calls["dudo"][0] == "duvido", "the pack's own word (the table check's prompt, its hints)"
    assert {"dudo", "duvido"} <= set(pack.calls["dudo"]), "the voice still understands both"


PLANTED: dict[str, tuple[str, Sentences]] = {
    # a catalogue fragment each check must refuse
    "address": ("fr", {"phone.x": "Choisissez une place", "tv.x": "Scanne ton code", "count.none": "Levez-les"}),
    "one word": ("pt", {"replay.title": "Replay da partida {id}", "phone.dudo": "DUDO!"}),
    "english": ("it", {"seat.away": "OFFLINE", "tv.away_host": "di' la tua mossa all'host"}),
    "capitals": ("en", {"mic.hint": "for a Calza out of turn"}),
    "faces": ("fr", {"face.1": "Pacos"}),
    "apostrophes": ("en", {"phone.dudo_hint": "I don’t believe it"}),
    "composed": ("pt", {"ev.history": "Partidas guardadas", "ev.total": "guardadas: {n}",
                        "ev.title": "O placar", "ev.games": "partidas: {n}",
                        "replay.title": "Revendo a partida {id}", "replay.round": "rodada {n} de {total}"}),
}


@pytest.mark.parametrize("name", list(CHECKS))
def test_each_check_can_fail(name: str) -> None:
    lang, planted = PLANTED[name]
    found = {key for key, _, _ in CHECKS[name](lang, planted)}
    if name == "composed":
        assert found == {"ev.history + ev.total"}
    else:
        assert found == set(planted), name
