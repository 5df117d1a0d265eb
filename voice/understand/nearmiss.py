"""A recogniser's near-misses: drawn-out fillers ("eeeh" -> "eh") and unknown words one edit from
one pack word ("dudu" -> "dudo"), only where both neighbours are explained."""

from __future__ import annotations

from functools import cache

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.language.text import tokens
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.parser import CORE

NEAR_MIN_LETTERS = 4
"""Near-misses (of pack words and of names) only for words this long or longer."""


def explained(lexeme: Lexeme) -> bool:
    """A pack word that may be part of a call (a name is one, a table word is not)."""
    return lexeme.meaning is not None and lexeme.meaning.kind != "table"


def correct_near_misses(lang: str, lexemes: list[Lexeme]) -> list[Lexeme]:
    """Drawn-out fillers, and unknown words one edit from one pack word when both
    neighbours are explained."""
    lexemes = [_drawn_out(lang, lx) for lx in lexemes]
    out = list(lexemes)
    for i, lexeme in enumerate(lexemes):
        if lexeme.meaning is not None or lexeme.unk or len(lexeme.text) < NEAR_MIN_LETTERS or (
                lexeme.text in _measures(lang)):  # "seis años" is no "seis unos"
            continue
        neighbours = lexemes[max(0, i - 1) : i] + lexemes[i + 1 : i + 2]
        if not all(explained(n) for n in neighbours):
            continue
        near = near_miss(lang, lexeme.text)
        if near is not None:
            word, meaning = near
            similarity = fuzz.ratio(lexeme.text, word) / 100
            out[i] = Lexeme(word, meaning, min(lexeme.conf, similarity))
    return out


@cache
def _measures(lang: str) -> frozenset[str]:
    """The pack's one-word `measures` ("anni", "años"), folded: real words, never a near-miss."""
    return frozenset(" ".join(tokens(u)) for u in lexicon_for(lang).pack.measures)


def _drawn_out(lang: str, lexeme: Lexeme) -> Lexeme:
    """An unknown word that is a filler or a hesitation with some letters held ("eeeh" -> "eh")."""
    if lexeme.meaning is not None or lexeme.unk:
        return lexeme
    found = _drawn_fillers(lang).get(_runs(lexeme.text))
    return lexeme if found is None else Lexeme(found[0], found[1], lexeme.conf)


@cache
def _drawn_fillers(lang: str) -> dict[str, tuple[str, Meaning]]:
    """One-word fillers and links (hesitations such as "ehm" are links: "sette ehm cinque")
    by their letters with repeats collapsed."""
    pack = lexicon_for(lang).pack
    words = ((phrase[0], m) for phrase, m in pack.meanings.items() if len(phrase) == 1 and m.kind in ("filler", "link"))
    return {_runs(word): (word, meaning) for word, meaning in words}


def _runs(word: str) -> str:
    """`word` with each run of one letter cut to one: "mmmh" -> "mh"."""
    return "".join(c for i, c in enumerate(word) if i == 0 or c != word[i - 1])


def near_miss(lang: str, word: str) -> tuple[str, Meaning] | None:
    """The pack word one edit from `word` (numbers, faces, calls), if its meaning is unique."""
    words, meanings_of = _near_candidates(lang)
    found = process.extract(word, words, scorer=Levenshtein.distance, score_cutoff=1, limit=None)
    meanings = {meanings_of[w] for w, _, _ in found}
    faces = {m.face for m in meanings}
    if len(meanings) == 2 and len(faces) == 1 and {m.kind for m in meanings} == {"number", "face"}:
        face = faces.pop()  # "fivs": "five" and "fives" both say 5
        if face is not None:
            meanings = {Meaning("number", number=face, face=face)}
    if len(meanings) != 1:
        return None
    return found[0][0], meanings.pop()


@cache
def _near_candidates(lang: str) -> tuple[list[str], dict[str, Meaning]]:
    """The one-word numbers, faces and calls of a pack long enough to be near-missed."""
    pack = lexicon_for(lang).pack
    meanings = {
        phrase[0]: meaning
        for phrase, meaning in pack.meanings.items()
        if len(phrase) == 1 and meaning.kind in CORE and len(phrase[0]) >= NEAR_MIN_LETTERS
    }
    return list(meanings), meanings
