"""Text normalisation shared by the packs, the parser and the grammar.

Case, accents and punctuation never matter: "Ventitré!" and "ventitre" are the same
token, and "[unk]" (a recogniser's unknown stretch) is one token. Hyphens stay inside
a token ("vingt-cinq", "twenty-five") because some languages write a compound number
that way; the lexer splits an unknown hyphenated token itself.
"""

from __future__ import annotations

import re
import unicodedata

_COMBINING = re.compile(r"[\u0300-\u036f]")
UNK = "[unk]"
"""What a Vosk grammar gives for a stretch it cannot match; one token of its own."""

_TOKEN = re.compile(r"\[unk\]|\d+|[^\W\d_]+(?:-[^\W\d_]+)*")


def fold(text: str) -> str:
    """Lower case, accents removed: "Ventitré" -> "ventitre"."""
    text = text.casefold()
    if text.isascii():
        return text
    return _COMBINING.sub("", unicodedata.normalize("NFKD", text))


def tokens(text: str) -> list[str]:
    """The words of `text`, folded; punctuation and apostrophes split words."""
    return _TOKEN.findall(fold(text))


def phrase_key(text: str) -> tuple[str, ...]:
    """A phrase as the tuple of tokens the lexer compares."""
    return tuple(tokens(text))
