"""The count at a reveal of real dice, said by the table: "sono sette", "ce ne sono sette".

With real cups the hub cannot count: after a Dudo or a Calza the TV asks how many dice
match, and anyone may answer aloud. The same precision-first rule as for calls holds: the
words must be one of the pack's count phrases (`counts.templates` around a number, or
`counts.zero`), with the pack's fillers around it and, after the number, at most the face
being counted; anything else is not a count.
"""

from __future__ import annotations

from collections.abc import Iterable

from dudo_hub.voice.language.grammar import UNKNOWN, Vocabulary, hearable
from dudo_hub.voice.language.packs import load_pack
from dudo_hub.voice.language.text import tokens
from dudo_hub.voice.understand.lexicon import lexicon_for


def read_count(text: str, lang: str, face: int | None = None) -> int | None:
    """The count `text` tells (0 or more), or None when it is not a count phrase (a question
    is none either: "sono sette?")."""
    if text.rstrip().endswith("?"):
        return None
    for words in _readings(lang, tokens(text)):
        found = _told(lang, words, face)
        if found is not None:
            return found
    return None


def _told(lang: str, words: list[str], face: int | None) -> int | None:
    pack = load_pack(lang)
    if tuple(words) in pack.counts.zero:
        return 0
    for before, after in pack.counts.templates:
        if tuple(words[: len(before)]) != before:
            continue
        rest = words[len(before):]
        if after:
            if tuple(rest[-len(after):]) != after:
                continue
            rest = rest[: -len(after)]
        found = _number_then_face(lang, rest, face)
        if found is not None:
            return found
    return None


def count_phrases(lang: str, top: int) -> list[str]:
    """Every count phrase for 0..`top`, for the recogniser's grammar."""
    pack = load_pack(lang)
    out = [" ".join(z) for z in pack.counts.zero]
    for n in range(1, top + 1):
        for before, after in pack.counts.templates:
            out.append(" ".join([*before, pack.number(n), *after]))
    return list(dict.fromkeys(out))


def _readings(lang: str, words: Iterable[str]) -> list[list[str]]:
    """The words as said, without the pack's one-word fillers in front, then also without those
    behind (a template may start or end with a word that is a filler elsewhere: "it's", "in tutto")."""
    fillers = {f for f in load_pack(lang).fillers if " " not in f}
    said = list(words)
    front = list(said)
    while front and front[0] in fillers:
        front.pop(0)
    both = list(front)
    while both and both[-1] in fillers:
        both.pop()
    return list({tuple(r): r for r in (said, front, both)}.values())


def _number_then_face(lang: str, words: list[str], face: int | None) -> int | None:
    """A number alone, or followed by the face being counted ("sette cinque", "sette pacos")."""
    lexemes = lexicon_for(lang).lex(" ".join(words))
    if not lexemes or lexemes[0].meaning is None or lexemes[0].meaning.kind != "number":
        return None
    value = lexemes[0].meaning.number
    tail = lexemes[1:]
    if not tail:
        return value
    if len(tail) == 1 and face is not None and tail[0].meaning is not None and tail[0].meaning.face == face:
        return value
    return None


def count_grammar(lang: str, top: int, vocabulary: Vocabulary | None = None) -> list[str]:
    """The recogniser's phrases while the table counts: the count phrases (in words the model
    knows), the fillers, and "[unk]"."""
    pack = load_pack(lang)
    phrases = [*count_phrases(lang, top), *pack.fillers]
    heard = (hearable(pack, phrase, vocabulary) for phrase in phrases)
    return [*dict.fromkeys(p for p in heard if p is not None), UNKNOWN]
