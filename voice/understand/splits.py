"""Words split by the recogniser: "sei cin que" -> "sei cinque", "set te quattro" -> "sette quattro",
"di co sette tre" -> "dico sette tre", "du do" -> "dudo"; and bids merged by it into one word:
"ottosei" -> "otto sei", "dueassi" -> "due assi", "sixfives" -> "six fives".

Two or three adjacent fragments (three letters or fewer, none a number, face or call word), at
least one of them unknown to the pack, are joined when the join is exactly one word of the pack.
The policy (`voice.policy`) plays a number or a face rebuilt this way only inside a bid, whose
shape confirms it, and asks at most about a call word rebuilt ("du do", "cal za"), like a
sound-alike. A word the pack does not know that is exactly a number word then a face word of
the pack (`split_merged`) is the bid said in one breath; its two halves count as rebuilt too.
"""

from __future__ import annotations

from functools import cache

from dudo_hub.voice.language.packs import Meaning
from dudo_hub.voice.understand.lexicon import Lexeme, lexicon_for
from dudo_hub.voice.understand.nearmiss import explained
from dudo_hub.voice.understand.parser import CORE

MAX_PIECES = 3
"""A pack word is rebuilt from at most this many pieces."""

MAX_PIECE_LETTERS = 3
"""Each piece is a fragment this long or shorter ("cin", "que"; not "se dici" -> "sedici")."""


def join_splits(lang: str, lexemes: list[Lexeme]) -> tuple[list[Lexeme], list[Lexeme]]:
    """The lexemes with split words joined and merged bids split (`split_merged`), and the words rebuilt."""
    lexemes, halves = split_merged(lang, lexemes)
    if not any(len(lx.text) <= MAX_PIECE_LETTERS and not explained(lx) and _piece(lx) for lx in lexemes):
        return lexemes, halves
    piece = [_piece(lx) for lx in lexemes]
    words = _one_words(lang)
    out: list[Lexeme] = []
    rebuilt: list[Lexeme] = list(halves)
    i = 0
    while i < len(lexemes):
        joined = _join_at(lexemes, i, words) if piece[i] and i + 1 < len(lexemes) and piece[i + 1] else None
        if joined is None:
            out.append(lexemes[i])
            i += 1
            continue
        lexeme, end = joined
        out.append(lexeme)
        rebuilt.append(lexeme)
        i = end
    return out, rebuilt


def _join_at(lexemes: list[Lexeme], i: int, words: dict[str, Meaning]) -> tuple[Lexeme, int] | None:
    """The pack word the pieces from `i` make, longest first, and the index after them."""
    for end in range(min(len(lexemes), i + MAX_PIECES), i + 1, -1):
        pieces = lexemes[i:end]
        if not all(_piece(lx) for lx in pieces) or all(explained(lx) for lx in pieces):
            continue
        meaning = words.get("".join(lx.text for lx in pieces))
        if meaning is not None:
            return Lexeme("".join(lx.text for lx in pieces), meaning, min(lx.conf for lx in pieces)), end
    return None


def _piece(lexeme: Lexeme) -> bool:
    """A fragment that may be part of a split word: one short word, no number, face or call word
    of the pack, no "[unk]"."""
    return (len(lexeme.text) <= MAX_PIECE_LETTERS and not lexeme.unk and " " not in lexeme.text
            and (lexeme.meaning is None or lexeme.meaning.kind not in CORE))


@cache
def _one_words(lang: str) -> dict[str, Meaning]:
    """The pack's one-word phrases of four letters or more, by their folded text."""
    pack = lexicon_for(lang).pack
    return {phrase[0]: meaning for phrase, meaning in pack.meanings.items()
            if len(phrase) == 1 and len(phrase[0]) >= 4 and meaning.kind != "table"}


def split_merged(lang: str, lexemes: list[Lexeme]) -> tuple[list[Lexeme], list[Lexeme]]:
    """The lexemes with each merged bid split ("ottosei" -> "otto", "sei"), and the halves."""
    out: list[Lexeme] = []
    halves: list[Lexeme] = []
    for lexeme in lexemes:
        cut = None if explained(lexeme) or lexeme.unk or " " in lexeme.text else _bid_cut(lang, lexeme.text)
        if cut is None:
            out.append(lexeme)
            continue
        pair = [Lexeme(text, meaning, lexeme.conf) for text, meaning in cut]
        out.extend(pair)
        halves.extend(pair)
    return out, halves


def _bid_cut(lang: str, word: str) -> tuple[tuple[str, Meaning], tuple[str, Meaning]] | None:
    """`word` cut into a number word and a face word of the pack (one way only), or None."""
    numbers, faces = _bid_words(lang)
    cuts = [((word[:i], numbers[word[:i]]), (word[i:], faces[word[i:]])) for i in range(2, len(word) - 1)
            if word[:i] in numbers and word[i:] in faces]
    return cuts[0] if len(cuts) == 1 else None


@cache
def _bid_words(lang: str) -> tuple[dict[str, Meaning], dict[str, Meaning]]:
    """The pack's one-word numbers, and its one-word faces (face names and number words naming one)."""
    pack = lexicon_for(lang).pack
    singles = {phrase[0]: meaning for phrase, meaning in pack.meanings.items() if len(phrase) == 1}
    numbers = {w: m for w, m in singles.items() if m.kind == "number" and m.number}
    faces = {w: m for w, m in singles.items() if m.face is not None and m.kind in ("face", "number")}
    return numbers, faces
