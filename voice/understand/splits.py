"""Words split by the recogniser: "sei cin que" -> "sei cinque", "set te quattro" -> "sette quattro",
"di co sette tre" -> "dico sette tre", "du do" -> "dudo".

Two or three adjacent fragments (three letters or fewer, none a number, face or call word), at
least one of them unknown to the pack, are joined when the join is exactly one word of the pack.
The policy (`voice.policy`) plays a number or a face rebuilt this way only inside a bid, whose
shape confirms it, and asks at most about a call word rebuilt ("du do", "cal za"), like a
sound-alike.
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
    """The lexemes with split words joined, and the words rebuilt."""
    if not any(len(lx.text) <= MAX_PIECE_LETTERS and not explained(lx) and _piece(lx) for lx in lexemes):
        return lexemes, []
    piece = [_piece(lx) for lx in lexemes]
    words = _one_words(lang)
    out: list[Lexeme] = []
    rebuilt: list[Lexeme] = []
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
