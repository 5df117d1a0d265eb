"""`parse(text, lang)`: a transcript -> the move it means, or no move.

Why a hand-written lexer and matcher rather than hassil templates: the language here
is tiny (a number and a face, or one call), but its rules are specific. A count and a
face must never merge into one number ("venti cinque" is 20 x 5, "venticinque" is
only 25), compound numbers must be read greedily in the languages that write them in
several words ("treinta y cinco"), a repeated word is a stammer except when it is the
bid ("sei sei"), and the same phrase table must also feed the Vosk grammar, the
sound-alike mapping and the fuzzy matcher. One dict look-up per token does all that
at well over 20,000 transcripts/s; hassil would add a second source of truth for the
words, expand number ranges into sentence lists, and still need this code around it.

The grammar after filler words are dropped:

    move  := call+ | cancel+ | NUMBER FACE
    FACE  := a face name ("pacos", "fives") or a number word that names a face ("cinque")

Anything else (a lone number, a face above six, quantity zero, an unknown word) is no
move: the parser never guesses. Guessing from a near-miss is the state-aware parser's
job (`voice.context`), where the legal moves are known.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from dudo_hub.voice.intent import NOTHING, Intent
from dudo_hub.voice.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.packs import Meaning


def parse(text: str, lang: str) -> Intent:
    """The move `text` means in `lang`; Intent(None) when it is no move.

    >>> parse("Rilancio a ventuno tre!", "it").to_dict()
    {'intent': 'bid', 'quantity': 21, 'face': 3}
    """
    return interpret(lexicon_for(lang).lex(text))


def interpret(lexemes: Sequence[Lexeme]) -> Intent:
    """The move the lexemes make; unknown words or extra words mean no move."""
    meanings: list[Meaning] = []
    for lexeme in lexemes:
        if lexeme.meaning is None:
            return NOTHING
        if lexeme.meaning.kind != "filler":
            meanings.append(lexeme.meaning)
    for reading in _readings(meanings):
        intent = _move(reading)
        if intent.intent is not None:
            return intent
    return NOTHING


def _readings(meanings: list[Meaning]) -> Iterator[list[Meaning]]:
    """The words as heard, then with stammered repeats cut to two, then to one."""
    yield meanings
    for keep in (2, 1):
        shorter = _cap_repeats(meanings, keep)
        if len(shorter) < len(meanings):
            yield shorter


def _cap_repeats(meanings: list[Meaning], keep: int) -> list[Meaning]:
    """Runs of the same word cut to `keep` words."""
    out: list[Meaning] = []
    run = 0
    for i, meaning in enumerate(meanings):
        run = run + 1 if i and meaning == meanings[i - 1] else 1
        if run <= keep:
            out.append(meaning)
    return out


def _move(meanings: list[Meaning]) -> Intent:
    """A call repeated, a cancel repeated, or NUMBER FACE."""
    if not meanings:
        return NOTHING
    first = meanings[0]
    if first.kind == "call":
        return Intent(first.call) if all(m == first for m in meanings) else NOTHING
    if len(meanings) == 2 and first.kind == "number" and first.number:
        face = meanings[1].face
        if face is not None and (meanings[1].kind == "face" or meanings[1].number == face):
            return Intent.bid(first.number, face)
    return NOTHING
